import FakeGooglePlay
import Foundation
import IAPCatalog
import Testing

@testable import GooglePlay

/// `Benchmarks/play.sh`: N products sold on Google Play only (a fifth subscriptions, every tenth of
/// those with an offer) applied to an empty app on the fake, then planned again; prints requests
/// per product and planning time against reading time, both measured in the same run. Runs only
/// with IAPCAT_PLAY_BENCHMARK=1 (not in `swift test`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["IAPCAT_PLAY_BENCHMARK"] == "1"))
struct PlayBenchmarkTests {
    static func catalog(products count: Int) -> Catalog {
        var catalog = Catalog(app: AppInfo(bundleID: "com.example.bench"))
        catalog.app.googlePlay = GooglePlayApp(packageName: PlayFixture.packageName)
        for index in 0..<count {
            let subscription = index < count / 5
            var product = Product(id: "bench.p\(index)", type: subscription ? .autoRenewable : .consumable)
            product.stores = [.googlePlay]
            let regions = [
                PlayRegionalPrice(region: "US", price: "\(index % 40).99"), PlayRegionalPrice(region: "DE", price: "4.99"),
                PlayRegionalPrice(region: "JP", price: "600"),
            ]
            var play = GooglePlayProduct(listings: [PlayListing(language: "en-US", title: "Item \(index)", description: "Item \(index)")])
            if subscription {
                var plan = PlayBasePlan(id: "monthly", period: "P1M", regions: regions)
                if index % 10 == 0 { plan.offers = [PlayOffer(id: "trial", phases: [PlayOfferPhase(mode: .freeTrial, duration: "P1W")])] }
                play.basePlans = [plan]
            } else {
                play.purchaseOptions = [PlayPurchaseOption(id: "buy", regions: regions)]
            }
            product.googlePlay = play
            catalog.products.append(product)
        }
        return catalog
    }

    /// What Play lists for `count` minimal products: one-time products with one purchase option in
    /// one region, and every fifth a subscription with one base plan and a free-trial offer.
    static func minimalRemote(products count: Int) throws -> PlayRemoteState {
        // Lists set whole: setting one rebuilds its index.
        var (oneTime, subscriptions, offers): ([JSONValue], [JSONValue], [JSONValue]) = ([], [], [])
        let us = #"{"regionCode": "US", "price": {"currencyCode": "USD", "units": "1", "nanos": 990000000}"#
        for index in 0..<count {
            let id = "min.p\(index)"
            let listings = #"[{"languageCode": "en-US", "title": "Item \#(index)", "description": "Item \#(index)"}]"#
            if index % 5 == 4 {
                subscriptions.append(
                    try JSONValueReader.read(
                        Array(
                            #"{"productId": "\#(id)", "listings": \#(listings), "basePlans": [{"basePlanId": "monthly", "state": "ACTIVE", "autoRenewingBasePlanType": {"billingPeriodDuration": "P1M"}, "regionalConfigs": [\#(us), "newSubscriberAvailability": true}]}]}"#
                                .utf8)))
                offers.append(
                    try JSONValueReader.read(
                        Array(
                            #"{"productId": "\#(id)", "basePlanId": "monthly", "offerId": "trial", "state": "ACTIVE", "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true}], "phases": [{"duration": "P1W", "recurrenceCount": 1, "regionalConfigs": [{"regionCode": "US", "free": {}}]}]}"#
                                .utf8)))
            } else {
                oneTime.append(
                    try JSONValueReader.read(
                        Array(
                            #"{"productId": "\#(id)", "listings": \#(listings), "purchaseOptions": [{"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {}, "regionalPricingAndAvailabilityConfigs": [\#(us), "availability": "AVAILABLE"}]}]}"#
                                .utf8)))
            }
        }
        return PlayRemoteState(oneTimeProducts: oneTime, subscriptions: subscriptions, offers: offers)
    }

    /// `play pull` and `play plan` of many minimal products without the network: the catalog built
    /// from what Play lists, written as YAML, and planned against the same lists (no steps).
    @Test func pullAndPlanOfManyMinimalProducts() throws {
        let count = Int(ProcessInfo.processInfo.environment["IAPCAT_PLAY_PRODUCTS"] ?? "") ?? 20_000
        let remote = try Self.minimalRemote(products: count)
        let clock = ContinuousClock()
        var start = clock.now
        let pulled = PlayCatalogBuilder().build(remote, packageName: PlayFixture.packageName, base: nil)
        let buildTime = clock.now - start
        start = clock.now
        let yaml = CatalogYAMLWriter().render(pulled.catalog)
        let writeTime = clock.now - start
        start = clock.now
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(pulled.catalog, against: remote)
        let planTime = clock.now - start
        // What the reader adds to each page: its size, and every price checked.
        start = clock.now
        var (bytes, problems) = (0, 0)
        for (key, items) in [
            ("oneTimeProducts", remote.oneTimeProducts), ("subscriptions", remote.subscriptions), ("subscriptionOffers", remote.offers),
        ] {
            for item in items {
                bytes += PlayRemoteReader.size(of: item)
                if PlayMoneyCheck.problem(in: item, list: key) != nil { problems += 1 }
            }
        }
        let checkTime = clock.now - start
        #expect(problems == 0)
        #expect(pulled.catalog.products.count == count)
        #expect(plan.steps.isEmpty && plan.errors.isEmpty)
        func seconds(_ duration: Duration) -> String {
            String(format: "%.3f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        print(
            """
            play pull benchmark: \(count) minimal products (\(count / 5) subscriptions with an offer), no network
            | what | seconds |
            |---|---:|
            | build the catalog from what Play lists | \(seconds(buildTime)) |
            | write it as YAML (\(yaml.utf8.count) bytes) | \(seconds(writeTime)) |
            | plan it against the same lists | \(seconds(planTime)) |
            | the reader's size count and price check of the lists (\(bytes) bytes) | \(seconds(checkTime)) |
            """)
    }

    @Test func productsAppliedAndPlannedAgain() async throws {
        let count = Int(ProcessInfo.processInfo.environment["IAPCAT_PLAY_PRODUCTS"] ?? "") ?? 1000
        let catalog = Self.catalog(products: count)
        try await PlayFixture.run { fixture in
            let clock = ContinuousClock()
            var start = clock.now
            let plan = try await fixture.apply(catalog)
            let applyTime = clock.now - start
            let applyRequests = fixture.fake.requestLog.count
            start = clock.now
            let remote = try await fixture.read()
            let readTime = clock.now - start
            let readRequests = fixture.fake.requestLog.count - applyRequests
            start = clock.now
            let again = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
            let planTime = clock.now - start
            #expect(again.steps.isEmpty)
            // Plans through the sync engine: full, and scoped to what changed and to products named.
            var edited = catalog
            edited.products[count - 1].googlePlay?.purchaseOptions[0].regions[0].price = "99.99"
            let engine = SyncEngine(PlayAdapter(api: fixture.client, packageName: PlayFixture.packageName))
            func planned(_ scope: SyncScope?) async throws -> (requests: Int, steps: Int) {
                let before = fixture.fake.requestLog.count
                let plan = try await engine.plan(edited, at: "catalog.yaml", scope: scope).plan
                return (fixture.fake.requestLog.count - before, plan.steps.count)
            }
            let full = try await planned(nil)
            let changed = try await planned(SyncScope.changes(from: catalog, to: edited))
            let ten = try await planned(
                SyncScope(products: Set(stride(from: 0, to: count, by: max(count / 10, 1)).prefix(10).map { catalog.products[$0].id })))
            #expect(changed.steps == full.steps && full.steps > 0)
            // The edit's plan saved, then applied from the file.
            let scope = SyncScope.changes(from: catalog, to: edited)
            let saved = engine.save(
                try await engine.plan(edited, at: "catalog.yaml", scope: scope), app: PlayFixture.packageName, tool: "bench",
                created: "2026-11-23T00:00:00Z", catalogDigest: "", scope: scope)
            var before = fixture.fake.requestLog.count
            let rechecked = try await engine.recheck(
                try SavedPlan.read(saved.bytes(), file: "plan.json"), catalog: edited, at: "catalog.yaml")
            let recheckRequests = fixture.fake.requestLog.count - before
            before = fixture.fake.requestLog.count
            _ = try await engine.apply(rechecked) { _, _ in }
            let savedApplyRequests = recheckRequests + fixture.fake.requestLog.count - before
            func seconds(_ duration: Duration) -> Double {
                Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            }
            print(
                """
                play benchmark: \(count) products (\(count / 5) subscriptions), fake Play Developer API on loopback
                | what | requests | per product | seconds |
                |---|---:|---:|---:|
                | apply on an empty app (read, plan, \(plan.steps.count) steps) | \(applyRequests) | \(String(format: "%.2f", Double(applyRequests) / Double(count))) | \(String(format: "%.2f", seconds(applyTime))) |
                | read the app again (pages of 1,000) | \(readRequests) | \(String(format: "%.4f", Double(readRequests) / Double(count))) | \(String(format: "%.3f", seconds(readTime))) |
                | plan against what was read (no network) | 0 | 0 | \(String(format: "%.3f", seconds(planTime))) (\(String(format: "%.2f", seconds(planTime) / seconds(readTime)))× the read) |
                | plan of one edited one-time product, full read (regions version and lists; \(full.steps) step) | \(full.requests) | | |
                | the same plan scoped to what changed (--changed-since: 1 product, \(changed.steps) step) | \(changed.requests) | | |
                | apply of that plan saved (`apply plan.json`: \(recheckRequests) to re-read its rows, the step, the read-back) | \(savedApplyRequests) | | |
                | plan scoped to 10 products (2 subscriptions, 8 one-time products) | \(ten.requests) | | |
                """)
        }
    }
}
