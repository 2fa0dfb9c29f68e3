import IAPCatalog

/// The API's product families and types.
package enum ProductKind: String, Sendable, Equatable {
    /// `CONSUMABLE`.
    case consumable = "CONSUMABLE"
    /// `NON_CONSUMABLE`.
    case nonConsumable = "NON_CONSUMABLE"
    /// `NON_RENEWING_SUBSCRIPTION`.
    case nonRenewing = "NON_RENEWING_SUBSCRIPTION"
    /// An auto-renewable subscription (the `subscriptions` resource, not an `inAppPurchaseType`).
    case autoRenewable = "AUTO_RENEWABLE"

    /// The kind of a catalog product type; nil for free subscriptions, which the API cannot create.
    package init?(_ type: ProductType) {
        switch type {
        case .consumable: self = .consumable
        case .nonConsumable: self = .nonConsumable
        case .nonRenewing: self = .nonRenewing
        case .autoRenewable: self = .autoRenewable
        case .freeSubscription: return nil
        }
    }

    /// The catalog type of this kind.
    package var catalogType: ProductType {
        switch self {
        case .consumable: .consumable
        case .nonConsumable: .nonConsumable
        case .nonRenewing: .nonRenewing
        case .autoRenewable: .autoRenewable
        }
    }
}
