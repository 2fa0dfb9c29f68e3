import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import FieldReports

/// The app-side Swift of docs/field-reports.md is compiled as written (its plain-Foundation part:
/// the StoreKit part needs an Apple SDK) and run: every report it builds passes the server's own
/// decoder and checks against the example catalog, it sends nothing when nothing is missing, and
/// its retry rules are the documented ones.
@Suite struct ClientSnippetTests {
    static let marker = "// FieldReport.swift:"

    /// The block of the page that starts with `marker`.
    static func snippet() throws -> String {
        let page = try String(contentsOfFile: packageRoot + "/docs/field-reports.md", encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        return try #require(blocks.first { $0.hasPrefix(marker) }, "docs/field-reports.md has no block starting with \(marker)")
    }

    static let harness = #"""
        import Foundation
        let ids = ["com.example.cosmicquest.coins.small", "com.example.cosmicquest.premium.monthly", "com.example.cosmicquest.coins.small", "com.example.cosmicquest.coins.typo"]
        let cases: [(returned: Set<String>, environment: String, storefront: String, list: String)] = [
            (["com.example.cosmicquest.coins.small", "com.example.cosmicquest.premium.monthly"], "production", "USA", "products_v2.json"),
            (["com.example.cosmicquest.coins.small"], "sandbox", "GBR", "products_v2.json"),
            ([], "xcode", "FRA", "bundle"),
            (Set(ids), "production", "USA", "products_v2.json"),
        ]
        for item in cases {
            if let report = FieldReport.make(
                requested: ids, returned: item.returned, bundleID: "com.example.cosmicquest", appVersion: "3.1.0", os: "ios",
                osVersion: "18.1", environment: item.environment, storefront: item.storefront, list: item.list,
                listETag: "\"abc\"", sdk: "storekit2")
            {
                print(String(decoding: try report.body(), as: UTF8.self))
            } else {
                print("none")
            }
        }
        for (status, retryAfter, attempt) in [(202, nil, 1), (400, nil, 1), (413, nil, 1), (415, nil, 1), (404, nil, 1), (429, "7", 1), (503, nil, 2), (nil, nil, 1), (503, nil, 5)] as [(Int?, String?, Int)] {
            let delay = ReportRetry.delay(status: status, retryAfter: retryAfter, attempt: attempt)
            print("retry \(status.map(String.init) ?? "network") \(attempt): \(delay.map { $0 == 7 ? "7" : $0 >= 0 && $0 <= 300 ? "wait" : "bad \($0)" } ?? "give up")")
        }
        """#

    @Test func theDocumentedClientBuildsReportsTheServerAccepts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iapcat-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.snippet().write(to: folder.appendingPathComponent("FieldReport.swift"), atomically: true, encoding: .utf8)
        try Self.harness.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = try await ChildProcess.run(
            "/usr/bin/env",
            [
                "swiftc", "-swift-version", "6", "-o", folder.appendingPathComponent("client").path,
                folder.appendingPathComponent("FieldReport.swift").path, folder.appendingPathComponent("main.swift").path,
            ], in: folder.path, timeout: 300)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.stderr)")
        let run = try await ChildProcess.run(folder.appendingPathComponent("client").path, [], in: folder.path, timeout: 300)
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 13, "\(lines)")

        let catalog = try CatalogLoader().loadValidated(packageRoot + "/catalogs/example.yaml").catalog!
        let facts = CatalogFacts(catalog: catalog, servedPaths: ["/products_v1.json", "/products_v2.json", "/product_ids.plist"])
        var records: [ReportRecord] = []
        for line in lines.prefix(3) {
            let report = try ReportDecoder().decode(Array(line.utf8), gzip: false)
            records.append(try ReportNormalizer().normalize(report, facts: facts, receivedAt: 1_795_737_600))
        }
        #expect(
            records.map { $0.missing.map(\.id) } == [
                ["com.example.cosmicquest.coins.typo"],
                ["com.example.cosmicquest.premium.monthly", "com.example.cosmicquest.coins.typo"],
                ["com.example.cosmicquest.coins.small", "com.example.cosmicquest.premium.monthly", "com.example.cosmicquest.coins.typo"],
            ])
        #expect(records.map(\.allMissing) == [false, false, true])
        #expect(records.map(\.dimensions.environment) == [.production, .sandbox, .xcode])
        #expect(records.map(\.dimensions.storefront) == ["US", "GB", "FR"])
        #expect(lines[3] == "none")
        #expect(
            Array(lines.suffix(9)) == [
                "retry 202 1: give up", "retry 400 1: give up", "retry 413 1: give up", "retry 415 1: give up", "retry 404 1: give up",
                "retry 429 1: 7", "retry 503 2: wait", "retry network 1: wait", "retry 503 5: give up",
            ])
    }
}
