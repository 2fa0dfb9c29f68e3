/// A product's name and description in one App Store locale.
public struct Localization: Sendable, Equatable {
    /// The App Store locale code (`en-US`).
    public var locale: String
    /// Nil only when the catalog's value could not be read (already diagnosed).
    public var displayName: String?
    /// The product's description; nil when the catalog gives none.
    public var description: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var locale: SourcePosition?
        package var displayName: SourcePosition?
        package var description: SourcePosition?
        package init() {}
    }

    /// Creates a localization in `locale` with a display name and, optionally, a description.
    public init(locale: String, displayName: String?, description: String? = nil) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}
