import IAPCatalog

/// What `asc apply` would do, resource by resource, and what it will not do.
package struct ConnectPlan: SyncPlan {
    /// The changes, in the order `apply` carries them out.
    package var steps: [ConnectStep]
    /// Differences `apply` leaves alone, each with the reason.
    package var notDone: [PlanNote]
    /// Warnings: products still `MISSING_METADATA` afterwards, legacy tiers read as U.S. prices.
    package var warnings: [PlanNote]
    /// What stops the plan from being applied (a price App Store Connect cannot take).
    package var errors: [PlanNote] = []

    /// A plan.
    package init(steps: [ConnectStep] = [], notDone: [PlanNote] = [], warnings: [PlanNote] = []) {
        self.steps = steps
        self.notDone = notDone
        self.warnings = warnings
    }

    /// App Store Connect, `asc`, 3,600 requests an hour.
    package static let store = SyncStore(
        name: "App Store Connect", command: "asc", budget: "App Store Connect allows 3,600 an hour per key")

    /// About how many API requests `apply` sends for this plan, its read-back included: what it
    /// takes of App Store Connect's 3,600 requests an hour per key. File parts of uploads go to
    /// signed URLs and are not counted; neither are retries.
    package var estimatedRequests: Int {
        guard hasChanges else { return 0 }
        let owners = Set(steps.map(\.owner))
        let groups = owners.filter { if case .group = $0 { true } else { false } }.count
        // Read-back: territories, the two lists, the promoted purchases, each group's
        // localizations and subscriptions, four reads per product.
        let readBack = 4 + 2 * groups + 4 * (owners.count - groups)
        return steps.map(\.estimatedRequests).reduce(0, +) + readBack
    }
}

/// The resource a step works on.
package enum PlanOwner: Sendable, Hashable {
    /// An in-app purchase, by product id.
    case inAppPurchase(String)
    /// A subscription, by product id.
    case subscription(String)
    /// A subscription group, by catalog key.
    case group(String)

    /// The product id or group key.
    package var key: String {
        switch self {
        case .inAppPurchase(let id), .subscription(let id), .group(let id): id
        }
    }

    /// `in-app purchase`, `subscription`, `subscription group`.
    package var noun: String {
        switch self {
        case .inAppPurchase: "in-app purchase"
        case .subscription: "subscription"
        case .group: "subscription group"
        }
    }
}

/// One change.
package struct ConnectStep: SyncStep {
    /// What the change is.
    package enum Action: Sendable {
        /// Create the group.
        case createGroup(DesiredGroup)
        /// Update the group's named fields.
        case updateGroup(DesiredGroup, fields: [ProductField])
        /// Create the product.
        case createProduct(DesiredProduct)
        /// Update the product's named fields.
        case updateProduct(DesiredProduct, fields: [ProductField])
        /// Create a version: the first (`replacing` nil), or a new one because the current one
        /// (`replacing`) is live.
        case createVersion(replacing: RemoteVersion?)
        /// Create a localization on the current version.
        case createLocalization(locale: String, name: String, description: String?, customAppName: String?)
        /// Update a localization of the current version.
        case updateLocalization(locale: String, name: String, description: String?, customAppName: String?, fields: [LocalizationField])
        /// Set the prices: a new schedule for an in-app purchase; for a subscription, the rows of
        /// `diff` (and the territories the catalog does not name equalized from the base price when
        /// `equalize`).
        case setPrices(DesiredPrices, diff: PriceDiff, equalize: Bool, changes: [String])
        /// Set where the product is sold: exactly `territories`, and whether new ones join.
        case setAvailability(territories: [String], availableInNewTerritories: Bool, changes: [String])
        /// Delete the offers the catalog no longer has and create its new rows.
        case setIntroductoryOffers(OfferDiff)
        /// Upload the review screenshot (its checksum differs from App Store Connect's).
        case uploadScreenshot(ScreenshotFile)
        /// Promote the product on the App Store product page (`existingID` nil: create its
        /// promoted purchase), or change whether its promotion shows.
        case setPromotion(visible: Bool, enabled: Bool, existingID: String?, changes: [String])
        /// Create a promotional offer or an offer code, with its prices.
        case createOffer(SubscriptionOfferKind, SubscriptionOffer)
        /// Deactivate an offer code: customers can no longer redeem it, for good.
        case deactivateOfferCode(id: String, name: String)
        /// Create a win-back offer, with its prices.
        case createWinBackOffer(WinBackOffer)
        /// Change the eligibility, dates, priority or promotion of a win-back offer.
        case updateWinBackOffer(id: String, WinBackOffer, changes: [String])
        /// Create an offer code of an in-app purchase with its prices, then its custom codes.
        case createPurchaseOfferCode(PurchaseOfferCode)
        /// Deactivate an in-app purchase's offer code (and with it its custom codes), for good.
        case deactivatePurchaseOfferCode(id: String, name: String)
        /// Create custom codes of an existing offer code of an in-app purchase.
        case createCustomCodes(offerCodeID: String, name: String, [CustomOfferCode])
        /// Deactivate a custom code of an in-app purchase's offer code, for good.
        case deactivateCustomCode(id: String, code: String, name: String)
        /// Set whether organizations may buy the subscription in seats (`multiSeatStatus`) and
        /// where (`marketSettings`, when `markets` is given).
        case setMultiseat(enabled: Bool, markets: [MultiseatMarket]?, changes: [String])
        /// Bring the monthly billing plan (12 months billed monthly) to the catalog's: its price
        /// rows of `diff`, and where it is offered when `territories` is given.
        case setMonthlyBilling(diff: PriceDiff, territories: [String]?, availableInNewTerritories: Bool, changes: [String])
    }

    /// The resource.
    package var owner: PlanOwner
    /// The change.
    package var action: Action
    /// Its mark: what it does to customers.
    package var impact: PlanImpact
    /// `in-app purchase`, `subscription`, `subscription group`.
    package var ownerNoun: String { owner.noun }
    /// The product id or group key.
    package var ownerKey: String { owner.key }

    /// A step; its impact `+` for a creation, `~` otherwise unless given.
    package init(_ owner: PlanOwner, _ action: Action, impact: PlanImpact? = nil) {
        self.owner = owner
        self.action = action
        self.impact = impact ?? Self.defaultImpact(of: action)
    }

    private static func defaultImpact(of action: Action) -> PlanImpact {
        switch action {
        case .createGroup, .createProduct, .createVersion, .createLocalization, .createOffer, .createWinBackOffer,
            .createPurchaseOfferCode, .createCustomCodes:
            .create
        case .setPromotion(_, _, let existingID, _): existingID == nil ? .create : .change
        default: .change
        }
    }

    /// About how many requests the step sends: price points are one list per step, equalizations
    /// one per base price step, an upload its reservation, commit and one check.
    package var estimatedRequests: Int {
        switch action {
        case .createVersion(let replacing): return replacing == nil ? 1 : 2
        case .setPrices(let prices, let diff, let equalize, _):
            guard case .subscription = owner else { return 2 }
            let deletes = diff.removed.filter { row in
                row.startDate != nil && !diff.added.contains { $0.territory == row.territory && $0.startDate == row.startDate }
            }.count
            return 1 + (equalize ? prices.baseSteps.count : 0) + (diff.added.isEmpty && !equalize ? 0 : 1) + deletes
        case .setIntroductoryOffers(let diff):
            let paid = diff.added.contains { $0.customerPrice != nil }
            return diff.removedIDs.count + (diff.added.isEmpty ? 0 : 1) + (paid ? 1 : 0)
        case .uploadScreenshot: return 3
        case .createOffer(_, let offer): return offer.prices.isEmpty ? 1 : 2
        case .createPurchaseOfferCode(let code): return 2 + code.customCodes.count
        case .createCustomCodes(_, _, let codes): return codes.count
        case .createWinBackOffer(let offer): return offer.prices.isEmpty ? 1 : 2
        case .setMonthlyBilling(let diff, let territories, _, _):
            let deletes = diff.removed.filter { row in
                row.startDate != nil && !diff.added.contains { $0.territory == row.territory && $0.startDate == row.startDate }
            }.count
            return (diff.added.isEmpty ? 0 : 2) + deletes + (territories == nil ? 0 : 1)
        default: return 1
        }
    }

    /// `create`, `update`, `new-version`, … (the JSON output's `action`).
    package var verb: String {
        switch action {
        case .createGroup, .createProduct: "create"
        case .updateGroup, .updateProduct: "update"
        case .createVersion: "create-version"
        case .createLocalization: "create-localization"
        case .updateLocalization: "update-localization"
        case .setPrices: "set-prices"
        case .setAvailability: "set-availability"
        case .setIntroductoryOffers: "set-introductory-offers"
        case .uploadScreenshot: "upload-screenshot"
        case .setPromotion(_, _, let existingID, _): existingID == nil ? "promote" : "update-promotion"
        case .createOffer(.promotionalOffer, _): "create-promotional-offer"
        case .createOffer(.offerCode, _): "create-offer-code"
        case .deactivateOfferCode, .deactivatePurchaseOfferCode: "deactivate-offer-code"
        case .createPurchaseOfferCode: "create-offer-code"
        case .createCustomCodes: "create-custom-codes"
        case .deactivateCustomCode: "deactivate-custom-code"
        case .createWinBackOffer: "create-win-back-offer"
        case .updateWinBackOffer: "update-win-back-offer"
        case .setMonthlyBilling: "set-monthly-billing"
        case .setMultiseat: "set-multiseat"
        }
    }

    /// One line describing the step.
    package var summary: String {
        let subject = "\(owner.noun) \(owner.key)"
        switch action {
        case .createGroup(let group): return "create \(subject) \"\(group.referenceName)\""
        case .updateGroup(_, let fields): return "update \(subject): \(fields.names)"
        case .createProduct(let product):
            let type = product.subscription.map { "\($0.period.apiName) in group \($0.groupKey)" } ?? product.kind.rawValue
            return "create \(subject) (\(type)) \"\(product.referenceName)\""
        case .updateProduct(_, let fields): return "update \(subject): \(fields.names)"
        case .createVersion(let current?): return "create a new version of \(subject) (version \(current.number) is \(current.state))"
        case .createVersion(nil): return "create the first version of \(subject)"
        case .createLocalization(let locale, let name, _, _): return "create \(locale) localization of \(subject): \"\(name)\""
        case .updateLocalization(let locale, _, _, _, let fields):
            return "update \(locale) localization of \(subject): \(fields.names)"
        case .setPrices(_, _, _, let changes): return "set prices of \(subject): \(changes.joined(separator: "; "))"
        case .setAvailability(_, _, let changes): return "set where \(subject) is sold: \(changes.joined(separator: "; "))"
        case .setIntroductoryOffers(let diff):
            return "set introductory offers of \(subject): \(diff.lines.joined(separator: "; "))"
        case .uploadScreenshot(let file):
            return "upload the review screenshot of \(subject): \(file.fileName) (\(file.size) bytes, MD5 \(file.checksum))"
        case .setPromotion(let visible, let enabled, nil, _):
            return
                "promote \(subject) on the App Store product page (\(visible ? "visible to all users" : "visible to customers who own the app"), \(enabled ? "enabled" : "disabled"))"
        case .setPromotion(_, _, _?, let changes): return "update the promotion of \(subject): \(changes.joined(separator: "; "))"
        case .createOffer(let kind, let offer):
            let name = kind == .promotionalOffer ? offer.id ?? "" : offer.referenceName ?? ""
            var terms = Self.terms(of: offer) + Self.freeTerritories(offer.territories)
            if !offer.eligibility.isEmpty { terms += ", for \(offer.eligibility.map(\.rawValue).joined(separator: "/")) customers" }
            return "create \(kind.noun) \"\(name)\" of \(subject): \(terms)"
        case .createPurchaseOfferCode(let code):
            let prices = code.prices.map { "\($0.storefront) at \($0.amount)" }.joined(separator: ", ")
            let eligibility = code.eligibility.map(\.rawValue).joined(separator: "/")
            return "create offer code \"\(code.referenceName)\" of \(subject): \(prices), for \(eligibility) customers"
                + Self.customCodes(code.customCodes)
        case .createCustomCodes(_, let name, let codes):
            return "create custom codes of offer code \"\(name)\" of \(subject): " + Self.list(codes)
        case .deactivateCustomCode(_, let code, let name):
            return
                "deactivate custom code \(code) of offer code \"\(name)\" of \(subject): customers can no longer redeem it, and App Store Connect cannot activate it again"
        case .deactivateOfferCode(_, let name), .deactivatePurchaseOfferCode(_, let name):
            return
                "deactivate offer code \"\(name)\" of \(subject): customers can no longer redeem it, and App Store Connect cannot activate it again"
        case .createWinBackOffer(let offer):
            let dates = "from \(offer.startDate.map { "\($0)" } ?? "now")\(offer.endDate.map { " until \($0)" } ?? "")"
            return
                "create win-back offer \"\(offer.id)\" of \(subject): \(Self.terms(of: offer))\(Self.freeTerritories(offer.territories)), \(dates)"
        case .updateWinBackOffer(_, let offer, let changes):
            return "update win-back offer \"\(offer.id)\" of \(subject): \(changes.joined(separator: "; "))"
        case .setMonthlyBilling(_, _, _, let changes):
            return "set the monthly billing plan of \(subject): \(changes.joined(separator: "; "))"
        case .setMultiseat(_, _, let changes):
            return "set whether organizations buy \(subject) in seats: \(changes.joined(separator: "; "))"
        }
    }

    /// `, with custom codes SPRING25 (500 until 2027-03-31), VIP (10)`; empty without any.
    private static func customCodes(_ codes: [CustomOfferCode]) -> String {
        codes.isEmpty ? "" : ", with custom codes " + list(codes)
    }

    /// `SPRING25 (500 until 2027-03-31), VIP (10)`: each code, how often it redeems, until when.
    private static func list(_ codes: [CustomOfferCode]) -> String {
        codes.map { "\($0.code) (\($0.count)\($0.expires.map { " until \($0)" } ?? ""))" }.joined(separator: ", ")
    }

    /// ` in CAN, USA` (up to ten), ` in 175 territories`: where a free offer runs (the planner
    /// lists them); empty for a paid one, whose prices say.
    private static func freeTerritories(_ territories: TerritorySelection?) -> String {
        guard case .only(let codes)? = territories, !codes.isEmpty else { return "" }
        return codes.count <= 10 ? " in " + codes.joined(separator: ", ") : " in \(codes.count) territories"
    }

    /// `PAY_AS_YOU_GO ONE_MONTH × 3 in USA at 1.99, DEU at 1.99`.
    private static func terms(of offer: some OfferTerms) -> String {
        let prices = offer.prices.map { "\($0.storefront) at \($0.amount)" }.joined(separator: ", ")
        return "\(offer.mode.apiName) \(offer.duration.apiName) × \(offer.periods)" + (prices.isEmpty ? "" : " in \(prices)")
    }
}
