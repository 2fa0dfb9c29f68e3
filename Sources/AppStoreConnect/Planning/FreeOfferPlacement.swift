import IAPCatalog

/// Where an offer runs, as its creation needs it: App Store Connect takes a free offer's
/// territories as prices without a price point (the planner resolves them; the applier sends
/// them), a paid offer's from its prices.
protocol FreeOfferPlacement {
    var mode: OfferMode { get }
    var territories: TerritorySelection? { get }
}

extension SubscriptionOffer: FreeOfferPlacement {}
extension WinBackOffer: FreeOfferPlacement {}
