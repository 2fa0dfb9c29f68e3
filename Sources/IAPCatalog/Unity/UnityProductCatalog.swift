/// A Unity IAP product catalog (`Assets/Resources/IAPProductCatalog.json`, Unity's
/// `ProductCatalog` written by `JsonUtility`) as read, with the position of every value lint or
/// import reports on. Only what iapcat uses is kept; the rest is counted so import can say so.
package struct UnityProductCatalog: Sendable {
    package var file: String
    /// `appleSKU` and `appleTeamID`, when not empty.
    package var appleSKU: String?
    package var appleTeamID: String?
    /// Every product with an id, in file order (Unity ignores products with an empty id).
    package var products: [UnityProduct] = []
    package var rootPosition: SourcePosition = .start

    package init(file: String) {
        self.file = file
    }
}

/// One `products[]` item of a Unity catalog.
package struct UnityProduct: Sendable {
    /// Unity's product id: the store id unless `storeIDs` overrides it for a store.
    package var id: String
    /// The `AppleAppStore` entry of `storeIDs`, when it names an id.
    package var appleID: String?
    /// `type`: 0 Consumable, 1 NonConsumable, 2 Subscription (nil when missing or not a number).
    package var type: Int?
    /// The stores other than the App Store that `storeIDs` gives an id for.
    package var otherStores: [String] = []
    /// `defaultDescription` first, then `descriptions[]`.
    package var descriptions: [UnityDescription] = []
    package var applePriceTier: Int?
    /// Values import cannot carry, noted only when set: a Google, UDP or Xiaomi price, a pricing
    /// template, payouts, a review screenshot path.
    package var hasGooglePrice = false
    package var hasUDPPrice = false
    package var hasXiaomiPriceTier = false
    package var hasPricingTemplate = false
    package var payouts = 0
    package var hasScreenshotPath = false
    package var positions = Positions()

    package struct Positions: Sendable {
        package var entry: SourcePosition = .start
        package var id: SourcePosition?
        package var type: SourcePosition?
        package var appleID: SourcePosition?
        package var applePriceTier: SourcePosition?
    }

    package init(id: String) {
        self.id = id
    }

    /// The id StoreKit is asked for: the `AppleAppStore` override, else the product id.
    package var storeID: String { appleID ?? id }
    /// Where the id StoreKit is asked for is written.
    package var storeIDPosition: SourcePosition { (appleID == nil ? positions.id : positions.appleID) ?? positions.entry }

    /// The catalog type Unity's `type` matches: 0 consumable, 1 non-consumable, 2 any subscription.
    package func matches(_ catalogType: ProductType) -> Bool {
        switch type {
        case 0?: catalogType == .consumable
        case 1?: catalogType == .nonConsumable
        case 2?: catalogType == .autoRenewable || catalogType == .nonRenewing || catalogType == .freeSubscription
        default: true
        }
    }

    /// Unity's name of a `type` value.
    package static func typeName(_ type: Int) -> String {
        switch type {
        case 0: "Consumable (0)"
        case 1: "NonConsumable (1)"
        case 2: "Subscription (2)"
        default: "\(type)"
        }
    }
}

/// A title and description in one of Unity's `TranslationLocale`s (an index into the enum).
package struct UnityDescription: Sendable {
    package var locale: Int?
    package var title: String
    package var description: String
    package var position: SourcePosition
}
