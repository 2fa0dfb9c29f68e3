/// A price and availability in one Google Play region (ISO 3166-1 alpha-2), in the currency Play
/// links to the region: `US: 0.99`, or `FR: { price: 1.09, availability: no_longer_available }`.
public struct PlayRegionalPrice: Sendable, Equatable {
    /// The region code (`US`).
    public var region: String
    /// The price as written, a decimal string in the region's currency; nil when not given.
    public var price: String?
    /// Whether customers can buy in the region.
    public var availability: PlayAvailability
    /// Where the entry stands in the catalog.
    public var position: SourcePosition?

    /// Creates a regional price, available unless said otherwise.
    public init(region: String, price: String?, availability: PlayAvailability = .available, position: SourcePosition? = nil) {
        self.region = region
        self.price = price
        self.availability = availability
        self.position = position
    }
}

/// Whether a purchase option or base plan can be bought in a region (Play's availability).
public enum PlayAvailability: String, Sendable, CaseIterable {
    /// On sale.
    case available
    /// Was on sale, no longer: a region once added is never removed, only made unavailable.
    case noLongerAvailable = "no_longer_available"
    /// Pre-order: on sale once the product is released (one-time products).
    case availableIfReleased = "available_if_released"
    /// Only through offers (one-time products).
    case availableForOffersOnly = "available_for_offers_only"
}

/// What a purchase option or base plan costs in regions Play adds later (`new_regions`): a US
/// dollar and a euro price; without it, new regions do not get the product.
public struct PlayNewRegions: Sendable, Equatable {
    /// The price in US dollars, a decimal string.
    public var usd: String?
    /// The price in euros, a decimal string.
    public var eur: String?
    /// Whether new regions get the product (default true).
    public var available: Bool
    /// Where the entry stands in the catalog.
    public var position: SourcePosition?

    /// Creates the new-regions setting.
    public init(usd: String?, eur: String?, available: Bool = true, position: SourcePosition? = nil) {
        self.usd = usd
        self.eur = eur
        self.available = available
        self.position = position
    }
}
