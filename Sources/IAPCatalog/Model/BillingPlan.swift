/// How a subscriber pays for a subscription: the whole period up front (the usual plan), or
/// monthly over a 12-month commitment (App Store Connect's `planType` `MONTHLY`, a plan of yearly
/// subscriptions since iOS 26.5).
public enum BillingPlan: String, Sendable, CaseIterable {
    /// The whole period at once (`UPFRONT`): the plan of every subscription.
    case upfront
    /// Monthly payments over a 12-month commitment (`MONTHLY`).
    case monthly
}

/// What a subscription's monthly billing plan holds beside the usual one: its own prices and
/// availability. Offers name the plan they are for with their `plan`.
public struct BillingPlanTerms: Sendable, Equatable {
    /// The monthly instalment per storefront; nil when the catalog gives none.
    public var price: Price?
    /// Where the plan is offered; nil when the catalog does not say (nowhere).
    public var availability: Availability?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package init() {}
    }

    /// Creates the plan's terms.
    public init(price: Price? = nil, availability: Availability? = nil) {
        self.price = price
        self.availability = availability
    }
}
