/// The resources App Store Connect keeps for one kind of plan owner, named once: an in-app
/// purchase, a subscription and a subscription group each have their own resource type, path,
/// versions, localizations, and (products) price points and review screenshots.
struct ResourceFamily: Sendable {
    /// The resource type (`inAppPurchases`).
    let type: String
    /// Where resources of the type are created and updated (`/v2/inAppPurchases`).
    let path: String
    /// The relationship name a version, screenshot or availability uses for its owner.
    let ownerRelationship: String
    /// The version resource type (4.4.1).
    let versionType: String
    /// The relationship a version has to its owner.
    let versionOwnerRelationship: String
    /// The localization resource type (created at `/v2/{type}`).
    let localizationType: String
    /// Price points of one product (nil for groups).
    let pricePointsPath: (@Sendable (_ id: String) -> String)?
    /// A price point's equalizations in every other territory (nil for groups).
    let equalizationsPath: (@Sendable (_ pointID: String) -> String)?
    /// The price point resource type (`inAppPurchasePricePoints`; nil for groups): the name of
    /// its sparse fieldset, `fields[inAppPurchasePricePoints]`.
    let pricePointType: String?
    /// The review screenshot resource type (nil for groups).
    let screenshotType: String?

    /// The family of `owner`.
    static func of(_ owner: PlanOwner) -> ResourceFamily {
        switch owner {
        case .inAppPurchase: inAppPurchase
        case .subscription: subscription
        case .group: group
        }
    }

    /// In-app purchases (the v2 resource).
    static let inAppPurchase = ResourceFamily(
        type: "inAppPurchases", path: "/v2/inAppPurchases", ownerRelationship: "inAppPurchaseV2",
        versionType: "inAppPurchaseVersions", versionOwnerRelationship: "inAppPurchase", localizationType: "inAppPurchaseLocalizations",
        pricePointsPath: { "/v2/inAppPurchases/\(id: $0)/pricePoints" },
        equalizationsPath: { "/v1/inAppPurchasePricePoints/\(id: $0)/equalizations" },
        pricePointType: "inAppPurchasePricePoints",
        screenshotType: "inAppPurchaseAppStoreReviewScreenshots")

    /// Auto-renewable subscriptions.
    static let subscription = ResourceFamily(
        type: "subscriptions", path: "/v1/subscriptions", ownerRelationship: "subscription", versionType: "subscriptionVersions",
        versionOwnerRelationship: "subscription", localizationType: "subscriptionLocalizations",
        pricePointsPath: { "/v1/subscriptions/\(id: $0)/pricePoints" },
        equalizationsPath: { "/v1/subscriptionPricePoints/\(id: $0)/equalizations" },
        pricePointType: "subscriptionPricePoints",
        screenshotType: "subscriptionAppStoreReviewScreenshots")

    /// Subscription groups.
    static let group = ResourceFamily(
        type: "subscriptionGroups", path: "/v1/subscriptionGroups", ownerRelationship: "subscriptionGroup",
        versionType: "subscriptionGroupVersions", versionOwnerRelationship: "subscriptionGroup",
        localizationType: "subscriptionGroupLocalizations", pricePointsPath: nil, equalizationsPath: nil, pricePointType: nil,
        screenshotType: nil)
}
