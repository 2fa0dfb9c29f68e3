import IAPCatalog

/// Everything the app holds on Google Play that iapcat reads: one-time products, subscriptions
/// (with their base plans) and subscription offers, each kept as the API answered it — fields
/// iapcat does not model included — so that apply can send complete lists built from it.
package struct PlayRemoteState: Sendable {
    /// `OneTimeProduct`s, in the order listed.
    package var oneTimeProducts: [JSONValue]
    /// `Subscription`s, in the order listed.
    package var subscriptions: [JSONValue]
    /// `SubscriptionOffer`s of every base plan, in the order listed.
    package var offers: [JSONValue]

    /// A state.
    package init(oneTimeProducts: [JSONValue] = [], subscriptions: [JSONValue] = [], offers: [JSONValue] = []) {
        self.oneTimeProducts = oneTimeProducts
        self.subscriptions = subscriptions
        self.offers = offers
    }

    /// The one-time product `productID`.
    package func oneTimeProduct(_ productID: String) -> JSONValue? {
        oneTimeProducts.first { $0["productId"]?.string == productID }
    }

    /// The subscription `productID`.
    package func subscription(_ productID: String) -> JSONValue? {
        subscriptions.first { $0["productId"]?.string == productID }
    }

    /// The offers of one base plan, in the order listed.
    package func offers(of productID: String, basePlan: String) -> [JSONValue] {
        offers.filter { $0["productId"]?.string == productID && $0["basePlanId"]?.string == basePlan }
    }
}
