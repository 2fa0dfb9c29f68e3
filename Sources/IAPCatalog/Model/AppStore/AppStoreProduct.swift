/// What only the App Store has of a product, beside the store-neutral core of ``Product`` (id,
/// type, names, regional prices, availability, offers): Family Sharing, Apple-hosted content, App
/// Review's notes, the promotion on the product page, promotional images, and the state App Store
/// Connect reported. The catalog writes these keys flat on the product (`family_sharing`, …), as it
/// always has; the model keeps them here so that another store's code never reads them.
public struct AppStoreProduct: Sendable, Equatable {
    /// Whether Family Sharing is on (default false; non-consumables and auto-renewables only).
    public var familySharing: Bool
    /// Content hosted by Apple (non-consumables only).
    public var hostedContent: Bool
    /// Notes and screenshot for App Review; nil when the catalog gives none.
    public var review: ReviewInfo?
    /// Promotion on the App Store product page; nil when the catalog gives none.
    public var promotion: Promotion?
    /// Promotional images: files to upload, or the checksums of images the store holds.
    public var images: [ProductImage] = []
    /// The product's state in App Store Connect when `asc pull` last read it (`store_state`):
    /// observed, never sent. Lint takes a product removed from sale as unavailable in production.
    public var storeState: AppStoreState?
    /// Offer codes of a one-time purchase (`offer_codes`; a subscription's are in its terms).
    public var offerCodes: [PurchaseOfferCode] = []
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var familySharing: SourcePosition?
        package var hostedContent: SourcePosition?
        package var images: SourcePosition?
        package var storeState: SourcePosition?
        package var offerCodes: SourcePosition?
        package init() {}
    }

    /// Creates the App Store part of a product: unless given, no sharing, hosting, review notes,
    /// promotion, images or observed state.
    public init(
        familySharing: Bool = false, hostedContent: Bool = false, review: ReviewInfo? = nil, promotion: Promotion? = nil,
        images: [ProductImage] = [], storeState: AppStoreState? = nil
    ) {
        self.familySharing = familySharing
        self.hostedContent = hostedContent
        self.review = review
        self.promotion = promotion
        self.images = images
        self.storeState = storeState
    }

    /// Whether the store has removed the product from sale (by the developer or by Apple).
    public var isRemovedFromSale: Bool { storeState?.isRemovedFromSale ?? false }
}
