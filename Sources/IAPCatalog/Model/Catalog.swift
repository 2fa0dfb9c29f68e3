/// The master catalog: every in-app purchase of one app, and the lists that name them.
public struct Catalog: Sendable {
    /// The catalog format this iapcat reads and writes.
    public static let formatVersion = 1
    /// Where iapcat looks for the catalog when no command names one.
    public static let defaultPath = "catalogs/catalog.yaml"

    /// The `format_version` the catalog declares; a loaded catalog always has the one this iapcat reads.
    public var formatVersion: Int
    /// The app the products belong to.
    public var app: AppInfo
    /// The subscription groups, in catalog order.
    public var subscriptionGroups: [SubscriptionGroup]
    /// Every product in catalog order, removed ones (tombstones) included.
    public var products: [Product]
    /// The product-ID lists the catalog declares, with paths relative to the catalog's folder.
    public var lists: [ProductListDeclaration]
    /// Identifiers of product entries that were present but could not be read completely
    /// (e.g. an unknown `type`). They are diagnosed already; list checks treat them as known.
    public var unreadableProductIDs: Set<String>

    /// Creates a catalog of `app`'s groups, products and lists, at the current format version unless given.
    public init(
        formatVersion: Int = Catalog.formatVersion, app: AppInfo, subscriptionGroups: [SubscriptionGroup] = [],
        products: [Product] = [], lists: [ProductListDeclaration] = [], unreadableProductIDs: Set<String> = []
    ) {
        self.formatVersion = formatVersion
        self.app = app
        self.subscriptionGroups = subscriptionGroups
        self.products = products
        self.lists = lists
        self.unreadableProductIDs = unreadableProductIDs
    }
}
