/// A product-ID list as read from a file: its format and its entries with their locations.
public struct ProductList: Sendable {
    /// The file the list was read from, as the caller named it.
    public var file: String
    /// The list's format, as detected from its content.
    public var format: ProductListFormat
    /// Whether a plist was binary (its entries are located by index, not line).
    public var isBinary: Bool
    /// The version a JSON list declares (1 for a bare array), nil for plists.
    public var contentVersion: Int?
    /// Every entry in file order, malformed ones included.
    public var entries: [ProductListEntry]

    /// Creates a list read from `file` in `format`: not binary, without a version or entries unless given.
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
    /// What an entry holds: an identifier, or something that is not a string.
    public enum Value: Sendable, Equatable {
        case identifier(String)
        /// Something other than a string; the associated text names what ("a number", "a dict").
        case notAString(String)
    }

    /// The identifier, or what stands in its place.
    public var value: Value
    /// Where the entry is: its line and column, or its index in a binary plist.
    public var location: SourceLocation

    /// Creates an entry holding `value`, found at `location`.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
