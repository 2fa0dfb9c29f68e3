import IAPCatalog

/// Everything the app holds on Google Play that iapcat reads: one-time products, subscriptions
/// (with their base plans) and subscription offers, each kept as the API answered it — fields
/// iapcat does not model included — so that apply can send complete lists built from it.
///
/// Lookups by product id go through indexes built when a list is set, never a scan of the lists:
/// pull, plan and apply look up every product they handle, and a scan per product makes an app
/// of 20,000 products take minutes.
package struct PlayRemoteState: Sendable {
    /// `OneTimeProduct`s, in the order listed.
    package var oneTimeProducts: [JSONValue] {
        didSet { oneTimeIndex = Self.firstIndexes(oneTimeProducts) }
    }
    /// `Subscription`s, in the order listed.
    package var subscriptions: [JSONValue] {
        didSet { subscriptionIndex = Self.firstIndexes(subscriptions) }
    }
    /// `SubscriptionOffer`s of every base plan, in the order listed.
    package var offers: [JSONValue] {
        didSet { offerIndex = Self.allIndexes(offers) }
    }

    /// Product id → position of the first one-time product with it.
    private var oneTimeIndex: [String: Int]
    /// Product id → position of the first subscription with it.
    private var subscriptionIndex: [String: Int]
    /// Product id → positions of its offers, in the order listed.
    private var offerIndex: [String: [Int]]

    /// A state.
    package init(oneTimeProducts: [JSONValue] = [], subscriptions: [JSONValue] = [], offers: [JSONValue] = []) {
        self.oneTimeProducts = oneTimeProducts
        self.subscriptions = subscriptions
        self.offers = offers
        oneTimeIndex = Self.firstIndexes(oneTimeProducts)
        subscriptionIndex = Self.firstIndexes(subscriptions)
        offerIndex = Self.allIndexes(offers)
    }

    /// The one-time product `productID`.
    package func oneTimeProduct(_ productID: String) -> JSONValue? {
        oneTimeIndex[productID].map { oneTimeProducts[$0] }
    }

    /// The subscription `productID`.
    package func subscription(_ productID: String) -> JSONValue? {
        subscriptionIndex[productID].map { subscriptions[$0] }
    }

    /// The offers of the subscription `productID`, every base plan's, in the order listed.
    package func offers(of productID: String) -> [JSONValue] {
        (offerIndex[productID] ?? []).map { offers[$0] }
    }

    /// The offers of one base plan, in the order listed.
    package func offers(of productID: String, basePlan: String) -> [JSONValue] {
        offers(of: productID).filter { $0["basePlanId"]?.string == basePlan }
    }

    /// The state of `productIDs` only.
    package func only(_ productIDs: Set<String>) -> PlayRemoteState {
        func kept(_ items: [JSONValue]) -> [JSONValue] { items.filter { $0["productId"]?.string.map(productIDs.contains) ?? false } }
        return PlayRemoteState(oneTimeProducts: kept(oneTimeProducts), subscriptions: kept(subscriptions), offers: kept(offers))
    }

    private static func firstIndexes(_ items: [JSONValue]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, item) in items.enumerated() {
            guard let id = item["productId"]?.string, index[id] == nil else { continue }
            index[id] = position
        }
        return index
    }

    private static func allIndexes(_ items: [JSONValue]) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for (position, item) in items.enumerated() {
            guard let id = item["productId"]?.string else { continue }
            index[id, default: []].append(position)
        }
        return index
    }
}
