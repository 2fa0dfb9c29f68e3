import Dispatch
import IAPCatTestSupport
import IAPCatalog
import NIOConcurrencyHelpers
import Testing

@testable import FieldReports

/// Reports checked against the served catalog and bounded per day → the records that are counted.
@Suite struct ReportNormalizerTests {
    static let facts = ReportExamples.facts
    static let now = ReportExamples.now

    /// A report of `requested` ids of which `missing` were not returned, the rest as in `storekit2.json`.
    static func report(
        requested: [String], missing: [MissingProduct], appVersion: String = "2.4.1", store: ReportedStore = .appStore,
        storefront: String = "USA", list: String = "products_v2.json", bundleID: String? = nil
    ) -> FieldReport {
        FieldReport(
            reportID: "r", bundleID: bundleID ?? (store == .appStore ? "com.example.fieldreports" : "com.example.fieldreports.android"),
            appVersion: appVersion, os: "iOS", osVersion: "18.2", store: store, environment: .production, storefront: storefront,
            list: list, sdk: nil, requested: requested, missing: missing)
    }

    static func normalize(_ report: FieldReport, _ normalizer: ReportNormalizer = ReportNormalizer(), at time: Int64 = now)
        throws(ReportProblem)
        -> ReportRecord
    {
        try normalizer.normalize(report, facts: facts, receivedAt: time)
    }

    static func problem(_ report: FieldReport) -> String? {
        do throws(ReportProblem) {
            _ = try normalize(report)
            return nil
        } catch {
            return String(decoding: error.body, as: UTF8.self)
        }
    }

    @Test func theExampleReportsBecomeTheirRecords() throws {
        let storeKit = try ReportExamples.decode(ReportExamples.fixture("storekit2.json")).get()
        #expect(
            try Self.normalize(storeKit)
                == ReportRecord(
                    reportID: "6f1c0d2e-4b7a-4c55-9a51-2f4be0c3a9d1", receivedAt: Self.now,
                    dimensions: ReportDimensions(
                        appVersion: "2.4.1 (381)", store: .appStore, environment: .production, storefront: "CA", storefrontRaw: "CAN",
                        list: "products_v2.json"),
                    allMissing: false, missing: [MissingProduct(id: "com.example.fieldreports.pro.yearly")]))
        let play = try ReportExamples.decode(ReportExamples.fixture("billing8.json")).get()
        #expect(
            try Self.normalize(play)
                == ReportRecord(
                    reportID: "c2f7a9e8-1d3b-4e6f-8a0b-9c7d5e3f1a2b", receivedAt: Self.now,
                    dimensions: ReportDimensions(
                        appVersion: "2.4.1", store: .googlePlay, environment: .unknown, storefront: "DE", storefrontRaw: "DE",
                        list: "products_v2.json"),
                    allMissing: false, missing: [MissingProduct(id: "pro", status: "4")]))
    }

    @Test func aReportForAnotherAppIsRefusedNamingTheBundleID() {
        let wrong = ReportExamples.invalid("bundle_id is not the app this server's catalog is for on the App Store.", field: "/bundle_id")
        #expect(Self.problem(Self.report(requested: ["a"], missing: [], bundleID: "com.example.other")) == wrong)
        // The Play package name is not the App Store's app, and the other way round.
        #expect(Self.problem(Self.report(requested: ["a"], missing: [], bundleID: "com.example.fieldreports.android")) == wrong)
        #expect(
            Self.problem(Self.report(requested: ["a"], missing: [], store: .googlePlay, bundleID: "com.example.fieldreports"))
                == ReportExamples.invalid("bundle_id is not the app this server's catalog is for on Google Play.", field: "/bundle_id"))
        // Case matters, as it does to both stores.
        #expect(Self.problem(Self.report(requested: ["a"], missing: [], bundleID: "com.example.FieldReports")) == wrong)
    }

    @Test func aStoreTheCatalogHasNoAppOnAcceptsNoReports() throws {
        let appleOnly = CatalogFacts(
            catalog: Catalog(app: AppInfo(bundleID: "com.example.fieldreports")), servedPaths: ["/products_v2.json"])
        #expect(appleOnly.appIDs == [.appStore: "com.example.fieldreports"])
        #expect(
            throws: ReportProblem.invalid(ReportPointer(.bundleID), "names an app on Google Play, where this server's catalog has none")
        ) {
            try ReportNormalizer().normalize(
                Self.report(requested: ["a"], missing: [], store: .googlePlay), facts: appleOnly, receivedAt: Self.now)
        }
    }

    @Test func theListMustBeServedOrBundled() throws {
        #expect(
            Self.problem(Self.report(requested: ["a"], missing: [], list: "products_v3.json"))
                == ReportExamples.invalid(
                    "list must be one of bundle, product_ids.plist, products_v1.json, products_v2.json, sandbox/product_ids.plist, "
                        + "sandbox/products_v1.json, sandbox/products_v2.json.", field: "/list"))
        #expect(
            try Self.normalize(Self.report(requested: ["a"], missing: [], list: "/sandbox/products_v1.json")).dimensions.list
                == "sandbox/products_v1.json")
        #expect(try Self.normalize(Self.report(requested: ["a"], missing: [], list: "bundle")).dimensions.list == "bundle")
        #expect(Self.problem(Self.report(requested: ["a"], missing: [], list: "Bundle")) != nil)
    }

    @Test(arguments: [
        ("USA", "US", "USA"), ("usa", "US", "USA"), ("Can", "CA", "CAN"), ("XKS", "XK", "XKS"), ("us", "US", "US"), ("DE", "DE", "DE"),
        ("QQQ", "QQQ", "QQQ"), ("zz", "ZZ", "ZZ"),
    ])
    func storefrontsAreCountedUnderTheirAlpha2(_ sent: String, _ normalized: String, _ raw: String) throws {
        let dimensions = try Self.normalize(Self.report(requested: ["a"], missing: [], storefront: sent)).dimensions
        #expect(dimensions.storefront == normalized && dimensions.storefrontRaw == raw)
    }

    @Test func missingIdsAreCountedOnceAndAllMissingMeansEveryDistinctRequestedID() throws {
        let twice = try Self.normalize(
            Self.report(
                requested: ["com.example.fieldreports.coins100", "b", "c"],
                missing: [
                    MissingProduct(id: "com.example.fieldreports.coins100", status: "3"),
                    MissingProduct(id: "com.example.fieldreports.coins100", status: "4"),
                    MissingProduct(id: "b"),
                ]))
        #expect(twice.missing == [MissingProduct(id: "com.example.fieldreports.coins100", status: "3"), MissingProduct(id: "b")])
        #expect(!twice.allMissing)
        let all = try Self.normalize(Self.report(requested: ["a", "a", "b"], missing: [MissingProduct(id: "b"), MissingProduct(id: "a")]))
        #expect(all.allMissing && all.missing == [MissingProduct(id: "b"), MissingProduct(id: "a")])
        #expect(!(try Self.normalize(Self.report(requested: ["a"], missing: []))).allMissing)
    }

    // MARK: Bounds per day

    @Test func tenThousandJunkIdsKeepAtMostTheBoundPerDay() throws {
        let normalizer = ReportNormalizer()
        var kept = Set<String>()
        for batch in 0..<1_000 {
            let junk = (0..<10).map { "junk.\(batch).\($0)" }
            let record = try Self.normalize(
                Self.report(
                    requested: junk + ["com.example.fieldreports.coins100"],
                    missing: junk.map { MissingProduct(id: $0) } + [MissingProduct(id: "com.example.fieldreports.coins100")]),
                normalizer)
            #expect(record.allMissing)
            #expect(record.missing.count == (batch < 20 ? 11 : 2), "batch \(batch)")
            #expect(record.missing.last == MissingProduct(id: "com.example.fieldreports.coins100"), "a known id is never bounded")
            kept.formUnion(record.missing.map(\.id))
        }
        #expect(kept.count == 200 + 1 + 1)
        #expect(kept.contains(ReportRecord.otherID))
        // An id kept before the bound was reached keeps its name; a new one does not.
        let again = try Self.normalize(
            Self.report(requested: ["junk.0.0", "fresh"], missing: [MissingProduct(id: "junk.0.0"), MissingProduct(id: "fresh")]),
            normalizer)
        #expect(again.missing == [MissingProduct(id: "junk.0.0"), MissingProduct(id: ReportRecord.otherID)])
        // The next UTC day starts afresh.
        let tomorrow = try Self.normalize(
            Self.report(requested: ["fresh"], missing: [MissingProduct(id: "fresh")]), normalizer, at: Self.now + 86_400)
        #expect(tomorrow.missing == [MissingProduct(id: "fresh")])
    }

    @Test func appVersionsStatusesAndUnknownStorefrontsAreBoundedPerDay() throws {
        let normalizer = ReportNormalizer(
            bounds: ReportBounds(unknownIDsPerDay: 5, appVersionsPerDay: 3, unknownStatusesPerDay: 2, unknownStorefrontsPerDay: 2))
        let versions = try (1...5).map {
            try Self.normalize(Self.report(requested: ["a"], missing: [], appVersion: "1.\($0)"), normalizer).dimensions.appVersion
        }
        #expect(versions == ["1.1", "1.2", "1.3", "(other)", "(other)"])
        #expect(
            try Self.normalize(Self.report(requested: ["a"], missing: [], appVersion: "1.2"), normalizer).dimensions.appVersion == "1.2")

        let statuses =
            try Self.normalize(
                Self.report(
                    requested: ["a"],
                    missing: [MissingProduct(id: "a", status: "kindA")]), normalizer
            ).missing
            + Self.normalize(
                Self.report(
                    requested: [
                        "com.example.fieldreports.coins100", "com.example.fieldreports.pro.monthly", "com.example.fieldreports.pro.yearly",
                    ],
                    missing: [
                        MissingProduct(id: "com.example.fieldreports.coins100", status: "kindB"),
                        MissingProduct(id: "com.example.fieldreports.pro.monthly", status: "kindC"),
                        MissingProduct(id: "com.example.fieldreports.pro.yearly", status: "3"),
                    ]), normalizer
            ).missing
        #expect(statuses.map(\.status) == ["kindA", "kindB", "(other)", "3"], "known statuses are never bounded")

        let storefronts = try ["QQA", "QQB", "QQC", "USA", "DE"].map {
            let dimensions = try Self.normalize(Self.report(requested: ["a"], missing: [], storefront: $0), normalizer).dimensions
            return dimensions.storefront + "/" + dimensions.storefrontRaw
        }
        #expect(storefronts == ["QQA/QQA", "QQB/QQB", "(other)/(other)", "US/USA", "DE/DE"])
    }

    @Test func idsPastTheBoundAreOneOtherIdPerReport() throws {
        let normalizer = ReportNormalizer(bounds: ReportBounds(unknownIDsPerDay: 1))
        let record = try Self.normalize(
            Self.report(
                requested: ["x", "y", "z"],
                missing: [MissingProduct(id: "x", status: "3"), MissingProduct(id: "y", status: "3"), MissingProduct(id: "z", status: "4")]),
            normalizer)
        #expect(record.missing == [MissingProduct(id: "x", status: "3"), MissingProduct(id: ReportRecord.otherID, status: "3")])
        #expect(record.allMissing)
    }

    @Test func theBoundHoldsWhenEventLoopsNormalizeAtOnce() {
        let normalizer = ReportNormalizer()
        let kept = NIOLockedValueBox(Set<String>())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for report in 0..<250 {
                let junk = (0..<5).map { "t\(thread).r\(report).\($0)" }
                guard
                    let record = try? Self.normalize(Self.report(requested: junk, missing: junk.map { MissingProduct(id: $0) }), normalizer)
                else {
                    Issue.record("refused")
                    return
                }
                kept.withLockedValue { $0.formUnion(record.missing.map(\.id)) }
            }
        }
        #expect(kept.withLockedValue { $0.count } == 200 + 1)
    }

    /// Each dimension is bounded, but not their combinations: a day's rows are. Past the bound a
    /// report that would add a row is counted under app version, storefront and id `(other)`;
    /// rows the day already has keep taking their reports.
    @Test func aDaysRowsAreBounded() throws {
        let normalizer = ReportNormalizer(bounds: ReportBounds(rowsPerDay: 4))
        let coins = "com.example.fieldreports.coins100"
        // Two rows: the tally and the id's.
        let first = try Self.normalize(Self.report(requested: [coins], missing: [MissingProduct(id: coins, status: "3")]), normalizer)
        #expect(first.dimensions.appVersion == "2.4.1" && first.missing == [MissingProduct(id: coins, status: "3")])
        // Two more: the bound.
        let second = try Self.normalize(
            Self.report(requested: [coins], missing: [MissingProduct(id: coins)], appVersion: "2.5"), normalizer)
        #expect(second.dimensions.appVersion == "2.5")
        // A fifth row is one too many: counted as (other).
        let third = try Self.normalize(
            Self.report(requested: [coins], missing: [MissingProduct(id: coins)], storefront: "DEU"), normalizer)
        #expect(
            [third.dimensions.appVersion, third.dimensions.storefront, third.dimensions.storefrontRaw]
                == [ReportRecord.otherID, ReportRecord.otherID, ReportRecord.otherID])
        #expect(third.missing == [MissingProduct(id: ReportRecord.otherID)])
        #expect(third.dimensions.list == "products_v2.json" && third.dimensions.environment == .production)
        // What the day has keeps its rows; the next day starts afresh.
        #expect(
            try Self.normalize(Self.report(requested: [coins], missing: [MissingProduct(id: coins)], appVersion: "2.5"), normalizer)
                == second)
        let tomorrow = try Self.normalize(
            Self.report(requested: [coins], missing: [MissingProduct(id: coins)], storefront: "DEU"), normalizer, at: Self.now + 86_400)
        #expect(tomorrow.dimensions.storefront == "DE")
    }

    /// Every accepted report would leave its id in `seen_reports` for three days: a day's
    /// remembered ids are bounded; past the bound a report is counted without its id, and the next
    /// day starts afresh.
    @Test func aDaysRememberedReportIDsAreBounded() throws {
        let normalizer = ReportNormalizer(bounds: ReportBounds(rememberedReportsPerDay: 2))
        let coins = "com.example.fieldreports.coins100"
        func next(_ id: String, at: Int64 = Self.now) throws -> ReportRecord {
            var report = Self.report(requested: [coins], missing: [MissingProduct(id: coins)])
            report.reportID = id
            return try Self.normalize(report, normalizer, at: at)
        }
        #expect(try [next("a"), next("b"), next("c"), next("d")].map(\.remembered) == [true, true, false, false])
        #expect(try next("e", at: Self.now + 86_400).remembered)
    }

    /// Junk within every per-day bound — reports each of 100 app versions, 175 storefronts, two
    /// lists, four environments and 200 unknown ids with 20 statuses — adds at most the day's row
    /// bound and a few dozen more (here a bound of 2,000: 100 reports add over 10,000 rows without it).
    @Test func junkWithinEveryBoundAddsAtMostTheDaysRows() async throws {
        try await offThePool { try Self.checkJunkWithinEveryBound() }
    }

    /// The work of ``junkWithinEveryBoundAddsAtMostTheDaysRows()``, off Swift's cooperative threads.
    static func checkJunkWithinEveryBound() throws {
        var random = SeededGenerator(state: 46)
        let storefronts = Array(AppStoreStorefronts.codes).sorted()
        var reports: [FieldReport] = []
        for index in 0..<100 {
            let ids = (0..<200).map { _ in "junk.\(Int.random(in: 0..<200, using: &random))" }
            var report = Self.report(
                requested: ids,
                missing: Array(Set(ids)).sorted().map { MissingProduct(id: $0, status: "s\(Int.random(in: 0..<20, using: &random))") },
                appVersion: "1.\(Int.random(in: 0..<100, using: &random))", storefront: storefronts.randomElement(using: &random)!,
                list: ["products_v2.json", "bundle"].randomElement(using: &random)!)
            report.reportID = "junk-\(index)"
            report.environment = ReportedEnvironment.allCases.randomElement(using: &random)!
            reports.append(report)
        }
        func rows(_ bounds: ReportBounds) throws -> Int {
            let normalizer = ReportNormalizer(bounds: bounds)
            let records = try reports.map { try normalize($0, normalizer) }
            let counts = ReportBatch(records).counts(new: Set(records.map(\.reportID)))
            return counts.tallies.count + counts.missing.count
        }
        let unbounded = try rows(ReportBounds(rowsPerDay: .max))
        #expect(unbounded > 10_000, "\(unbounded) rows")
        let bound = 2_000
        let bounded = try rows(ReportBounds(rowsPerDay: bound))
        // A report adds at most 201 rows; past the bound, (other) rows per store × environment × list.
        #expect((bound - 201...bound + 2 * 4 * 2 * 2).contains(bounded), "\(bounded) rows")
    }
}
