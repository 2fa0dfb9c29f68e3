/// Renders the product-ID lists an app ships or fetches from a validated catalog, byte for byte
/// deterministic: the same catalog always gives the same bytes, so diffs and ETags are stable.
public struct ProductListExporter: Sendable {
    /// The validated catalog the lists are rendered from.
    public let catalog: Catalog
    /// The order products appear in a list.
    public var order: ListOrder

    /// Creates an exporter for `catalog` that lists products in `order` (the catalog's order by default).
    public init(catalog: Catalog, order: ListOrder = .catalog) {
        self.catalog = catalog
        self.order = order
    }

    /// The products a list for `environment` names: approved and cleared for sale in production,
    /// every product that is not removed in the sandbox.
    public func products(for environment: StoreEnvironment) -> [Product] {
        order.arrange(catalog.products.filter { $0.isAvailable(in: environment) })
    }

    /// The file for `format`; nil for `.storekit`, which ``StoreKitExporter`` writes (it needs a
    /// storefront and a version, and may fail), and for `.unity`, which iapcat only reads.
    public func render(_ format: ProductListFormat, environment: StoreEnvironment) -> [UInt8]? {
        let products = products(for: environment)
        switch format {
        case .plist: return PlistListWriter.render(products.map(\.id))
        case .v1: return JSONWriter.bytes(.array(products.map { .string($0.id) }))
        case .v2: return JSONWriter.bytes(ProductsV2Document(catalog: catalog, products: products).json)
        case .storekit, .unity: return nil
        }
    }
}
