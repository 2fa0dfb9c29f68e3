/// Rendering of promotional offers, offer codes, win-back offers,
/// their prices, and promoted purchases (seeded by ``FakeAppStoreConnect`` hooks).
extension FakeState {
    /// The attributes of an offer, an offer price or a promoted purchase; nil when there is none.
    func offerAttributes(of ref: Ref) -> [String: JSON]? {
        switch ref.kind {
        case .promotionalOffer:
            guard let record = promotionalOffers[ref.id] else { return nil }
            return [
                "name": .string(record.name), "offerCode": .optional(record.offerCode), "offerMode": .string(record.offerMode),
                "duration": .string(record.duration), "numberOfPeriods": .int(record.numberOfPeriods),
                "targetSubscriptionPlanType": .optional(record.targetSubscriptionPlanType),
            ]
        case .offerCode:
            guard let record = offerCodes[ref.id] else { return nil }
            return [
                "name": .string(record.name), "customerEligibilities": .array(record.customerEligibilities.map(JSON.string)),
                "offerEligibility": .optional(record.offerEligibility), "offerMode": .string(record.offerMode),
                "duration": .string(record.duration), "numberOfPeriods": .int(record.numberOfPeriods), "totalNumberOfCodes": 0,
                "productionCodeCount": 0, "sandboxCodeCount": 0, "active": .bool(record.active ?? true),
                "autoRenewEnabled": record.autoRenewEnabled.map(JSON.bool) ?? .null,
                "targetSubscriptionPlanType": .optional(record.targetSubscriptionPlanType),
            ]
        case .winBackOffer:
            guard let record = winBackOffers[ref.id] else { return nil }
            var lapsed: [String: JSON] = [:]
            if let minimum = record.lapsedMinimum { lapsed["minimum"] = .int(minimum) }
            if let maximum = record.lapsedMaximum { lapsed["maximum"] = .int(maximum) }
            return [
                "referenceName": .string(record.referenceName), "offerId": .string(record.offerID), "duration": .string(record.duration),
                "offerMode": .string(record.offerMode), "periodCount": .int(record.periodCount),
                "customerEligibilityPaidSubscriptionDurationInMonths": .int(record.paidMonths),
                "customerEligibilityTimeSinceLastSubscribedInMonths": .object(lapsed),
                "customerEligibilityWaitBetweenOffersInMonths": record.waitMonths.map(JSON.int) ?? .null,
                "startDate": .string(record.startDate), "endDate": .optional(record.endDate), "priority": .string(record.priority),
                "promotionIntent": .optional(record.promotionIntent),
                "targetSubscriptionPlanType": .optional(record.targetSubscriptionPlanType),
            ]
        case .promotionalOfferPrice, .offerCodePrice, .winBackOfferPrice:
            return offerPriceTerritory(ref) == nil ? nil : [:]
        case .promotedPurchase:
            guard let record = promotedPurchases[ref.id] else { return nil }
            return [
                "visibleForAllUsers": .bool(record.visibleForAllUsers), "enabled": .bool(record.enabled), "state": .string(record.state),
            ]
        default:
            return nil
        }
    }

    /// The linkage of relationship `name` of an offer, an offer price, a promoted purchase, or the
    /// offers and promoted purchase of a product.
    func offerRelated(_ ref: Ref, _ name: String) -> Related? {
        let id = ref.id
        switch (ref.kind, name) {
        case (.subscription, "promotionalOffers"):
            return .many((subscriptions[id]?.promotionalOfferIDs ?? []).map { Ref(.promotionalOffer, $0) })
        case (.subscription, "offerCodes"):
            return .many((subscriptions[id]?.offerCodeIDs ?? []).map { Ref(.offerCode, $0) })
        case (.subscription, "winBackOffers"):
            return .many((subscriptions[id]?.winBackOfferIDs ?? []).map { Ref(.winBackOffer, $0) })
        case (.subscription, "promotedPurchase"):
            return .one(promotedPurchases.values.first { $0.owner == .subscription(id) }.map { Ref(.promotedPurchase, $0.id) })
        case (.inAppPurchase, "promotedPurchase"):
            return .one(promotedPurchases.values.first { $0.owner == .inAppPurchase(id) }.map { Ref(.promotedPurchase, $0.id) })
        case (.promotionalOffer, "subscription"):
            return .one(promotionalOffers[id].map { Ref(.subscription, $0.subscriptionID) })
        case (.offerCode, "subscription"):
            return .one(offerCodes[id].map { Ref(.subscription, $0.subscriptionID) })
        case (.promotionalOffer, "prices"), (.offerCode, "prices"), (.winBackOffer, "prices"):
            return .many(offerPriceRefs(ref))
        case (.promotionalOfferPrice, "territory"), (.offerCodePrice, "territory"), (.winBackOfferPrice, "territory"):
            return .one(offerPriceTerritory(ref).map { Ref(.territory, $0) })
        case (.promotionalOfferPrice, "subscriptionPricePoint"), (.offerCodePrice, "subscriptionPricePoint"),
            (.winBackOfferPrice, "subscriptionPricePoint"):
            return .one(offerPricePoint(ref).map { Ref(.subscriptionPricePoint, $0.id) })
        case (.promotedPurchase, "inAppPurchaseV2"):
            guard case .inAppPurchase(let owner)? = promotedPurchases[id]?.owner else { return .one(nil) }
            return .one(Ref(.inAppPurchase, owner))
        case (.promotedPurchase, "subscription"):
            guard case .subscription(let owner)? = promotedPurchases[id]?.owner else { return .one(nil) }
            return .one(Ref(.subscription, owner))
        default:
            switch ref.kind.relationships.first(where: { $0.name == name })?.cardinality {
            case .one: return .one(nil)
            case .many: return .many([])
            case .linksOnly, nil: return nil
            }
        }
    }

    /// The price points of an offer (`ref`: a promotional offer, an offer code or a win-back offer).
    func offerPoints(_ ref: Ref) -> [PricePoint]? {
        switch ref.kind {
        case .promotionalOffer: promotionalOffers[ref.id]?.points
        case .offerCode: offerCodes[ref.id]?.points
        case .winBackOffer: winBackOffers[ref.id]?.points
        default: nil
        }
    }

    /// The territories of a free trial (`ref`: a promotional offer, an offer code or a win-back offer).
    func offerFreeTerritories(_ ref: Ref) -> [String] {
        switch ref.kind {
        case .promotionalOffer: promotionalOffers[ref.id]?.freeTerritories ?? []
        case .offerCode: offerCodes[ref.id]?.freeTerritories ?? []
        case .winBackOffer: winBackOffers[ref.id]?.freeTerritories ?? []
        default: []
        }
    }

    /// The price resources of an offer, one per territory (a free trial's without a price point).
    func offerPriceRefs(_ ref: Ref, territories: [String]? = nil) -> [Ref] {
        let kind: Kind =
            switch ref.kind {
            case .promotionalOffer: .promotionalOfferPrice
            case .offerCode: .offerCodePrice
            default: .winBackOfferPrice
            }
        let all = ((offerPoints(ref) ?? []).map(\.territory) + offerFreeTerritories(ref)).sorted()
        return all.filter { territories?.contains($0) ?? true }.map { Ref(kind, "\(ref.id)_\($0)") }
    }

    /// The offer and territory an offer price (`offer id_territory`) stands for.
    private func offerPriceParts(_ ref: Ref) -> (offer: Ref, territory: String)? {
        guard let separator = ref.id.lastIndex(of: "_") else { return nil }
        let offerKind: Kind =
            switch ref.kind {
            case .promotionalOfferPrice: .promotionalOffer
            case .offerCodePrice: .offerCode
            default: .winBackOffer
            }
        return (Ref(offerKind, String(ref.id[..<separator])), String(ref.id[ref.id.index(after: separator)...]))
    }

    /// The price point an offer price stands for; nil for a free trial's.
    func offerPricePoint(_ ref: Ref) -> PricePoint? {
        guard let (offer, territory) = offerPriceParts(ref) else { return nil }
        return offerPoints(offer)?.first { $0.territory == territory }
    }

    /// The territory of an offer price; nil when the offer has no price there.
    func offerPriceTerritory(_ ref: Ref) -> String? {
        guard let (offer, territory) = offerPriceParts(ref) else { return nil }
        let priced = offerPoints(offer)?.contains { $0.territory == territory } ?? false
        return priced || offerFreeTerritories(offer).contains(territory) ? territory : nil
    }
}
