import FieldReports
import Foundation
import IAPCatTestSupport
import Logging
import Testing

/// The reports page as Debian's Chromium lays it out, measured rather than read: the page the
/// built server serves (unfiltered and filtered), shown in a frame exactly 420 and 1280 CSS
/// pixels wide (headless Chromium's window is never narrower than 500 px: a frame is), and a
/// measuring script of the test's own — the page has none and its policy would refuse one, so
/// the test's copy drops the policy's `<meta>` — writes what it measured into the DOM that
/// `--dump-dom` prints: the document's width, where the chart and the table's box end, and on
/// which line each character of each product id in the table sits.
@Suite(.serialized, .enabled(if: ExternalTool.chromium.isInstalled, ExternalTool.chromium.skipReason))
struct ReportPageLayoutTests {
    static let token = "layout-test-token-0123456789"

    /// An id with no place to break at all, as a hostile app could send: from the sandbox only.
    static let hostile = String(repeating: "unbrokenhostileid", count: 3)

    /// Ids of every shape: the example's, a long one with dots and underscores, a Play id, and ``hostile``.
    static let ids = [
        "com.example.cosmicquest.premium.yearly", "com.example.cosmicquest.season_pass.2026",
        "com.example.cosmicquest.subscriptions.premium_family_sharing.yearly_introductory_offer_2026",
        "film.making_of", hostile,
    ]

    /// Reports of the last days: each id from production and the sandbox (``hostile`` from the
    /// sandbox only, and from a version of its own, so that the two unknown ids are no incident
    /// and stay rows of the table), three versions, both stores.
    static func records(now: Int64) -> [ReportRecord] {
        var records: [ReportRecord] = []
        for (index, id) in ids.enumerated() {
            for day in 0..<(index + 2) {
                let store: ReportedStore = id.hasPrefix("film") ? .googlePlay : .appStore
                let environment: ReportedEnvironment = day % 2 == 0 && id != hostile ? .production : .sandbox
                let dimensions = ReportDimensions(
                    appVersion: id == hostile ? "9.9" : ["3.0", "3.1", "2.2 (381)"][day % 3], store: store, environment: environment,
                    storefront: "US", storefrontRaw: store == .appStore ? "USA" : "US", list: "products_v2.json")
                records.append(
                    ReportRecord(
                        reportID: "r-\(index)-\(day)", receivedAt: now - Int64(day) * 86_400, dimensions: dimensions, allMissing: false,
                        missing: [MissingProduct(id: id, status: nil)]))
            }
        }
        // A release shipping two ids the catalog does not know, one of them unbreakable: an incident,
        // its ids named in the summary of its folded list.
        for (index, id) in ["com.example.cosmicquest.bundles.starter_pack_of_the_season_2026", hostile + "x"].enumerated() {
            records.append(
                ReportRecord(
                    reportID: "r-incident-\(index)", receivedAt: now,
                    dimensions: ReportDimensions(
                        appVersion: "4.0", store: .appStore, environment: .production, storefront: "US", storefrontRaw: "USA",
                        list: "products_v2.json"),
                    allMissing: false, missing: [MissingProduct(id: id, status: nil)]))
        }
        return records
    }

    /// What the measuring script found.
    struct Measure: Decodable {
        struct Box: Decodable {
            var right: Double
            var width: Double
        }
        struct ID: Decodable {
            var text: String
            /// The lines its characters sit on.
            var lines: Int
            /// The character before each line break.
            var breaks: [String]
        }
        var width: Double
        var scrollWidth: Double
        var chart: Box?
        var tableBox: Box?
        /// How far the table scrolls sideways in its box.
        var tableOverflow: Double?
        var ids: [ID]
        /// Elements (outside the table's box and the chart) that end past the right edge.
        var wide: [String]
    }

    static let script = """
        window.addEventListener('load', function () {
          var frame = document.getElementById('page'), win = frame.contentWindow, doc = frame.contentDocument;
          var width = win.innerWidth;
          var out = { width: width, scrollWidth: doc.documentElement.scrollWidth, ids: [], wide: [] };
          function box(e) { if (!e) return undefined; var r = e.getBoundingClientRect(); return { right: r.right, width: r.width }; }
          out.chart = box(doc.querySelector('svg.chart'));
          var scroll = doc.querySelector('div.scroll');
          out.tableBox = box(scroll);
          if (scroll) out.tableOverflow = scroll.scrollWidth - scroll.clientWidth;
          doc.querySelectorAll('table.findings td code').forEach(function (code) {
            var walker = doc.createTreeWalker(code, 4), node, lastTop = null, lastChar = null, lines = 1, breaks = [];
            while ((node = walker.nextNode())) {
              for (var i = 0; i < node.data.length; i++) {
                var range = doc.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                var rects = range.getClientRects(); if (!rects.length) continue;
                if (lastTop !== null && rects[0].top > lastTop + 2) { lines++; breaks.push(lastChar); }
                lastTop = rects[0].top; lastChar = node.data[i];
              }
            }
            out.ids.push({ text: code.textContent, lines: lines, breaks: breaks });
          });
          doc.querySelectorAll('body *').forEach(function (e) {
            if (e.parentElement.closest('div.scroll, svg')) return;
            var r = e.getBoundingClientRect();
            if (r.right > width + 0.5) out.wide.push(e.tagName.toLowerCase() + ' ending at ' + Math.round(r.right));
          });
          var pre = document.createElement('pre'); pre.id = 'measure';
          pre.textContent = encodeURIComponent(JSON.stringify(out)); document.body.appendChild(pre);
        });
        """

    /// `page` laid out `width` pixels wide in Chromium, measured.
    static func measure(_ page: String, width: Int, in folder: String, chromium: String) async throws -> Measure {
        guard let policy = page.range(of: #"<meta http-equiv="Content-Security-Policy"[^>]*>"#, options: .regularExpression) else {
            throw FixtureFailure("the page has no Content-Security-Policy <meta>")
        }
        var copy = page
        copy.removeSubrange(policy)
        #expect(!copy.contains("<script"))
        let quoted = copy.replacing("&", with: "&amp;").replacing("\"", with: "&quot;")
        let file = folder + "/measure-\(width).html"
        try """
        <!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">\
        <iframe id="page" width="\(width)" height="900" style="border:0;display:block" srcdoc="\(quoted)"></iframe>\
        <script>\(script)</script></body></html>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let shown = try await ChildProcess.run(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,1000", "--dump-dom",
                "file://" + file,
            ],
            in: folder, timeout: 120)
        guard let start = shown.stdout.range(of: "<pre id=\"measure\">"),
            let end = shown.stdout.range(of: "</pre>", range: start.upperBound..<shown.stdout.endIndex),
            let json = String(shown.stdout[start.upperBound..<end.lowerBound]).removingPercentEncoding
        else { throw FixtureFailure("Chromium printed no measure (status \(shown.status)): \(shown.stderr.suffix(2_000))") }
        return try JSONDecoder().decode(Measure.self, from: Data(json.utf8))
    }

    /// The page at `path` with the token, once made (a filter's page is 503 until then).
    static func page(_ path: String, of server: ServerProcess) async throws -> String {
        let deadline = Date().addingTimeInterval(60)
        while true {
            let response = try await server.request("GET", path, headers: ["Authorization": "Bearer \(token)"])
            if response.status == 200 { return String(decoding: response.body, as: UTF8.self) }
            #expect(response.status == 503, "\(path)")
            guard Date() < deadline else { throw FixtureFailure("\(path) was not made within 60 s") }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    @Test func thePageFitsAPhoneAndADesktopAndIdsBreakOnlyBetweenTheirParts() async throws {
        let chromium = try #require(ExternalTool.chromium.path)
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-layout-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try await ReportDatabases.open(
            folder + "/reports.sqlite", logger: Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() }))
        _ = try await database.write(Self.records(now: Int64(Date().timeIntervalSince1970)))
        await database.close()
        try Self.token.write(toFile: folder + "/token", atomically: true, encoding: .utf8)
        let server = try await ServerProcess.start(
            catalog: "catalogs/example.yaml",
            extraArguments: ["--reports-db", folder + "/reports.sqlite", "--reports-token-file", folder + "/token", "--reports-rate", "0"])
        let whole = try await Self.page("/reports", of: server)
        let filtered = try await Self.page("/reports?environment=production&version=2.2+%28381%29&period=7d", of: server)
        #expect(filtered.contains("Showing environment <strong>production</strong> ("))
        #expect(filtered.contains("<strong aria-current=\"true\">2.2 (381)</strong>"))
        let refused = try await server.request("GET", "/reports?period=90d", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(refused.status == 400)
        _ = await server.stop()

        for (name, page) in [("unfiltered", whole), ("filtered", filtered)] {
            for width in [420, 1280] {
                let measure = try await Self.measure(page, width: width, in: folder, chromium: chromium)
                let at = "\(name) page at \(width) px"
                #expect(measure.width == Double(width), "\(at): the frame is \(measure.width) px wide")
                #expect(measure.scrollWidth <= Double(width), "\(at): the page is \(measure.scrollWidth) px wide")
                #expect(measure.wide.isEmpty, "\(at): \(measure.wide)")
                let chart = try #require(measure.chart, "\(at): no chart")
                #expect(chart.width > 200 && chart.right <= Double(width), "\(at): the chart ends at \(chart.right)")
                let table = try #require(measure.tableBox, "\(at): no table")
                #expect(table.right <= Double(width), "\(at): the table's box ends at \(table.right)")
                // A desktop shows the whole table (unless an id that cannot break widens it); a phone scrolls it in its box.
                if width == 1280, name == "filtered" {
                    #expect(measure.tableOverflow == 0, "\(at): the table scrolls by \(measure.tableOverflow ?? -1)")
                }
                let expected = name == "unfiltered" ? Self.ids + ["2 ids"] : Array(Self.ids.dropFirst().dropLast())
                #expect(Set(measure.ids.map(\.text)) == Set(expected), "\(at): \(measure.ids.map(\.text))")
                for id in measure.ids where Self.ids.contains(id.text) {
                    #expect(id.breaks.allSatisfy { $0 == "." || $0 == "_" }, "\(at): \(id.text) breaks after \(id.breaks)")
                    if width == 1280, id.text.count <= 40 { #expect(id.lines == 1, "\(at): \(id.text) takes \(id.lines) lines") }
                }
            }
        }
    }
}
