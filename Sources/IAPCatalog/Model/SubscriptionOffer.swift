/// An offer on an auto-renewable subscription: the introductory offer, a promotional offer the
/// app presents (StoreKit's `Product.SubscriptionOffer` with an offer identifier), or an offer
/// code customers redeem. The fields a kind needs are checked by the `subscription_offer` rule.
public struct SubscriptionOffer: OfferTerms, Sendable, Equatable {
    /// The offer identifier the app passes to StoreKit: required for promotional offers, absent otherwise.
    public var id: String?
    /// The name App Store Connect shows: required for promotional offers and offer codes.
    public var referenceName: String?
    /// How the subscriber pays during the offer.
    public var mode: OfferMode
    /// The length of one offer period (`P3D` to `P1Y`).
    public var duration: SubscriptionPeriod
    /// How many periods the offer lasts (pay as you go: the number of discounted renewals); 1 by default.
    public var periods: Int
    /// What a paid offer costs per period (pay as you go) or in total (pay up front), per storefront.
    public var prices: [StorefrontPrice]
    /// Offer codes only: who may redeem the code; empty for the other kinds.
    public var eligibility: [OfferEligibility]
    /// Offer codes only: whether the code can be redeemed on top of an introductory offer.
    public var stackable: Bool?
    /// Offer codes only: whether customers can redeem the code (nil: yes).
    public var active: Bool?
    /// Offer codes only: whether the subscription renews after the offer (App Store Connect's
    /// `autoRenewEnabled`); nil when the catalog does not say.
    public var autoRenew: Bool?
    /// Where the offer runs. Introductory offer rows: the territories of the row (nil for a paid
    /// row: the territories of its prices). Free promotional offers and offer codes: nil means
    /// wherever the subscription is sold. Paid promotional offers and codes run where they have prices.
    public var territories: TerritorySelection?
    /// Introductory offer rows only: the first day the offer runs; nil: already running.
    public var startDate: CalendarDate?
    /// Introductory offer rows only: the first day it no longer runs; nil: open-ended.
    public var endDate: CalendarDate?
    /// The billing plan the offer is for (App Store Connect's `targetSubscriptionPlanType`); nil:
    /// not said, which is the usual plan.
    public var plan: BillingPlan?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var mode: SourcePosition?
        package var duration: SourcePosition?
        package var periods: SourcePosition?
        package var prices: SourcePosition?
        package var territories: SourcePosition?
        package var startDate: SourcePosition?
        package init() {}
    }

    /// Creates an offer in `mode` of `periods` periods of `duration`, with prices for the paid modes.
    public init(
        id: String? = nil, referenceName: String? = nil, mode: OfferMode, duration: SubscriptionPeriod, periods: Int = 1,
        prices: [StorefrontPrice] = [], eligibility: [OfferEligibility] = [], stackable: Bool? = nil
    ) {
        self.id = id
        self.referenceName = referenceName
        self.mode = mode
        self.duration = duration
        self.periods = periods
        self.prices = prices
        self.eligibility = eligibility
        self.stackable = stackable
    }

    /// Whether the offer has only what the simple form holds: no territories, dates or plan.
    public var isUndated: Bool { territories == nil && startDate == nil && endDate == nil && plan == nil }
}

/// Who may redeem an offer code.
public enum OfferEligibility: String, Sendable, CaseIterable {
    /// Customers who never subscribed to the group.
    case new
    /// Current subscribers.
    case existing
    /// Customers whose subscription expired.
    case expired
}
