import Foundation

// The stored resources. Relationships are kept as ids on the owning side; the renderer
// (Resources.swift) turns them into JSON:API relationships.

struct AppRecord {
    let id: String
    let bundleID: String
    /// Every product id ever used in the app (a deleted product's id stays taken).
    var usedProductIDs: Set<String> = []
    var inAppPurchaseIDs: [String] = []
    var groupIDs: [String] = []
    /// The app's promoted purchases, in the app's order.
    var promotedPurchaseIDs: [String] = []
}

/// What a version, its localizations, an availability or a screenshot belongs to.
enum Owner: Hashable {
    case inAppPurchase(String)
    case subscription(String)
    case group(String)

    var id: String {
        switch self {
        case .inAppPurchase(let id), .subscription(let id), .group(let id): id
        }
    }
}

struct InAppPurchaseRecord {
    let id: String
    let appID: String
    var name: String
    let productID: String
    let type: String
    var state = "MISSING_METADATA"
    var reviewNote: String?
    var familySharable = false
    var versionIDs: [String] = []
    var schedule: PriceScheduleRecord?
    var availability: AvailabilityRecord?
    var screenshotID: String?
    var contentHosting = false
    /// Its offer codes (`inAppPurchaseOfferCodes`), oldest first.
    var offerCodeIDs: [String] = []
}

struct PriceScheduleRecord {
    var baseTerritory: String
    var manualPrices: [InAppPurchasePriceRecord]
}

struct InAppPurchasePriceRecord {
    let id: String
    let point: PricePoint
    var startDate: String?
    var endDate: String?
}

/// An in-app purchase's availability, one plan availability of a subscription, or a subscription's
/// legacy (deprecated) `subscriptionAvailabilities` resource.
struct AvailabilityRecord {
    let id: String
    let owner: Owner
    var availableInNewTerritories: Bool
    var territories: [String]
    /// `MONTHLY` or `UPFRONT` for a subscription plan availability.
    var planType: String?
}

/// A version of an in-app purchase, a subscription or a subscription group.
struct VersionRecord {
    let id: String
    let owner: Owner
    let number: Int
    var state = "PREPARE_FOR_SUBMISSION"
    var localizationIDs: [String] = []

    /// Localizations may be created, changed or deleted in these states only.
    var isEditable: Bool { ["PREPARE_FOR_SUBMISSION", "REJECTED", "DEVELOPER_REJECTED"].contains(state) }
    /// A new version may not be created while one is in these states.
    var blocksNewVersion: Bool { ["PREPARE_FOR_SUBMISSION", "READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW"].contains(state) }
}

struct LocalizationRecord {
    let id: String
    let versionID: String
    let owner: Owner
    let locale: String
    var name: String
    var description: String?
    var customAppName: String?
    var state = "PREPARE_FOR_SUBMISSION"
}

struct ScreenshotRecord {
    struct Part {
        let offset: Int
        let length: Int
    }

    let id: String
    let owner: Owner
    let fileName: String
    let fileSize: Int
    let contentType: String
    /// The secret in the upload URLs.
    let uploadToken: String
    let parts: [Part]
    var received: [Int: Data] = [:]
    var sourceFileChecksum: String?
    var deliveryState = "AWAITING_UPLOAD"
    var deliveryErrors: [(code: String, description: String)] = []
    var committed = false
}

struct GroupRecord {
    let id: String
    let appID: String
    var referenceName: String
    var versionIDs: [String] = []
    var subscriptionIDs: [String] = []
}

struct SubscriptionRecord {
    let id: String
    let appID: String
    let groupID: String
    var name: String
    let productID: String
    var state = "MISSING_METADATA"
    var familySharable = false
    /// `multiSeatStatus` (API 4.5): multiseat purchases are on by default for subscriptions since
    /// 2026-09-16 (Apple's developer news, as public trackers quote it); Family Sharing turns it off.
    var multiSeatStatus = "ENABLED"
    /// `marketSettings` (API 4.5): where organizations may buy seats. Apple does not document a new
    /// subscription's markets: the fake gives every market while multiseat is on, none after Family
    /// Sharing turned it off.
    var marketSettings = SubscriptionRecord.allMarkets
    var subscriptionPeriod: String?
    var reviewNote: String?
    var groupLevel: Int
    var versionIDs: [String] = []
    var priceIDs: [String] = []
    var introductoryOfferIDs: [String] = []
    var planAvailabilities: [AvailabilityRecord] = []
    /// The deprecated `subscriptionAvailabilities` resource (id: the subscription's id) that older
    /// subscriptions have instead of plan availabilities; an UPFRONT plan availability supersedes it.
    var legacyAvailability: AvailabilityRecord?
    var screenshotID: String?
    var promotionalOfferIDs: [String] = []
    var offerCodeIDs: [String] = []
    var winBackOfferIDs: [String] = []

    /// The markets of `marketSettings`, in the document's order.
    static let allMarkets = ["APPLE_SCHOOL", "APP_STORE", "APPLE_BUSINESS"]
}

/// One price row of a subscription. A preserved row is the price existing subscribers were kept on
/// when a later price (`preserveCurrentPrice: true`) replaced it for new subscribers.
struct SubscriptionPriceRecord {
    let id: String
    let subscriptionID: String
    let point: PricePoint
    var startDate: String?
    var preserved: Bool
    var planType: String?
}

struct IntroductoryOfferRecord {
    let id: String
    let subscriptionID: String
    /// nil: the offer applies in every territory.
    let territory: String?
    let point: PricePoint?
    var startDate: String?
    var endDate: String?
    var duration: String
    var offerMode: String
    var numberOfPeriods: Int
    var targetSubscriptionPlanType: String?
}

/// A promotional offer or an offer code of a subscription: seeded by test hooks or created
/// through the API. A paid offer's prices are price points of the subscription, one per territory;
/// a free trial's name only territories.
struct SubscriptionOfferRecord {
    let id: String
    let subscriptionID: String
    var name: String
    /// Promotional offers: the offer identifier; nil for offer codes.
    var offerCode: String?
    var offerMode: String
    var duration: String
    var numberOfPeriods: Int
    var points: [PricePoint]
    /// A free trial's territories (its prices name a territory and no price point).
    var freeTerritories: [String] = []
    var targetSubscriptionPlanType: String?
    /// Offer codes only.
    var customerEligibilities: [String] = []
    var offerEligibility: String?
    var active: Bool?
    var autoRenewEnabled: Bool?
}

/// A win-back offer of a subscription: seeded by test hooks or created through the API.
struct WinBackOfferRecord {
    let id: String
    let subscriptionID: String
    var offerID: String
    var referenceName: String
    var offerMode: String
    var duration: String
    var periodCount: Int
    var points: [PricePoint]
    /// A free trial's territories (its prices name a territory and no price point).
    var freeTerritories: [String] = []
    var paidMonths: Int
    var lapsedMinimum: Int?
    var lapsedMaximum: Int?
    var waitMonths: Int?
    var startDate: String
    var endDate: String?
    var priority: String
    var promotionIntent: String?
    var targetSubscriptionPlanType: String? = nil
}

/// An offer code of a one-time in-app purchase (API 4.2): seeded by a test hook or created through
/// the API. Its prices are price points of the in-app purchase, one per territory. Never deleted
/// (the API has no DELETE); a deactivated one stays inactive.
struct InAppPurchaseOfferCodeRecord {
    let id: String
    let inAppPurchaseID: String
    var name: String
    /// `NON_SPENDER`, `ACTIVE_SPENDER`, `CHURNED_SPENDER`, as sent.
    var customerEligibilities: [String]
    /// One per territory, sorted by territory.
    var points: [PricePoint]
    var active = true
    /// Oldest first.
    var customCodeIDs: [String] = []
    /// Batches of one-time use codes, oldest first.
    var oneTimeUseCodeIDs: [String] = []
    /// The one-time use codes generated for each environment.
    var productionCodeCount = 0
    var sandboxCodeCount = 0
}

/// A custom code of an in-app purchase offer code: a name customers enter, redeemable
/// `numberOfCodes` times.
struct InAppPurchaseCustomCodeRecord {
    let id: String
    let offerCodeID: String
    let customCode: String
    let numberOfCodes: Int
    /// `YYYY-MM-DD`; nil: it does not expire.
    let expirationDate: String?
    /// ISO 8601 date-time.
    let createdDate: String
    var active = true
}

/// A batch of one-time use codes of an in-app purchase offer code, with the codes generated for it.
struct InAppPurchaseOneTimeUseCodeRecord {
    let id: String
    let offerCodeID: String
    let numberOfCodes: Int
    /// `YYYY-MM-DD`.
    let expirationDate: String
    /// `PRODUCTION` or `SANDBOX`.
    let environment: String
    /// ISO 8601 date-time.
    let createdDate: String
    var active = true
    /// The codes, `numberOfCodes` of them, unique across the fake.
    let codes: [String]
}

/// An entry of an app's promoted purchases: seeded by test hooks or created through the API.
struct PromotedPurchaseRecord {
    let id: String
    let owner: Owner
    var visibleForAllUsers: Bool
    var enabled: Bool
    var state = "APPROVED"
}

/// A promotional image of a product: seeded by a test hook (the fake does not take uploads of them).
struct ImageRecord {
    let id: String
    let owner: Owner
    var fileName: String
    var fileSize: Int
    var sourceFileChecksum: String
    var state = "APPROVED"
}
