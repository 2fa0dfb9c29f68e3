/// An offer on a Google Play base plan: who gets it and the phases it runs through before the
/// base plan's price (a free trial, a single payment, a discounted recurring price).
public struct PlayOffer: Sendable, Equatable {
    /// The offer's id (`free-week`): lowercase letters, digits and `-`, at most 63 characters.
    public var id: String
    /// Who gets the offer.
    public var eligibility: PlayEligibility
    /// One or two phases, in order.
    public var phases: [PlayOfferPhase]
    /// The regions the offer runs in; nil: every region of the base plan.
    public var regions: [String]?
    /// Whether the offer runs (Play's ACTIVE; false: INACTIVE); default true.
    public var active: Bool
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var phases: SourcePosition?
        package var regions: SourcePosition?
        package init() {}
    }

    /// Creates an offer.
    public init(
        id: String, eligibility: PlayEligibility = .newCustomers, phases: [PlayOfferPhase] = [], regions: [String]? = nil,
        active: Bool = true
    ) {
        self.id = id
        self.eligibility = eligibility
        self.phases = phases
        self.regions = regions
        self.active = active
    }
}

/// Who gets a Play offer.
public enum PlayEligibility: String, Sendable, CaseIterable {
    /// Customers who never had this subscription (Play's acquisition rule, this subscription).
    case newCustomers = "new-customers"
    /// Customers who never had any subscription of the app (acquisition rule, any subscription).
    case newToApp = "new-to-app"
    /// Subscribers of this subscription moving to this base plan (upgrade rule).
    case upgrade
    /// Whoever the app decides (no targeting rule).
    case developerDetermined = "developer-determined"
}

/// One phase of a Play offer, in the three modes every store's offers have (``OfferMode``): a free
/// trial, a single payment for the phase (pay up front), or a discounted price each period (pay as
/// you go). Play's durations are any ISO 8601 length and its prices are per region (alpha-2), so a
/// phase keeps its own fields rather than App Store ``OfferTerms``.
public struct PlayOfferPhase: Sendable, Equatable {
    /// How the customer pays during the phase.
    public var mode: OfferMode
    /// The length of one period (ISO 8601).
    public var duration: String
    /// How many periods the phase lasts (Play's recurrence count); 1 by default.
    public var periods: Int
    /// The price per region (pay as you go: per period; pay up front: for the phase).
    public var prices: [PlayRegionalPrice]
    /// Instead of prices: the share off the base plan's price (`0.5` is half price), a decimal string.
    public var discount: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var mode: SourcePosition?
        package var duration: SourcePosition?
        package var prices: SourcePosition?
        package init() {}
    }

    /// Creates a phase.
    public init(mode: OfferMode, duration: String, periods: Int = 1, prices: [PlayRegionalPrice] = [], discount: String? = nil) {
        self.mode = mode
        self.duration = duration
        self.periods = periods
        self.prices = prices
        self.discount = discount
    }
}
