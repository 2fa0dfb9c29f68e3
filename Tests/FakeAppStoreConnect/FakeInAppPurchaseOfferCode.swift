/// An offer code of a one-time in-app purchase as the fake holds it
/// (``FakeAppStoreConnect/inAppPurchaseOfferCodes(app:productID:)``).
public struct FakeInAppPurchaseOfferCode: Sendable, Equatable {
    /// The `inAppPurchaseOfferCodes` resource id.
    public var id: String
    /// `name`.
    public var name: String
    /// `customerEligibilities` (`NON_SPENDER`, `ACTIVE_SPENDER`, `CHURNED_SPENDER`), as created.
    public var customerEligibilities: [String]
    /// `active`.
    public var active: Bool
    /// Territory → the customer price of the offer's price point there ("0.99", "160").
    public var prices: [String: String]
    /// The custom codes, oldest first.
    public var customCodes: [FakeCustomCode]
    /// The batches of one-time use codes, oldest first.
    public var oneTimeUseBatches: [FakeOneTimeUseBatch]

    /// An offer code with the given members.
    public init(
        id: String, name: String, customerEligibilities: [String], active: Bool, prices: [String: String],
        customCodes: [FakeCustomCode] = [], oneTimeUseBatches: [FakeOneTimeUseBatch] = []
    ) {
        self.id = id
        self.name = name
        self.customerEligibilities = customerEligibilities
        self.active = active
        self.prices = prices
        self.customCodes = customCodes
        self.oneTimeUseBatches = oneTimeUseBatches
    }
}

/// A custom code of an in-app purchase offer code (`inAppPurchaseOfferCodeCustomCodes`).
public struct FakeCustomCode: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// `customCode`: what customers enter.
    public var code: String
    /// `numberOfCodes`: how many times it may be redeemed.
    public var numberOfCodes: Int
    /// `expirationDate` (`YYYY-MM-DD`); nil: it does not expire.
    public var expirationDate: String?
    /// `active`.
    public var active: Bool

    /// A custom code with the given members.
    public init(id: String, code: String, numberOfCodes: Int, expirationDate: String?, active: Bool) {
        self.id = id
        self.code = code
        self.numberOfCodes = numberOfCodes
        self.expirationDate = expirationDate
        self.active = active
    }
}

/// A batch of one-time use codes of an in-app purchase offer code
/// (`inAppPurchaseOfferCodeOneTimeUseCodes`), with the codes the fake generated for it.
public struct FakeOneTimeUseBatch: Sendable, Equatable {
    /// The resource id.
    public var id: String
    /// `numberOfCodes`.
    public var numberOfCodes: Int
    /// `expirationDate` (`YYYY-MM-DD`).
    public var expirationDate: String
    /// `environment`: `PRODUCTION` or `SANDBOX`.
    public var environment: String
    /// `active`.
    public var active: Bool
    /// The generated codes (what `…/values` answers), `numberOfCodes` of them.
    public var codes: [String]

    /// A batch with the given members.
    public init(id: String, numberOfCodes: Int, expirationDate: String, environment: String, active: Bool, codes: [String]) {
        self.id = id
        self.numberOfCodes = numberOfCodes
        self.expirationDate = expirationDate
        self.environment = environment
        self.active = active
        self.codes = codes
    }
}
