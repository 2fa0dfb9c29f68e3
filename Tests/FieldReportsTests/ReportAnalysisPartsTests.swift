import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import FieldReports

/// The pieces the analysis stands on: version order, `--since`, which declared list a report names.
@Suite struct ReportAnalysisPartsTests {
    @Test func appVersionsSortPartByPartAsNumbers() {
        let versions = ["2.10", "2.9", "10.0", "2", "2.0", "beta", "2.0.1", "2.a"]
        #expect(versions.sorted(by: AppVersionOrder.precedes) == ["2", "2.0", "2.0.1", "2.9", "2.10", "2.a", "10.0", "beta"])
    }

    @Test func sinceIsADayOrTheLastDaysTodayIncluded() {
        let today = ReportDay(20_784)  // 2026-11-27
        #expect(ReportPeriod.since("7d", today: today) == ReportDay(20_778))
        #expect(ReportPeriod.since("1d", today: today) == today)
        #expect(ReportPeriod.since("2026-11-20", today: today) == ReportDay(20_777))
        #expect(ReportPeriod.since("2024-02-29", today: today)?.description == "2024-02-29")
        for bad in ["0d", "-3d", "+3d", "d", "7", "2026-02-30", "2026-13-01", "2026-1-01", "26-11-20", "2026-11-20T00:00", "１d"] {
            #expect(ReportPeriod.since(bad, today: today) == nil, "\(bad)")
        }
    }

    @Test func aReportedListIsTheDeclaredListOfItsName() async throws {
        let lists = try ReportFixtures.context().lists
        let v1 = lists.resolve("products_v1.json")
        #expect(v1.lists.map(\.declaration.path) == ["lists/products_v1.json"])
        #expect(v1.environment == .production)
        #expect(lists.resolve("/products_v2.json").environment == .sandbox)
        #expect(lists.resolve("sandbox/products_v1.json").environment == .sandbox)
        let bundle = lists.resolve("bundle")
        #expect(bundle.isBundle && bundle.lists.map(\.declaration.path) == ["lists/product_ids.plist"])
        #expect(lists.resolve("other.json").environment == nil)
        #expect(lists.resolve("other.json").lists.isEmpty)
        #expect(lists.lists.allSatisfy { $0.fileIDs != nil })
    }

    @Test func aServedPathNoListDeclaresServesWhatTheServerRendersThere() async throws {
        let catalog = try ReportFixtures.catalog("shop/catalog.yaml")
        var bare = catalog
        bare.lists = []
        let lists = DeclaredLists(catalog: bare)
        #expect(lists.resolve("products_v2.json").environment == .production)
        #expect(lists.resolve("product_ids.plist").environment == .production)
        #expect(
            lists.exported[.production] == [
                "com.example.shop.coins", "com.example.shop.pass", "com.example.shop.boost", "com.example.shop.vip",
                "com.example.shop.bundle",
            ])
    }

    @Test func anAppStoreStorefrontIsItsAlpha3CodeWhateverTheAppSent() {
        func storefront(_ raw: String, _ normalized: String, _ store: ReportedStore) -> String {
            ReportDimensions(
                appVersion: "1", store: store, environment: .production, storefront: normalized, storefrontRaw: raw, list: "bundle"
            )
            .storeStorefront
        }
        #expect(storefront("USA", "US", .appStore) == "USA")
        #expect(storefront("US", "US", .appStore) == "USA")
        #expect(storefront("(other)", "(other)", .appStore) == "(other)")
        #expect(storefront("US", "US", .googlePlay) == "US")
    }

    /// Off Swift's cooperative threads: seconds of work that would hold every other test still.
    @Test func tenThousandUnknownIDsOverManyCellsAreExplainedInBoundedTime() async throws {
        let (elapsed, analysis) = try await offThePool { () throws -> (Duration, ReportAnalysis) in
            var rows: [MissingRow] = []
            for id in 0..<10_000 {
                for day in 0..<10 {
                    rows.append(ReportFixtures.missing("com.example.junk.\(id)", 1, ReportFixtures.dimensions("\(day % 3)"), days: day))
                }
            }
            let analyzer = ReportAnalyzer(context: try ReportFixtures.context()), snapshot = ReportFixtures.memorySnapshot(rows)
            var analysis = analyzer.analyze(ReportFixtures.memorySnapshot([]))
            let elapsed = ThreadCPUTime.measure { analysis = analyzer.analyze(snapshot) }
            return (elapsed, analysis)
        }
        #expect(elapsed < .seconds(60), "\(elapsed)")
        // Unknown ids of the same app versions: one incident.
        #expect(analysis.findings.isEmpty)
        #expect(
            analysis.incidents.map(\.headline) == [
                "10000 ids: not in the catalog, all from 0–2, first seen 2026-11-20 08:00 UTC: the build ships a list the catalog does not know"
            ])
        #expect(analysis.allFindings.count == 10_000)
        #expect(analysis.allFindings.allSatisfy { $0.cause == .unknownID && $0.stats.count == 10 })
    }

    @Test func didYouMeanStopsWhenItsBudgetIsSpent() async throws {
        var analyzer = ReportAnalyzer(context: try ReportFixtures.context())
        analyzer.suggestionBudget = 8  // the shop has 8 products: one comparison round
        let rows = [
            ReportFixtures.missing("com.example.shop.gemz", 5, ReportFixtures.dimensions()),
            ReportFixtures.missing("com.example.shop.pas", 3, ReportFixtures.dimensions()),
        ]
        let findings = analyzer.analyze(try await ReportFixtures.snapshot(rows)).allFindings
        #expect(
            findings.map { $0.evidence.last?.fact } == [
                "did you mean 'com.example.shop.gems'?", "no \"did you mean\": too many unknown ids to compare",
            ])
    }
}
