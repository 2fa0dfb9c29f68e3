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
    /// The offer codes of the in-app purchases, by product id and name: what a round trip compares
    /// (no resource ids, no generated one-time use codes).
    public var inAppPurchaseOfferCodes: [InAppPurchaseOfferCode]

    /// An offer code of an in-app purchase, without resource ids or generated codes.
    public struct InAppPurchaseOfferCode: Sendable, Equatable {
        /// The product id of its in-app purchase.
        public var productID: String
        /// `name`.
        public var name: String
        /// `customerEligibilities`, sorted.
        public var customerEligibilities: [String]
        /// `active`.
        public var active: Bool
        /// Territory → the customer price of the offer's price point there.
        public var prices: [String: String]
        /// The custom codes, by code.
        public var customCodes: [CustomCode]
        /// The batches of one-time use codes, by environment, expiration date and size.
        public var oneTimeUseBatches: [OneTimeUseBatch]

        /// A custom code: what customers enter, how often, until when, whether active.
        public struct CustomCode: Sendable, Equatable {
            /// `customCode`.
            public var code: String
            /// `numberOfCodes`.
            public var numberOfCodes: Int
            /// `expirationDate`; nil: none.
            public var expirationDate: String?
            /// `active`.
            public var active: Bool

            /// A custom code with the given members.
            public init(code: String, numberOfCodes: Int, expirationDate: String?, active: Bool) {
                self.code = code
                self.numberOfCodes = numberOfCodes
                self.expirationDate = expirationDate
                self.active = active
            }
        }

        /// A batch of one-time use codes, without its codes.
        public struct OneTimeUseBatch: Sendable, Equatable {
            /// `numberOfCodes`.
            public var numberOfCodes: Int
            /// `expirationDate`.
            public var expirationDate: String
            /// `environment`.
            public var environment: String
            /// `active`.
            public var active: Bool

            /// A batch with the given members.
            public init(numberOfCodes: Int, expirationDate: String, environment: String, active: Bool) {
                self.numberOfCodes = numberOfCodes
                self.expirationDate = expirationDate
                self.environment = environment
                self.active = active
            }
        }

        /// An offer code with the given members.
        public init(
            productID: String, name: String, customerEligibilities: [String], active: Bool, prices: [String: String],
            customCodes: [CustomCode] = [], oneTimeUseBatches: [OneTimeUseBatch] = []
        ) {
            self.productID = productID
            self.name = name
            self.customerEligibilities = customerEligibilities
            self.active = active
            self.prices = prices
            self.customCodes = customCodes
            self.oneTimeUseBatches = oneTimeUseBatches
        }
    }

    /// A summary with the given counts.
    public init(
        inAppPurchases: Int = 0, subscriptionGroups: Int = 0, subscriptions: Int = 0, localizations: Int = 0, versions: Int = 0,
        prices: Int = 0, introductoryOffers: Int = 0, screenshots: Int = 0, productIDs: [String] = [],
        inAppPurchaseOfferCodes: [InAppPurchaseOfferCode] = []
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
        self.inAppPurchaseOfferCodes = inAppPurchaseOfferCodes
    }
}
