/// What Google Play needs of a product beside the store-neutral core (`google_play` on a product):
/// the Play product id where it differs, the listings where they differ from the localizations,
/// and the purchase options (one-time products) or base plans (subscriptions) with their
/// per-region prices and availability.
public struct GooglePlayProduct: Sendable, Equatable {
    /// The Play product id when it differs from the product's id (Play ids allow only lowercase
    /// letters, digits, `_` and `.`); nil: the product's id.
    public var productID: String?
    /// The Play listings per language; empty: the product's localizations (display name as title).
    public var listings: [PlayListing]
    /// One-time products (consumable, non-consumable, non-renewing): how they are sold.
    public var purchaseOptions: [PlayPurchaseOption]
    /// Subscriptions: the base plans, each with its offers.
    public var basePlans: [PlayBasePlan]
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var productID: SourcePosition?
        package var listings: SourcePosition?
        package var purchaseOptions: SourcePosition?
        package var basePlans: SourcePosition?
        package init() {}
    }

    /// Creates the Play part of a product.
    public init(
        productID: String? = nil, listings: [PlayListing] = [], purchaseOptions: [PlayPurchaseOption] = [],
        basePlans: [PlayBasePlan] = []
    ) {
        self.productID = productID
        self.listings = listings
        self.purchaseOptions = purchaseOptions
        self.basePlans = basePlans
    }
}

extension Product {
    /// The product's Play listings: those its `google_play` part gives, else one per localization
    /// whose locale Play has (``PlayLanguages/code(forAppStoreLocale:)``), the display name as title.
    public var playListings: [PlayListing] {
        if let listings = googlePlay?.listings, !listings.isEmpty { return listings }
        return localizations.compactMap { localization in
            guard let language = PlayLanguages.code(forAppStoreLocale: localization.locale) else { return nil }
            var listing = PlayListing(language: language, title: localization.displayName, description: localization.description)
            listing.positions.entry = localization.positions.locale
            listing.positions.title = localization.positions.displayName
            listing.positions.description = localization.positions.description
            return listing
        }
    }

    /// The Play product id: the `google_play` part's, else the product's id.
    public var playProductID: String { googlePlay?.productID ?? id }
}
