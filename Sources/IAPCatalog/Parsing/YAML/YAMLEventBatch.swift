/// A run of libyaml events in a compact, self-contained form: what the thread that runs libyaml
/// hands to the thread that builds the document. Scalar values and anchor names live in `text`.
struct YAMLEventBatch: Sendable {
    enum Kind: UInt8, Sendable {
        case documentStart, scalar, sequenceStart, mappingStart, collectionEnd, alias, streamEnd
        /// The anchor of the scalar just before it.
        case anchor
    }

    struct Event: Sendable {
        var kind: Kind
        /// Scalars: written plain (unquoted, untagged).
        var isPlain: Bool
        var line: Int32
        var column: Int32
        /// Scalars: the value. Aliases: the anchor named. Others: the anchor, if any (count -1 when none).
        var textStart: Int32
        var textCount: Int32

        var position: SourcePosition { SourcePosition(line: Int(line), column: Int(column)) }
        var hasText: Bool { textCount >= 0 }
    }

    /// Events per batch: large enough that handing batches over costs nothing measurable, small
    /// enough that both threads start working at once.
    static let capacity = 4_096

    var events: [Event] = []
    var text: [UInt8] = []
    /// Set on the last batch when libyaml stopped at an error.
    var error: DocumentSyntaxError?

    init() {
        events.reserveCapacity(Self.capacity)
        text.reserveCapacity(Self.capacity * 16)
    }

    var isFull: Bool { events.count >= Self.capacity }

    /// Whether no batch follows this one (the stream ended, or libyaml stopped at an error).
    var isLast: Bool { error != nil || events.last?.kind == .streamEnd }

    mutating func append(_ kind: Kind, line: Int, column: Int, isPlain: Bool = false, text bytes: UnsafeBufferPointer<UInt8>?) {
        let start = text.count
        if let bytes { text.append(contentsOf: bytes) }
        events.append(
            Event(
                kind: kind, isPlain: isPlain, line: Int32(clamping: line), column: Int32(clamping: column),
                textStart: Int32(truncatingIfNeeded: start), textCount: bytes.map { Int32(truncatingIfNeeded: $0.count) } ?? -1))
    }
}
