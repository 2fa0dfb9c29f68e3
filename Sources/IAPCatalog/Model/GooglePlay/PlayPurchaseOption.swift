/// How a one-time product is sold on Google Play: bought, or rented for a time, at prices per
/// region (a Play "purchase option").
public struct PlayPurchaseOption: Sendable, Equatable {
    /// The option's id (`buy`): lowercase letters, digits and `-`, at most 63 characters.
    public var id: String
    /// Bought or rented.
    public var kind: PlayPurchaseKind
    /// Buy only: whether apps on older billing libraries see this option (at most one per product).
    public var legacyCompatible: Bool?
    /// Buy only: whether a customer can buy several at once.
    public var multiQuantity: Bool?
    /// Rent only: how long a rental lasts (ISO 8601, `P7D`).
    public var rentalPeriod: String?
    /// Rent only: how long a started rental may be used before it expires (`P2D`); nil: no limit.
    public var expirationPeriod: String?
    /// Prices and availability per region.
    public var regions: [PlayRegionalPrice]
    /// Regions Play adds later; nil: they do not get the option.
    public var newRegions: PlayNewRegions?
    /// Whether the option is on sale (Play's ACTIVE; false: INACTIVE); default true.
    public var active: Bool
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var kind: SourcePosition?
        package var regions: SourcePosition?
        package init() {}
    }

    /// Creates a purchase option.
    public init(
        id: String, kind: PlayPurchaseKind = .buy, regions: [PlayRegionalPrice] = [], newRegions: PlayNewRegions? = nil,
        active: Bool = true
    ) {
        self.id = id
        self.kind = kind
        self.regions = regions
        self.newRegions = newRegions
        self.active = active
    }
}

/// Bought or rented.
public enum PlayPurchaseKind: String, Sendable, CaseIterable {
    case buy
    case rent
}
