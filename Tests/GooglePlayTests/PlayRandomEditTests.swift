import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import GooglePlay

/// Generated edits of the example catalog, applied to an app that holds it: apply writes exactly
/// the plan's steps, only to the edited product; every other product stays byte for byte as it
/// was; no region Play had disappears; and the plan afterwards is empty.
@Suite struct PlayRandomEditTests {
    /// A failing seed can be replayed.
    typealias Generator = SeededGenerator

    /// One random edit of a Play product's regions, prices, texts or states; returns its index.
    static func edit(_ catalog: inout Catalog, _ random: inout Generator) -> (index: Int, what: String) {
        let indexes = catalog.products.indices.filter { catalog.products[$0].googlePlay != nil && catalog.products[$0].status != .removed }
        let index = indexes.randomElement(using: &random)!
        var play = catalog.products[index].googlePlay!
        let subscription = !play.basePlans.isEmpty
        var regions = subscription ? play.basePlans[0].regions : play.purchaseOptions[0].regions
        var what = ""
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let at = regions.indices.randomElement(using: &random)!
            let price = regions[at].price ?? "1"
            regions[at].price = PlayRegions.currency(of: regions[at].region) == "JPY" ? String((Int(price) ?? 100) + 10) : price + "1"
            what = "price of \(regions[at].region)"
        case 1:
            let fresh = ["GB", "FR", "CA", "IT"].filter { code in !regions.contains { $0.region == code } }
            let code = fresh.randomElement(using: &random)!
            regions.append(PlayRegionalPrice(region: code, price: "2.99"))
            what = "adds \(code)"
        case 2:
            if regions.count > 1 {
                what = "drops \(regions.removeLast().region)"
            } else {
                what = "drops nothing"
            }
        case 3:
            if play.listings.isEmpty {
                catalog.products[index].localizations[0].displayName = (catalog.products[index].localizations[0].displayName ?? "") + " II"
            } else {
                play.listings[0].title = (play.listings[0].title ?? "") + " II"
            }
            what = "title"
        case 4:
            if subscription { play.basePlans[0].active.toggle() } else { play.purchaseOptions[0].active.toggle() }
            what = "active"
        default:
            let new = PlayNewRegions(usd: "9.99", eur: "9.99")
            if subscription { play.basePlans[0].newRegions = new } else { play.purchaseOptions[0].newRegions = new }
            what = "new regions"
        }
        if subscription { play.basePlans[0].regions = regions } else { play.purchaseOptions[0].regions = regions }
        catalog.products[index].googlePlay = play
        return (index, what)
    }

    /// The app's resources in a snapshot, by product id (offers under their product).
    static func resources(_ snapshot: Data) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])
        var result: [String: String] = [:]
        for key in ["oneTimeProducts", "subscriptions", "subscriptionOffers"] {
            for item in object[key] as? [[String: Any]] ?? [] {
                let id = item["productId"] as? String ?? ""
                let data = try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys])
                result[id, default: ""] += String(decoding: data, as: UTF8.self)
            }
        }
        return result
    }

    /// Every (product, option or plan, region) the snapshot holds.
    static func regions(_ snapshot: Data) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: snapshot) as? [String: Any])
        var result: Set<String> = []
        for product in object["oneTimeProducts"] as? [[String: Any]] ?? [] {
            for option in product["purchaseOptions"] as? [[String: Any]] ?? [] {
                for config in option["regionalPricingAndAvailabilityConfigs"] as? [[String: Any]] ?? [] {
                    result.insert("\(product["productId"] ?? "")/\(option["purchaseOptionId"] ?? "")/\(config["regionCode"] ?? "")")
                }
            }
        }
        for product in object["subscriptions"] as? [[String: Any]] ?? [] {
            for plan in product["basePlans"] as? [[String: Any]] ?? [] {
                for config in plan["regionalConfigs"] as? [[String: Any]] ?? [] {
                    result.insert("\(product["productId"] ?? "")/\(plan["basePlanId"] ?? "")/\(config["regionCode"] ?? "")")
                }
            }
        }
        for offer in object["subscriptionOffers"] as? [[String: Any]] ?? [] {
            for config in offer["regionalConfigs"] as? [[String: Any]] ?? [] {
                result.insert(
                    "\(offer["productId"] ?? "")/\(offer["basePlanId"] ?? "")/\(offer["offerId"] ?? "")/\(config["regionCode"] ?? "")")
            }
        }
        return result
    }

    @Test(arguments: 1...24) func aRandomEditWritesOnlyItsStepsToItsProduct(seed: Int) async throws {
        var random = Generator(state: UInt64(seed))
        try await PlayFixture.run { fixture in
            var catalog = try TestCatalogs.load("catalogs/example.yaml")
            try await fixture.apply(catalog)
            let before = fixture.fake.snapshot(package: PlayFixture.packageName)
            let writesBefore = fixture.fake.writeLog.count
            let (index, what) = Self.edit(&catalog, &random)
            let playID = catalog.products[index].playProductID
            let plan = try await fixture.apply(catalog)
            let writes = fixture.fake.writeLog.dropFirst(writesBefore)
            #expect(writes.count == plan.steps.count, "seed \(seed): \(what)")
            #expect(writes.allSatisfy { $0.contains("/\(playID)") }, "seed \(seed): \(what): \(writes)")
            #expect(plan.steps.allSatisfy { $0.productID == playID })
            let after = fixture.fake.snapshot(package: PlayFixture.packageName)
            var (old, new) = (try Self.resources(before), try Self.resources(after))
            old[playID] = nil
            new[playID] = nil
            #expect(old == new, "seed \(seed): \(what)")
            #expect(try Self.regions(before).isSubset(of: Self.regions(after)), "seed \(seed): \(what)")
            #expect(try await fixture.plan(catalog).steps.map(\.summary) == [], "seed \(seed): \(what)")
        }
    }

    /// Generated edits (one to three) and a product besides: the plan scoped to what changed
    /// (`--changed-since`) and to that product (`--product`) holds exactly the full plan's steps for
    /// them, reading each by id rather than the app's lists.
    @Test(arguments: 1...12) func aScopedPlanHoldsTheFullPlansStepsForItsProducts(seed: Int) async throws {
        var random = Generator(state: UInt64(seed) &+ 1000)
        try await PlayFixture.run { fixture in
            let before = try TestCatalogs.load("catalogs/example.yaml")
            try await fixture.apply(before)
            var after = before
            var edited: Set<String> = []
            for _ in 0..<Int.random(in: 1...3, using: &random) { edited.insert(after.products[Self.edit(&after, &random).index].id) }
            var scope = SyncScope.changes(from: before, to: after)
            // An edit can undo an earlier one ("drops nothing", a state toggled twice).
            #expect(scope.products.isSubset(of: edited), "seed \(seed)")
            scope.products.insert(after.products.filter { $0.googlePlay != nil }.randomElement(using: &random)!.id)

            let engine = SyncEngine(PlayAdapter(api: fixture.client, packageName: PlayFixture.packageName))
            var count = fixture.client.requestCount
            let full = try await engine.plan(after, at: "catalog.yaml").plan
            let fullRequests = fixture.client.requestCount - count
            count = fixture.client.requestCount
            let scoped = try await engine.plan(after, at: "catalog.yaml", scope: scope).plan
            let scopedRequests = fixture.client.requestCount - count
            let playIDs = Set(after.products.filter { scope.products.contains($0.id) }.map(\.playProductID))
            let expected = full.steps.filter { playIDs.contains($0.productID) }
            #expect(scoped.steps.map(\.summary) == expected.map(\.summary), "seed \(seed)")
            #expect(full.steps.allSatisfy { playIDs.contains($0.productID) }, "seed \(seed): a step outside what changed")
            // The regions version, then two or three requests a product.
            #expect(scopedRequests <= 1 + 3 * playIDs.count, "seed \(seed): \(scopedRequests) requests for \(playIDs.count) products")
            #expect(fullRequests >= 4, "seed \(seed)")
        }
    }
}
