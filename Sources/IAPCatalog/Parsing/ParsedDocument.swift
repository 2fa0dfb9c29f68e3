/// Why a document could not be parsed, and where.
package struct DocumentSyntaxError: Error, Sendable, Equatable {
    package var message: String
    package var position: SourcePosition

    package init(_ message: String, at position: SourcePosition) {
        self.message = message
        self.position = position
    }
}

/// A parsed document and the problems that did not stop parsing it (duplicate keys, bad merges).
package struct ParsedDocument: Sendable {
    package var document: SourceDocument
    package var findings: [DocumentFinding]
}

/// A problem found while building a document that does not stop parsing.
package struct DocumentFinding: Sendable, Equatable {
    package var rule: RuleID
    package var message: String
    package var position: SourcePosition
    /// For a duplicate key: where the key was first given (the value that was kept).
    package var firstPosition: SourcePosition? = nil
}
