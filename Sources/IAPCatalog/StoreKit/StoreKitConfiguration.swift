/// An Xcode StoreKit configuration (`.storekit`) as read from a file: what it says about each
/// product, with the position of every value a check may report on. Values are kept as written
/// (`"P1M"`, `"payUpFront"`): a file from a newer Xcode may hold values iapcat does not know, and
/// the checks say so rather than the reader failing.
public struct StoreKitConfiguration: Sendable {
    /// The file the configuration was read from, as the caller named it.
    public var file: String
    /// The `version` the file declares; nil when it has none (or none that can be read).
    public var version: StoreKitVersion?
    /// The top-level `identifier`.
    public var identifier: String?
    /// The storefront prices are in (`settings._storefront`); nil when the file does not say (Xcode then uses USA).
    public var storefront: String?
    /// The locale Xcode shows (`settings._locale`, `en_US`).
    public var locale: String?
    /// A synced file's App Store Connect app id (`settings._applicationInternalID`).
    public var applicationInternalID: String?
    /// Every product in file order: `products`, then `nonRenewingSubscriptions`, then each group's subscriptions.
    public var products: [StoreKitProduct]
    /// The subscription groups in file order.
    public var groups: [StoreKitGroup]
    /// Where `subscriptionOffersKeyPair` is: the file holds a private key (never read, never printed).
    public var privateKeyPosition: SourcePosition?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var root: SourcePosition?
        package var products: SourcePosition?
        package var nonRenewingSubscriptions: SourcePosition?
        package var subscriptionGroups: SourcePosition?
        package var storefront: SourcePosition?
        package init() {}
    }

    /// The storefront Xcode uses for the file's prices: the one it names, else USA.
    public var effectiveStorefront: String { storefront ?? "USA" }

    /// Creates an empty configuration read from `file`.
    public init(file: String) {
        self.file = file
        products = []
        groups = []
    }
}

/// A subscription group of a `.storekit` file.
public struct StoreKitGroup: Sendable, Equatable {
    /// The group's `id` (8 hex digits, or App Store Connect's id in synced files).
    public var id: String?
    /// The group's reference `name`.
    public var name: String?
    /// The group's localizations; a group's `description` is the custom app name.
    public var localizations: [StoreKitLocalization]
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var name: SourcePosition?
        package var subscriptions: SourcePosition?
        package init() {}
    }

    /// Creates a group with `id` and `name`, without localizations unless given.
    public init(id: String?, name: String?, localizations: [StoreKitLocalization] = []) {
        self.id = id
        self.name = name
        self.localizations = localizations
    }
}

/// A product, non-renewing subscription or auto-renewable subscription of a `.storekit` file.
public struct StoreKitProduct: Sendable, Equatable {
    /// The `productID`; nil when it is missing or not a string (reported).
    public var productID: String?
    /// The `type` as written: `Consumable`, `NonConsumable`, `NonRenewingSubscription`, `RecurringSubscription`.
    public var type: String?
    /// The `referenceName`.
    public var referenceName: String?
    /// The `displayPrice`, a decimal string in the file's storefront currency.
    public var displayPrice: String?
    /// `familyShareable`.
    public var familyShareable: Bool?
    /// The `internalID`: 8 hex digits in local files, App Store Connect's numeric id in synced ones.
    public var internalID: String?
    /// The product's localizations in file order.
    public var localizations: [StoreKitLocalization]
    /// Subscriptions only: the index of its group in ``StoreKitConfiguration/groups``.
    public var groupIndex: Int?
    /// Subscriptions only: `groupNumber`, the level of service (1 highest).
    public var groupNumber: Int?
    /// Subscriptions only: `recurringSubscriptionPeriod` (`P1M`).
    public var recurringSubscriptionPeriod: String?
    /// Subscriptions only: the introductory offer (`introductoryOffer`, or the first of 5.0's
    /// `introductoryOffers`); nil when there is none.
    public var introductoryOffer: StoreKitOffer?
    /// Subscriptions only: promotional offers (`adHocOffers`).
    public var promotionalOffers: [StoreKitOffer]
    /// Subscriptions only: offer codes (`codeOffers`).
    public var offerCodes: [StoreKitOffer]
    /// Subscriptions only: whether `winbackOffers` holds entries (their shape is not public; not read).
    public var hasWinBackOffers: Bool
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var productID: SourcePosition?
        package var type: SourcePosition?
        package var referenceName: SourcePosition?
        package var displayPrice: SourcePosition?
        package var familyShareable: SourcePosition?
        package var localizations: SourcePosition?
        package var groupNumber: SourcePosition?
        package var subscriptionGroupID: SourcePosition?
        package var recurringSubscriptionPeriod: SourcePosition?
        package var introductoryOffer: SourcePosition?
        package var promotionalOffers: SourcePosition?
        package var offerCodes: SourcePosition?
        package var winBackOffers: SourcePosition?
        package init() {}
    }

    /// Creates an entry with nothing read yet.
    public init() {
        localizations = []
        promotionalOffers = []
        offerCodes = []
        hasWinBackOffers = false
    }

    /// The catalog type the `.storekit` type stands for; nil for a type iapcat does not know.
    public var productType: ProductType? {
        switch type {
        case "Consumable": .consumable
        case "NonConsumable": .nonConsumable
        case "NonRenewingSubscription": .nonRenewing
        case "RecurringSubscription": .autoRenewable
        default: nil
        }
    }

    /// The `.storekit` spelling of a catalog type; nil for types `.storekit` files cannot hold.
    public static func typeName(of type: ProductType) -> String? {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "NonConsumable"
        case .nonRenewing: "NonRenewingSubscription"
        case .autoRenewable: "RecurringSubscription"
        case .freeSubscription: nil
        }
    }
}

/// A localization of a `.storekit` product or group.
public struct StoreKitLocalization: Sendable, Equatable {
    /// The `locale` as written (`en_US`, `ar`).
    public var locale: String?
    /// The `displayName`.
    public var displayName: String?
    /// The `description`.
    public var description: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var locale: SourcePosition?
        package var displayName: SourcePosition?
        package var description: SourcePosition?
        package init() {}
    }

    /// Creates a localization in `locale`.
    public init(locale: String?, displayName: String?, description: String?) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// An introductory, promotional (`adHocOffers`) or code offer of a `.storekit` subscription.
public struct StoreKitOffer: Sendable, Equatable {
    /// `offerID` (promotional offers).
    public var offerID: String?
    /// `referenceName`.
    public var referenceName: String?
    /// `paymentMode` as written: `free`, `payAsYouGo`, `payUpFront`.
    public var paymentMode: String?
    /// `subscriptionPeriod` as written (`P1W`).
    public var subscriptionPeriod: String?
    /// `numberOfPeriods`; nil when the file leaves it out (one period).
    public var numberOfPeriods: Int?
    /// `displayPrice` (paid modes).
    public var displayPrice: String?
    /// `eligibility` (offer codes): `new`, `existing`, `expired`.
    public var eligibility: [String]
    /// `isStackable` (offer codes).
    public var isStackable: Bool?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var offerID: SourcePosition?
        package var paymentMode: SourcePosition?
        package var subscriptionPeriod: SourcePosition?
        package var numberOfPeriods: SourcePosition?
        package var displayPrice: SourcePosition?
        package var eligibility: SourcePosition?
        package var isStackable: SourcePosition?
        package init() {}
    }

    /// Creates an offer with nothing read yet.
    public init() {
        eligibility = []
    }

    /// The catalog mode the payment mode stands for; nil for one iapcat does not know.
    public var mode: OfferMode? {
        switch paymentMode {
        case "free": .freeTrial
        case "payAsYouGo": .payAsYouGo
        case "payUpFront": .payUpFront
        default: nil
        }
    }

    /// The `.storekit` spelling of a catalog offer mode.
    public static func paymentMode(of mode: OfferMode) -> String {
        switch mode {
        case .freeTrial: "free"
        case .payAsYouGo: "payAsYouGo"
        case .payUpFront: "payUpFront"
        }
    }
}
