/// A product's name and description in one App Store locale.
public struct Localization: Sendable, Equatable {
    public var locale: String
    /// Nil only when the catalog's value could not be read (already diagnosed).
    public var displayName: String?
    public var description: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var locale: SourcePosition?
        package var displayName: SourcePosition?
        package var description: SourcePosition?
        package init() {}
    }

    public init(locale: String, displayName: String?, description: String? = nil) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}
