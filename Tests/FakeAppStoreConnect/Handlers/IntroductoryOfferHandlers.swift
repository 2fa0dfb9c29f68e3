/// Subscription introductory offers: one at a time per territory and plan type (offers may follow
/// each other by date; an offer without a territory applies everywhere); paid modes need a price
/// point of the subscription in that territory.
enum IntroductoryOfferHandlers {
    static func list(_ c: Context) throws(APIError) -> Reply {
        let subscription = try c.state.subscription(c.id)
        let offers = subscription.introductoryOfferIDs.compactMap { c.state.introductoryOffers[$0] }.filter { offer in
            c.query.filter("territory").map { $0.contains(offer.territory ?? "") } ?? true
        }
        return c.list(offers.map { Ref(.introductoryOffer, $0.id) })
    }

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.subscriptionIntroductoryOfferCreate).data
        let subscriptionID = entity.one("subscription")!
        guard c.state.subscriptions[subscriptionID] != nil else {
            throw entity.invalidRelationship("subscription", "There is no subscription with id '\(subscriptionID)'.")
        }
        let offer = try check(entity, subscriptionID: subscriptionID, pending: [], c)
        c.state.introductoryOffers[offer.id] = offer
        c.state.subscriptions[subscriptionID]?.introductoryOfferIDs.append(offer.id)
        return c.created(Ref(.introductoryOffer, offer.id))
    }

    /// Checks an offer (a POST body or an inline create of a subscription PATCH) against the
    /// subscription's offers and the `pending` ones of the same request; returns the record to store.
    static func check(
        _ item: RequestEntity, subscriptionID: String, pending: [IntroductoryOfferRecord], _ c: Context
    ) throws(APIError) -> IntroductoryOfferRecord {
        if let other = item.one("subscription"), other != subscriptionID {
            throw item.invalidRelationship("subscription", "The offer names another subscription ('\(other)').")
        }
        let territory = item.one("territory")
        if let territory, !c.state.isTerritory(territory) {
            throw item.invalidRelationship("territory", "'\(territory)' is not a territory.")
        }
        let offerMode = item.string("offerMode")!
        let numberOfPeriods = item.int("numberOfPeriods")!
        var point: PricePoint?
        if let pointID = item.one("subscriptionPricePoint") {
            guard let found = c.state.pricePoint(Ref(.subscriptionPricePoint, pointID)), found.product == subscriptionID,
                territory == nil || found.territory == territory
            else {
                throw item.invalidRelationship(
                    "subscriptionPricePoint",
                    "'\(pointID)' is not a price point of subscription '\(subscriptionID)' in \(territory ?? "this territory").")
            }
            point = found
        }
        if offerMode == "FREE_TRIAL", point != nil {
            throw item.invalidRelationship("subscriptionPricePoint", "A free trial has no price.")
        }
        if offerMode != "FREE_TRIAL", point == nil {
            throw item.missingRelationship("subscriptionPricePoint")
        }
        guard numberOfPeriods >= 1, offerMode == "PAY_AS_YOU_GO" || numberOfPeriods == 1 else {
            throw item.invalidAttribute("numberOfPeriods", "\(offerMode) takes exactly one period; PAY_AS_YOU_GO one or more.")
        }
        let startDate = item.string("startDate")
        let endDate = item.string("endDate")
        if let startDate, let endDate, endDate <= startDate {
            throw item.invalidAttribute("endDate", "The offer ends (\(endDate)) before it starts (\(startDate)).")
        }
        let planType = item.string("targetSubscriptionPlanType") ?? "UPFRONT"
        // One offer at a time per territory and plan: offers may follow each other, never overlap.
        let existing = (c.state.subscriptions[subscriptionID]?.introductoryOfferIDs ?? []).compactMap { c.state.introductoryOffers[$0] }
        let clash = (existing + pending).first { other in
            guard other.territory == nil || territory == nil || other.territory == territory else { return false }
            guard (other.targetSubscriptionPlanType ?? "UPFRONT") == planType else { return false }
            return (other.startDate ?? "") < (endDate ?? "9999-12-31") && (startDate ?? "") < (other.endDate ?? "9999-12-31")
        }
        if let clash {
            throw item.invalidRelationship(
                "territory",
                "The subscription already has an introductory offer for \(clash.territory ?? "every territory") at the same time.")
        }
        return IntroductoryOfferRecord(
            id: c.state.newUUID(), subscriptionID: subscriptionID, territory: territory, point: point, startDate: startDate,
            endDate: endDate, duration: item.string("duration")!, offerMode: offerMode, numberOfPeriods: numberOfPeriods,
            targetSubscriptionPlanType: item.string("targetSubscriptionPlanType"))
    }

    static func update(_ c: Context) throws(APIError) -> Reply {
        guard c.state.introductoryOffers[c.id] != nil else { throw .resourceNotFound("subscriptionIntroductoryOffers", c.id) }
        let entity = try c.body(.subscriptionIntroductoryOfferUpdate).data
        if entity.has("endDate") { c.state.introductoryOffers[c.id]?.endDate = entity.string("endDate") }
        return c.one(Ref(.introductoryOffer, c.id))
    }

    static func delete(_ c: Context) throws(APIError) -> Reply {
        guard let offer = c.state.introductoryOffers[c.id] else { throw .resourceNotFound("subscriptionIntroductoryOffers", c.id) }
        c.state.introductoryOffers[c.id] = nil
        c.state.subscriptions[offer.subscriptionID]?.introductoryOfferIDs.removeAll { $0 == c.id }
        return .noContent
    }
}
