import IAPCatalog

/// The catalog's view of Play's resources: listings, purchase options, base plans and offers as
/// the catalog models them (``PlayListing``, ``PlayPurchaseOption``, ``PlayBasePlan``,
/// ``PlayOffer``). What the catalog cannot hold (an installments plan, an absolute discount, tax
/// settings, offer tags) is named in ``notes``; such a piece is left out of the view, and plan and
/// apply leave it as Play holds it.
package struct PlayResourceDecoder {
    /// What could not be carried into the catalog, one line each.
    package private(set) var notes: [String] = []

    /// A decoder.
    package init() {}

    /// Notes the product-level fields the catalog does not hold (Play keeps them).
    package mutating func productFields(_ product: JSONValue) {
        let unmodelled = ["taxAndComplianceSettings", "restrictedPaymentCountries", "offerTags"].filter { product[$0] != nil }
        if !unmodelled.isEmpty {
            notes.append("has \(unmodelled.joined(separator: ", ")); the catalog does not hold them, Play keeps them")
        }
    }

    /// Listings of a product, by language.
    package func listings(of product: JSONValue) -> [PlayListing] {
        product["listings"]?.items.compactMap { item in
            guard let language = item["languageCode"]?.string else { return nil }
            return PlayListing(
                language: language, title: item["title"]?.string, description: item["description"]?.string,
                benefits: item["benefits"]?.items.compactMap(\.string) ?? [])
        } ?? []
    }

    /// A purchase option of a one-time product, or nil when the catalog cannot express it.
    package mutating func purchaseOption(_ json: JSONValue, of productID: String) -> PlayPurchaseOption? {
        guard let id = json["purchaseOptionId"]?.string else { return nil }
        var option = PlayPurchaseOption(id: id, active: json["state"]?.string == "ACTIVE")
        if let buy = json["buyOption"] {
            option.kind = .buy
            option.legacyCompatible = buy["legacyCompatible"]?.bool == true ? true : nil
            option.multiQuantity = buy["multiQuantityEnabled"]?.bool == true ? true : nil
        } else if let rent = json["rentOption"] {
            option.kind = .rent
            option.rentalPeriod = rent["rentalPeriod"]?.string
            option.expirationPeriod = rent["expirationPeriod"]?.string
        } else {
            notes.append("purchase option \(id) is neither buy nor rent; left as Play holds it")
            return nil
        }
        for config in json["regionalPricingAndAvailabilityConfigs"]?.items ?? [] {
            guard let region = config["regionCode"]?.string else { continue }
            let availability: PlayAvailability
            switch config["availability"]?.string {
            case "AVAILABLE": availability = .available
            case "NO_LONGER_AVAILABLE": availability = .noLongerAvailable
            case "AVAILABLE_IF_RELEASED": availability = .availableIfReleased
            case "AVAILABLE_FOR_OFFERS_ONLY": availability = .availableForOffersOnly
            default:
                // Never guessed: read as available, a write would open the region.
                notes.append("purchase option \(id) is in \(region) with an availability iapcat does not know; left as Play holds it")
                return nil
            }
            option.regions.append(
                PlayRegionalPrice(region: region, price: config["price"].flatMap(PlayMoney.decimal), availability: availability))
        }
        if let new = json["newRegionsConfig"] {
            guard let state = new["availability"]?.string, state == "AVAILABLE" || state == "NO_LONGER_AVAILABLE" else {
                notes.append("purchase option \(id) has a new-regions availability iapcat does not know; left as Play holds it")
                return nil
            }
            option.newRegions = PlayNewRegions(
                usd: new["usdPrice"].flatMap(PlayMoney.decimal), eur: new["eurPrice"].flatMap(PlayMoney.decimal),
                available: state == "AVAILABLE")
        }
        if json["offerTags"] != nil || json["taxAndComplianceSettings"] != nil {
            notes.append(
                "purchase option \(id) has offer tags or tax settings; the catalog does not hold them, Play keeps them")
        }
        return option
    }

    /// A base plan of a subscription, or nil when the catalog cannot express it (installments).
    package mutating func basePlan(_ json: JSONValue, of productID: String) -> PlayBasePlan? {
        guard let id = json["basePlanId"]?.string else { return nil }
        var plan = PlayBasePlan(id: id, active: json["state"]?.string == "ACTIVE")
        let extras =
            ["gracePeriodDuration", "accountHoldDuration", "resubscribeState", "prorationMode", "legacyCompatibleSubscriptionOfferId"]
            .filter { json["autoRenewingBasePlanType"]?[$0] != nil }
            + (json["prepaidBasePlanType"]?["timeExtension"] != nil ? ["timeExtension"] : [])
            + (json["offerTags"] != nil ? ["offerTags"] : [])
        if !extras.isEmpty {
            notes.append("base plan \(id) has \(extras.joined(separator: ", ")); the catalog does not hold them, Play keeps them")
        }
        if let renewing = json["autoRenewingBasePlanType"] {
            plan.kind = .autoRenewing
            plan.period = renewing["billingPeriodDuration"]?.string
            plan.legacyCompatible = renewing["legacyCompatible"]?.bool == true ? true : nil
        } else if let prepaid = json["prepaidBasePlanType"] {
            plan.kind = .prepaid
            plan.period = prepaid["billingPeriodDuration"]?.string
        } else {
            notes.append("base plan \(id) is an installments plan (or of a kind iapcat does not know); left as Play holds it")
            return nil
        }
        for config in json["regionalConfigs"]?.items ?? [] {
            guard let region = config["regionCode"]?.string else { continue }
            plan.regions.append(
                PlayRegionalPrice(
                    region: region, price: config["price"].flatMap(PlayMoney.decimal),
                    availability: config["newSubscriberAvailability"]?.bool == true ? .available : .noLongerAvailable))
        }
        if let other = json["otherRegionsConfig"] {
            plan.newRegions = PlayNewRegions(
                usd: other["usdPrice"].flatMap(PlayMoney.decimal), eur: other["eurPrice"].flatMap(PlayMoney.decimal),
                available: other["newSubscriberAvailability"]?.bool == true)
        }
        return plan
    }

    /// An offer of a base plan, or nil when the catalog cannot express it.
    package mutating func offer(_ json: JSONValue, of productID: String) -> PlayOffer? {
        guard let id = json["offerId"]?.string else { return nil }
        let name = "offer \(id) of base plan \(json["basePlanId"]?.string ?? "?")"
        guard let eligibility = Self.eligibility(json["targeting"]) else {
            notes.append("\(name) has a targeting rule the catalog cannot express; left as Play holds it")
            return nil
        }
        let regions =
            json["regionalConfigs"]?.items.compactMap { config -> String? in
                config["newSubscriberAvailability"]?.bool == true ? config["regionCode"]?.string : nil
            } ?? []
        var offer = PlayOffer(id: id, eligibility: eligibility, regions: regions, active: json["state"]?.string == "ACTIVE")
        for phase in json["phases"]?.items ?? [] {
            guard let decoded = Self.phase(phase, regions: regions) else {
                notes.append(
                    "\(name) has a phase the catalog cannot express (an absolute discount, or prices mixed with discounts); left as Play holds it"
                )
                return nil
            }
            offer.phases.append(decoded)
        }
        return offer
    }

    /// The eligibility a targeting rule gives; nil for a rule the catalog has no word for.
    static func eligibility(_ targeting: JSONValue?) -> PlayEligibility? {
        guard let targeting else { return .developerDetermined }
        if let scope = targeting["acquisitionRule"]?["scope"] {
            if scope["thisSubscription"] != nil { return .newCustomers }
            if scope["anySubscriptionInApp"] != nil { return .newToApp }
            return nil
        }
        if let rule = targeting["upgradeRule"] {
            guard rule["scope"]?["thisSubscription"] != nil, rule["billingPeriodDuration"] == nil, rule["oncePerUser"]?.bool != true
            else { return nil }
            return .upgrade
        }
        return nil
    }

    /// A phase: free in every region (a free trial), a relative discount the same everywhere
    /// (`discount`), or a price per region.
    static func phase(_ json: JSONValue, regions: [String]) -> PlayOfferPhase? {
        guard let duration = json["duration"]?.string else { return nil }
        let periods = json["recurrenceCount"]?.int ?? 1
        // Only the regions the offer runs in: a region it no longer runs in keeps its entry on Play.
        let configs = (json["regionalConfigs"]?.items ?? []).filter { regions.contains($0["regionCode"]?.string ?? "") }
        if !configs.isEmpty && configs.allSatisfy({ $0["free"] != nil }) {
            return PlayOfferPhase(mode: .freeTrial, duration: duration, periods: periods)
        }
        let mode: OfferMode = periods == 1 ? .payUpFront : .payAsYouGo
        let discounts = Set(configs.compactMap { $0["relativeDiscount"]?.number })
        if discounts.count == 1, configs.allSatisfy({ $0["relativeDiscount"] != nil }), let discount = discounts.first {
            return PlayOfferPhase(mode: mode, duration: duration, periods: periods, discount: Self.decimal(discount))
        }
        var prices: [PlayRegionalPrice] = []
        for config in configs {
            guard let region = config["regionCode"]?.string, let price = config["price"].flatMap(PlayMoney.decimal) else { return nil }
            prices.append(PlayRegionalPrice(region: region, price: price))
        }
        return PlayOfferPhase(mode: mode, duration: duration, periods: periods, prices: prices)
    }

    /// A share as the catalog writes it (`0.5`).
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
