/// A parsed YAML or JSON document: a tree of mappings, sequences and scalars in which every node
/// keeps the line and column where it starts.
///
/// Nodes are stored flat (one record per node, children as index ranges), so a 50,000-product
/// catalog costs a few large arrays rather than millions of objects. YAML aliases share the node
/// they refer to, so the tree is in general a DAG.
public final class SourceDocument: Sendable {
    struct Record: Sendable {
        var kind: Node.Kind
        var isPlain: Bool
        var line: Int32
        var column: Int32
        /// Scalars: index into `strings`. Collections: index of the first child in `children`.
        var start: Int32
        /// Collections: number of entries in `children` (twice the pairs for a mapping).
        var count: Int32
    }

    let records: [Record]
    let strings: [String]
    let children: [Int32]
    let rootIndex: Int32?

    init(records: [Record], strings: [String], children: [Int32], rootIndex: Int32?) {
        self.records = records
        self.strings = strings
        self.children = children
        self.rootIndex = rootIndex
    }

    /// The top-level node, or nil for an empty document.
    public var root: Node? { rootIndex.map { Node(document: self, index: $0) } }
}

/// A node of a ``SourceDocument``.
public struct Node: Sendable {
    public enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping

        /// How the kind is named in diagnostics.
        public var description: String {
            switch self {
            case .scalar: "a scalar"
            case .sequence: "a list"
            case .mapping: "a mapping"
            }
        }
    }

    public let document: SourceDocument
    let index: Int32

    private var record: SourceDocument.Record { document.records[Int(index)] }

    public var kind: Kind { record.kind }

    /// Where the node starts.
    public var position: SourcePosition {
        let record = record
        return SourcePosition(line: Int(record.line), column: Int(record.column))
    }

    /// The scalar's text and whether it was written plain (unquoted), or nil for a collection.
    public var scalar: Scalar? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return Scalar(text: document.strings[Int(record.start)], isPlain: record.isPlain)
    }

    /// A sequence's items; empty for other kinds.
    public var items: [Node] {
        let record = record
        guard record.kind == .sequence else { return [] }
        let start = Int(record.start)
        return (start..<start + Int(record.count)).map { Node(document: document, index: document.children[$0]) }
    }

    /// A mapping's key/value pairs in document order (merged pairs after explicit ones); empty for other kinds.
    public var pairs: [(key: Node, value: Node)] {
        let record = record
        guard record.kind == .mapping else { return [] }
        let start = Int(record.start)
        let children = document.children
        return stride(from: start, to: start + Int(record.count), by: 2).map {
            (Node(document: document, index: children[$0]), Node(document: document, index: children[$0 + 1]))
        }
    }

    /// A short description of what the node holds, for "expected X, found Y" messages.
    public var kindDescription: String {
        guard let scalar else { return kind.description }
        switch scalar.value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .float: return "a number"
        case .string: return "a string"
        }
    }
}

/// A scalar's text as written, and how it resolves.
public struct Scalar: Sendable, Hashable {
    public var text: String
    /// Plain (unquoted) scalars resolve to null, booleans and numbers; quoted ones are strings.
    public var isPlain: Bool

    public init(text: String, isPlain: Bool) {
        self.text = text
        self.isPlain = isPlain
    }

    /// The value per the YAML 1.2 core schema (which also types JSON's literals correctly).
    public var value: ScalarValue { ScalarValue.resolve(self) }
}
