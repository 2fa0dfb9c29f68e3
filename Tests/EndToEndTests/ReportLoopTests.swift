import Foundation
import IAPCatTestSupport
import Testing

/// The closed loop through the built binary: apps' reports into `iapcat serve --reports-db`, the
/// answers and counters on the wire, the page behind its token (in headless Chromium), and
/// `iapcat reports` naming the cause from the same database.
@Suite(.serialized) struct ReportLoopTests {
    static let token = "loop-test-token-0123456789"

    /// A report of the example app, as the documented client builds it.
    static func report(
        id: String, bundle: String = "com.example.cosmicquest", version: String = "3.1.0", environment: String = "production",
        storefront: String = "USA", requested: [String], missing: [String]
    ) -> String {
        let quoted = { (ids: [String]) in ids.map { "\"\($0)\"" }.joined(separator: ",") }
        return """
            {"report_id":"\(id)","bundle_id":"\(bundle)","app_version":"\(version)","os":"ios","os_version":"18.1",\
            "store":"app_store","environment":"\(environment)","storefront":"\(storefront)","list":"products_v2.json",\
            "sdk":"storekit2","requested":[\(quoted(requested))],"missing":[\(missing.map { "{\"id\":\"\($0)\"}" }.joined(separator: ","))]}
            """
    }

    static func post(_ body: String, to server: ServerProcess, headers: String = "Content-Type: application/json\r\n") async throws
        -> HTTPResponse
    {
        try await offThePool { try postWaiting(body, to: server, headers: headers) }
    }

    /// ``post(_:to:headers:)`` on the calling thread: for a thread of the test's own.
    static func postWaiting(_ body: String, to server: ServerProcess, headers: String = "Content-Type: application/json\r\n") throws
        -> HTTPResponse
    {
        let connection = try HTTPConnection(port: server.port)
        try connection.sendWaiting(
            Array(
                "POST /v1/reports HTTP/1.1\r\nHost: localhost\r\n\(headers)Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                    .utf8))
        return try HTTPResponse(try connection.readToEndWaiting(), isHead: false)
    }

    /// The value of a `/metrics` line.
    static func metric(_ line: String, of server: ServerProcess) async throws -> Int? {
        let text = await String(decoding: try server.request("GET", "/metrics").body, as: UTF8.self)
        return text.split(separator: "\n").first { $0.hasPrefix(line + " ") }.flatMap { Int($0.split(separator: " ").last!) }
    }

    @Test func reportsAreAnsweredCountedOnceShownBehindTheTokenAndExplained() async throws {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-reports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/reports.sqlite"
        let tokenFile = folder + "/token"
        try Self.token.write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let server = try await ServerProcess.start(
            catalog: "catalogs/example.yaml", extraArguments: ["--reports-db", database, "--reports-token-file", tokenFile])
        let small = "com.example.cosmicquest.coins.small", monthly = "com.example.cosmicquest.premium.monthly"
        let typo = "com.example.cosmicquest.coins.smal"

        // A typo, sent twice (a retry), and a report whose every id was missing.
        let first = Self.report(id: "r-1", requested: [small, typo], missing: [typo])
        for _ in 0..<2 {
            let answer = try await Self.post(first, to: server)
            #expect(answer.status == 202)
            #expect(answer["content-type"] == "application/json")
            #expect(String(decoding: answer.body, as: UTF8.self) == #"{"status":"accepted"}"#)
        }
        await #expect(
            try Self.post(Self.report(id: "r-2", version: "2.0", requested: [small, monthly], missing: [small, monthly]), to: server).status
                == 202)

        // Another app's report is refused, naming the field; so is another media type.
        let wrongApp = try await Self.post(
            Self.report(id: "r-3", bundle: "com.other.app", requested: [small], missing: [small]), to: server)
        #expect(wrongApp.status == 400)
        #expect(wrongApp["content-type"] == "application/problem+json")
        #expect(String(decoding: wrongApp.body, as: UTF8.self).contains(#""field":"/bundle_id""#))
        let wrongType = try await Self.post(first, to: server, headers: "Content-Type: text/plain\r\n")
        #expect(wrongType.status == 415)
        #expect(wrongType["content-type"] == "application/problem+json")
        #expect(String(decoding: wrongType.body, as: UTF8.self).contains(#""type":"https://iapcat.dev/problems/unsupported-media-type""#))

        // Counted: three accepted, one of them a retry, nothing dropped.
        let deadline = Date().addingTimeInterval(60)
        while try await (Self.metric(#"iapcat_reports_total{result="written"}"#, of: server) ?? 0)
            + (Self.metric(#"iapcat_reports_total{result="duplicate"}"#, of: server) ?? 0) < 3,
            Date() < deadline
        {
            try await Task.sleep(for: .milliseconds(100))
        }
        await #expect(try Self.metric(#"iapcat_reports_total{result="accepted"}"#, of: server) == 3)
        await #expect(try Self.metric(#"iapcat_reports_total{result="duplicate"}"#, of: server) == 1)
        await #expect(try Self.metric(#"iapcat_reports_total{result="written"}"#, of: server) == 2)
        await #expect(try Self.metric(#"iapcat_reports_total{result="dropped"}"#, of: server) == 0)

        // The page: refused without the token, whole with it.
        let refused = try await server.request("GET", "/reports")
        #expect(refused.status == 401)
        #expect(refused["www-authenticate"] == #"Basic realm="iapcat reports", charset="UTF-8""#)
        #expect(!String(decoding: refused.body, as: UTF8.self).contains(typo))
        await #expect(try server.request("GET", "/reports", headers: ["Authorization": "Bearer wrong-token-0123456789"]).status == 401)
        let basic = "Basic " + Data("iapcat:\(Self.token)".utf8).base64EncodedString()
        var page = try await server.request("GET", "/reports", headers: ["Authorization": basic])
        while page.status != 200 || !String(decoding: page.body, as: UTF8.self).contains(typo), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            page = try await server.request("GET", "/reports", headers: ["Authorization": basic])
        }
        #expect(page.status == 200)
        #expect(page["content-type"] == "text/html; charset=utf-8")
        #expect(page["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
        #expect(page["cache-control"] == "no-store")
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.contains("<svg"))
        #expect(html.contains(typo))

        if let chromium = ExternalTool.chromium.path {
            let url = "http://iapcat:\(Self.token)@127.0.0.1:\(server.port)/reports"
            let shown = try await ChildProcess.run(
                chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", url], in: folder, timeout: 120)
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("<svg"))
            #expect(shown.stdout.contains("<polyline") || shown.stdout.contains("<circle"))
            #expect(shown.stdout.contains(typo))
            #expect(shown.stdout.contains("not in the catalog"))
            let anonymous = try await ChildProcess.run(
                chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "http://127.0.0.1:\(server.port)/reports"],
                in: folder, timeout: 120)
            #expect(!anonymous.stdout.contains(typo))
            #expect(!anonymous.stdout.contains("<svg"))
        }

        let stopped = await server.stop()
        #expect(stopped.status == 0)
        #expect(!stopped.log.contains("127.0.0.1:") || !stopped.log.contains("report_id"))

        // `iapcat reports` explains the same database.
        let explained = try await IAPCat.run(["reports", "--db", database, "--catalog", "catalogs/example.yaml", "--format", "json"])
        #expect(explained.status == 0 || explained.status == 1, "\(explained.stderr)")
        #expect(explained.stdout.contains(#""unknown_id""#))
        #expect(explained.stdout.contains(small))
        #expect(explained.stdout.contains(#""every_id_missing""#))
    }
}
