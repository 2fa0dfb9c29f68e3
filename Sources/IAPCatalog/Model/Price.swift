/// What a product costs: customer prices per storefront (the store-neutral core), dated prices
/// beside them, and (subscriptions) the prices existing subscribers are kept on; on the App Store
/// also, or instead, a legacy price tier or schedule of tiers (``tiers``).
public struct Price: Sendable, Equatable {
    /// App Store legacy tiers: one tier or a schedule of them; empty when the price has none.
    public var tiers: LegacyTierPrice
    /// Customer prices per storefront (ISO 3166-1 alpha-3), as decimal strings ("0.99").
    public var storefronts: [StorefrontPrice]
    /// The territory App Store Connect equalizes the other prices from (`base_territory`); nil
    /// means ``defaultBaseTerritory``. Explicit prices in other storefronts are manual prices.
    public var baseTerritory: String?
    /// Dated prices in any storefront (`changes`): a sale from one date to another, a change from
    /// a date, the current price until a date.
    public var changes: [PriceChange] = []
    /// Subscriptions: older prices existing subscribers are kept on (`preserved`). Read from the
    /// store, never sent: only the store moves subscribers off them.
    public var preserved: [PriceChange] = []
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var tier: SourcePosition?
        package var schedule: SourcePosition?
        package var baseTerritory: SourcePosition?
        package var changes: SourcePosition?
        package var preserved: SourcePosition?
        package init() {}
    }

    /// Creates a price from a tier or a schedule, and any storefront prices (none of them by default).
    public init(tier: Int? = nil, schedule: [PriceInterval] = [], storefronts: [StorefrontPrice] = []) {
        self.tiers = LegacyTierPrice(tier: tier, schedule: schedule)
        self.storefronts = storefronts
    }

    /// The base territory when a catalog names none.
    public static let defaultBaseTerritory = "USA"

    /// Whether a price tier is given, alone or as a schedule (what bulk XML can express).
    public var hasTier: Bool { !tiers.isEmpty }

    /// Whether the price says anything: a tier, a schedule, storefront prices or dated ones.
    public var isEmpty: Bool { !hasTier && storefronts.isEmpty && changes.isEmpty }
}

/// A customer price in one storefront.
public struct StorefrontPrice: Sendable, Equatable {
    /// The storefront's ISO 3166-1 alpha-3 code (`USA`).
    public var storefront: String
    /// The price as written: a decimal string, never a binary floating-point number.
    public var amount: String
    /// Where the price stands in the catalog, for diagnostics; nil when it was not read from one.
    public var position: SourcePosition?

    /// Creates a price of `amount` (a decimal string) in `storefront`.
    public init(storefront: String, amount: String, position: SourcePosition? = nil) {
        self.storefront = storefront
        self.amount = amount
        self.position = position
    }
}

extension Price {
    /// The customer price in `storefront` as a decimal string: the storefront's explicit price,
    /// else, for the USA storefront only, the U.S. price of the legacy tier (of a schedule, its
    /// first step: the price "from now on" when the catalog was written). Nil when the catalog
    /// states no price there.
    public func customerPrice(in storefront: String) -> String? {
        if let explicit = storefronts.first(where: { $0.storefront == storefront }) { return explicit.amount }
        guard storefront == LegacyPriceTiers.storefront, let tier = tiers.currentTier else { return nil }
        return LegacyPriceTiers.usdPrice(ofTier: tier)
    }
}
