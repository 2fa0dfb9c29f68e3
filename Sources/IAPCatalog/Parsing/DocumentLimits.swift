/// Bounds that keep hostile documents from exhausting time or memory.
public struct DocumentLimits: Sendable {
    /// Deepest nesting of collections.
    public var maximumDepth: Int
    /// Largest number of nodes a document may expand to when every alias is followed.
    public var maximumExpandedNodes: Int

    /// Creates limits of `maximumDepth` levels (256 by default) and `maximumExpandedNodes` nodes (20 million).
    public init(maximumDepth: Int = 256, maximumExpandedNodes: Int = 20_000_000) {
        self.maximumDepth = maximumDepth
        self.maximumExpandedNodes = maximumExpandedNodes
    }

    /// The limits iapcat reads with: 256 levels deep, 20 million expanded nodes.
    public static let `default` = DocumentLimits()
}
