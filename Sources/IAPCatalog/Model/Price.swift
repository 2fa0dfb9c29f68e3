/// What a product costs: a legacy price tier, explicit prices per storefront, or both.
public struct Price: Sendable, Equatable {
    /// Legacy App Store price tier (`wholesale_price_tier`), 0 = free.
    public var tier: Int?
    /// Customer prices per storefront (ISO 3166-1 alpha-3), as decimal strings ("0.99").
    public var storefronts: [StorefrontPrice]
    public var positions = Positions()

    public struct Positions: Sendable, Equatable {
        public var entry: SourcePosition?
        public var tier: SourcePosition?
        public init() {}
    }

    public init(tier: Int? = nil, storefronts: [StorefrontPrice] = []) {
        self.tier = tier
        self.storefronts = storefronts
    }
}

/// A customer price in one storefront.
public struct StorefrontPrice: Sendable, Equatable {
    public var storefront: String
    /// The price as written: a decimal string, never a binary floating-point number.
    public var amount: String
    public var position: SourcePosition?

    public init(storefront: String, amount: String, position: SourcePosition? = nil) {
        self.storefront = storefront
        self.amount = amount
        self.position = position
    }
}
