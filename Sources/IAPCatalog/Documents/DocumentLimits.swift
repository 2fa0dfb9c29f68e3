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

/// Why a document could not be parsed, and where.
public struct DocumentSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var position: SourcePosition

    public init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// A parsed document and the problems that did not stop parsing it (duplicate keys, bad merges).
public struct ParsedDocument: Sendable {
    public var document: SourceDocument
    public var findings: [DocumentFinding]
}

/// A problem found while building a document that does not stop parsing.
public struct DocumentFinding: Sendable, Equatable {
    public var rule: RuleID
    public var message: String
    public var position: SourcePosition
}
