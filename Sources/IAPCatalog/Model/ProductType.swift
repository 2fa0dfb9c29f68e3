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

    /// The types a word that is not a type commonly stands for: `subscription` (StoreKit's and
    /// Google Play's word) for the two kinds of subscription, `non_consumable` or `NonConsumable`
    /// (StoreKit's and Unity's spellings) for the one they spell.
    package static func meant(by word: String) -> [ProductType] {
        let letters = String(word.lowercased().filter(\.isLetter))
        switch letters {
        case "subscription", "subscriptions", "sub", "renewable", "autorenew", "autorenewing", "autorenewablesubscription":
            return letters.hasPrefix("auto") ? [.autoRenewable] : [.autoRenewable, .nonRenewing]
        case "nonrenewingsubscription", "nonrenewable": return [.nonRenewing]
        default: return allCases.filter { $0.rawValue.filter(\.isLetter) == letters && $0.rawValue != word }
        }
    }
}
