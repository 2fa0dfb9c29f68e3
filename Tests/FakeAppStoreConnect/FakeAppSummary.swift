/// Counts of what one app holds in the fake, for assertions after a client ran.
public struct FakeAppSummary: Sendable, Equatable {
    /// In-app purchases (consumable, non-consumable, non-renewing), deleted ones not counted.
    public var inAppPurchases: Int
    /// Subscription groups.
    public var subscriptionGroups: Int
    /// Auto-renewable subscriptions.
    public var subscriptions: Int
    /// Localizations of every kind (in-app purchase, subscription, group), in every version.
    public var localizations: Int
    /// Versions of every kind (in-app purchase, subscription, group).
    public var versions: Int
    /// Manual in-app purchase prices plus subscription price rows (preserved rows included).
    public var prices: Int
    /// Subscription introductory offers.
    public var introductoryOffers: Int
    /// Review screenshots (in-app purchases and subscriptions), whatever their delivery state.
    public var screenshots: Int
    /// The product ids of the live (not deleted) in-app purchases and subscriptions, sorted.
    public var productIDs: [String]

    /// A summary with the given counts.
    public init(
        inAppPurchases: Int = 0, subscriptionGroups: Int = 0, subscriptions: Int = 0, localizations: Int = 0, versions: Int = 0,
        prices: Int = 0, introductoryOffers: Int = 0, screenshots: Int = 0, productIDs: [String] = []
    ) {
        self.inAppPurchases = inAppPurchases
        self.subscriptionGroups = subscriptionGroups
        self.subscriptions = subscriptions
        self.localizations = localizations
        self.versions = versions
        self.prices = prices
        self.introductoryOffers = introductoryOffers
        self.screenshots = screenshots
        self.productIDs = productIDs
    }
}
