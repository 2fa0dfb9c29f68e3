/// A product's store listing in one language on Google Play.
public struct PlayListing: Sendable, Equatable {
    /// The BCP-47 language code (`en-US`).
    public var language: String
    /// The title customers see.
    public var title: String?
    /// The description customers see.
    public var description: String?
    /// Subscriptions only: what the subscription gives, in order (at most four).
    public var benefits: [String]
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var title: SourcePosition?
        package var description: SourcePosition?
        package var benefits: SourcePosition?
        package init() {}
    }

    /// Creates a listing in `language`.
    public init(language: String, title: String? = nil, description: String? = nil, benefits: [String] = []) {
        self.language = language
        self.title = title
        self.description = description
        self.benefits = benefits
    }
}
