/// How test hooks give subscriptions promotional offers, offer codes and win-back offers, and an app
/// its promoted purchases: what App Store Connect holds that nothing in the fake writes.
extension FakeState {
    /// The price points of `subscriptionID` whose customer price in each territory is exactly the
    /// one given; nil when a territory is unknown or has no such price point.
    func offerPoints(subscriptionID: String, prices: [String: String]) -> [PricePoint]? {
        var points: [PricePoint] = []
        for (territory, customerPrice) in prices.sorted(by: { $0.key < $1.key }) {
            guard isTerritory(territory),
                let index = PricePointLadder.indices.first(where: {
                    PricePointLadder.customerPrice(territory: territory, index: $0) == customerPrice
                })
            else { return nil }
            points.append(PricePoint(product: subscriptionID, territory: territory, index: index))
        }
        return points
    }

    /// Adds a promotional offer (`offerCode` set) or an offer code (`offerCode` nil) to its subscription.
    func addSubscriptionOffer(_ record: SubscriptionOfferRecord) {
        if record.offerCode != nil {
            promotionalOffers[record.id] = record
            subscriptions[record.subscriptionID]?.promotionalOfferIDs.append(record.id)
        } else {
            offerCodes[record.id] = record
            subscriptions[record.subscriptionID]?.offerCodeIDs.append(record.id)
        }
    }

    /// Adds a win-back offer to its subscription.
    func addWinBackOffer(_ record: WinBackOfferRecord) {
        winBackOffers[record.id] = record
        subscriptions[record.subscriptionID]?.winBackOfferIDs.append(record.id)
    }

    /// Replaces the app's promoted purchases with `owners`, in that order.
    func setPromotedPurchases(app appID: String, _ entries: [(owner: Owner, visible: Bool, enabled: Bool)]) {
        for id in apps[appID]?.promotedPurchaseIDs ?? [] { promotedPurchases[id] = nil }
        apps[appID]?.promotedPurchaseIDs = entries.map { entry in
            let record = PromotedPurchaseRecord(
                id: newUUID(), owner: entry.owner, visibleForAllUsers: entry.visible, enabled: entry.enabled)
            promotedPurchases[record.id] = record
            return record.id
        }
    }

    /// Forgets the offers and the promoted purchase of a product being deleted.
    func deleteOffersAndPromotion(of owner: Owner) {
        if case .subscription(let id) = owner, let record = subscriptions[id] {
            for offerID in record.promotionalOfferIDs { promotionalOffers[offerID] = nil }
            for offerID in record.offerCodeIDs { offerCodes[offerID] = nil }
            for offerID in record.winBackOfferIDs { winBackOffers[offerID] = nil }
        }
        if case .inAppPurchase(let id) = owner { deleteInAppPurchaseOfferCodes(of: id) }
        guard let appID = appID(of: owner) else { return }
        let promoted = promotedPurchases.values.filter { $0.owner == owner }.map(\.id)
        for id in promoted { promotedPurchases[id] = nil }
        apps[appID]?.promotedPurchaseIDs.removeAll { promoted.contains($0) }
    }
}
