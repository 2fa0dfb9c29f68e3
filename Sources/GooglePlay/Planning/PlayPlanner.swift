import IAPCatalog

/// Compares the catalog's Google Play products with what Play holds and lists the steps that bring
/// Play to the catalog (``PlayTarget``): creations, complete-list updates, offers, and activations
/// and deactivations as steps of their own. Every step that changes what customers pay or where a
/// live product is sold is marked `!`.
package struct PlayPlanner: Sendable {
    /// The regions version every write sends.
    package var regionsVersion: String

    /// A planner.
    package init(regionsVersion: String) {
        self.regionsVersion = regionsVersion
    }

    /// The plan for `catalog` against `remote`.
    package func plan(_ catalog: Catalog, against remote: PlayRemoteState) -> PlayPlan {
        var plan = PlayPlan(regionsVersion: regionsVersion)
        var states: [PlayStep] = []
        var deactivations: [PlayStep] = []
        var named: Set<String> = []
        for product in catalog.products where product.isSold(on: .googlePlay) && product.googlePlay != nil {
            let desired = PlayProduct(catalog: product)
            named.insert(desired.productID)
            guard product.status != .removed else {
                plan.notDone.append(
                    PlanNote(
                        resource: desired.productID,
                        message: "is removed in the catalog; iapcat never deletes on Google Play (set active: false to stop sales)"))
                continue
            }
            let json = desired.kind == .oneTime ? remote.oneTimeProduct(desired.productID) : remote.subscription(desired.productID)
            let other = desired.kind == .oneTime ? remote.subscription(desired.productID) : remote.oneTimeProduct(desired.productID)
            if json == nil, other != nil {
                plan.errors.append(
                    PlanNote(
                        resource: desired.productID,
                        message:
                            "is a \(desired.kind == .oneTime ? "subscription" : "one-time product") on Google Play; a product's type never changes"
                    ))
                continue
            }
            var decoder = PlayResourceDecoder()
            let offers = json == nil ? [] : remote.offers(of: desired.productID)
            let current = json.flatMap { PlayProduct(remote: $0, kind: desired.kind, offers: offers, decoder: &decoder) }
            let target = PlayTarget(desired: desired, current: current)
            for note in decoder.notes + target.notes { plan.notDone.append(PlanNote(resource: desired.productID, message: note)) }
            var diff = ProductDiff(target: target.product, current: current, json: json, offers: offers, regionsVersion: regionsVersion)
            diff.run()
            plan.steps += diff.steps
            plan.errors += diff.errors.map { PlanNote(resource: desired.productID, message: $0) }
            states += diff.activations
            deactivations += diff.deactivations
        }
        // Activations after every creation and update; offers after their base plans; deactivations last.
        plan.steps += states.filter { !Self.isOffer($0) } + states.filter(Self.isOffer) + deactivations
        for json in remote.oneTimeProducts + remote.subscriptions {
            guard let id = json["productId"]?.string, !named.contains(id) else { continue }
            plan.notDone.append(
                PlanNote(resource: id, message: "is on Google Play but not in the catalog: left as it is (iapcat never deletes)"))
        }
        return plan
    }

    private static func isOffer(_ step: PlayStep) -> Bool {
        if case .setOfferState = step.action { return true }
        return false
    }
}

/// The steps for one product: what differs between Play's current state and the target.
private struct ProductDiff {
    let target: PlayProduct
    let current: PlayProduct?
    let json: JSONValue?
    let offers: [JSONValue]
    /// The regions version: the currency of each region's prices.
    let regionsVersion: String
    var steps: [PlayStep] = []
    var activations: [PlayStep] = []
    var deactivations: [PlayStep] = []
    /// Ids the catalog names that Play holds in a form iapcat cannot read (nothing is written for them).
    var errors: [String] = []

    init(target: PlayProduct, current: PlayProduct?, json: JSONValue?, offers: [JSONValue], regionsVersion: String) {
        self.target = target
        self.current = current
        self.json = json
        self.offers = offers
        self.regionsVersion = regionsVersion
    }

    private func step(_ action: PlayStep.Action, _ impact: PlanImpact) -> PlayStep {
        PlayStep(target.productID, target.kind, action, impact: impact, regionsVersion: regionsVersion)
    }

    mutating func run() {
        guard let current else { return create() }
        var lines = Lines(regionsVersion: regionsVersion)
        lines.listings(current.listings, target.listings)
        switch target.kind {
        case .oneTime:
            for option in target.purchaseOptions {
                let state = Self.state(of: json?["purchaseOptions"], id: option.id, key: "purchaseOptionId")
                guard let have = current.purchaseOptions.first(where: { $0.id == option.id }) else {
                    if state != nil {
                        errors.append(
                            "purchase option \(option.id) is on Google Play in a form iapcat cannot read (see the notes); give the catalog's option another id"
                        )
                        continue
                    }
                    lines.add(
                        "adds purchase option \(option.id) (\(option.kind.rawValue)) in \(PlayStep.regions(option.regions, regionsVersion: regionsVersion))",
                        .create)
                    // A new way to buy a product on sale changes what its customers can pay.
                    if option.active { activations.append(step(.setPurchaseOptionState(optionID: option.id, active: true), liveMark)) }
                    continue
                }
                lines.option(have, option, live: state != "DRAFT")
                stateSteps(active: option.active, state: state) { .setPurchaseOptionState(optionID: option.id, active: $0) }
            }
            if !lines.items.isEmpty { steps.append(step(.updateOneTimeProduct(target, changes: lines.texts), lines.impact)) }
        case .subscription:
            for plan in target.basePlans {
                let state = Self.state(of: json?["basePlans"], id: plan.id, key: "basePlanId")
                if let have = current.basePlans.first(where: { $0.id == plan.id }) {
                    lines.basePlan(have, plan, live: state != "DRAFT")
                    stateSteps(active: plan.active, state: state) { .setBasePlanState(basePlanID: plan.id, active: $0) }
                } else {
                    lines.add(
                        "adds base plan \(plan.id) (\(plan.kind.rawValue), \(plan.period ?? "")) in \(PlayStep.regions(plan.regions, regionsVersion: regionsVersion))",
                        .create)
                    if plan.active { activations.append(step(.setBasePlanState(basePlanID: plan.id, active: true), .create)) }
                }
            }
            if !lines.items.isEmpty { steps.append(step(.updateSubscription(target, changes: lines.texts), lines.impact)) }
            for plan in target.basePlans { offerSteps(of: plan, current: current.basePlans.first { $0.id == plan.id }) }
        }
    }

    private mutating func create() {
        switch target.kind {
        case .oneTime:
            steps.append(step(.createOneTimeProduct(target), .create))
            for option in target.purchaseOptions where option.active {
                activations.append(step(.setPurchaseOptionState(optionID: option.id, active: true), .create))
            }
        case .subscription:
            steps.append(step(.createSubscription(target), .create))
            for plan in target.basePlans {
                if plan.active { activations.append(step(.setBasePlanState(basePlanID: plan.id, active: true), .create)) }
                offerSteps(of: plan, current: nil)
            }
        }
    }

    private mutating func offerSteps(of plan: PlayBasePlan, current: PlayBasePlan?) {
        for offer in plan.offers {
            let state = offers.first { $0["basePlanId"]?.string == plan.id && $0["offerId"]?.string == offer.id }?["state"]?.string
            let inNew = target.offersInNewRegions.contains(PlayProduct.key(plan.id, offer.id))
            guard let have = current?.offers.first(where: { $0.id == offer.id }) else {
                // An offer Play has but the catalog cannot express is not in `current`: never re-created.
                guard state == nil, !offers.contains(where: { $0["basePlanId"]?.string == plan.id && $0["offerId"]?.string == offer.id })
                else {
                    errors.append(
                        "offer \(offer.id) of base plan \(plan.id) is on Google Play in a form iapcat cannot read (see the notes); give the catalog's offer another id"
                    )
                    continue
                }
                steps.append(step(.createOffer(basePlanID: plan.id, offer, plan: plan, newRegions: inNew), .create))
                // An offer on a plan on sale changes what its customers pay.
                let planState = Self.state(of: json?["basePlans"], id: plan.id, key: "basePlanId")
                let mark: PlanImpact = planState == nil || planState == "DRAFT" ? .create : .customers
                if offer.active { activations.append(step(.setOfferState(basePlanID: plan.id, offerID: offer.id, active: true), mark)) }
                continue
            }
            var lines = Lines(regionsVersion: regionsVersion)
            lines.offer(have, offer, live: state != "DRAFT")
            let heldInNew = self.current.map { $0.offersInNewRegions.contains(PlayProduct.key(plan.id, offer.id)) } ?? false
            if heldInNew != inNew {
                lines.add("runs in regions Play adds later: \(heldInNew) → \(inNew)", state != "DRAFT" ? .customers : .change)
            }
            if !lines.items.isEmpty {
                steps.append(
                    step(.updateOffer(basePlanID: plan.id, offer, plan: plan, newRegions: inNew, changes: lines.texts), lines.impact))
            }
            stateSteps(active: offer.active, state: state) { .setOfferState(basePlanID: plan.id, offerID: offer.id, active: $0) }
        }
    }

    /// Activation (`+` from draft, `!` from inactive) or deactivation (`!`) when the state differs.
    private mutating func stateSteps(active: Bool, state: String?, _ action: (Bool) -> PlayStep.Action) {
        let isActive = state == "ACTIVE"
        guard active != isActive else { return }
        if active {
            activations.append(step(action(true), state == "DRAFT" ? .create : .customers))
        } else if state != "DRAFT" {
            // A draft never sold: nothing to deactivate.
            deactivations.append(step(action(false), .customers))
        }
    }

    /// `!` when Play has sold any of the product (an option or plan not in draft), `+` otherwise:
    /// the mark of activating something new in it.
    private var liveMark: PlanImpact {
        let items = (json?["purchaseOptions"]?.items ?? []) + (json?["basePlans"]?.items ?? [])
        return items.contains { ($0["state"]?.string ?? "DRAFT") != "DRAFT" } ? .customers : .create
    }

    static func state(of list: JSONValue?, id: String, key: String) -> String? {
        list?.items.first { $0[key]?.string == id }?["state"]?.string
    }
}

/// The change lines of one update, and the strongest mark among them; prices with the currency
/// each region has at `regionsVersion`.
private struct Lines {
    let regionsVersion: String
    var items: [(text: String, impact: PlanImpact)] = []

    var texts: [String] { items.map(\.text) }

    /// `!` over `-` over `~` over `+`.
    var impact: PlanImpact {
        for mark in [PlanImpact.customers, .narrow, .change, .create] where items.contains(where: { $0.impact == mark }) { return mark }
        return .change
    }

    mutating func add(_ text: String, _ impact: PlanImpact) {
        items.append((text, impact))
    }

    /// `0.99 USD` in `region`.
    private func money(_ amount: String?, _ region: String) -> String {
        PlayStep.money(amount, in: region, regionsVersion: regionsVersion)
    }

    /// `US 0.99 USD for P1M`.
    private func phase(_ phase: PlayOfferPhase) -> String {
        PlayStep.phase(phase, regionsVersion: regionsVersion)
    }

    mutating func listings(_ have: [PlayListing], _ want: [PlayListing]) {
        for listing in want {
            guard let old = have.first(where: { $0.language == listing.language }) else {
                add("adds listing \(listing.language) \"\(listing.title ?? "")\"", .change)
                continue
            }
            var fields: [String] = []
            if old.title != listing.title { fields.append("title \"\(old.title ?? "")\" → \"\(listing.title ?? "")\"") }
            if old.description != listing.description { fields.append("description") }
            if old.benefits != listing.benefits { fields.append("benefits") }
            if !fields.isEmpty { add("listing \(listing.language): \(fields.joined(separator: ", "))", .change) }
        }
    }

    mutating func option(_ have: PlayPurchaseOption, _ want: PlayPurchaseOption, live: Bool) {
        let sale: PlanImpact = live ? .customers : .change
        let name = "purchase option \(want.id)"
        regions(have.regions, want.regions, name: name, impact: sale)
        newRegions(have.newRegions, want.newRegions, name: name, impact: sale)
        // Which option apps on older billing libraries show, and charge, is a customer's price.
        if have.legacyCompatible != want.legacyCompatible { add("\(name): legacy compatible \(want.legacyCompatible == true)", sale) }
        if have.multiQuantity != want.multiQuantity { add("\(name): multi-quantity \(want.multiQuantity == true)", .change) }
        if have.rentalPeriod != want.rentalPeriod || have.expirationPeriod != want.expirationPeriod {
            add("\(name): rental \(want.rentalPeriod ?? "-"), expires \(want.expirationPeriod ?? "never")", sale)
        }
    }

    mutating func basePlan(_ have: PlayBasePlan, _ want: PlayBasePlan, live: Bool) {
        let sale: PlanImpact = live ? .customers : .change
        let name = "base plan \(want.id)"
        let before = items.count
        regions(have.regions, want.regions, name: name, impact: sale)
        newRegions(have.newRegions, want.newRegions, name: name, impact: sale)
        if live && items[before...].contains(where: { $0.text.contains(" → ") }) {
            add(
                "\(name): existing subscribers keep their price (Play moves them only through a price migration, which iapcat never starts)",
                sale)
        }
        if have.legacyCompatible != want.legacyCompatible { add("\(name): legacy compatible \(want.legacyCompatible == true)", sale) }
    }

    mutating func offer(_ have: PlayOffer, _ want: PlayOffer, live: Bool) {
        let sale: PlanImpact = live ? .customers : .change
        if have.eligibility != want.eligibility { add("eligibility \(have.eligibility.rawValue) → \(want.eligibility.rawValue)", sale) }
        if have.phases != want.phases {
            add(
                "phases \(have.phases.map(phase).joined(separator: " then ")) → \(want.phases.map(phase).joined(separator: " then "))",
                sale)
        }
        if have.regions != want.regions {
            add("regions \((have.regions ?? []).joined(separator: ",")) → \((want.regions ?? []).joined(separator: ","))", sale)
        }
    }

    private mutating func regions(_ have: [PlayRegionalPrice], _ want: [PlayRegionalPrice], name: String, impact: PlanImpact) {
        var held: [String: PlayRegionalPrice] = [:]
        for region in have where held[region.region] == nil { held[region.region] = region }
        for region in want {
            guard let old = held[region.region] else {
                add(
                    "\(name): adds \(region.region) at \(money(region.price, region.region))\(region.availability == .available ? "" : " (\(region.availability.rawValue))")",
                    impact)
                continue
            }
            if !PlayMoney.same(old.price, region.price) {
                add("\(name): \(region.region) \(money(old.price, region.region)) → \(money(region.price, region.region))", impact)
            }
            if old.availability != region.availability {
                add("\(name): \(region.region) \(old.availability.rawValue) → \(region.availability.rawValue)", impact)
            }
        }
    }

    private mutating func newRegions(_ have: PlayNewRegions?, _ want: PlayNewRegions?, name: String, impact: PlanImpact) {
        guard have != want else { return }
        let describe: (PlayNewRegions?) -> String = { new in
            guard let new else { return "not offered" }
            return
                "\(new.usd.map { "\($0) USD" } ?? "-") / \(new.eur.map { "\($0) EUR" } ?? "-")\(new.available ? "" : " (no longer available)")"
        }
        add("\(name): new regions \(describe(have)) → \(describe(want))", impact)
    }
}
