/// Creating promotional offers, offer codes and win-back offers with their prices (inline
/// creates), deactivating offer codes, and changing win-back offers, with App Store Connect's
/// rules: an offer id once per subscription, paid modes priced in each territory with a price
/// point of that subscription, free trials naming their territories without a price point, one period unless paid as you go, an offer
/// code never activated again, a win-back offer ending after it starts.
enum OfferWriteHandlers {
    static func createPromotionalOffer(_ c: Context) throws(APIError) -> Reply {
        let document = try c.body(.promotionalOfferCreate)
        let entity = document.data
        let (subscriptionID, points, freeTerritories) = try checkOffer(
            document, priceType: "subscriptionPromotionalOfferPrices", periods: "numberOfPeriods", c)
        let offerCode = entity.string("offerCode")!
        let existing = try c.state.subscription(subscriptionID).promotionalOfferIDs.compactMap { c.state.promotionalOffers[$0] }
        if existing.contains(where: { $0.offerCode == offerCode }) {
            throw entity.invalidAttribute(
                "offerCode", "The subscription already has a promotional offer with the code '\(offerCode)'.",
                code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
        let record = SubscriptionOfferRecord(
            id: c.state.newUUID(), subscriptionID: subscriptionID, name: entity.string("name")!, offerCode: offerCode,
            offerMode: entity.string("offerMode")!, duration: entity.string("duration")!, numberOfPeriods: entity.int("numberOfPeriods")!,
            points: points, freeTerritories: freeTerritories, targetSubscriptionPlanType: entity.string("targetSubscriptionPlanType"))
        c.state.addSubscriptionOffer(record)
        return c.created(Ref(.promotionalOffer, record.id))
    }

    static func createOfferCode(_ c: Context) throws(APIError) -> Reply {
        let document = try c.body(.offerCodeCreate)
        let entity = document.data
        let (subscriptionID, points, freeTerritories) = try checkOffer(
            document, priceType: "subscriptionOfferCodePrices", periods: "numberOfPeriods", c)
        let eligibilities = entity.attributes["customerEligibilities"]?.array?.compactMap(\.string) ?? []
        guard !eligibilities.isEmpty else {
            throw entity.invalidAttribute("customerEligibilities", "An offer code needs at least one customer eligibility.")
        }
        let name = entity.string("name")!
        let existing = try c.state.subscription(subscriptionID).offerCodeIDs.compactMap { c.state.offerCodes[$0] }
        if existing.contains(where: { $0.name == name }) {
            throw entity.invalidAttribute(
                "name", "The subscription already has an offer code named '\(name)'.", code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
        var record = SubscriptionOfferRecord(
            id: c.state.newUUID(), subscriptionID: subscriptionID, name: name, offerCode: nil, offerMode: entity.string("offerMode")!,
            duration: entity.string("duration")!, numberOfPeriods: entity.int("numberOfPeriods")!, points: points,
            freeTerritories: freeTerritories, targetSubscriptionPlanType: entity.string("targetSubscriptionPlanType"))
        record.customerEligibilities = eligibilities
        record.offerEligibility = entity.string("offerEligibility")
        record.active = true
        record.autoRenewEnabled = entity.bool("autoRenewEnabled")
        c.state.addSubscriptionOffer(record)
        return c.created(Ref(.offerCode, record.id))
    }

    static func updateOfferCode(_ c: Context) throws(APIError) -> Reply {
        guard let record = c.state.offerCodes[c.id] else { throw .resourceNotFound("subscriptionOfferCodes", c.id) }
        let entity = try c.body(.offerCodeUpdate).data
        if let active = entity.bool("active") {
            if active, record.active == false {
                throw entity.invalidAttribute("active", "A deactivated offer code cannot be activated again.")
            }
            c.state.offerCodes[c.id]?.active = active
        }
        return c.one(Ref(.offerCode, c.id))
    }

    static func createWinBackOffer(_ c: Context) throws(APIError) -> Reply {
        let document = try c.body(.winBackOfferCreate)
        let entity = document.data
        let (subscriptionID, points, freeTerritories) = try checkOffer(document, priceType: "winBackOfferPrices", periods: "periodCount", c)
        let offerID = entity.string("offerId")!
        let existing = try c.state.subscription(subscriptionID).winBackOfferIDs.compactMap { c.state.winBackOffers[$0] }
        if existing.contains(where: { $0.offerID == offerID }) {
            throw entity.invalidAttribute(
                "offerId", "The subscription already has a win-back offer '\(offerID)'.", code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
        let lapsed = entity.attributes["customerEligibilityTimeSinceLastSubscribedInMonths"]?.object ?? [:]
        var record = WinBackOfferRecord(
            id: c.state.newUUID(), subscriptionID: subscriptionID, offerID: offerID, referenceName: entity.string("referenceName")!,
            offerMode: entity.string("offerMode")!, duration: entity.string("duration")!, periodCount: entity.int("periodCount")!,
            points: points, freeTerritories: freeTerritories,
            paidMonths: entity.int("customerEligibilityPaidSubscriptionDurationInMonths")!,
            lapsedMinimum: lapsed["minimum"]?.int, lapsedMaximum: lapsed["maximum"]?.int,
            waitMonths: entity.int("customerEligibilityWaitBetweenOffersInMonths"), startDate: entity.string("startDate")!,
            endDate: entity.string("endDate"), priority: entity.string("priority")!, promotionIntent: entity.string("promotionIntent"))
        record.targetSubscriptionPlanType = entity.string("targetSubscriptionPlanType")
        try checkDates(record, entity)
        c.state.addWinBackOffer(record)
        return c.created(Ref(.winBackOffer, record.id))
    }

    static func updateWinBackOffer(_ c: Context) throws(APIError) -> Reply {
        guard var record = c.state.winBackOffers[c.id] else { throw .resourceNotFound("winBackOffers", c.id) }
        let entity = try c.body(.winBackOfferUpdate).data
        let paid = "customerEligibilityPaidSubscriptionDurationInMonths"
        if let months = entity.int(paid) { record.paidMonths = months }
        if let lapsed = entity.attributes["customerEligibilityTimeSinceLastSubscribedInMonths"]?.object {
            record.lapsedMinimum = lapsed["minimum"]?.int
            record.lapsedMaximum = lapsed["maximum"]?.int
        }
        let wait = "customerEligibilityWaitBetweenOffersInMonths"
        if entity.has(wait) { record.waitMonths = entity.int(wait) }
        if let start = entity.string("startDate") { record.startDate = start }
        if entity.has("endDate") { record.endDate = entity.string("endDate") }
        if let priority = entity.string("priority") { record.priority = priority }
        if entity.has("promotionIntent") { record.promotionIntent = entity.string("promotionIntent") }
        try checkDates(record, entity)
        c.state.winBackOffers[c.id] = record
        return c.one(Ref(.winBackOffer, c.id))
    }

    // MARK: Rules

    private static func checkDates(_ record: WinBackOfferRecord, _ entity: RequestEntity) throws(APIError) {
        if let end = record.endDate, end <= record.startDate {
            throw entity.invalidAttribute("endDate", "The offer ends (\(end)) before it starts (\(record.startDate)).")
        }
    }

    /// The subscription, the price points and the free territories of an offer create: the mode's
    /// periods, and one included price per territory — with a price point of that subscription for
    /// a paid offer, with none for a free trial.
    private static func checkOffer(_ document: RequestDocument, priceType: String, periods: String, _ c: Context) throws(APIError) -> (
        String, [PricePoint], [String]
    ) {
        let entity = document.data
        let subscriptionID = entity.one("subscription")!
        guard c.state.subscriptions[subscriptionID] != nil else {
            throw entity.invalidRelationship("subscription", "There is no subscription with id '\(subscriptionID)'.")
        }
        let mode = entity.string("offerMode")!
        let count = entity.int(periods)!
        guard count >= 1, mode == "PAY_AS_YOU_GO" || count == 1 else {
            throw entity.invalidAttribute(periods, "\(mode) takes exactly one period; PAY_AS_YOU_GO one or more.")
        }
        let ids = entity.many("prices") ?? []
        var points: [PricePoint] = []
        var freeTerritories: [String] = []
        // Not in the OpenAPI document, enforced by the live service (rorkai/App-Store-Connect-CLI
        // issues 1500, 1659 and 1948): a free offer names its territories as prices without a price
        // point. Without prices: RELATIONSHIP.REQUIRED; with a price point: RELATIONSHIP.INVALID.
        if mode == "FREE_TRIAL", ids.isEmpty { throw entity.missingRelationship("prices") }
        for id in ids {
            guard let item = document.included(priceType, id: id) else {
                throw entity.invalidRelationship("prices", "'\(id)' is not an included \(priceType).")
            }
            if mode == "FREE_TRIAL" {
                if item.one("subscriptionPricePoint") != nil {
                    throw item.invalidRelationship(
                        "subscriptionPricePoint", "For FREE_TRIAL offerMode, subscriptionPricePoint must be null.")
                }
                guard let territory = item.one("territory") else { throw item.missingRelationship("territory") }
                guard c.state.isTerritory(territory) else {
                    throw item.invalidRelationship("territory", "There is no territory with id '\(territory)'.")
                }
                if freeTerritories.contains(territory) { throw item.invalidRelationship("territory", "Two prices for \(territory).") }
                freeTerritories.append(territory)
                continue
            }
            guard let pointID = item.one("subscriptionPricePoint") else { throw item.missingRelationship("subscriptionPricePoint") }
            guard let point = c.state.pricePoint(Ref(.subscriptionPricePoint, pointID)), point.product == subscriptionID else {
                throw item.invalidRelationship(
                    "subscriptionPricePoint", "'\(pointID)' is not a price point of subscription '\(subscriptionID)'.")
            }
            if let territory = item.one("territory"), territory != point.territory {
                throw item.invalidRelationship("territory", "The price point is of \(point.territory), not \(territory).")
            }
            if points.contains(where: { $0.territory == point.territory }) {
                throw item.invalidRelationship("territory", "Two prices for \(point.territory).")
            }
            points.append(point)
        }
        if mode != "FREE_TRIAL", points.isEmpty { throw entity.missingRelationship("prices") }
        if let stray = document.included.first(where: { !ids.contains($0.id ?? "") }) {
            throw .entity(
                "ENTITY_ERROR.INCLUDED.INVALID", stray.pointer,
                "The included resource '\(stray.id ?? "")' is not referenced by a relationship.")
        }
        return (subscriptionID, points.sorted { $0.territory < $1.territory }, freeTerritories.sorted())
    }
}

/// Promoting a product on the App Store product page: one promoted purchase per product, at most
/// 20 per app, the product of the app the request names; a new one joins the end of the list.
enum PromotedPurchaseHandlers {
    static let limit = 20

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.promotedPurchaseCreate).data
        let appID = entity.one("app")!
        let app = try c.state.app(appID)
        let owner: Owner
        switch (entity.one("inAppPurchaseV2"), entity.one("subscription")) {
        case (let id?, nil): owner = .inAppPurchase(id)
        case (nil, let id?): owner = .subscription(id)
        default:
            throw .entity(
                "ENTITY_ERROR.RELATIONSHIP.INVALID", "/data/relationships",
                "A promoted purchase names exactly one of inAppPurchaseV2 and subscription.")
        }
        guard c.state.appID(of: owner) == appID else {
            let relationship = if case .subscription = owner { "subscription" } else { "inAppPurchaseV2" }
            throw entity.invalidRelationship(relationship, "The product is not a product of app '\(appID)'.")
        }
        if c.state.promotedPurchases.values.contains(where: { $0.owner == owner }) {
            throw .stateError("The product is already promoted.")
        }
        guard app.promotedPurchaseIDs.count < limit else {
            throw .stateError("The app already promotes \(limit) in-app purchases, the most App Store Connect allows.")
        }
        let record = PromotedPurchaseRecord(
            id: c.state.newUUID(), owner: owner, visibleForAllUsers: entity.bool("visibleForAllUsers")!,
            enabled: entity.bool("enabled") ?? true, state: "PREPARE_FOR_SUBMISSION")
        c.state.promotedPurchases[record.id] = record
        c.state.apps[appID]?.promotedPurchaseIDs.append(record.id)
        return c.created(Ref(.promotedPurchase, record.id))
    }

    static func update(_ c: Context) throws(APIError) -> Reply {
        guard c.state.promotedPurchases[c.id] != nil else { throw .resourceNotFound("promotedPurchases", c.id) }
        let entity = try c.body(.promotedPurchaseUpdate).data
        if let visible = entity.bool("visibleForAllUsers") { c.state.promotedPurchases[c.id]?.visibleForAllUsers = visible }
        if let enabled = entity.bool("enabled") { c.state.promotedPurchases[c.id]?.enabled = enabled }
        return c.one(Ref(.promotedPurchase, c.id))
    }
}
