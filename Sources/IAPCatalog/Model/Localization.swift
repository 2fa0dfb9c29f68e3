/// A product's name and description in one App Store locale.
public struct Localization: Sendable, Equatable {
    public var locale: String
    /// Nil only when the catalog's value could not be read (already diagnosed).
    public var displayName: String?
    public var description: String?
    public var positions = Positions()

    public struct Positions: Sendable, Equatable {
        public var locale: SourcePosition?
        public var displayName: SourcePosition?
        public var description: SourcePosition?
        public init() {}
    }

    public init(locale: String, displayName: String?, description: String? = nil) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}
