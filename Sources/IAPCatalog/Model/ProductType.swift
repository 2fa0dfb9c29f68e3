/// The kind of in-app purchase.
public enum ProductType: String, Sendable, CaseIterable {
    /// Bought again and again (coins).
    case consumable
    /// Bought once (a level, "remove ads").
    case nonConsumable = "non-consumable"
    /// Renews until cancelled; belongs to a subscription group.
    case autoRenewable = "auto-renewable"
    /// Runs for a fixed time and does not renew.
    case nonRenewing = "non-renewing"
    /// Newsstand's free subscription: read on import, no longer offered.
    case freeSubscription = "free-subscription"

    /// Whether App Store Connect no longer offers the type (free subscriptions); such products get `deprecated_type`.
    public var isDeprecated: Bool { self == .freeSubscription }
}
