/// An offer code of a one-time purchase — a consumable, a non-consumable or a non-renewing
/// subscription — in App Store Connect (`inAppPurchaseOfferCodes`, API 4.2): who may redeem it,
/// what it costs in each territory, whether it is active, and the custom codes that redeem it. The
/// catalog writes them on the product as `offer_codes`. One-time-use codes are an event, not
/// state: `iapcat asc offer-codes generate` makes a batch and writes its codes to a file; the
/// catalog never holds a code a customer could redeem except the custom codes the team chose.
///
/// App Store Connect keeps an offer code's eligibility and prices once it is created, and only
/// turns it (or a custom code) off: a change to those terms is a note, never a step.
public struct PurchaseOfferCode: Sendable, Equatable {
    /// The name App Store Connect shows (`name`); an offer code's key in the catalog.
    public var referenceName: String
    /// Who may redeem it (`customerEligibilities`), in the catalog's order.
    public var eligibility: [SpenderEligibility]
    /// What a redemption costs, per storefront.
    public var prices: [StorefrontPrice]
    /// Whether customers can redeem it (nil: yes, as App Store Connect creates it).
    public var active: Bool?
    /// The custom codes that redeem it, in the catalog's order.
    public var customCodes: [CustomOfferCode]
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var referenceName: SourcePosition?
        package var eligibility: SourcePosition?
        package var prices: SourcePosition?
        package var active: SourcePosition?
        package init() {}
    }

    /// An offer code named `referenceName`: active unless said, with no custom codes unless given.
    public init(
        referenceName: String, eligibility: [SpenderEligibility], prices: [StorefrontPrice], active: Bool? = nil,
        customCodes: [CustomOfferCode] = []
    ) {
        self.referenceName = referenceName
        self.eligibility = eligibility
        self.prices = prices
        self.active = active
        self.customCodes = customCodes
    }
}

/// Who may redeem an offer code of a one-time purchase (`customerEligibilities`).
public enum SpenderEligibility: String, Sendable, CaseIterable, Comparable {
    /// Customers who have never bought in the app.
    case nonSpender = "non_spender"
    /// Customers who bought in the app in the last 30 days.
    case activeSpender = "active_spender"
    /// Customers who last bought in the app more than 30 days ago.
    case churnedSpender = "churned_spender"

    /// As App Store Connect's API spells it: `NON_SPENDER`, `ACTIVE_SPENDER`, `CHURNED_SPENDER`.
    public var apiName: String { rawValue.uppercased() }

    /// The eligibility App Store Connect calls `apiName`; nil for one iapcat does not know.
    public init?(apiName: String) {
        self.init(rawValue: apiName.lowercased())
    }

    /// Declaration order.
    public static func < (lhs: SpenderEligibility, rhs: SpenderEligibility) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A code the team chose that redeems an offer code (`inAppPurchaseOfferCodeCustomCodes`): the
/// code, how many redemptions it allows, and the last day it works.
public struct CustomOfferCode: Sendable, Equatable {
    /// The code customers type (`customCode`).
    public var code: String
    /// How many times it can be redeemed (`numberOfCodes`).
    public var count: Int
    /// The day it expires (`expirationDate`); nil: it does not.
    public var expires: CalendarDate?
    /// Whether it still redeems (nil: yes).
    public var active: Bool?
    package var position: SourcePosition?

    /// A custom code `code` redeemable `count` times until `expires`.
    public init(code: String, count: Int, expires: CalendarDate? = nil, active: Bool? = nil) {
        self.code = code
        self.count = count
        self.expires = expires
        self.active = active
    }
}
