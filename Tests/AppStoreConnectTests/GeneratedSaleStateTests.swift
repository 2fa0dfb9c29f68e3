import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import AppStoreConnect

/// Random store states → pull → plan is empty and apply writes nothing; one random edit → plan
/// and apply touch only the edited product, and plan is empty afterwards.
@Suite(.serialized) struct GeneratedSaleStateTests {
    /// A small deterministic generator (SplitMix64), so that a failing seed can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
        mutating func bool() -> Bool { next() & 1 == 1 }
        mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
        mutating func subset(_ items: [String], atLeast: Int = 1) -> [String] {
            let chosen = items.filter { _ in bool() }
            return chosen.count >= atLeast ? chosen : Array(items.prefix(atLeast))
        }
    }

    static let territories = FakeAppStoreConnect.defaultTerritories.sorted()
    /// Prices every fake ladder has in these territories (the U.S. ladder's numbers).
    static let prices = ["0.99", "1.99", "2.99", "4.99", "9.99", "19.99"]
    static let sameNumberTerritories = ["DEU", "FRA", "USA"]

    /// A random catalog in every sale-state form.
    static func catalog(_ random: inout Random) -> String {
        var yaml = """
            format_version: 1
            app: { bundle_id: com.example.cosmicquest, default_locale: en-US }
            subscription_groups:
              - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }
            products:

            """
        var rank = 0
        var promoted = 0
        for index in 0..<random.int(2...5) {
            let subscription = random.bool()
            let id = "com.example.p\(index)"
            yaml += "  - id: \(id)\n"
            yaml += "    type: \(subscription ? "auto-renewable" : random.pick(["consumable", "non-consumable"]))\n"
            yaml += "    reference_name: Product \(index)\n"
            yaml += "    localizations: { en-US: { display_name: P\(index) } }\n"
            switch random.int(0...4) {
            case 0: break
            case 1: yaml += "    cleared_for_sale: false\n"
            case 4: yaml += "    availability: { territories: all, available_in_new_territories: false }\n"
            case 2:
                let except = random.subset(territories.filter { $0 != "USA" })
                yaml += "    availability: { territories: all, except: [\(except.joined(separator: ", "))], "
                yaml += "available_in_new_territories: \(random.bool()) }\n"
            default:
                let only = random.subset(territories)
                yaml += "    availability: { territories: [\(only.joined(separator: ", "))], available_in_new_territories: false }\n"
            }
            var storefronts = ["USA: \"\(random.pick(prices))\""]
            for territory in ["DEU", "FRA"] where random.bool() { storefronts.append("\(territory): \"\(random.pick(prices))\"") }
            yaml += "    price:\n      storefronts: { \(storefronts.joined(separator: ", ")) }\n"
            var changes: [String] = []
            for territory in sameNumberTerritories where random.int(0...2) == 0 {
                let start = "2027-0\(random.int(1...4))-01"
                let end = !subscription && random.bool() ? ", end_date: 2027-0\(random.int(5...8))-01" : ""
                changes.append("{ storefront: \(territory), price: \"\(random.pick(prices))\", start_date: \(start)\(end) }")
            }
            if !changes.isEmpty { yaml += "      changes:\n" + changes.map { "        - \($0)\n" }.joined() }
            if random.int(0...2) == 0 {
                promoted += 1
                yaml += "    promotion: { visible: \(random.bool()), order: \(promoted) }\n"
            }
            // Family Sharing turns multiseat off; some subscriptions leave multiseat unsaid.
            let shared = subscription && random.int(0...3) == 0
            if shared { yaml += "    family_sharing: true\n" }
            if subscription {
                rank += 1
                yaml += "    subscription:\n      group: premium\n      duration: \(random.pick(["P1M", "P1Y"]))\n      rank: \(rank)\n"
                switch random.int(0...3) {
                case 0: break
                case 1: yaml += "      multiseat: { enabled: false }\n"
                default:
                    let markets = random.subset(["app_store", "apple_business", "apple_school"])
                    yaml +=
                        shared
                        ? "      multiseat: { enabled: false }\n"
                        : "      multiseat: { enabled: true, markets: [\(markets.joined(separator: ", "))] }\n"
                }
                switch random.int(0...2) {
                case 0: break
                case 1: yaml += "      free_trial_duration: \(random.pick(["P1W", "P1M"]))\n"
                default:
                    let trial = random.subset(territories.filter { $0 != "USA" })
                    yaml += "      introductory_offers:\n"
                    yaml += "        - { mode: free-trial, duration: P1W, territories: [\(trial.joined(separator: ", "))] }\n"
                    yaml += "        - { mode: pay-as-you-go, duration: P1M, periods: \(random.int(1...3)), "
                    yaml += "prices: { USA: \"\(random.pick(prices))\" }, end_date: 2027-02-01 }\n"
                    if random.bool() {
                        yaml += "        - { mode: pay-up-front, duration: P3M, prices: { USA: \"\(random.pick(prices))\" }, "
                        yaml += "start_date: 2027-02-01 }\n"
                    }
                }
                if random.bool() {
                    yaml += "      promotional_offers:\n        - { id: p\(index)_offer, reference_name: Offer \(index), "
                    yaml += "mode: pay-as-you-go, duration: P1M, periods: 2, prices: { USA: \"\(random.pick(prices))\" } }\n"
                }
                if random.bool() {
                    yaml += "      offer_codes:\n        - { reference_name: Code \(index), mode: free-trial, duration: P1M, "
                    yaml += "eligibility: [new], stackable: false }\n"
                }
                if random.bool() {
                    yaml += "      win_back_offers:\n        - { id: p\(index)_back, reference_name: Back \(index), mode: free-trial, "
                    yaml += "duration: P1W, paid_months: 3, lapsed_months: { min: 1 }, start_date: 2027-01-01, priority: normal }\n"
                }
            }
        }
        return yaml
    }

    /// States App Review and time give a store: approval, removal from sale, review states.
    static func age(_ session: FakeRoundTripTests.Session, _ random: inout Random, products: [String]) {
        if random.bool() { session.fake.approveAll(app: FakeRoundTripTests.appID) }
        for id in products where random.int(0...3) == 0 {
            let state = random.pick(["DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE", "IN_REVIEW", "REJECTED", "READY_TO_SUBMIT"])
            session.fake.setProductState(app: FakeRoundTripTests.appID, productID: id, state: state)
        }
    }

    /// One random edit of one product of a pulled catalog's text: a price, a territory, an offer,
    /// a promotion, an offer code, a win-back offer, multiseat or its markets.
    static func edit(_ yaml: String, _ random: inout Random) -> (String, String)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var owner: String?
        var shared = false
        var candidates: [(index: Int, owner: String, replacement: String)] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("  - id: ") { (owner, shared) = (String(line.dropFirst(8)), false) }
            guard let owner else { continue }
            if line == "    family_sharing: true" { shared = true }
            // Multiseat on or off (not on beside Family Sharing, which turns it off), markets added or dropped.
            if line == "        enabled: false" && !shared { candidates.append((index, owner, "        enabled: true")) }
            if line == "        enabled: true" { candidates.append((index, owner, "        enabled: false")) }
            if line.hasPrefix("        markets: [") {
                let every = "        markets: [app_store, apple_business, apple_school]"
                candidates.append((index, owner, line == every ? "        markets: [app_store]" : every))
            }
            if line.hasPrefix("        USA: \"") {
                let next = prices.first { !line.contains("\"\($0)\"") }!
                candidates.append((index, owner, "        USA: \"\(next)\""))
            }
            if line.hasPrefix("      territories: [") && line.contains("USA") == false {
                candidates.append((index, owner, line.replacingOccurrences(of: "territories: [", with: "territories: [USA, ")))
            }
            if line.hasPrefix("      available_in_new_territories: ") {
                let flipped = line.hasSuffix("true") ? "false" : "true"
                candidates.append((index, owner, "      available_in_new_territories: \(flipped)"))
            }
            if line.hasPrefix("      free_trial_duration: P1W") {
                candidates.append((index, owner, "      free_trial_duration: P1M"))
            }
            if line.hasPrefix("      visible: ") {
                candidates.append((index, owner, "      visible: \(line.hasSuffix("true") ? "false" : "true")"))
            }
            if line == "          active: true" {
                candidates.append((index, owner, "          active: false"))
            }
            if line == "          start_date: 2027-01-01" {
                candidates.append((index, owner, line + "\n          end_date: 2027-06-01"))
            }
        }
        guard !candidates.isEmpty else { return nil }
        let chosen = random.pick(candidates)
        var edited = lines
        edited[chosen.index] = chosen.replacement
        return (edited.joined(separator: "\n"), chosen.owner)
    }

    @Test(arguments: 1...12) func randomStoresPullToAnEmptyPlanAndOneEditTouchesOneProduct(seed: UInt64) async throws {
        var random = Random(state: seed)
        let yaml = Self.catalog(&random)
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let desired = try SaleStateRoundTripTests.desired(yaml)
        #expect(try await session.apply(desired) == nil, "seed \(seed)\n\(yaml)")
        Self.age(session, &random, products: desired.products.map(\.productID))

        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", defaultLocale: "en-US")
        let pulled = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        let plan = ConnectPlanner(today: FakeRoundTripTests.today).plan(try SaleStateRoundTripTests.desired(pulled), against: remote)
        #expect(plan.steps.map(\.summary) == [], "seed \(seed)\n\(yaml)\npulled:\n\(pulled)")
        #expect(plan.notDone.map(\.message) == [], "seed \(seed)\n\(yaml)\npulled:\n\(pulled)")
        session.fake.resetRequestLog()
        #expect(try await session.apply(try SaleStateRoundTripTests.desired(pulled)) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.count == 0, "seed \(seed)")

        guard let (edited, owner) = Self.edit(pulled, &random) else { return }
        let editedState = try SaleStateRoundTripTests.desired(edited)
        let (editPlan, _) = try await session.plan(editedState)
        #expect(!editPlan.steps.isEmpty, "seed \(seed): the edit of \(owner) planned nothing")
        #expect(editPlan.steps.allSatisfy { $0.owner.key == owner }, "seed \(seed): \(editPlan.steps.map(\.summary))")
        #expect(try await session.apply(editedState) == nil, "seed \(seed)")
        #expect(try await session.plan(editedState).0.steps.map(\.summary) == [], "seed \(seed)\n\(edited)")
    }

    /// Random stores, random edits (one to three), and a random product besides: the plan scoped
    /// to what changed since the pulled catalog (`--changed-since`) and to the extra product
    /// (`--product`) holds exactly the steps the full plan holds for them, and reads less.
    @Test(arguments: 1...8) func aScopedPlanHoldsTheFullPlansStepsForItsProducts(seed: UInt64) async throws {
        var random = Random(state: seed &+ 1000)
        let yaml = Self.catalog(&random)
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let desired = try SaleStateRoundTripTests.desired(yaml)
        #expect(try await session.apply(desired) == nil, "seed \(seed)\n\(yaml)")
        Self.age(session, &random, products: desired.products.map(\.productID))
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", appleID: FakeRoundTripTests.appID, defaultLocale: "en-US")
        let pulled = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        var edited = pulled
        var owners: Set<String> = []
        for _ in 0..<random.int(1...3) {
            guard let (text, owner) = Self.edit(edited, &random) else { break }
            (edited, owners) = (text, owners.union([owner]))
        }
        func load(_ text: String) throws -> Catalog {
            try #require(CatalogLoader().load(Array(text.utf8), file: "catalog.yaml").catalog)
        }
        let (before, after) = (try load(pulled), try load(edited))
        var scope = SyncScope.changes(from: before, to: after)
        // An edit can undo an earlier one: what changed is among what was edited.
        #expect(scope.products.isSubset(of: owners), "seed \(seed)")
        let unchanged = owners.subtracting(scope.products)
        scope.products.insert(random.pick(after.products.map(\.id)))

        let engine = SyncEngine(ConnectAdapter(api: session.client, today: FakeRoundTripTests.today))
        session.fake.resetRequestLog()
        let full = try await engine.plan(after, at: "catalog.yaml").plan
        let fullRequests = session.fake.requests.count
        session.fake.resetRequestLog()
        let scoped = try await engine.plan(after, at: "catalog.yaml", scope: scope).plan
        let scopedRequests = session.fake.requests.count
        let groups = Set(scope.restrict(after).subscriptionGroups.map(\.id))
        let expected = full.steps.filter { step in
            switch step.owner {
            case .group(let key): groups.contains(key)
            default: scope.products.contains(step.owner.key)
            }
        }
        #expect(scoped.steps.map(\.summary) == expected.map(\.summary), "seed \(seed)\n\(edited)")
        // An edited product left out of the scope (its edit undone) has no step in the full plan either.
        #expect(!full.steps.contains { unchanged.subtracting(scope.products).contains($0.owner.key) }, "seed \(seed)")
        #expect(scoped.errors == full.errors.filter { scope.products.contains($0.resource) }, "seed \(seed)")
        #expect(scopedRequests <= fullRequests, "seed \(seed): scoped \(scopedRequests), full \(fullRequests)")
    }
}
