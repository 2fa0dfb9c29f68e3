import Foundation
import IAPCatReporting
import IAPCatTestSupport
import Testing

/// docs/field-reports.md shows the package as it is: its Swift that runs without StoreKit is
/// compiled here as written (between the `docs:` markers below) and run, and the StoreKit lines
/// call what the package declares.
@Suite struct DocumentedUseTests {
    static func page() throws -> String {
        try String(contentsOfFile: packageRoot + "/docs/field-reports.md", encoding: .utf8)
    }

    /// The lines of this file between `// docs: NAME` and `// docs: end`, without their indentation.
    static func snippet(_ name: String) throws -> String {
        let lines = try String(contentsOfFile: #filePath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// docs: \(name)" })
        let end = try #require(lines[start...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// docs: end" })
        return lines[(start + 1)..<end].map { $0.dropFirst(8) + "\n" }.joined()
    }

    // The documented lines, compiled.
    static func makeReporter() -> FieldReporter {
        // docs: reporter
        let reporter = FieldReporter(endpoint: URL(string: "https://lists.example.com/v1/reports")!, app: .main())
        // docs: end
        return reporter
    }

    static func reportStoreKit1(reporter: FieldReporter, ids: [String], invalidIDs: [String], etag: String?, countryCode: String) async
        -> FieldReporter.Outcome
    {
        // docs: any SDK
        let outcome = await reporter.check(
            MissingProducts(requested: ids, unfetched: invalidIDs.map { MissingProducts.Entry(id: $0) }),
            list: ReportedList(name: "products_v2.json", etag: etag),
            context: StoreContext(environment: .unknown, storefront: countryCode, sdk: "storekit1"))
        // docs: end
        return outcome
    }

    @Test func theDocumentedSwiftIsTheCompiledSwift() throws {
        let page = try Self.page()
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        #expect(blocks.contains("import IAPCatReporting\n\n" + (try Self.snippet("reporter"))))
        #expect(blocks.contains(try Self.snippet("any SDK")))
        #expect(Self.makeReporter().endpoint.absoluteString == "https://lists.example.com/v1/reports")
    }

    @Test func theDocumentedStoreKit1LinesSendTheReport() async throws {
        let transport = ScriptedTransport()
        let reporter = Example.reporter(transport)
        let outcome = await Self.reportStoreKit1(
            reporter: reporter, ids: [Example.small, Example.typo, Example.small], invalidIDs: [Example.typo], etag: "\"abc\"",
            countryCode: "FRA")
        #expect(outcome == .sent(status: 202, attempts: 1))
        let body = try #require(transport.bodies.first)
        #expect(body.contains(#""requested":["com.example.cosmicquest.coins.small","com.example.cosmicquest.coins.smal"],"#))
        #expect(body.contains(#""missing":[{"id":"com.example.cosmicquest.coins.smal"}],"list_etag":"\"abc\"""#))
        #expect(body.contains(#""environment":"unknown","storefront":"FRA","list":"products_v2.json","sdk":"storekit1","#))
    }

    /// StoreKit cannot be built here: the page's StoreKit 2 call must be the one the package declares.
    @Test func theDocumentedStoreKit2CallIsDeclared() throws {
        let page = try Self.page()
        let glue = try String(contentsOfFile: packageRoot + "/Sources/IAPCatReporting/FieldReporter+StoreKit.swift", encoding: .utf8)
        #expect(glue.contains("public func check(products: [Product], requested: [String], list: ReportedList) async -> Outcome"))
        #expect(
            page.contains(
                "await reporter.check(products: products, requested: ids, list: ReportedList(name: \"products_v2.json\", etag: etag))"))
        #expect(glue.contains("AppTransaction.shared") && glue.contains("Storefront.current?.countryCode"))
    }

    /// The `Package.swift` lines name the product this package declares.
    @Test func theDocumentedDependencyIsThisPackagesProduct() throws {
        let page = try Self.page()
        let manifest = try String(contentsOfFile: packageRoot + "/Package.swift", encoding: .utf8)
        #expect(page.contains(#".product(name: "IAPCatReporting", package: "iapcat")"#))
        #expect(
            manifest.contains(#"name: "iapcat","#) && manifest.contains(#".library(name: "IAPCatReporting", targets: ["IAPCatReporting"])"#)
        )
        // The product depends on nothing: an app adding it builds no NIO, no SQLite.
        #expect(manifest.contains(#".target(name: "IAPCatReporting"),"#))
    }
}
