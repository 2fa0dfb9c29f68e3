/// Bounds that keep hostile documents from exhausting time or memory.
public struct DocumentLimits: Sendable {
    /// Deepest nesting of collections.
    public var maximumDepth: Int
    /// Largest number of nodes a document may expand to when every alias is followed.
    public var maximumExpandedNodes: Int

    public init(maximumDepth: Int = 256, maximumExpandedNodes: Int = 20_000_000) {
        self.maximumDepth = maximumDepth
        self.maximumExpandedNodes = maximumExpandedNodes
    }

    public static let `default` = DocumentLimits()
}
