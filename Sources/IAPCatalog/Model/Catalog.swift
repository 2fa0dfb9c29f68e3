/// The master catalog: every in-app purchase of one app, and the lists that name them.
public struct Catalog: Sendable {
    /// The catalog format this iapcat reads and writes.
    public static let formatVersion = 1
    /// Where iapcat looks for the catalog when no command names one.
    public static let defaultPath = "catalogs/catalog.yaml"

    public var formatVersion: Int
    public var app: AppInfo
    public var subscriptionGroups: [SubscriptionGroup]
    public var products: [Product]
    public var lists: [ProductListDeclaration]
    /// Identifiers of product entries that were present but could not be read completely
    /// (e.g. an unknown `type`). They are diagnosed already; list checks treat them as known.
    public var unreadableProductIDs: Set<String>

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
