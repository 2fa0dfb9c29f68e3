import IAPCatalog

/// What App Store Connect holds for one app, as read by ``ConnectRemoteReader``: the other side of a plan.
///
/// States and types are kept as the API sent them (open values): a state the spec does not list is
/// carried, shown, and mapped to a catalog status by ``RemoteProduct/catalogStatus``.
package struct ConnectRemoteState: Sendable {
    /// The app's App Store Connect id.
    package var appID: String
    /// Every territory App Store Connect knows (for "available everywhere").
    package var territories: [String]
    /// Subscription groups.
    package var groups: [RemoteGroup]
    /// In-app purchases and subscriptions, by product id.
    package var products: [String: RemoteProduct]
    /// How many promoted purchases the app has, the products not read included (nil: not read;
    /// then the promoted products read are counted).
    package var promotedPurchaseCount: Int? = nil

    /// Where a new promoted purchase joins the app's list.
    package var nextPromotedPosition: Int {
        (promotedPurchaseCount ?? products.values.filter { $0.promotedPurchase != nil }.count) + 1
    }

    /// A state from its parts.
    package init(appID: String, territories: [String] = [], groups: [RemoteGroup] = [], products: [String: RemoteProduct] = [:]) {
        self.appID = appID
        self.territories = territories
        self.groups = groups
        self.products = products
    }

    /// The group with a reference name.
    package func group(named referenceName: String) -> RemoteGroup? {
        groups.first { $0.referenceName == referenceName }
    }
}

/// A version of a product or group (4.4.1): localizations belong to it.
package struct RemoteVersion: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// 1, 2, …
    package var number: Int
    /// `PREPARE_FOR_SUBMISSION`, `APPROVED`, … (open).
    package var state: String

    /// Whether its localizations can still be edited (otherwise a change needs a new version).
    package var isEditable: Bool {
        ["PREPARE_FOR_SUBMISSION", "REJECTED", "DEVELOPER_REJECTED"].contains(state)
    }

    /// Whether a new version may be created beside it (it is not in review or waiting).
    package var allowsNewVersion: Bool {
        ["APPROVED", "ACCEPTED", "REPLACED_WITH_NEW_VERSION"].contains(state)
    }
}

/// A subscription group.
package struct RemoteGroup: Sendable, Encodable {
    /// The resource id.
    package var id: String
    /// The reference name.
    package var referenceName: String
    /// The latest version, when the API has versions for it.
    package var version: RemoteVersion?
    /// Localizations of that version (or of the group, from the older resource).
    package var localizations: [RemoteLocalization]
}

/// A localization of a product or a group (`customAppName` for groups only).
package struct RemoteLocalization: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// The locale.
    package var locale: String
    /// The display name.
    package var name: String
    /// The description (products).
    package var description: String?
    /// The custom app name (groups).
    package var customAppName: String?
}

/// A price in one territory.
package struct RemotePrice: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// The territory.
    package var territory: String
    /// The customer price of its price point.
    package var customerPrice: String
    /// `YYYY-MM-DD`, nil for "since ever".
    package var startDate: String?
    /// `YYYY-MM-DD`, the first day the row no longer applies; nil for "until the next row starts".
    package var endDate: String? = nil
    /// Subscriptions: a price existing subscribers are kept on (read-only).
    package var preserved: Bool = false
    /// Subscriptions: `UPFRONT` or `MONTHLY`; nil for the usual plan.
    package var planType: String? = nil

    /// Whether the row applies on `today`: started (or without a start) and not ended.
    func isInEffect(today: String) -> Bool {
        (startDate ?? "") <= today && (endDate.map { $0 > today } ?? true)
    }
}

/// Availability: where the product is sold.
package struct RemoteAvailability: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// Sold in territories Apple adds later.
    package var availableInNewTerritories: Bool
    /// Territory codes.
    package var territories: [String]
}

/// An introductory offer in one territory.
package struct RemoteIntroductoryOffer: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// The territory (nil: every territory).
    package var territory: String?
    /// `FREE_TRIAL`, … (open).
    package var mode: APIOfferMode
    /// `ONE_WEEK`, … (open).
    package var duration: String
    /// Number of periods.
    package var periods: Int
    /// The customer price of its price point (paid modes).
    package var customerPrice: String?
    /// `YYYY-MM-DD`, the first day it runs; nil: running.
    package var startDate: String? = nil
    /// `YYYY-MM-DD`, the first day it no longer runs; nil: open-ended.
    package var endDate: String? = nil
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    package var planType: String? = nil
}

/// An offer code of an in-app purchase (`inAppPurchaseOfferCodes`, API 4.2).
package struct RemotePurchaseOfferCode: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// The `name` App Store Connect shows.
    package var name: String
    /// `customerEligibilities`: `NON_SPENDER`, … (open).
    package var customerEligibilities: [String]
    /// `active`; nil when the API does not say.
    package var active: Bool?
    /// The customer price of each territory's price point.
    package var prices: [String: String] = [:]
    /// The custom codes.
    package var customCodes: [RemoteCustomCode] = []
}

/// A custom code of an in-app purchase's offer code (`inAppPurchaseOfferCodeCustomCodes`).
package struct RemoteCustomCode: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// `customCode`.
    package var code: String
    /// `numberOfCodes`.
    package var count: Int
    /// `expirationDate` (`2027-03-31`); nil: none.
    package var expirationDate: String?
    /// `active`; nil when the API does not say.
    package var active: Bool?
}

/// A promotional offer or an offer code of a subscription (`subscriptionPromotionalOffers`,
/// `subscriptionOfferCodes`). An offer code's codes are not read.
package struct RemoteSubscriptionOffer: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// Promotional offers: the `offerCode`, the identifier the app passes to StoreKit; nil for offer codes.
    package var offerCode: String?
    /// The `name` App Store Connect shows.
    package var name: String
    /// `offerMode`: `FREE_TRIAL`, … (open).
    package var mode: APIOfferMode
    /// `duration`: `ONE_WEEK`, … (open).
    package var duration: String
    /// `numberOfPeriods`.
    package var periods: Int
    /// The customer price of each territory's price point (paid modes).
    package var prices: [String: String] = [:]
    /// A free trial's territories: its prices name a territory and no price point.
    package var territories: [String] = []
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    package var planType: String? = nil
    /// Offer codes: `customerEligibilities` (`NEW`, `EXISTING`, `EXPIRED`).
    package var customerEligibilities: [String] = []
    /// Offer codes: `offerEligibility` (`STACK_WITH_INTRO_OFFERS` or `REPLACE_INTRO_OFFERS`).
    package var offerEligibility: String? = nil
    /// Offer codes: `active`.
    package var active: Bool? = nil
    /// Offer codes: `autoRenewEnabled`, when the server sends it.
    package var autoRenewEnabled: Bool? = nil
}

/// A win-back offer of a subscription (`winBackOffers`).
package struct RemoteWinBackOffer: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// `offerId`.
    package var offerID: String
    /// `referenceName`.
    package var referenceName: String?
    /// `offerMode` (open).
    package var mode: APIOfferMode
    /// `duration` (open).
    package var duration: String
    /// `periodCount`.
    package var periods: Int
    /// The customer price of each territory's price point (paid modes).
    package var prices: [String: String] = [:]
    /// A free trial's territories: its prices name a territory and no price point.
    package var territories: [String] = []
    /// `customerEligibilityPaidSubscriptionDurationInMonths`.
    package var paidMonths: Int? = nil
    /// `customerEligibilityTimeSinceLastSubscribedInMonths.minimum`.
    package var lapsedMinimum: Int? = nil
    /// `customerEligibilityTimeSinceLastSubscribedInMonths.maximum`.
    package var lapsedMaximum: Int? = nil
    /// `customerEligibilityWaitBetweenOffersInMonths`.
    package var waitMonths: Int? = nil
    /// `startDate`, `YYYY-MM-DD`.
    package var startDate: String? = nil
    /// `endDate`, `YYYY-MM-DD`.
    package var endDate: String? = nil
    /// `priority`: `HIGH` or `NORMAL` (open).
    package var priority: String? = nil
    /// `promotionIntent`: `NOT_PROMOTED` or `USE_AUTO_GENERATED_ASSETS` (open).
    package var promotionIntent: String? = nil
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    package var planType: String? = nil
}

/// A promotional image (`inAppPurchaseImages`, `subscriptionImages`): what the API tells of it.
package struct RemoteImage: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// `fileName`.
    package var fileName: String
    /// `sourceFileChecksum`: the MD5 of the uploaded file.
    package var checksum: String
    /// `state` (`APPROVED`, `WAITING_FOR_REVIEW`, …; open).
    package var state: String
}

/// A product's entry in the app's promoted purchases (`promotedPurchases`).
package struct RemotePromotedPurchase: Sendable, Equatable, Encodable {
    /// The resource id.
    package var id: String
    /// `visibleForAllUsers`.
    package var visibleForAllUsers: Bool
    /// `enabled`.
    package var enabled: Bool
    /// Its place in the app's list, 1 first.
    package var position: Int
}

/// An in-app purchase or an auto-renewable subscription.
package struct RemoteProduct: Sendable, Encodable {
    /// The resource id (of `inAppPurchases` or `subscriptions`).
    package var id: String
    /// The product id.
    package var productID: String
    /// `CONSUMABLE`, `NON_CONSUMABLE`, `NON_RENEWING_SUBSCRIPTION`, or `AUTO_RENEWABLE` for a subscription (open).
    package var type: String
    /// The reference name.
    package var name: String
    /// `MISSING_METADATA`, `APPROVED`, … (open).
    package var state: String
    /// Notes for App Review.
    package var reviewNote: String?
    /// Family Sharing.
    package var familySharable: Bool
    /// The latest version, when the API has versions for it.
    package var version: RemoteVersion?
    /// Localizations of that version (or the product-level ones of older products).
    package var localizations: [RemoteLocalization]
    /// The base territory of an in-app purchase's price schedule.
    package var baseTerritory: String?
    /// Manual prices (in-app purchases) or every territory's prices (subscriptions), with scheduled ones.
    package var prices: [RemotePrice]
    /// Availability, if set (subscriptions: of the usual plan, or the older subscription availability).
    package var availability: RemoteAvailability?
    /// Subscriptions: availability of the monthly plan (12 months billed monthly), if set.
    package var monthlyAvailability: RemoteAvailability? = nil
    /// Subscription: the group's resource id.
    package var groupID: String?
    /// Subscription: `ONE_MONTH`, … (open).
    package var period: String?
    /// Subscription: the level in its group.
    package var groupLevel: Int?
    /// Subscription: `multiSeatStatus`, `ENABLED` or `DISABLED` (open; API 4.5); nil when the API does not say.
    package var multiSeatStatus: String? = nil
    /// Subscription: `marketSettings`, the markets where organizations buy seats (`APP_STORE`, …; API 4.5);
    /// nil when the API does not say.
    package var marketSettings: [String]? = nil
    /// Subscription: introductory offers.
    package var introductoryOffers: [RemoteIntroductoryOffer]
    /// The review screenshot's MD5 checksum, when one is uploaded.
    package var screenshotChecksum: String?
    /// Subscription: promotional offers.
    package var promotionalOffers: [RemoteSubscriptionOffer] = []
    /// Subscription: offer codes (their configuration, not the codes).
    package var offerCodes: [RemoteSubscriptionOffer] = []
    /// Subscription: win-back offers.
    package var winBackOffers: [RemoteWinBackOffer] = []
    /// In-app purchase: offer codes (`inAppPurchaseOfferCodes`), with their custom codes; the
    /// one-time-use codes are not read.
    package var purchaseOfferCodes: [RemotePurchaseOfferCode] = []
    /// The product's entry among the app's promoted purchases; nil when it is not promoted.
    package var promotedPurchase: RemotePromotedPurchase? = nil
    /// In-app purchase: `contentHosting` (Apple hosts its content); nil when not read.
    package var contentHosting: Bool? = nil
    /// Promotional images the store holds (uploaded, not failed), in its order.
    package var images: [RemoteImage] = []

    /// The product is a subscription resource.
    package var isSubscription: Bool { type == ProductKind.autoRenewable.rawValue }

    /// The kind, when the type is one iapcat knows.
    package var kind: ProductKind? { ProductKind(rawValue: type) }

    /// The prices in effect now per territory (the latest started row without an end in the
    /// past), of the usual plan; preserved rows left out.
    package func currentPrices(today: String) -> [String: String] {
        var current: [String: (String, String)] = [:]
        for price in salePrices where price.isInEffect(today: today) {
            let start = price.startDate ?? ""
            if let existing = current[price.territory], existing.0 > start { continue }
            current[price.territory] = (start, price.customerPrice)
        }
        return current.mapValues(\.1)
    }

    /// Scheduled prices of a territory (start date after today), in date order.
    package func scheduledPrices(in territory: String, today: String) -> [RemotePrice] {
        salePrices.filter { $0.territory == territory && ($0.startDate ?? "") > today }.sorted {
            ($0.startDate ?? "") < ($1.startDate ?? "")
        }
    }

    /// Rows of the usual plan that customers pay now or will pay: not preserved, not ended.
    var salePrices: [RemotePrice] { salePrices(planType: "UPFRONT") }

    /// Rows of the plan `planType` (`UPFRONT`, `MONTHLY`) customers pay now or will pay: not preserved.
    func salePrices(planType: String) -> [RemotePrice] {
        prices.filter { !$0.preserved && ($0.planType ?? "UPFRONT") == planType }
    }

    /// The store's state, as the catalog's ``AppStoreState``.
    package var storeState: AppStoreState { AppStoreState(rawValue: state) }

    /// Whether customers bought or may buy it: changes to its prices and territories reach them.
    package var isLive: Bool { storeState.hasBeenOnSale }
}

extension RemoteProduct {
    /// The catalog status of the store's state: `approved` for a product App Review approved (on
    /// sale or removed from sale), `draft` otherwise; never the catalog's `removed` tombstone.
    package var catalogStatusName: String { storeState.catalogStatus.rawValue }
}
