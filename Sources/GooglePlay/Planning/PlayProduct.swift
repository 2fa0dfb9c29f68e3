import IAPCatalog

/// One product's Play side in the catalog's terms — what a catalog asks for, or what Play holds —
/// in a form two of them can be compared in: no source positions, prices in their shortest
/// decimal form, regions and listings sorted, every default spelt out (a base plan's period, an
/// offer's regions, single-period phases as pay up front).
package struct PlayProduct: Sendable, Equatable {
    /// A one-time product or a subscription.
    package enum Kind: Sendable, Equatable {
        case oneTime
        case subscription
    }

    /// The Play product id.
    package var productID: String
    /// A one-time product or a subscription.
    package var kind: Kind
    /// Listings, by language.
    package var listings: [PlayListing]
    /// One-time products: purchase options, in order.
    package var purchaseOptions: [PlayPurchaseOption]
    /// Subscriptions: base plans with their offers, in order.
    package var basePlans: [PlayBasePlan]
    /// The offers (`plan/offer`) that run in regions Play adds later.
    package var offersInNewRegions: Set<String>

    /// A Play side.
    package init(
        productID: String, kind: Kind, listings: [PlayListing] = [], purchaseOptions: [PlayPurchaseOption] = [],
        basePlans: [PlayBasePlan] = [], offersInNewRegions: Set<String> = []
    ) {
        self.offersInNewRegions = offersInNewRegions
        self.productID = productID
        self.kind = kind
        self.listings = listings.map(Self.normalized).sorted { $0.language < $1.language }
        self.purchaseOptions = purchaseOptions.map(Self.normalized)
        self.basePlans = basePlans.map(Self.normalized)
    }

    /// What the catalog asks of Play for `product` (sold on Google Play, with a `google_play` part).
    package init(catalog product: Product) {
        let play = product.googlePlay ?? GooglePlayProduct()
        var inNewRegions: Set<String> = []
        let plans = play.basePlans.map { plan -> PlayBasePlan in
            var plan = plan
            plan.period = plan.period ?? product.subscription?.duration.rawValue
            plan.offers = plan.offers.map { offer in
                if PlayResourceJSON.runsInNewRegions(offer, of: plan) { inNewRegions.insert(Self.key(plan.id, offer.id)) }
                var offer = offer
                offer.regions = PlayResourceJSON.regions(of: offer, in: plan)
                return offer
            }
            return plan
        }
        self.init(
            productID: product.playProductID, kind: product.type == .autoRenewable ? .subscription : .oneTime,
            listings: product.playListings, purchaseOptions: play.purchaseOptions, basePlans: plans, offersInNewRegions: inNewRegions)
    }

    /// What Play holds: a `OneTimeProduct` or `Subscription` (with `offers`, the subscription's
    /// `SubscriptionOffer`s); what the catalog cannot express is named in `decoder`'s notes.
    package init?(remote json: JSONValue, kind: Kind, offers: [JSONValue] = [], decoder: inout PlayResourceDecoder) {
        guard let productID = json["productId"]?.string else { return nil }
        decoder.productFields(json)
        var options: [PlayPurchaseOption] = []
        var plans: [PlayBasePlan] = []
        switch kind {
        case .oneTime:
            options = json["purchaseOptions"]?.items.compactMap { decoder.purchaseOption($0, of: productID) } ?? []
        case .subscription:
            plans =
                json["basePlans"]?.items.compactMap { item -> PlayBasePlan? in
                    guard var plan = decoder.basePlan(item, of: productID) else { return nil }
                    plan.offers = offers.filter { $0["basePlanId"]?.string == plan.id }.compactMap { decoder.offer($0, of: productID) }
                    return plan
                } ?? []
        }
        let inNewRegions = offers.filter { $0["otherRegionsConfig"]?["otherRegionsNewSubscriberAvailability"]?.bool == true }
            .map { Self.key($0["basePlanId"]?.string ?? "", $0["offerId"]?.string ?? "") }
        self.init(
            productID: productID, kind: kind, listings: decoder.listings(of: json), purchaseOptions: options, basePlans: plans,
            offersInNewRegions: Set(inNewRegions))
    }

    /// The key of an offer in ``offersInNewRegions``.
    package static func key(_ plan: String, _ offer: String) -> String { plan + "/" + offer }

    // MARK: Normal form

    static func normalized(_ listing: PlayListing) -> PlayListing {
        PlayListing(
            language: listing.language, title: listing.title ?? "", description: listing.description ?? "", benefits: listing.benefits)
    }

    static func normalized(_ option: PlayPurchaseOption) -> PlayPurchaseOption {
        var result = PlayPurchaseOption(
            id: option.id, kind: option.kind, regions: normalized(option.regions), newRegions: option.newRegions.map(normalized),
            active: option.active)
        if option.kind == .buy {
            result.legacyCompatible = option.legacyCompatible == true ? true : nil
            result.multiQuantity = option.multiQuantity == true ? true : nil
        } else {
            result.rentalPeriod = option.rentalPeriod
            result.expirationPeriod = option.expirationPeriod
        }
        return result
    }

    static func normalized(_ plan: PlayBasePlan) -> PlayBasePlan {
        var result = PlayBasePlan(
            id: plan.id, kind: plan.kind, period: plan.period,
            regions: normalized(plan.regions).map { region in
                // A base plan region is open to new subscribers or not: Play has no other state.
                var region = region
                if region.availability != .available { region.availability = .noLongerAvailable }
                return region
            }, newRegions: plan.newRegions.map(normalized), offers: plan.offers.map(normalized), active: plan.active)
        result.legacyCompatible = plan.kind == .autoRenewing && plan.legacyCompatible == true ? true : nil
        return result
    }

    static func normalized(_ offer: PlayOffer) -> PlayOffer {
        PlayOffer(
            id: offer.id, eligibility: offer.eligibility,
            phases: offer.phases.map { phase in
                // Play has a price per recurrence: one recurrence is one payment for the phase (pay up
                // front), more are pay as you go; it cannot tell the catalog's two words apart otherwise.
                let mode: OfferMode = phase.mode == .freeTrial ? .freeTrial : phase.periods == 1 ? .payUpFront : .payAsYouGo
                return PlayOfferPhase(
                    mode: mode, duration: phase.duration, periods: phase.periods,
                    prices: mode == .freeTrial ? [] : normalized(phase.prices),
                    discount: mode == .freeTrial ? nil : phase.discount.map(canonical))
            }, regions: (offer.regions ?? []).sorted(), active: offer.active)
    }

    static func normalized(_ regions: [PlayRegionalPrice]) -> [PlayRegionalPrice] {
        regions.map { PlayRegionalPrice(region: $0.region, price: $0.price.map(canonical), availability: $0.availability) }
            .sorted { $0.region < $1.region }
    }

    static func normalized(_ new: PlayNewRegions) -> PlayNewRegions {
        PlayNewRegions(usd: new.usd.map(canonical), eur: new.eur.map(canonical), available: new.available)
    }

    /// `amount` in its shortest form (`1.50` → `1.5`, `0.990` → `0.99`).
    static func canonical(_ amount: String) -> String {
        let (units, nanos) = PlayMoney.parts(amount)
        return PlayMoney.decimal(.object([("units", .string(units)), ("nanos", .int(nanos))])) ?? amount
    }
}
