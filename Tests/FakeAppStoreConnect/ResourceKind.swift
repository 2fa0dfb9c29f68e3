/// The kinds of resource the fake serves: each has a JSON:API `type` and the path its `links.self`
/// points at. A few kinds share a type but differ in shape: a localization reached through its
/// product (the older product-level representation: `state` and a relationship to the product) or
/// through its version (4.4.1: a relationship `version`).
enum Kind: Hashable, Sendable {
    case app
    case territory
    case inAppPurchase
    case inAppPurchaseVersion
    case inAppPurchaseLocalization
    case inAppPurchaseLocalizationV1
    case inAppPurchasePricePoint
    case inAppPurchasePriceSchedule
    case inAppPurchasePrice
    case inAppPurchaseAvailability
    case inAppPurchaseScreenshot
    case group
    case groupVersion
    case groupLocalization
    case groupLocalizationV1
    case subscription
    case subscriptionVersion
    case subscriptionLocalization
    case subscriptionLocalizationV1
    case subscriptionPrice
    case subscriptionPricePoint
    case introductoryOffer
    case planAvailability
    /// The deprecated availability of an older subscription (before plan availabilities).
    case subscriptionAvailability
    case subscriptionScreenshot
    case promotionalOffer
    /// A price of a promotional offer (id: `offer id_territory`).
    case promotionalOfferPrice
    case offerCode
    /// A price of an offer code (id: `offer id_territory`).
    case offerCodePrice
    case winBackOffer
    /// A price of a win-back offer (id: `offer id_territory`).
    case winBackOfferPrice
    case promotedPurchase
    /// An offer code of a one-time in-app purchase (consumable, non-consumable, non-renewing
    /// subscription; API 4.2): its configuration and prices, no codes.
    case inAppPurchaseOfferCode
    /// A price of an in-app purchase offer code (id: `offer code id_territory`).
    case inAppPurchaseOfferPrice
    /// A custom code (a name customers type, redeemable up to a number of times) of an in-app purchase offer code.
    case inAppPurchaseOfferCodeCustomCode
    /// A batch of generated one-time use codes of an in-app purchase offer code.
    case inAppPurchaseOfferCodeOneTimeUseCode
    /// A promotional image of an in-app purchase or a subscription.
    case inAppPurchaseImage
    case subscriptionImage
    case appStoreVersion
    case reviewSubmission
    case reviewSubmissionItem

    /// The JSON:API type.
    var type: String {
        switch self {
        case .app: "apps"
        case .territory: "territories"
        case .inAppPurchase: "inAppPurchases"
        case .inAppPurchaseVersion: "inAppPurchaseVersions"
        case .inAppPurchaseLocalization, .inAppPurchaseLocalizationV1: "inAppPurchaseLocalizations"
        case .inAppPurchasePricePoint: "inAppPurchasePricePoints"
        case .inAppPurchasePriceSchedule: "inAppPurchasePriceSchedules"
        case .inAppPurchasePrice: "inAppPurchasePrices"
        case .inAppPurchaseAvailability: "inAppPurchaseAvailabilities"
        case .inAppPurchaseScreenshot: "inAppPurchaseAppStoreReviewScreenshots"
        case .group: "subscriptionGroups"
        case .groupVersion: "subscriptionGroupVersions"
        case .groupLocalization, .groupLocalizationV1: "subscriptionGroupLocalizations"
        case .subscription: "subscriptions"
        case .subscriptionVersion: "subscriptionVersions"
        case .subscriptionLocalization, .subscriptionLocalizationV1: "subscriptionLocalizations"
        case .subscriptionPrice: "subscriptionPrices"
        case .subscriptionPricePoint: "subscriptionPricePoints"
        case .introductoryOffer: "subscriptionIntroductoryOffers"
        case .planAvailability: "subscriptionPlanAvailabilities"
        case .subscriptionAvailability: "subscriptionAvailabilities"
        case .subscriptionScreenshot: "subscriptionAppStoreReviewScreenshots"
        case .promotionalOffer: "subscriptionPromotionalOffers"
        case .promotionalOfferPrice: "subscriptionPromotionalOfferPrices"
        case .offerCode: "subscriptionOfferCodes"
        case .offerCodePrice: "subscriptionOfferCodePrices"
        case .winBackOffer: "winBackOffers"
        case .winBackOfferPrice: "winBackOfferPrices"
        case .promotedPurchase: "promotedPurchases"
        case .inAppPurchaseOfferCode: "inAppPurchaseOfferCodes"
        case .inAppPurchaseOfferPrice: "inAppPurchaseOfferPrices"
        case .inAppPurchaseOfferCodeCustomCode: "inAppPurchaseOfferCodeCustomCodes"
        case .inAppPurchaseOfferCodeOneTimeUseCode: "inAppPurchaseOfferCodeOneTimeUseCodes"
        case .inAppPurchaseImage: "inAppPurchaseImages"
        case .subscriptionImage: "subscriptionImages"
        case .appStoreVersion: "appStoreVersions"
        case .reviewSubmission: "reviewSubmissions"
        case .reviewSubmissionItem: "reviewSubmissionItems"
        }
    }

    /// The collection path of the kind (`links.self` is this plus `/id`).
    var path: String {
        switch self {
        case .inAppPurchase, .inAppPurchaseLocalization, .groupLocalization, .subscriptionLocalization: "/v2/\(type)"
        default: "/v1/\(type)"
        }
    }
}

/// A resource identifier: kind and id.
struct Ref: Hashable, Sendable {
    var kind: Kind
    var id: String

    init(_ kind: Kind, _ id: String) {
        self.kind = kind
        self.id = id
    }
}
