/// A parsed YAML or JSON document: a tree of mappings, sequences and scalars in which every node
/// keeps the line and column where it starts.
///
/// Nodes are stored flat: one 16-byte record per node, children as index ranges, and the text of
/// every scalar in one UTF-8 buffer. A 50,000-product catalog is a few large arrays, not millions
/// of objects or strings; text becomes a `String` only when a reader asks for it. YAML aliases
/// share the node they refer to, so the tree is in general a DAG.
///
/// The storage is written by one ``SourceDocumentBuilder`` on one thread, which may hand out
/// completed nodes while it builds the rest; once built, a document never changes, so it is
/// safe to share. (Accesses skip Swift's dynamic exclusivity checks: the builder is the only
/// writer and readers only read completed nodes on its thread.)
package final class SourceDocument: @unchecked Sendable {
    struct Record: Sendable {
        var line: UInt32
        /// The column in the low 28 bits, the kind in bits 28–29, "written plain" in bit 30.
        private var columnAndFlags: UInt32
        /// Scalars: offset of the text in `text`. Collections: index of the first child in `children`.
        var start: UInt32
        /// Scalars: length of the text in bytes. Collections: number of entries in `children`
        /// (twice the pairs for a mapping).
        var count: UInt32

        private static let columnMask: UInt32 = (1 << 28) - 1

        init(kind: Node.Kind, isPlain: Bool, position: SourcePosition, start: Int, count: Int) {
            line = UInt32(clamping: position.line)
            columnAndFlags =
                min(UInt32(clamping: position.column), Self.columnMask) | UInt32(kind.rawValue) << 28 | (isPlain ? 1 << 30 : 0)
            self.start = UInt32(truncatingIfNeeded: start)
            self.count = UInt32(truncatingIfNeeded: count)
        }

        var kind: Node.Kind { Node.Kind(rawValue: UInt8(truncatingIfNeeded: columnAndFlags >> 28) & 3)! }
        var isPlain: Bool { columnAndFlags & (1 << 30) != 0 }
        var position: SourcePosition { SourcePosition(line: Int(line), column: Int(columnAndFlags & Self.columnMask)) }
        var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
    }

    @exclusivity(unchecked) var records: [Record] = []
    /// The UTF-8 text of every scalar, back to back.
    @exclusivity(unchecked) var text: [UInt8] = []
    @exclusivity(unchecked) var children: [Int32] = []
    @exclusivity(unchecked) var rootIndex: Int32?

    init() {}

    /// The top-level node, or nil for an empty document.
    package var root: Node? { rootIndex.map { Node(document: self, index: $0) } }
}

/// A node of a ``SourceDocument``.
package struct Node: Sendable {
    package enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping

        /// How the kind is named in diagnostics.
        package var description: String {
            switch self {
            case .scalar: "a scalar"
            case .sequence: "a list"
            case .mapping: "a mapping"
            }
        }
    }

    package let document: SourceDocument
    let index: Int32

    var record: SourceDocument.Record { document.records[Int(index)] }

    package var kind: Kind { record.kind }

    /// Where the node starts.
    package var position: SourcePosition { record.position }

    /// The scalar's text and whether it was written plain (unquoted), or nil for a collection.
    package var scalar: Scalar? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return Scalar(text: document.string(record.range), isPlain: record.isPlain)
    }

    /// A sequence's items; empty for other kinds.
    package var items: [Node] {
        let record = record
        guard record.kind == .sequence else { return [] }
        return record.range.map { child($0) }
    }

    /// A mapping's key/value pairs in document order (merged pairs after explicit ones); empty for other kinds.
    package var pairs: [(key: Node, value: Node)] {
        let record = record
        guard record.kind == .mapping else { return [] }
        return stride(from: record.range.lowerBound, to: record.range.upperBound, by: 2).map { (child($0), child($0 + 1)) }
    }

    /// A short description of what the node holds, for "expected X, found Y" messages.
    package var kindDescription: String {
        guard let scalar else { return kind.description }
        switch scalar.value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .float: return "a number"
        case .string: return "a string"
        }
    }

    // MARK: Reading without allocating (the catalog decoder's hot path)

    /// The node `document.children[entry]` names.
    func child(_ entry: Int) -> Node { Node(document: document, index: document.children[entry]) }

    /// A scalar's text, or nil for a collection.
    var text: String? {
        let record = record
        return record.kind == .scalar ? document.string(record.range) : nil
    }

    /// Calls `body` with a scalar's UTF-8 bytes, or returns nil for a collection.
    func withScalarBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return document.text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[record.range])) }
    }

    /// The scalar's type per the YAML 1.2 core schema, or nil for a collection; no text is copied.
    var scalarType: ScalarValue.Kind? {
        let record = record
        guard record.kind == .scalar else { return nil }
        guard record.isPlain else { return .string }
        return withScalarBytes { ScalarValue.kind(of: $0) }
    }
}

extension SourceDocument {
    func string(_ range: Range<Int>) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}

/// A scalar's text as written, and how it resolves.
package struct Scalar: Sendable, Hashable {
    package var text: String
    /// Plain (unquoted) scalars resolve to null, booleans and numbers; quoted ones are strings.
    package var isPlain: Bool

    package init(text: String, isPlain: Bool) {
        self.text = text
        self.isPlain = isPlain
    }

    /// The value per the YAML 1.2 core schema (which also types JSON's literals correctly).
    package var value: ScalarValue { ScalarValue.resolve(self) }
}
