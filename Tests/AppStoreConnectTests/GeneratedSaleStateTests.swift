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

    /// An offer code of a one-time purchase App Store Connect holds without the catalog having
    /// made it (made in its web interface, or by an earlier catalog): given to the fake directly,
    /// so it may be inactive or have custom codes whatever the product's state.
    struct HeldOfferCode {
        var productID: String
        var name: String
        var eligibilities: [String]
        var prices: [String: String]
        var active: Bool
        var customCodes: [(code: String, count: Int, expirationDate: String?)]
    }

    /// A random catalog in every sale-state form; `held` gets offer codes of its one-time
    /// purchases for the store to hold beside the catalog's (see ``hold(_:in:)``). The offer codes
    /// come from a stream of their own, so the rest of the catalog is what it was without them.
    static func catalog(_ random: inout Random, held: inout [HeldOfferCode]) -> String {
        var codes = Random(state: random.state ^ 0x0FFE_C0DE_5EED_0001)
        let tag = String(random.state, radix: 36).uppercased()
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
            // One-time purchases are consumables and non-consumables, sometimes non-renewing subscriptions.
            let oneTime = subscription ? "" : random.pick(["consumable", "non-consumable"])
            yaml += "    type: \(subscription ? "auto-renewable" : codes.int(0...3) == 0 ? "non-renewing" : oneTime)\n"
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
            var own = [("USA", random.pick(prices))]
            for territory in ["DEU", "FRA"] where random.bool() { own.append((territory, random.pick(prices))) }
            let storefronts = own.map { "\($0.0): \"\($0.1)\"" }
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
            if !subscription {
                yaml += offerCodes(&codes, productID: id, index: index, own: own, tag: tag, held: &held)
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

    /// 0–2 offer codes of the one-time purchase `productID` (the `index`-th product, priced `own`):
    /// random eligibility, prices in some of its storefronts (its own price there or another of
    /// the ladder's), sometimes inactive, with 0–2 custom codes (`tag` and the indexes make them
    /// unique in the app). Half are the catalog's (returned as YAML: apply creates an active one,
    /// its custom codes waiting for approval; an inactive one is not created), half the store's
    /// alone (appended to `held`).
    static func offerCodes(
        _ random: inout Random, productID: String, index: Int, own: [(String, String)], tag: String, held: inout [HeldOfferCode]
    ) -> String {
        var entries: [String] = []
        for number in 0..<random.pick([0, 0, 1, 1, 2]) {
            let eligibility = random.subset(SpenderEligibility.allCases.map(\.rawValue))
            let priced = random.subset(own.map(\.0)).map { territory in
                (territory, random.bool() ? own.first { $0.0 == territory }!.1 : random.pick(prices))
            }
            let active = random.int(0...3) != 0
            let custom = (0..<random.int(0...2)).map { count in
                (
                    code: "S\(tag)P\(index)K\(number)C\(count)", count: random.int(1...1000),
                    expirationDate: random.bool() ? "2031-06-30" : nil
                )
            }
            if random.bool() {
                held.append(
                    HeldOfferCode(
                        productID: productID, name: "Held \(index) \(number)", eligibilities: eligibility.map { $0.uppercased() },
                        prices: Dictionary(uniqueKeysWithValues: priced), active: active, customCodes: custom))
                continue
            }
            var entry = "      - reference_name: Deal \(index) \(number)\n"
            entry += "        eligibility: [\(eligibility.joined(separator: ", "))]\n"
            entry += "        prices: { \(priced.map { "\($0.0): \"\($0.1)\"" }.joined(separator: ", ")) }\n"
            if !active { entry += "        active: false\n" }
            if !custom.isEmpty {
                entry += "        custom_codes:\n"
                for code in custom {
                    entry +=
                        "          - { code: \(code.code), count: \(code.count)\(code.expirationDate.map { ", expires: \($0)" } ?? "") }\n"
                }
            }
            entries.append(entry)
        }
        return entries.isEmpty ? "" : "    offer_codes:\n" + entries.joined()
    }

    /// Gives the fake the offer codes the store holds beside the catalog's.
    static func hold(_ codes: [HeldOfferCode], in session: FakeRoundTripTests.Session) {
        for code in codes {
            let id = session.fake.addInAppPurchaseOfferCode(
                app: FakeRoundTripTests.appID, productID: code.productID, name: code.name, eligibilities: code.eligibilities,
                prices: code.prices, active: code.active, customCodes: code.customCodes)
            #expect(id != nil, "the fake refused offer code \(code.name) of \(code.productID)")
        }
    }

    /// States App Review and time give a store: approval, removal from sale, review states.
    static func age(_ session: FakeRoundTripTests.Session, _ random: inout Random, products: [String]) {
        if random.bool() { session.fake.approveAll(app: FakeRoundTripTests.appID) }
        for id in products where random.int(0...3) == 0 {
            let state = random.pick(["DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE", "IN_REVIEW", "REJECTED", "READY_TO_SUBMIT"])
            session.fake.setProductState(app: FakeRoundTripTests.appID, productID: id, state: state)
        }
    }

    /// An edit of a pulled catalog's text: the edited text, the product it edits and, for an
    /// offer code of a one-time purchase, the one step its plan must hold (`verb mark summary`).
    struct Edit {
        var text: String
        var owner: String
        var expected: String?
    }

    /// What an edit needs of a one-time purchase's lines in a pulled catalog: its state in App
    /// Store Connect, the storefronts of its price, where its offer codes and localizations are.
    struct PurchaseLines {
        struct Code {
            var line: Int
            var name: String
            var active = true
            var customCodes: Int?
        }
        var id: String
        var oneTime = false
        var state = ""
        var storefronts: [String] = []
        var offerCodes: Int?
        var localizations: Int?
        var codes: [Code] = []
        private var inOfferCodes = false

        init(id: String) { self.id = id }

        mutating func read(_ line: String, at index: Int) {
            let indent = line.prefix { $0 == " " }.count
            if indent == 4 { inOfferCodes = false }
            if line.hasPrefix("    type: ") { oneTime = line != "    type: auto-renewable" }
            // A pulled product says its state unless it is APPROVED, which its status says.
            if line == "    status: approved", state.isEmpty { state = "APPROVED" }
            if line.hasPrefix("    store_state: ") { state = String(line.dropFirst(17)) }
            if line == "    localizations:" { localizations = index }
            if line == "    offer_codes:" { (offerCodes, inOfferCodes) = (index, true) }
            if indent == 8, !inOfferCodes, line.dropFirst(8).prefix(5).hasSuffix(": "), line.hasSuffix("\"") {
                storefronts.append(String(line.dropFirst(8).prefix(3)))
            }
            guard inOfferCodes else { return }
            if line.hasPrefix("      - reference_name: ") { codes.append(Code(line: index, name: String(line.dropFirst(24)))) }
            if line == "        active: false" { codes[codes.count - 1].active = false }
            if line == "        custom_codes:" { codes[codes.count - 1].customCodes = index }
        }

        /// Approved: App Store Connect makes custom codes for it.
        var approved: Bool { state == "APPROVED" }
        /// On sale or once on sale: turning an offer code off is `!`.
        var live: Bool { ["APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE"].contains(state) }
        var subject: String { "of in-app purchase \(id)" }

        /// A new offer code (with a custom code when the product is approved), a custom code
        /// added to an active one, an active one turned off; as (line, replacement, step).
        /// `room`: the app has fewer active offer codes of one-time purchases than App Store
        /// Connect allows (10), so a new one can be created.
        func candidates(_ lines: [String], room: Bool, _ random: inout Random) -> [(index: Int, replacement: String, expected: String)] {
            var found: [(index: Int, replacement: String, expected: String)] = []
            let mark = String(format: "%08X", UInt32(truncatingIfNeeded: random.next()))
            let custom = (code: "E\(mark)", count: random.int(1...5000), expires: random.bool() ? "2031-06-30" : nil)
            let customFlow = "{ code: \(custom.code), count: \(custom.count)\(custom.expires.map { ", expires: \($0)" } ?? "") }"
            let customSummary = "\(custom.code) (\(custom.count)\(custom.expires.map { " until \($0)" } ?? ""))"
            // New custom codes make an offer's price redeemable at once: `!` on a live product
            // (custom codes are made only for an approved one, so always live).
            let redeemable = live ? "!" : "+"
            // A new offer code, in some of the product's storefronts.
            if room, let at = offerCodes ?? localizations, !storefronts.isEmpty {
                let name = "New \(mark.lowercased())"
                let eligibility = random.subset(SpenderEligibility.allCases.map(\.rawValue))
                let priced = random.subset(storefronts).map { ($0, random.pick(prices)) }
                var entry = "      - reference_name: \(name)\n        eligibility: [\(eligibility.joined(separator: ", "))]\n"
                entry += "        prices: { \(priced.map { "\($0.0): \"\($0.1)\"" }.joined(separator: ", ")) }"
                if approved { entry += "\n        custom_codes: [\(customFlow)]" }
                let replacement = offerCodes == nil ? "    offer_codes:\n\(entry)\n\(lines[at])" : "\(lines[at])\n\(entry)"
                let terms = priced.map { "\($0.0) at \($0.1)" }.joined(separator: ", ")
                found.append(
                    (
                        at, replacement,
                        "create-offer-code \(approved ? redeemable : "+") create offer code \"\(name)\" \(subject): \(terms), "
                            + "for \(eligibility.joined(separator: "/")) customers"
                            + (approved ? ", with custom codes \(customSummary)" : "")
                    ))
            }
            for code in codes where code.active {
                if approved {
                    let replacement =
                        code.customCodes.map { "\(lines[$0])\n          - \(customFlow)" }
                        ?? "\(lines[code.line])\n        custom_codes:\n          - \(customFlow)"
                    found.append(
                        (
                            code.customCodes ?? code.line, replacement,
                            "create-custom-codes \(redeemable) create custom codes of offer code \"\(code.name)\" \(subject): "
                                + customSummary
                        ))
                }
                found.append(
                    (
                        code.line, "\(lines[code.line])\n        active: false",
                        "deactivate-offer-code \(live ? "!" : "-") deactivate offer code \"\(code.name)\" \(subject): "
                            + "customers can no longer redeem it, and App Store Connect cannot activate it again"
                    ))
            }
            return found
        }
    }

    /// Whether an edit is of a one-time purchase's offer code.
    enum OfferCodeEdit {
        /// A third of the time, when the catalog has one.
        case sometimes
        /// Never.
        case never
        /// Of this kind (`create-offer-code`, `create-custom-codes`, `deactivate-offer-code`), or
        /// else of another, when the catalog has one.
        case kind(String)
    }

    /// One random edit of one product of a pulled catalog's text: a price, a territory, an offer,
    /// a promotion, an offer code, a win-back offer, multiseat or its markets; of a one-time
    /// purchase's offer codes (as `offerCode` says), a new one, a new custom code of an active one
    /// (the product approved: App Store Connect makes custom codes only then) or an active one
    /// turned off.
    static func edit(_ yaml: String, _ random: inout Random, offerCode: OfferCodeEdit = .sometimes) -> Edit? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var owner: String?
        var shared = false
        var candidates: [(index: Int, owner: String, replacement: String, expected: String?)] = []
        var purchases: [PurchaseLines] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("  - id: ") {
                (owner, shared) = (String(line.dropFirst(8)), false)
                purchases.append(PurchaseLines(id: String(line.dropFirst(8))))
            }
            guard let owner else { continue }
            purchases[purchases.count - 1].read(line, at: index)
            if line == "    family_sharing: true" { shared = true }
            // Multiseat on or off (not on beside Family Sharing, which turns it off), markets added or dropped.
            if line == "        enabled: false" && !shared { candidates.append((index, owner, "        enabled: true", nil)) }
            if line == "        enabled: true" { candidates.append((index, owner, "        enabled: false", nil)) }
            if line.hasPrefix("        markets: [") {
                let every = "        markets: [app_store, apple_business, apple_school]"
                candidates.append((index, owner, line == every ? "        markets: [app_store]" : every, nil))
            }
            if line.hasPrefix("        USA: \"") {
                let next = prices.first { !line.contains("\"\($0)\"") }!
                candidates.append((index, owner, "        USA: \"\(next)\"", nil))
            }
            if line.hasPrefix("      territories: [") && line.contains("USA") == false {
                candidates.append((index, owner, line.replacingOccurrences(of: "territories: [", with: "territories: [USA, "), nil))
            }
            if line.hasPrefix("      available_in_new_territories: ") {
                let flipped = line.hasSuffix("true") ? "false" : "true"
                candidates.append((index, owner, "      available_in_new_territories: \(flipped)", nil))
            }
            if line.hasPrefix("      free_trial_duration: P1W") {
                candidates.append((index, owner, "      free_trial_duration: P1M", nil))
            }
            if line.hasPrefix("      visible: ") {
                candidates.append((index, owner, "      visible: \(line.hasSuffix("true") ? "false" : "true")", nil))
            }
            if line == "          active: true" {
                candidates.append((index, owner, "          active: false", nil))
            }
            if line == "          start_date: 2027-01-01" {
                candidates.append((index, owner, line + "\n          end_date: 2027-06-01", nil))
            }
        }
        // Offer codes of one-time purchases as asked, each kind (a new offer code, a new custom
        // code, one turned off) alike unless one is asked for.
        var kinds: [String: [(index: Int, owner: String, replacement: String, expected: String?)]] = [:]
        let active = purchases.filter(\.oneTime).flatMap(\.codes).filter(\.active).count
        for purchase in purchases where purchase.oneTime {
            for found in purchase.candidates(lines, room: active < 10, &random) {
                kinds[String(found.expected.prefix { $0 != " " }), default: []].append(
                    (found.index, purchase.id, found.replacement, found.expected))
            }
        }
        var wanted: String?
        switch offerCode {
        case .never: kinds = [:]
        case .sometimes: break
        case .kind(let kind): wanted = kind
        }
        guard !candidates.isEmpty || !kinds.isEmpty else { return nil }
        let chosen: (index: Int, owner: String, replacement: String, expected: String?)
        if !kinds.isEmpty, wanted != nil || candidates.isEmpty || random.int(0...2) == 0 {
            let kind = wanted.flatMap { kinds[$0] == nil ? nil : $0 } ?? random.pick(kinds.keys.sorted())
            chosen = random.pick(kinds[kind]!)
        } else {
            chosen = random.pick(candidates)
        }
        var edited = lines
        edited[chosen.index] = chosen.replacement
        return Edit(text: edited.joined(separator: "\n"), owner: chosen.owner, expected: chosen.expected)
    }

    @Test(arguments: 1...12) func randomStoresPullToAnEmptyPlanAndOneEditTouchesOneProduct(seed: UInt64) async throws {
        var random = Random(state: seed)
        var held: [HeldOfferCode] = []
        let yaml = Self.catalog(&random, held: &held)
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let desired = try SaleStateRoundTripTests.desired(yaml)
        #expect(try await session.apply(desired) == nil, "seed \(seed)\n\(yaml)")
        Self.age(session, &random, products: desired.products.map(\.productID))
        Self.hold(held, in: session)

        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", defaultLocale: "en-US")
        let pulled = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        try Self.checkOfferCodes(session, catalog: yaml, held: held, pulled: pulled, seed: seed)
        let plan = ConnectPlanner(today: FakeRoundTripTests.today).plan(try SaleStateRoundTripTests.desired(pulled), against: remote)
        #expect(plan.steps.map(\.summary) == [], "seed \(seed)\n\(yaml)\npulled:\n\(pulled)")
        #expect(plan.notDone.map(\.message) == [], "seed \(seed)\n\(yaml)\npulled:\n\(pulled)")
        session.fake.resetRequestLog()
        #expect(try await session.apply(try SaleStateRoundTripTests.desired(pulled)) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.count == 0, "seed \(seed)")

        // Even seeds edit an offer code of a one-time purchase, each kind in turn; odd ones the rest.
        let kinds = ["create-offer-code", "create-custom-codes", "deactivate-offer-code"]
        let kind: OfferCodeEdit = seed % 2 == 0 ? .kind(kinds[Int(seed / 2) % 3]) : .never
        guard let edit = Self.edit(pulled, &random, offerCode: kind) else { return }
        let (edited, owner) = (edit.text, edit.owner)
        let editedState = try SaleStateRoundTripTests.desired(edited)
        let (editPlan, _) = try await session.plan(editedState)
        #expect(!editPlan.steps.isEmpty, "seed \(seed): the edit of \(owner) planned nothing")
        #expect(editPlan.steps.allSatisfy { $0.owner.key == owner }, "seed \(seed): \(editPlan.steps.map(\.summary))")
        if let expected = edit.expected {
            // An offer code's edit is one step, exactly this one, and nothing left to say.
            #expect(editPlan.steps.map { "\($0.verb) \($0.impact.rawValue) \($0.summary)" } == [expected], "seed \(seed)\n\(edited)")
            #expect(editPlan.notDone.map(\.message) == [], "seed \(seed)\n\(edited)")
        }
        let offerCodes = { (id: String) in session.fake.inAppPurchaseOfferCodes(app: FakeRoundTripTests.appID, productID: id) }
        let others = desired.products.map(\.productID).filter { $0 != owner }
        let (othersBefore, ownBefore) = (others.map(offerCodes), offerCodes(owner))
        #expect(try await session.apply(editedState) == nil, "seed \(seed)")
        #expect(others.map(offerCodes) == othersBefore, "seed \(seed): the edit of \(owner) changed another product's offer codes")
        if edit.expected != nil { #expect(offerCodes(owner) != ownBefore, "seed \(seed): the offer code edit of \(owner) wrote nothing") }
        let after = try await session.plan(editedState).0
        #expect(after.steps.map(\.summary) == [], "seed \(seed)\n\(edited)")
        if edit.expected != nil { #expect(after.notDone.map(\.message) == [], "seed \(seed)\n\(edited)") }
    }

    /// The store holds the catalog's active offer codes, as the catalog prices them, without
    /// custom codes (the products were new, so not approved, when the catalog was applied), and
    /// the held ones; the pulled catalog says each as the store holds it.
    static func checkOfferCodes(
        _ session: FakeRoundTripTests.Session, catalog yaml: String, held: [HeldOfferCode], pulled: String, seed: UInt64
    ) throws {
        let catalog = try #require(CatalogLoader().load(Array(yaml.utf8), file: "catalog.yaml").catalog)
        for product in catalog.products where product.type != .autoRenewable {
            let stored = session.fake.inAppPurchaseOfferCodes(app: FakeRoundTripTests.appID, productID: product.id)
            let created = product.appStore.offerCodes.filter { $0.active != false }
            let kept = held.filter { $0.productID == product.id }
            #expect(
                stored.map(\.name).sorted() == (created.map(\.referenceName) + kept.map(\.name)).sorted(), "seed \(seed): \(product.id)")
            for code in created {
                let store = stored.first { $0.name == code.referenceName }
                #expect(store?.customerEligibilities == code.eligibility.map(\.apiName), "seed \(seed): \(code.referenceName)")
                #expect(store?.prices == Dictionary(uniqueKeysWithValues: code.prices.map { ($0.storefront, $0.amount) }), "seed \(seed)")
                #expect(store?.active == true && store?.customCodes == [], "seed \(seed): \(code.referenceName)")
            }
            for code in stored {
                #expect(pulled.contains(pulledEntry(code)), "seed \(seed): \(product.id)\n\(pulledEntry(code))\npulled:\n\(pulled)")
            }
        }
    }

    /// How a pulled catalog writes an offer code the store holds: eligibility in the format's
    /// order, the U.S. price first, `active: false` when it is off, custom codes by code.
    static func pulledEntry(_ code: FakeInAppPurchaseOfferCode) -> String {
        let eligibility = SpenderEligibility.allCases.filter { code.customerEligibilities.contains($0.apiName) }.map(\.rawValue)
        let territories = code.prices.keys.sorted { ($0 == "USA" ? "" : $0) < ($1 == "USA" ? "" : $1) }
        var entry = "      - reference_name: \(code.name)\n        eligibility: [\(eligibility.joined(separator: ", "))]\n"
        entry += "        prices:\n" + territories.map { "          \($0): \"\(code.prices[$0]!)\"\n" }.joined()
        if !code.active { entry += "        active: false\n" }
        if !code.customCodes.isEmpty { entry += "        custom_codes:\n" }
        for custom in code.customCodes.sorted(by: { $0.code < $1.code }) {
            let expires = custom.expirationDate.map { ", expires: \($0)" } ?? ""
            entry +=
                "          - { code: \(custom.code), count: \(custom.numberOfCodes)\(expires)\(custom.active ? "" : ", active: false") }\n"
        }
        return entry
    }

    /// Random stores, random edits (one to three), and a random product besides: the plan scoped
    /// to what changed since the pulled catalog (`--changed-since`) and to the extra product
    /// (`--product`) holds exactly the steps the full plan holds for them, and reads less.
    @Test(arguments: 1...8) func aScopedPlanHoldsTheFullPlansStepsForItsProducts(seed: UInt64) async throws {
        var random = Random(state: seed &+ 1000)
        var held: [HeldOfferCode] = []
        let yaml = Self.catalog(&random, held: &held)
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let desired = try SaleStateRoundTripTests.desired(yaml)
        #expect(try await session.apply(desired) == nil, "seed \(seed)\n\(yaml)")
        Self.age(session, &random, products: desired.products.map(\.productID))
        Self.hold(held, in: session)
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", appleID: FakeRoundTripTests.appID, defaultLocale: "en-US")
        let pulled = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        try Self.checkOfferCodes(session, catalog: yaml, held: held, pulled: pulled, seed: seed)
        var edited = pulled
        var owners: Set<String> = []
        for _ in 0..<random.int(1...3) {
            guard let edit = Self.edit(edited, &random) else { break }
            (edited, owners) = (edit.text, owners.union([edit.owner]))
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
