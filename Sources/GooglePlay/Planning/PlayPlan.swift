import IAPCatalog

/// What `play apply` would do, resource by resource, and what it will not do.
package struct PlayPlan: SyncPlan {
    /// The changes, in the order `apply` carries them out.
    package var steps: [PlayStep]
    /// Differences `apply` leaves alone, each with the reason.
    package var notDone: [PlanNote]
    /// Warnings.
    package var warnings: [PlanNote]
    /// What stops the plan from being applied.
    package var errors: [PlanNote]
    /// The regions version every write sends.
    package var regionsVersion: String

    /// Google Play, `play`, its quota.
    package static let store = SyncStore(
        name: "Google Play", command: "play", budget: "Google Play allows 3,000 a minute and 7,200 product updates an hour per app",
        preposition: "on")

    /// A plan.
    package init(
        steps: [PlayStep] = [], notDone: [PlanNote] = [], warnings: [PlanNote] = [], errors: [PlanNote] = [], regionsVersion: String = ""
    ) {
        self.steps = steps
        self.notDone = notDone
        self.warnings = warnings
        self.errors = errors
        self.regionsVersion = regionsVersion
    }

    /// One request per step, and the read-back of the products they change.
    package var estimatedRequests: Int {
        guard !steps.isEmpty else { return 0 }
        let kinds = Dictionary(steps.map { ($0.productID, $0.kind) }, uniquingKeysWith: { first, _ in first })
        return steps.count + PlayRemoteReader.requests(reading: kinds.values.map { $0 != .oneTime })
    }
}

/// One change to one Play product.
package struct PlayStep: SyncStep {
    /// What the change is.
    package enum Action: Sendable {
        /// Create the one-time product (`onetimeproducts.patch` with `allowMissing`), its options in draft.
        case createOneTimeProduct(PlayProduct)
        /// Send the one-time product's complete listings and purchase options (`updateMask=listings,purchaseOptions`).
        case updateOneTimeProduct(PlayProduct, changes: [String])
        /// Create the subscription (`subscriptions.create`), its base plans in draft.
        case createSubscription(PlayProduct)
        /// Send the subscription's complete listings and base plans (`updateMask=listings,basePlans`).
        case updateSubscription(PlayProduct, changes: [String])
        /// Create an offer of a base plan, in draft (`newRegions`: whether it runs in regions Play adds later).
        case createOffer(basePlanID: String, PlayOffer, plan: PlayBasePlan, newRegions: Bool)
        /// Send what differs of an offer's phases, targeting and regions.
        case updateOffer(basePlanID: String, PlayOffer, plan: PlayBasePlan, newRegions: Bool, changes: [String])
        /// Activate or deactivate a purchase option (`purchaseOptions:batchUpdateStates`).
        case setPurchaseOptionState(optionID: String, active: Bool)
        /// Activate or deactivate a base plan.
        case setBasePlanState(basePlanID: String, active: Bool)
        /// Activate or deactivate an offer.
        case setOfferState(basePlanID: String, offerID: String, active: Bool)
    }

    /// The Play product id.
    package var productID: String
    /// A one-time product or a subscription.
    package var kind: PlayProduct.Kind
    /// The change.
    package var action: Action
    /// Its mark.
    package var impact: PlanImpact
    /// The regions version the plan writes with: which currency each region's prices are in.
    package var regionsVersion: String?

    /// A step; its prices named in the currencies of `regionsVersion` (nil: the latest).
    package init(_ productID: String, _ kind: PlayProduct.Kind, _ action: Action, impact: PlanImpact, regionsVersion: String? = nil) {
        self.productID = productID
        self.kind = kind
        self.action = action
        self.impact = impact
        self.regionsVersion = regionsVersion
    }

    /// `one-time product`, `subscription`.
    package var ownerNoun: String { kind == .oneTime ? "one-time product" : "subscription" }
    /// The Play product id.
    package var ownerKey: String { productID }

    /// `create`, `update`, `create-offer`, `activate-base-plan`, … (the JSON output's `action`).
    package var verb: String {
        switch action {
        case .createOneTimeProduct, .createSubscription: "create"
        case .updateOneTimeProduct, .updateSubscription: "update"
        case .createOffer: "create-offer"
        case .updateOffer: "update-offer"
        case .setPurchaseOptionState(_, let active): active ? "activate-purchase-option" : "deactivate-purchase-option"
        case .setBasePlanState(_, let active): active ? "activate-base-plan" : "deactivate-base-plan"
        case .setOfferState(_, _, let active): active ? "activate-offer" : "deactivate-offer"
        }
    }

    /// One line describing the step.
    package var summary: String {
        let subject = "\(ownerNoun) \(productID)"
        switch action {
        case .createOneTimeProduct(let product):
            let options = product.purchaseOptions.map { option in
                "\(option.id) (\(option.kind.rawValue)) in \(Self.regions(option.regions, regionsVersion: regionsVersion))"
            }
            return "create \(subject): \(options.joined(separator: "; "))"
        case .createSubscription(let product):
            let plans = product.basePlans.map { plan in
                "base plan \(plan.id) (\(plan.kind.rawValue), \(plan.period ?? "")) in \(Self.regions(plan.regions, regionsVersion: regionsVersion))"
            }
            return "create \(subject): \(plans.joined(separator: "; "))"
        case .updateOneTimeProduct(_, let changes), .updateSubscription(_, let changes):
            return "update \(subject): \(changes.joined(separator: "; "))"
        case .createOffer(let plan, let offer, _, _):
            return "create offer \(offer.id) of base plan \(plan) of \(subject) (\(offer.eligibility.rawValue), "
                + "\(offer.phases.map { Self.phase($0, regionsVersion: regionsVersion) }.joined(separator: " then ")))"
        case .updateOffer(let plan, let offer, _, _, let changes):
            return "update offer \(offer.id) of base plan \(plan) of \(subject): \(changes.joined(separator: "; "))"
        case .setPurchaseOptionState(let option, let active):
            return "\(active ? "activate" : "deactivate") purchase option \(option) of \(subject)"
                + (active ? ": customers can buy it" : ": customers can no longer buy it")
        case .setBasePlanState(let plan, let active):
            return "\(active ? "activate" : "deactivate") base plan \(plan) of \(subject)"
                + (active ? ": new subscribers can buy it" : ": no new subscribers (existing ones keep renewing)")
        case .setOfferState(let plan, let offer, let active):
            return "\(active ? "activate" : "deactivate") offer \(offer) of base plan \(plan) of \(subject)"
        }
    }

    /// `US 0.99 USD, DE 0.99 EUR`; long lists are cut (`…, (40 regions)`).
    static func regions(_ regions: [PlayRegionalPrice], regionsVersion: String?) -> String {
        let shown = regions.prefix(6).map { "\($0.region) \(money($0.price, in: $0.region, regionsVersion: regionsVersion))" }
            .joined(separator: ", ")
        return regions.count > 6 ? "\(shown), … (\(regions.count) regions)" : shown
    }

    /// `0.99 USD`: an amount with the currency `region` prices in at `regionsVersion`; `-` for no price.
    static func money(_ amount: String?, in region: String, regionsVersion: String?) -> String {
        guard let amount else { return "-" }
        let version = regionsVersion.flatMap { $0.isEmpty ? nil : $0 }
        guard let currency = PlayRegions.currency(of: region, regionsVersion: version) else { return amount }
        return "\(amount) \(currency)"
    }

    /// `free for P1W`, `0.5 off for P1M × 3`, `US 0.99 USD for P1M`.
    static func phase(_ phase: PlayOfferPhase, regionsVersion: String?) -> String {
        let length = phase.periods == 1 ? phase.duration : "\(phase.duration) × \(phase.periods)"
        switch phase.mode {
        case .freeTrial: return "free for \(length)"
        default:
            if let discount = phase.discount { return "\(discount) off for \(length)" }
            return "\(regions(phase.prices, regionsVersion: regionsVersion)) for \(length)"
        }
    }
}
