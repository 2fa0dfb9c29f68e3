/// A product-ID list file that the catalog declares: where it is, its format, what it serves.
public struct ProductListDeclaration: Sendable, Equatable {
    /// Path relative to the catalog file.
    public var path: String
    /// The list's format: as declared, or as the file name implies.
    public var format: ProductListFormat
    /// The environment the list serves: as declared, else the sandbox for `.storekit` and production for the rest.
    public var environment: StoreEnvironment
    /// Where the declaration stands in the catalog, for diagnostics; nil when it was not read from one.
    public var position: SourcePosition?

    /// Creates a declaration of the list at `path` (relative to the catalog) in `format`, for production unless given.
    public init(path: String, format: ProductListFormat, environment: StoreEnvironment = .production, position: SourcePosition? = nil) {
        self.path = path
        self.format = format
        self.environment = environment
        self.position = position
    }
}

/// The formats of product-ID lists.
public enum ProductListFormat: String, Sendable, CaseIterable {
    /// A property-list array of strings embedded in the app (XML or binary).
    case plist
    /// `products_v1.json`: a JSON array of identifier strings.
    case v1
    /// `products_v2.json`: a versioned JSON object with display data (schemas/products_v2.schema.json).
    case v2
    /// An Xcode StoreKit configuration (`.storekit`): the products Xcode's local StoreKit testing offers.
    case storekit
    /// A Unity IAP catalog (`IAPProductCatalog.json`): the products a Unity game asks the stores
    /// for. iapcat reads it (lint, import) and never writes it.
    case unity

    /// The environment a list of this format serves when nothing declares one: Xcode's local
    /// testing is not production, so `.storekit` files default to the sandbox.
    public var defaultEnvironment: StoreEnvironment? { self == .storekit ? .sandbox : nil }

    /// Whether iapcat writes lists of this format (`export`, `serve`): all but Unity catalogs.
    public var isWritten: Bool { self != .unity }

    /// The format a file name implies: `.plist`, `.storekit`, `IAPProductCatalog.json`, or
    /// `_v1`/`_v2` before `.json`; nil when it says nothing.
    public static func implied(byFileName name: String) -> ProductListFormat? {
        let lower = name.lowercased()
        if lower.hasSuffix(".plist") { return .plist }
        if lower.hasSuffix(".storekit") { return .storekit }
        if lower == "iapproductcatalog.json" || lower.hasSuffix("/iapproductcatalog.json") { return .unity }
        guard lower.hasSuffix(".json") else { return nil }
        let stem = lower.dropLast(5)
        if stem.hasSuffix("v1") { return .v1 }
        if stem.hasSuffix("v2") { return .v2 }
        return nil
    }
}
