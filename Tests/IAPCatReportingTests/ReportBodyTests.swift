import FieldReports
import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import IAPCatReporting

/// The report as the client writes it is the one the server's contract wants: field by field, and
/// through the server's own decoder and normalizer.
@Suite struct ReportBodyTests {
    static let body =
        #"{"report_id":"80000000-0000-4000-8000-000000000000","bundle_id":"com.example.cosmicquest","app_version":"3.1.0","#
        + #""os":"iOS","os_version":"18.1","store":"app_store","environment":"production","storefront":"USA","#
        + #""list":"products_v2.json","sdk":"storekit2","requested":["com.example.cosmicquest.coins.small","#
        + #""com.example.cosmicquest.premium.monthly","com.example.cosmicquest.coins.smal"],"#
        + #""missing":[{"id":"com.example.cosmicquest.coins.smal"}],"list_etag":"\"5d41402abc4b2a76b9719d911017c592\"","#
        + #""sent_at":"2026-11-27T09:30:00Z"}"#

    @Test func theBodyIsTheContractsInItsOrder() async throws {
        let transport = ScriptedTransport()
        await Example.reporter(transport).check(Example.oneMissing, list: Example.list, context: Example.context)
        #expect(transport.bodies == [Self.body])
        #expect(transport.sent.map(\.headers) == [["Content-Type": "application/json", "Accept": "application/json"]])
        #expect(transport.sent.map(\.url) == [Example.endpoint])
    }

    @Test func theMissingSetIsRequestedMinusReturnedOnceInRequestOrder() {
        let products = MissingProducts(
            requested: ["c", "a", "b", "a", "c", "d"], returned: ["a", "x"], statuses: ["b": "notAvailableInStorefront", "x": "3"])
        #expect(products.requested == ["c", "a", "b", "d"])
        #expect(products.missing == [.init(id: "c"), .init(id: "b", status: "notAvailableInStorefront"), .init(id: "d")])
        // Play Billing 8 names them: kept in request order, once, first status; an id not asked is dropped.
        let play = MissingProducts(
            requested: ["pro", "coins100", "pro", "gems"],
            unfetched: [
                .init(id: "gems", status: "3"), .init(id: "pro", status: "4"), .init(id: "stranger", status: "3"),
                .init(id: "gems", status: "0"),
            ])
        #expect(play.requested == ["pro", "coins100", "gems"])
        #expect(play.missing == [.init(id: "pro", status: "4"), .init(id: "gems", status: "3")])
        #expect(MissingProducts(requested: ["a", "a"], returned: ["a"]).isEmpty)
    }

    @Test func theServerDecodesAndCountsWhatTheClientWrites() throws {
        let catalog = try #require(try CatalogLoader().loadValidated(packageRoot + "/catalogs/example.yaml").catalog)
        let facts = CatalogFacts(catalog: catalog, servedPaths: ["/products_v1.json", "/products_v2.json", "/product_ids.plist"])
        let play = ReportApp(
            bundleID: "com.example.cosmicquest", appVersion: "3.1.0 (7)", os: "Android", osVersion: "15", store: .googlePlay)
        let reports = [
            OutgoingReport(reportID: "a", app: Example.app, context: Example.context, list: Example.list, products: Example.oneMissing),
            OutgoingReport(
                reportID: ReportID.make(.system), app: play, context: StoreContext(environment: .unknown, storefront: "de", sdk: nil),
                list: .bundled,
                products: MissingProducts(
                    requested: [Example.small, "a \"quoted\"\\ id"], unfetched: [.init(id: "a \"quoted\"\\ id", status: "4")])),
        ]
        var records: [ReportRecord] = []
        for report in reports {
            try report.validate()
            let decoded = try ReportDecoder().decode(report.json(sentAt: 1_795_771_800), gzip: false)
            records.append(try ReportNormalizer().normalize(decoded, facts: facts, receivedAt: 1_795_771_800))
        }
        #expect(records.map { $0.missing.map(\.id) } == [[Example.typo], ["a \"quoted\"\\ id"]])
        #expect(records.map { $0.missing.map(\.status) } == [[nil], ["4"]])
        #expect(records.map(\.dimensions.store) == [.appStore, .googlePlay])
        #expect(records.map(\.dimensions.environment) == [.production, .unknown])
        #expect(records.map(\.dimensions.storefront) == ["US", "DE"])
        #expect(records.map(\.dimensions.list) == ["products_v2.json", "bundle"])
        #expect(records.map(\.dimensions.appVersion) == ["3.1.0", "3.1.0 (7)"])
        #expect(records.map(\.allMissing) == [false, false])
    }

    /// Each rule of the client is the server's: the same lengths, the same characters allowed.
    @Test func theClientsRulesAreTheServers() {
        let pairs: [(String, ReportTextRule, TextRule)] = [
            ("report_id", ReportContract.reportID, ReportRules.reportID), ("bundle_id", ReportContract.bundleID, ReportRules.bundleID),
            ("app_version", ReportContract.appVersion, ReportRules.appVersion), ("os", ReportContract.os, ReportRules.os),
            ("os_version", ReportContract.osVersion, ReportRules.osVersion),
            ("storefront", ReportContract.storefront, ReportRules.storefront), ("list", ReportContract.list, ReportRules.list),
            ("sdk", ReportContract.sdk, ReportRules.sdk), ("product id", ReportContract.productID, ReportRules.productID),
            ("status", ReportContract.status, ReportRules.status), ("list_etag", ReportContract.listETag, ReportRules.listETag),
        ]
        for (name, client, server) in pairs {
            #expect(client.length == server.length, "\(name)")
            let differing = (0...255).map(UInt8.init).filter { byte in
                client.characters.allows(byte) != [byte].withUnsafeBufferPointer { server.matches($0) }
            }
            #expect(differing.isEmpty, "\(name): \(differing)")
        }
        #expect(ReportContract.requestedCount == ReportRules.requestedCount)
        #expect(ReportContract.missingCount == ReportRules.missingCount)
        #expect(StoreContext.Environment.allCases.map(\.rawValue) == ReportRules.environments)
        #expect(ReportApp.Store.allCases.map(\.rawValue) == ReportRules.stores)
    }

    @Test func sentAtIsRFC3339InUTCAndTheDayIsUTCs() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: 0...4_102_444_800, using: &generator)  // 1970 to 2100
            let text = CivilTime.timestamp(secondsSince1970: seconds)
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
            #expect(
                Array(text.utf8).withUnsafeBufferPointer { ReportRules.sentAt.matches($0) }
                    && ReportRules.sentAt.length.contains(text.count))
            #expect(CivilTime.day(secondsSince1970: seconds) == ReportDay(secondsSince1970: seconds).value)
            let (year, month, day) = CivilTime.date(days: CivilTime.day(secondsSince1970: seconds))
            #expect(CivilTime.days(year: year, month: month, day: day) == CivilTime.day(secondsSince1970: seconds))
        }
        #expect(CivilTime.timestamp(secondsSince1970: 0) == "1970-01-01T00:00:00Z")
        #expect(CivilTime.timestamp(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00Z")
    }

    @Test func reportIDsAreRandomVersion4UUIDs() {
        let ids = (0..<1_000).map { _ in ReportID.make(.system) }
        #expect(Set(ids).count == 1_000)
        for id in ids.prefix(100) {
            #expect(id.count == 36 && ReportContract.reportID.violation(id) == nil)
            #expect(UUID(uuidString: id)?.uuidString.lowercased() == id)
            #expect(Array(id)[14] == "4" && "89ab".contains(Array(id)[19]))
        }
    }

    @Test func retryAfterReadsSecondsAndEveryHTTPDateForm() {
        let now = 1_795_771_800.0
        #expect(RetryAfterHeader.seconds("120", now: now) == 120)
        #expect(RetryAfterHeader.seconds(" 0 ", now: now) == 0)
        // Past any cap: given up rather than waited for.
        #expect(RetryAfterHeader.seconds("99999999999999999999999", now: now) == 1e23)
        #expect(RetryAfterHeader.seconds(String(repeating: "9", count: 400), now: now) == .infinity)
        #expect(RetryAfterHeader.seconds("Fri, 27 Nov 2026 09:31:30 GMT", now: now) == 90)
        #expect(RetryAfterHeader.seconds("Friday, 27-Nov-26 09:31:30 GMT", now: now) == 90)
        #expect(RetryAfterHeader.seconds("Fri Nov 27 09:31:30 2026", now: now) == 90)
        #expect(RetryAfterHeader.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 0)
        #expect(RetryAfterHeader.date("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(RetryAfterHeader.date("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(RetryAfterHeader.date("Sun Nov  6 08:49:37 1994") == 784_111_777)
        for bad in [
            "", "-1", "1.5", "soon", "Sun, 06 Nov 1994 08:49:37 CET", "Sun, 32 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        ] {
            #expect(RetryAfterHeader.seconds(bad, now: now) == nil, "\(bad)")
        }
    }
}
