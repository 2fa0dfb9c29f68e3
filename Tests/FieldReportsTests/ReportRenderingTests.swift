import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import FieldReports

/// The four renderings of one analysis, byte for byte (golden files: `IAPCAT_RECORD_GOLDENS=1`
/// rewrites them), and what each does with hostile values.
@Suite struct ReportRenderingTests {
    typealias F = ReportFixtures

    /// An id a hostile app (or a tampered database) could hold: a terminal sequence, a line break, HTML, Markdown, a
    /// workflow command, a right-to-left override, and a URL, an e-mail address and a `www.` name GitHub would link.
    static let hostile = "x\u{1B}[31m<b>|`*\n::error::\u{9B}2J\u{202E}exe.txt https://evil.example/reset a@evil.example www.evil.example"

    /// Findings of every kind over three days, in every environment, with a hostile id and version;
    /// an app version whose reports missed every id (two of the catalog's, and a draft with a
    /// cause of its own) and two unknown ids of one version (incidents).
    static func analysis() async throws -> ReportAnalysis {
        let play = F.dimensions(store: .googlePlay, storefront: "FR")
        let broken = F.dimensions("1.0")
        let rows = [
            F.missing("com.example.shop.gems", 9, F.dimensions()),
            F.missing("com.example.shop.gems", 3, F.dimensions(), days: 1),
            F.missing("com.example.shop.gems", 2, F.dimensions(.sandbox), days: 2),
            F.missing("com.example.shop.pass", 3, F.dimensions(storefront: "FRA"), days: 1),
            F.missing("coins", 2, play, status: "4"),
            F.missing("coins", 1, play, status: "4", days: 2),
            F.missing("com.example.shop.Coins", 1, F.dimensions("3.1", .xcode, list: "bundle")),
            F.missing("com.example.shop.Gems", 1, F.dimensions("3.1", .xcode, list: "bundle")),
            F.missing("com.example.shop.coins", 4, broken),
            F.missing("com.example.shop.vip", 4, broken),
            F.missing("com.example.shop.gems", 4, broken),
            F.missing(ReportRecord.otherID, 7, F.dimensions(store: .googlePlay, storefront: "US"), days: 2),
            F.missing(hostile, 1, F.dimensions("9\u{7}<i>", .sandbox, list: "products_v1.json?&x=<y>")),
        ]
        let snapshot = try await F.snapshot(rows, tallies: [F.tally(4, allMissing: 4, broken)])
        return ReportAnalyzer(context: try F.context(observed: ["observed-play.yaml"])).analyze(snapshot)
    }

    static func golden(_ name: String) -> String { F.folder.path("golden/" + name) }

    @Test func incidentsComeFirstThenFindingsProductionFirstThenByCountThenByName() async throws {
        let analysis = try await Self.analysis()
        #expect(analysis.incidents.map { "\($0.name) \($0.store.rawValue)" } == ["app 1.0 app_store", "2 ids app_store"])
        #expect(
            analysis.incidents.map { $0.findings.map(\.name) } == [
                ["com.example.shop.coins", "com.example.shop.vip"], ["com.example.shop.Coins", "com.example.shop.Gems"],
            ])
        #expect(
            analysis.findings.map { "\($0.name) \($0.store.rawValue)" } == [
                "com.example.shop.gems app_store", "(other) google_play", "coins google_play", "com.example.shop.pass app_store",
                "\(Self.hostile) app_store",
            ])
    }

    @Test func text() async throws {
        try Golden.expect(ReportTextRenderer().render(try await Self.analysis()), path: Self.golden("reports.txt"))
    }

    @Test func json() async throws {
        try Golden.expect(ReportJSONRenderer().render(try await Self.analysis()), path: Self.golden("reports.json"))
    }

    @Test func markdown() async throws {
        try Golden.expect(ReportMarkdownRenderer().render(try await Self.analysis()), path: Self.golden("reports.md"))
    }

    @Test func page() async throws {
        try Golden.expect(ReportPage().render(try await Self.analysis()), path: Self.golden("reports.html"))
    }

    @Test func anIdBreaksOnlyAfterADotOrAnUnderscoreEscapedFirst() {
        #expect(ReportPage.breakable("com.example.season_pass.2026") == "com.<wbr>example.<wbr>season_<wbr>pass.<wbr>2026")
        #expect(ReportPage.breakable("a.<b>_&.") == "a.<wbr>&lt;b&gt;_<wbr>&amp;.")
        #expect(ReportPage.breakable("x\ny") == "x&#10;y")
        // A row keeps an id of up to 40 characters whole; a section breaks it between its parts.
        let forty = "com.example.cosmicquest.season_pass.2026"
        #expect(ReportPage.breakable(forty, over: ReportPage.wholeInRow) == forty)
        #expect(ReportPage.breakable(forty + "x", over: ReportPage.wholeInRow).components(separatedBy: "<wbr>").count == 6)
    }

    @Test func theTableSaysWhenEachFindingWasFirstAndLastSeenAndFromWhichVersions() async throws {
        let page = ReportPage().render(try await Self.analysis())
        #expect(
            page.contains(
                "<th>Cause</th><th>First seen (UTC)</th><th>Last seen (UTC)</th><th>Versions</th></tr></thead>"))
        // gems: 2.0 on three days and 1.0 (whose other ids its own finding takes), seen 2026-11-20 08:00 to 2026-11-22 09:30.
        #expect(
            page.contains(
                "<code>com.example.shop.gems</code></a></td><td>not approved yet: production returns only approved products</td>"
                    + "<td class=\"time\"><span class=\"day\">2026-11-20</span> 08:00</td>"
                    + "<td class=\"time\"><span class=\"day\">2026-11-22</span> 09:30</td><td>1.0, 2.0</td></tr>"))
        #expect(ReportPage.versions(["1.0"]) == "1.0")
        #expect(ReportPage.versions(["1", "2", "3"]) == "1, 2, 3")
        #expect(ReportPage.versions(["1", "2", "3", "4", "5"]) == "2 more, 3, 4, 5")
    }

    @Test func aPeriodIsTheSpanOfTheSummaryAndOfTheChart() async throws {
        let analysis = try await Self.analysis()
        let plain = ReportPage().render(analysis)
        #expect(plain.contains(" reports from 2026-11-20 to 2026-11-22: 2 incidents (4 ids) and 5 findings, "))
        #expect(plain.contains("text-anchor=\"start\">2026-11-20</text>") && plain.contains("text-anchor=\"end\">2026-11-22</text>"))
        var page = ReportPage()
        page.filter = ReportPageFilter(filter: ReportFilter(period: .lastDays(7)), today: ReportDay(F.day.value + 3))
        let week = page.render(analysis)
        #expect(week.contains(" reports from 2026-11-17 to 2026-11-23: 2 incidents (4 ids) and 5 findings, "))
        #expect(week.contains("text-anchor=\"start\">2026-11-17</text>") && week.contains("text-anchor=\"end\">2026-11-23</text>"))
        #expect(week.contains("<p class=\"filter\">Showing the last <strong>7 days</strong>.</p>"))
    }

    @Test func aFilterThatLeavesEveryReportOutSaysSo() {
        let empty = ReportAnalysis(findings: [], reports: 0, days: nil)
        var page = ReportPage()
        page.filter = ReportPageFilter(filter: ReportFilter(environment: .xcode), today: F.day)
        #expect(page.render(empty).hasSuffix("<p class=\"empty\">No reports match this filter.</p>\n</body>\n</html>\n"))
        // On the server: only when its span holds reports; else, how apps start sending.
        let none = ReportPageFilter.Choices(snapshot: ReportSnapshot(missing: [], tallies: []), periods: [7], defaultDays: 30)
        page.filter = ReportPageFilter(filter: ReportFilter(period: .lastDays(7)), today: F.day, choices: none)
        #expect(page.render(empty).contains("<p class=\"empty\">Apps send a report to this server"))
        let some = ReportPageFilter.Choices(snapshot: ReportFilterTests.snapshot, periods: [7], defaultDays: 30)
        page.filter = ReportPageFilter(filter: ReportFilter(period: .lastDays(7)), today: F.day, choices: some)
        #expect(page.render(empty).contains("<p class=\"empty\">No reports match this filter.</p>"))
    }

    @Test func noRenderingCarriesAControlCharacterFromTheRows() async throws {
        let analysis = try await Self.analysis()
        for output in [
            ReportTextRenderer().render(analysis), ReportJSONRenderer().render(analysis), ReportMarkdownRenderer().render(analysis),
            ReportPage().render(analysis),
        ] {
            let controls = output.unicodeScalars.filter { $0 != "\n" && EscapedCharacters.contains($0) }
            #expect(controls.isEmpty)
            #expect(!output.split(separator: "\n").contains { $0.hasPrefix("::") })
        }
        let page = ReportPage().render(analysis)
        #expect(!page.contains("<b>") && !page.contains("<i>") && !page.contains("<y>"))
        #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("href=\"http") && !page.contains("url("))
    }

    @Test func theJSONGivesTheValuesBack() async throws {
        let json = ReportJSONRenderer().render(try await Self.analysis())
        #expect(
            json.contains(
                #""id": "x\u001B[31m<b>|`*\n::error::\u009b2J\u202eexe.txt https://evil.example/reset a@evil.example www.evil.example""#))
        #expect(json.contains(#""app_versions": [\#n        "9\u0007<i>"\#n      ]"#))
    }

    @Test func aLongMarkdownIsCutAfterWholeRowsAndSaysHowMuchIsLeftOut() async throws {
        let analysis = try await Self.analysis()
        let full = ReportMarkdownRenderer().render(analysis)
        let short = ReportMarkdownRenderer(limit: 1_200).render(analysis)
        #expect(short.utf8.count <= 1_200)
        #expect(full.hasPrefix(short.components(separatedBy: "\n…").first!))
        #expect(short.hasSuffix("not shown in full; run `iapcat reports` for all of them.\n"))
    }

    @Test func extremeCountsAndTimesFromTheDatabaseAreRenderedWithoutTrapping() async throws {
        var rows = [
            F.missing("com.example.shop.gems", 5, F.dimensions()), F.missing("com.example.shop.gems", 5, F.dimensions(), days: 1),
            F.missing("com.example.shop.pass", .max, F.dimensions(storefront: "FRA")),
            F.missing("com.example.shop.pass", .max, F.dimensions(storefront: "CAN")),
        ]
        rows[0].firstSeen = .min
        rows[1].lastSeen = .max
        var snapshot = F.memorySnapshot(rows)
        for index in snapshot.tallies.indices { snapshot.tallies[index].reports = .max }
        for id in ["com.example.shop.coins", "com.example.shop.vip"] {
            var row = F.missing(id, .max, F.dimensions("9.9"))
            row.allMissing = .max
            snapshot.missing.append(row)
        }
        snapshot.tallies.append(F.tally(.max, allMissing: .max, F.dimensions("9.9")))
        let analysis = ReportAnalyzer(context: try F.context()).analyze(snapshot)
        #expect(analysis.incidents.map(\.name) == ["app 9.9"])
        #expect(analysis.incidents.first?.findings.map(\.name) == ["com.example.shop.coins", "com.example.shop.vip"])
        #expect(analysis.findings.map(\.name) == ["com.example.shop.pass", "com.example.shop.gems"])
        let text = ReportTextRenderer().render(analysis)
        #expect(text.contains("1970-01-01 00:00 UTC to 9999-12-31 23:59 UTC"))
        #expect(text.contains("9223372036854775807 in 9223372036854775807 reports: production 9223372036854775807"))
        _ = ReportJSONRenderer().render(analysis)
        _ = ReportMarkdownRenderer().render(analysis)
        #expect(ReportPage().render(analysis).contains("</svg>"))
    }

    @Test func noReportsSayNoMore() {
        let empty = ReportAnalysis(findings: [], reports: 0, days: nil)
        #expect(ReportTextRenderer().render(empty) == "No reports.\n")
        #expect(ReportMarkdownRenderer().render(empty) == "### iapcat reports\n\nNo reports.\n")
        #expect(
            ReportJSONRenderer().render(empty)
                == "{\n  \"format_version\": 2,\n  \"reports\": 0,\n  \"first_day\": null,\n  \"last_day\": null,\n  \"incidents\": [],\n  \"findings\": []\n}\n"
        )
        // The page says how apps start sending.
        let page = ReportPage().render(empty)
        #expect(
            page.hasSuffix(
                "<p class=\"summary\">No reports.</p>\n<p class=\"empty\">Apps send a report to this server, <code>POST /v1/reports</code>, "
                    + "when the App Store or Google Play leaves out product ids they asked for; each id's likely cause shows here. The "
                    + "request, its limits and client code for StoreKit and Play Billing are in iapcat's docs/field-reports.md.</p>\n"
                    + "</body>\n</html>\n"), "\(page)")
    }
}
