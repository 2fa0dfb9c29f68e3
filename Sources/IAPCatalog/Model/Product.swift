/// One in-app purchase: the store-neutral core every store shares (id, type, names and
/// descriptions per locale, regional prices, availability, subscription terms and offers), and what
/// only the App Store has in ``appStore``.
public struct Product: Sendable, Equatable {
    /// The product identifier StoreKit asks for; case-sensitive, never reusable.
    public var id: String
    /// The kind of purchase, which decides the fields the product may have.
    public var type: ProductType
    /// The internal name App Store Connect shows; optional only for removed products.
    public var referenceName: String?
    /// Where the product stands in App Store Connect: draft (the default), approved or removed.
    public var status: ProductStatus
    /// Whether the product is cleared for sale (default true); production lists may name it only
    /// then. With an ``availability``, whether that availability names a territory.
    public var clearedForSale: Bool
    /// Where the product is sold, when the catalog says more than ``clearedForSale`` does (some
    /// territories only, or not in new ones); nil: everywhere and in new territories when cleared
    /// for sale, nowhere otherwise (``effectiveAvailability``).
    public var availability: Availability?
    /// What the product costs; nil when the catalog gives no price (an approved product needs one).
    public var price: Price?
    /// The name and description per locale; the app's default locale must be among them.
    public var localizations: [Localization]
    /// Group, duration, rank and offers: present on auto-renewable products, nil on the others.
    public var subscription: SubscriptionTerms?
    /// Free-form data for the app's own use, carried only into `products_v2.json`; nil when none.
    public var clientData: JSONValue?
    /// What only the App Store has of the product: sharing, hosting, review notes, promotion,
    /// images, the observed store state.
    public var appStore: AppStoreProduct
    /// The stores the product is sold on, in ``Store`` order: the App Store unless `stores` says
    /// otherwise, and Google Play too when the product has a `google_play` part.
    public var stores: [Store] = [.appStore]
    /// What only Google Play has of the product; nil when the catalog gives none.
    public var googlePlay: GooglePlayProduct?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var id: SourcePosition?
        package var type: SourcePosition?
        package var referenceName: SourcePosition?
        package var status: SourcePosition?
        package var localizations: SourcePosition?
        package var subscription: SourcePosition?
        package var clearedForSale: SourcePosition?
        package var stores: SourcePosition?
        /// The catalog gave no valid type (an error was reported) and `type` is the one assumed so
        /// the rest could be checked: checks of lists against the type skip the product.
        package var typeIsAssumed = false
        package init() {}
    }

    /// Creates a product with `id` and `type`: unless given, a draft cleared for sale, without sharing, price or texts.
    public init(
        id: String, type: ProductType, referenceName: String? = nil, status: ProductStatus = .draft,
        clearedForSale: Bool = true, familySharing: Bool = false, hostedContent: Bool = false,
        price: Price? = nil, localizations: [Localization] = [], review: ReviewInfo? = nil,
        promotion: Promotion? = nil, subscription: SubscriptionTerms? = nil, clientData: JSONValue? = nil
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.status = status
        self.clearedForSale = clearedForSale
        self.price = price
        self.localizations = localizations
        self.subscription = subscription
        self.clientData = clientData
        self.appStore = AppStoreProduct(
            familySharing: familySharing, hostedContent: hostedContent, review: review, promotion: promotion)
    }

    /// The stores a product is sold on when the catalog does not list them: the App Store, and
    /// Google Play when the product has a `google_play` part.
    public var impliedStores: [Store] { googlePlay == nil ? [.appStore] : [.appStore, .googlePlay] }

    /// Whether the product is sold on `store`.
    public func isSold(on store: Store) -> Bool { stores.contains(store) }

    /// Whether StoreKit returns the product in `environment`: in production an approved product
    /// cleared for sale that the store has not removed from sale; in the sandbox any product not
    /// removed. Never a product the App Store does not sell.
    public func isAvailable(in environment: StoreEnvironment) -> Bool {
        guard isSold(on: .appStore) else { return false }
        return switch environment {
        case .production: status == .approved && clearedForSale && !appStore.isRemovedFromSale
        case .sandbox: status != .removed
        }
    }

    /// Where the product is sold: its ``availability``, else what ``clearedForSale`` means
    /// (everywhere and in new territories, or nowhere).
    public var effectiveAvailability: Availability {
        availability ?? (clearedForSale ? .everywhere : .nowhere)
    }
}
