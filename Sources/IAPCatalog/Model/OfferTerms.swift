/// What every discount offer says, on any store: how the customer pays, for how long (periods of
/// a duration), and what it costs per storefront. Introductory, promotional, offer-code and
/// win-back offers have these terms; another store's offer phases (a free trial, a single
/// payment, a discounted recurring price) are the same three modes.
public protocol OfferTerms {
    /// How the customer pays during the offer.
    var mode: OfferMode { get }
    /// The length of one offer period.
    var duration: SubscriptionPeriod { get }
    /// How many periods the offer lasts (pay as you go: the number of discounted renewals).
    var periods: Int { get }
    /// What a paid offer costs per period (pay as you go) or in total (pay up front), per
    /// storefront; none for a free trial.
    var prices: [StorefrontPrice] { get }
}

extension OfferTerms {
    /// The price in `storefront`, as written; nil when the offer has none there.
    public func price(in storefront: String) -> String? {
        prices.first { $0.storefront == storefront }?.amount
    }
}

/// How a subscriber pays during an offer (App Store Connect's offer modes).
public enum OfferMode: String, Sendable, CaseIterable {
    /// Nothing, for the offer's periods.
    case freeTrial = "free-trial"
    /// A discounted price each period, for the offer's periods.
    case payAsYouGo = "pay-as-you-go"
    /// One discounted price for the whole offer.
    case payUpFront = "pay-up-front"

    /// Whether the mode has a price.
    public var isPaid: Bool { self != .freeTrial }
}
