/// A product-ID list as read from a file: its format and its entries with their locations.
public struct ProductList: Sendable {
    public var file: String
    public var format: ProductListFormat
    /// Whether a plist was binary (its entries are located by index, not line).
    public var isBinary: Bool
    /// The version a JSON list declares (1 for a bare array), nil for plists.
    public var contentVersion: Int?
    public var entries: [ProductListEntry]

    public init(
        file: String, format: ProductListFormat, isBinary: Bool = false, contentVersion: Int? = nil, entries: [ProductListEntry] = []
    ) {
        self.file = file
        self.format = format
        self.isBinary = isBinary
        self.contentVersion = contentVersion
        self.entries = entries
    }

    /// The identifiers of the well-formed entries, in order.
    public var identifiers: [String] {
        entries.compactMap { if case .identifier(let id) = $0.value { id } else { nil } }
    }
}

/// One entry of a product-ID list.
public struct ProductListEntry: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case identifier(String)
        /// Something other than a string; the associated text names what ("a number", "a dict").
        case notAString(String)
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
