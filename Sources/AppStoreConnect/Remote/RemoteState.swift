import IAPCatalog

/// What App Store Connect holds for one app, as read by ``RemoteReader``: the other side of a plan.
///
/// States and types are kept as the API sent them (open values): a state the spec does not list is
/// carried, shown, and mapped to a catalog status by ``RemoteProduct/catalogStatus``.
public struct RemoteState: Sendable {
    /// The app's App Store Connect id.
    public var appID: String
    /// Every territory App Store Connect knows (for "available everywhere").
    public var territories: [String]
    /// Subscription groups.
    public var groups: [RemoteGroup]
    /// In-app purchases and subscriptions, by product id.
    public var products: [String: RemoteProduct]

    /// A state from its parts.
    public init(appID: String, territories: [String] = [], groups: [RemoteGroup] = [], products: [String: RemoteProduct] = [:]) {
        self.appID = appID
        self.territories = territories
        self.groups = groups
        self.products = products
    }

    /// The group with a reference name.
    public func group(named referenceName: String) -> RemoteGroup? {
        groups.first { $0.referenceName == referenceName }
    }
}

/// A version of a product or group (4.4.1): localizations belong to it.
public struct RemoteVersion: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// 1, 2, …
    public var number: Int
    /// `PREPARE_FOR_SUBMISSION`, `APPROVED`, … (open).
    public var state: String

    /// Whether its localizations can still be edited (otherwise a change needs a new version).
    public var isEditable: Bool {
        ["PREPARE_FOR_SUBMISSION", "REJECTED", "DEVELOPER_REJECTED"].contains(state)
    }

    /// Whether a new version may be created beside it (it is not in review or waiting).
    public var allowsNewVersion: Bool {
        ["APPROVED", "ACCEPTED", "REPLACED_WITH_NEW_VERSION"].contains(state)
    }
}

/// A subscription group.
public struct RemoteGroup: Sendable {
    /// The resource id.
    public var id: String
    /// The reference name.
    public var referenceName: String
    /// The latest version, when the API has versions for it.
    public var version: RemoteVersion?
    /// Localizations of that version (or of the group, from the older resource).
    public var localizations: [RemoteLocalization]
}

/// A localization of a product or a group (`customAppName` for groups only).
public struct RemoteLocalization: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// The locale.
    public var locale: String
    /// The display name.
    public var name: String
    /// The description (products).
    public var description: String?
    /// The custom app name (groups).
    public var customAppName: String?
}

/// A price in one territory.
public struct RemotePrice: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// The territory.
    public var territory: String
    /// The customer price of its price point.
    public var customerPrice: String
    /// `YYYY-MM-DD`, nil for "since ever".
    public var startDate: String?
    /// `YYYY-MM-DD`, the first day the row no longer applies; nil for "until the next row starts".
    public var endDate: String? = nil
    /// Subscriptions: a price existing subscribers are kept on (read-only).
    public var preserved: Bool = false
    /// Subscriptions: `UPFRONT` or `MONTHLY`; nil for the usual plan.
    public var planType: String? = nil

    /// Whether the row applies on `today`: started (or without a start) and not ended.
    func isInEffect(today: String) -> Bool {
        (startDate ?? "") <= today && (endDate.map { $0 > today } ?? true)
    }
}

/// Availability: where the product is sold.
public struct RemoteAvailability: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// Sold in territories Apple adds later.
    public var availableInNewTerritories: Bool
    /// Territory codes.
    public var territories: [String]
}

/// An introductory offer in one territory.
public struct RemoteIntroductoryOffer: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// The territory (nil: every territory).
    public var territory: String?
    /// `FREE_TRIAL`, … (open).
    public var mode: String
    /// `ONE_WEEK`, … (open).
    public var duration: String
    /// Number of periods.
    public var periods: Int
    /// The customer price of its price point (paid modes).
    public var customerPrice: String?
    /// `YYYY-MM-DD`, the first day it runs; nil: running.
    public var startDate: String? = nil
    /// `YYYY-MM-DD`, the first day it no longer runs; nil: open-ended.
    public var endDate: String? = nil
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    public var planType: String? = nil
}

/// A promotional offer or an offer code of a subscription (`subscriptionPromotionalOffers`,
/// `subscriptionOfferCodes`). An offer code's codes are not read.
public struct RemoteSubscriptionOffer: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// Promotional offers: the `offerCode`, the identifier the app passes to StoreKit; nil for offer codes.
    public var offerCode: String?
    /// The `name` App Store Connect shows.
    public var name: String
    /// `offerMode`: `FREE_TRIAL`, … (open).
    public var mode: String
    /// `duration`: `ONE_WEEK`, … (open).
    public var duration: String
    /// `numberOfPeriods`.
    public var periods: Int
    /// The customer price of each territory's price point (paid modes).
    public var prices: [String: String] = [:]
    /// A free trial's territories: its prices name a territory and no price point.
    public var territories: [String] = []
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    public var planType: String? = nil
    /// Offer codes: `customerEligibilities` (`NEW`, `EXISTING`, `EXPIRED`).
    public var customerEligibilities: [String] = []
    /// Offer codes: `offerEligibility` (`STACK_WITH_INTRO_OFFERS` or `REPLACE_INTRO_OFFERS`).
    public var offerEligibility: String? = nil
    /// Offer codes: `active`.
    public var active: Bool? = nil
    /// Offer codes: `autoRenewEnabled`, when the server sends it.
    public var autoRenewEnabled: Bool? = nil
}

/// A win-back offer of a subscription (`winBackOffers`).
public struct RemoteWinBackOffer: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// `offerId`.
    public var offerID: String
    /// `referenceName`.
    public var referenceName: String?
    /// `offerMode` (open).
    public var mode: String
    /// `duration` (open).
    public var duration: String
    /// `periodCount`.
    public var periods: Int
    /// The customer price of each territory's price point (paid modes).
    public var prices: [String: String] = [:]
    /// A free trial's territories: its prices name a territory and no price point.
    public var territories: [String] = []
    /// `customerEligibilityPaidSubscriptionDurationInMonths`.
    public var paidMonths: Int? = nil
    /// `customerEligibilityTimeSinceLastSubscribedInMonths.minimum`.
    public var lapsedMinimum: Int? = nil
    /// `customerEligibilityTimeSinceLastSubscribedInMonths.maximum`.
    public var lapsedMaximum: Int? = nil
    /// `customerEligibilityWaitBetweenOffersInMonths`.
    public var waitMonths: Int? = nil
    /// `startDate`, `YYYY-MM-DD`.
    public var startDate: String? = nil
    /// `endDate`, `YYYY-MM-DD`.
    public var endDate: String? = nil
    /// `priority`: `HIGH` or `NORMAL` (open).
    public var priority: String? = nil
    /// `promotionIntent`: `NOT_PROMOTED` or `USE_AUTO_GENERATED_ASSETS` (open).
    public var promotionIntent: String? = nil
    /// `targetSubscriptionPlanType` (`MONTHLY`); nil for the usual plan.
    public var planType: String? = nil
}

/// A promotional image (`inAppPurchaseImages`, `subscriptionImages`): what the API tells of it.
public struct RemoteImage: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// `fileName`.
    public var fileName: String
    /// `sourceFileChecksum`: the MD5 of the uploaded file.
    public var checksum: String
    /// `state` (`APPROVED`, `WAITING_FOR_REVIEW`, …; open).
    public var state: String
}

/// A product's entry in the app's promoted purchases (`promotedPurchases`).
public struct RemotePromotedPurchase: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// `visibleForAllUsers`.
    public var visibleForAllUsers: Bool
    /// `enabled`.
    public var enabled: Bool
    /// Its place in the app's list, 1 first.
    public var position: Int
}

/// An in-app purchase or an auto-renewable subscription.
public struct RemoteProduct: Sendable {
    /// The resource id (of `inAppPurchases` or `subscriptions`).
    public var id: String
    /// The product id.
    public var productID: String
    /// `CONSUMABLE`, `NON_CONSUMABLE`, `NON_RENEWING_SUBSCRIPTION`, or `AUTO_RENEWABLE` for a subscription (open).
    public var type: String
    /// The reference name.
    public var name: String
    /// `MISSING_METADATA`, `APPROVED`, … (open).
    public var state: String
    /// Notes for App Review.
    public var reviewNote: String?
    /// Family Sharing.
    public var familySharable: Bool
    /// The latest version, when the API has versions for it.
    public var version: RemoteVersion?
    /// Localizations of that version (or the product-level ones of older products).
    public var localizations: [RemoteLocalization]
    /// The base territory of an in-app purchase's price schedule.
    public var baseTerritory: String?
    /// Manual prices (in-app purchases) or every territory's prices (subscriptions), with scheduled ones.
    public var prices: [RemotePrice]
    /// Availability, if set (subscriptions: of the usual plan, or the older subscription availability).
    public var availability: RemoteAvailability?
    /// Subscriptions: availability of the monthly plan (12 months billed monthly), if set.
    public var monthlyAvailability: RemoteAvailability? = nil
    /// Subscription: the group's resource id.
    public var groupID: String?
    /// Subscription: `ONE_MONTH`, … (open).
    public var period: String?
    /// Subscription: the level in its group.
    public var groupLevel: Int?
    /// Subscription: introductory offers.
    public var introductoryOffers: [RemoteIntroductoryOffer]
    /// The review screenshot's MD5 checksum, when one is uploaded.
    public var screenshotChecksum: String?
    /// Subscription: promotional offers.
    public var promotionalOffers: [RemoteSubscriptionOffer] = []
    /// Subscription: offer codes (their configuration, not the codes).
    public var offerCodes: [RemoteSubscriptionOffer] = []
    /// Subscription: win-back offers.
    public var winBackOffers: [RemoteWinBackOffer] = []
    /// The product's entry among the app's promoted purchases; nil when it is not promoted.
    public var promotedPurchase: RemotePromotedPurchase? = nil
    /// In-app purchase: `contentHosting` (Apple hosts its content); nil when not read.
    public var contentHosting: Bool? = nil
    /// Promotional images the store holds (uploaded, not failed), in its order.
    public var images: [RemoteImage] = []

    /// The product is a subscription resource.
    public var isSubscription: Bool { type == ProductKind.autoRenewable.rawValue }

    /// The kind, when the type is one iapcat knows.
    public var kind: ProductKind? { ProductKind(rawValue: type) }

    /// The prices in effect now per territory (the latest started row without an end in the
    /// past), of the usual plan; preserved rows left out.
    public func currentPrices(today: String) -> [String: String] {
        var current: [String: (String, String)] = [:]
        for price in salePrices where price.isInEffect(today: today) {
            let start = price.startDate ?? ""
            if let existing = current[price.territory], existing.0 > start { continue }
            current[price.territory] = (start, price.customerPrice)
        }
        return current.mapValues(\.1)
    }

    /// Scheduled prices of a territory (start date after today), in date order.
    public func scheduledPrices(in territory: String, today: String) -> [RemotePrice] {
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
    public var storeState: AppStoreState { AppStoreState(rawValue: state) }

    /// Whether customers bought or may buy it: changes to its prices and territories reach them.
    public var isLive: Bool { storeState.hasBeenOnSale }
}

extension RemoteProduct {
    /// The catalog status of the store's state: `approved` for a product App Review approved (on
    /// sale or removed from sale), `draft` otherwise; never the catalog's `removed` tombstone.
    public var catalogStatusName: String { storeState.catalogStatus.rawValue }
}
