/// A subscription's base plan on Google Play: its billing period, renewal type, prices and
/// availability per region, and its offers.
public struct PlayBasePlan: Sendable, Equatable {
    /// The base plan's id (`monthly`): lowercase letters, digits and `-`, at most 63 characters.
    public var id: String
    /// Renewing, or paid up front for one period.
    public var kind: PlayBasePlanKind
    /// The billing period (ISO 8601: `P1W`, `P1M`, `P3M`, `P6M`, `P1Y`, …); nil: the
    /// subscription's `duration`.
    public var period: String?
    /// Renewing plans only: whether apps on older billing libraries see this plan (at most one per subscription).
    public var legacyCompatible: Bool?
    /// Prices per region, and whether new subscribers can buy there.
    public var regions: [PlayRegionalPrice]
    /// Regions Play adds later; nil: they do not get the plan.
    public var newRegions: PlayNewRegions?
    /// The plan's offers.
    public var offers: [PlayOffer]
    /// Whether the plan is on sale (Play's ACTIVE; false: INACTIVE); default true.
    public var active: Bool
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var kind: SourcePosition?
        package var period: SourcePosition?
        package var regions: SourcePosition?
        package init() {}
    }

    /// Creates a base plan.
    public init(
        id: String, kind: PlayBasePlanKind = .autoRenewing, period: String? = nil, regions: [PlayRegionalPrice] = [],
        newRegions: PlayNewRegions? = nil, offers: [PlayOffer] = [], active: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.period = period
        self.regions = regions
        self.newRegions = newRegions
        self.offers = offers
        self.active = active
    }
}

/// How a base plan bills.
public enum PlayBasePlanKind: String, Sendable, CaseIterable {
    /// Renews each period until cancelled.
    case autoRenewing = "auto-renewing"
    /// Paid up front for one period; the customer tops it up.
    case prepaid
}
