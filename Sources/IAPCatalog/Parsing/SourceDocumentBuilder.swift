/// Builds a ``SourceDocument`` from a stream of parser events.
///
/// Shared by the YAML and JSON front ends. It rejects duplicate keys (reported as findings, the
/// document still builds), resolves YAML merge keys (`<<`), and enforces ``DocumentLimits``.
struct SourceDocumentBuilder {
    private struct Frame {
        var record: Int32
        var firstPending: Int
        /// Nodes the collection expands to with every alias followed.
        var weight: Int
        var isAnchored: Bool
    }

    /// A key that appeared twice in one mapping.
    struct DuplicateKey {
        var key: String
        var position: SourcePosition
        var firstPosition: SourcePosition
    }

    /// The document being built; its nodes can be read as soon as they are complete.
    let document = SourceDocument()
    private var records: [SourceDocument.Record] {
        get { document.records }
        _modify { yield &document.records }
    }
    private var text: [UInt8] {
        get { document.text }
        _modify { yield &document.text }
    }
    private var children: [Int32] {
        get { document.children }
        _modify { yield &document.children }
    }
    private var pending: [Int32] = []
    private var frames: [Frame] = []
    /// Expanded weights of anchored collections, the only nodes an alias can repeat.
    private var anchoredWeights: [Int32: Int] = [:]
    /// Whether an alias was followed: only then can a small document expand to a big one.
    private var followedAlias = false
    private var root: Int32?
    private let limits: DocumentLimits
    private let resolvesMergeKeys: Bool
    /// Where completed items of one top-level list go, and the list once it began.
    private let itemStream: ItemStream?
    private var streamedSequence: Int32?
    /// Where the item being built in the streamed list began, in each array.
    private var itemStart: (records: Int, children: Int, text: Int)?
    /// The highest node with an anchor: nodes above it may be released once streamed.
    private var lastAnchor: Int32 = -1
    private(set) var duplicateKeys: [DuplicateKey] = []
    /// Positions of `<<` values that are neither a mapping nor a list of mappings.
    private(set) var invalidMerges: [SourcePosition] = []

    /// `estimatedBytes`: the size of the input, from which the arrays are sized once. A catalog
    /// has a node per ~12 bytes; reserving for one per 6 bytes costs address space, not memory
    /// (pages that are never written are never faulted in), and spares copying the arrays as
    /// they grow.
    init(limits: DocumentLimits, resolvesMergeKeys: Bool, estimatedBytes: Int = 0, itemStream: ItemStream? = nil) {
        self.limits = limits
        self.itemStream = itemStream
        self.resolvesMergeKeys = resolvesMergeKeys
        records.reserveCapacity(estimatedBytes / 6)
        children.reserveCapacity(estimatedBytes / 6)
        text.reserveCapacity(estimatedBytes)
    }

    /// Whether `index` is a collection that is still open (an alias to it would be recursive).
    func isOpen(_ index: Int32) -> Bool { frames.contains { $0.record == index } }

    @discardableResult
    mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, isPlain: Bool, at position: SourcePosition) throws(DocumentSyntaxError)
        -> Int32
    {
        let index = Int32(records.count)
        records.append(.init(kind: .scalar, isPlain: isPlain, position: position, start: text.count, count: bytes.count))
        text.append(contentsOf: bytes)
        // A flat list of more scalars than the limit stops here, as any other document does.
        try add(index, weight: 1, position: position)
        return index
    }

    /// Opens a collection; `isAnchored` when an alias may repeat it later.
    mutating func begin(_ kind: Node.Kind, at position: SourcePosition, isAnchored: Bool = false) throws(DocumentSyntaxError) -> Int32 {
        guard frames.count < limits.maximumDepth else {
            throw DocumentSyntaxError("nesting deeper than \(limits.maximumDepth) levels", at: position)
        }
        let index = Int32(records.count)
        if let streamedSequence, frames.last?.record == streamedSequence {
            itemStart = (records.count, children.count, text.count)
        }
        records.append(.init(kind: kind, isPlain: false, position: position, start: 0, count: 0))
        if kind == .sequence, let itemStream, streamedSequence == nil, isValueOfTopLevelKey(itemStream.key) {
            streamedSequence = index
        }
        frames.append(Frame(record: index, firstPending: pending.count, weight: 1, isAnchored: isAnchored))
        return index
    }

    mutating func end() throws(DocumentSyntaxError) {
        let frame = frames.removeLast()
        let index = Int(frame.record)
        if records[index].kind == .mapping {
            finishMapping(frame)
        }
        let start = children.count
        children.append(contentsOf: pending[frame.firstPending...])
        records[index].start = UInt32(start)
        records[index].count = UInt32(children.count - start)
        pending.removeSubrange(frame.firstPending...)
        if frame.isAnchored { anchoredWeights[frame.record] = frame.weight }
        try add(frame.record, weight: frame.weight)
    }

    /// Records that `index` carries an anchor (an alias may refer to it later).
    mutating func noteAnchor(_ index: Int32) {
        lastAnchor = max(lastAnchor, index)
    }

    /// Adds an existing node again (a YAML alias).
    mutating func alias(_ index: Int32, at position: SourcePosition) throws(DocumentSyntaxError) {
        followedAlias = true
        try add(index, weight: anchoredWeights[index] ?? 1, position: position)
    }

    /// The document, with the duplicate keys and bad merges found while building it.
    func build() -> ParsedDocument {
        let findings =
            duplicateKeys.map {
                DocumentFinding(
                    rule: .duplicateKey, message: "duplicate key '\($0.key)' (first at line \($0.firstPosition.line))",
                    position: $0.position, firstPosition: $0.firstPosition)
            }
            + invalidMerges.map {
                DocumentFinding(rule: .invalidValue, message: "a merge key (<<) needs a mapping or a list of mappings", position: $0)
            }
        document.rootIndex = root
        return ParsedDocument(document: document, findings: findings)
    }

    private mutating func add(_ index: Int32, weight: Int, position: SourcePosition? = nil) throws(DocumentSyntaxError) {
        guard !frames.isEmpty else {
            root = index
            return
        }
        pending.append(index)
        if let streamedSequence, frames[frames.count - 1].record == streamedSequence, let itemStream {
            itemStream.onItem(streamedSequence, Node(document: document, index: index))
            if itemStream.releasesItems, let start = itemStart, start.records == Int(index) { release(index, from: start) }
            itemStart = nil
        }
        let total = frames[frames.count - 1].weight &+ weight
        guard total <= limits.maximumExpandedNodes else {
            throw DocumentSyntaxError(
                followedAlias
                    ? "aliases expand to more than \(limits.maximumExpandedNodes) nodes (an alias bomb?)"
                    : "the document has more than \(limits.maximumExpandedNodes) nodes, the most iapcat reads",
                at: position ?? records[Int(index)].position)
        }
        frames[frames.count - 1].weight = total
    }

    /// Replaces a streamed item that nothing can refer to again (no anchor in it) by a null
    /// placeholder, giving its records, children and text back: the document being built stays
    /// as small as one item, however long the list.
    private mutating func release(_ index: Int32, from start: (records: Int, children: Int, text: Int)) {
        let record = records[Int(index)]
        guard record.kind != .scalar, lastAnchor < index else { return }
        records.removeSubrange(start.records...)
        children.removeSubrange(start.children...)
        text.removeSubrange(start.text...)
        records.append(.init(kind: .scalar, isPlain: true, position: record.position, start: text.count, count: 0))
    }

    /// Whether the node about to be added is the value of `key` in the top-level mapping.
    private func isValueOfTopLevelKey(_ key: [UInt8]) -> Bool {
        guard frames.count == 1, records[Int(frames[0].record)].kind == .mapping,
            (pending.count - frames[0].firstPending) % 2 == 1, let keyIndex = pending.last
        else { return false }
        let record = records[Int(keyIndex)]
        return record.kind == .scalar
            && text.withUnsafeBufferPointer { text in
                key.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: text[record.range]).hasSameBytes(as: $0) }
            }
    }

    /// Calls `body` with a read-only view of the keys built so far. (Static so that calling it
    /// from a mutating method does not copy the builder.)
    private static func withKeys<Result>(
        _ records: [SourceDocument.Record], _ text: [UInt8], resolvesMergeKeys: Bool, _ body: (KeyView) -> Result
    ) -> Result {
        records.withUnsafeBufferPointer { records in
            text.withUnsafeBufferPointer { text in
                body(KeyView(records: records, text: text, resolvesMergeKeys: resolvesMergeKeys))
            }
        }
    }

    /// Mappings with at most this many pairs are checked for duplicate keys by comparing keys
    /// pairwise, which beats hashing every key at catalog sizes.
    private static let linearCheckLimit = 16

    /// Reports duplicate keys and replaces `<<` pairs with the pairs they merge in. Allocates
    /// nothing for the common mapping: small, no merge key, no duplicate.
    private mutating func finishMapping(_ frame: Frame) {
        let first = frame.firstPending
        let needsRebuild = Self.withKeys(records, text, resolvesMergeKeys: resolvesMergeKeys) { keys in
            pending.withUnsafeBufferPointer { pending in
                let pairs = UnsafeBufferPointer(rebasing: pending[first...])
                let pairCount = pairs.count / 2
                guard pairCount <= Self.linearCheckLimit else { return true }
                for pair in 0..<pairCount {
                    let key = pairs[2 * pair]
                    if keys.isMergeKey(key) { return true }
                    for earlier in 0..<pair where keys.sameKey(pairs[2 * earlier], key) { return true }
                }
                return false
            }
        }
        if needsRebuild { rebuildMapping(frame) }
    }

    /// The general path: drops duplicate keys (reporting them) and expands merges.
    private mutating func rebuildMapping(_ frame: Frame) {
        let pairs = Array(pending[frame.firstPending...])
        var duplicates: [DuplicateKey] = []
        var invalid: [SourcePosition] = []
        let rebuilt = Self.withKeys(records, text, resolvesMergeKeys: resolvesMergeKeys) { keys in
            children.withUnsafeBufferPointer { children in
                var seen = KeySet(expected: pairs.count / 2, keys: keys)
                var merges: [Int32] = []
                var explicit: [Int32] = []
                explicit.reserveCapacity(pairs.count)
                for cursor in stride(from: 0, to: pairs.count, by: 2) {
                    let key = pairs[cursor], value = pairs[cursor + 1]
                    if keys.isMergeKey(key) {
                        merges.append(value)
                    } else if let earlier = seen.insert(key) {
                        duplicates.append(.init(key: keys.text(key), position: keys.position(key), firstPosition: keys.position(earlier)))
                    } else {
                        explicit.append(key)
                        explicit.append(value)
                    }
                }
                guard !merges.isEmpty || explicit.count != pairs.count else { return nil as [Int32]? }
                for merge in merges {
                    let sources = keys.records[Int(merge)].kind == .sequence ? Array(children[keys.records[Int(merge)].range]) : [merge]
                    for source in sources {
                        guard keys.records[Int(source)].kind == .mapping else {
                            invalid.append(keys.position(source))
                            continue
                        }
                        let sourcePairs = children[keys.records[Int(source)].range]
                        for pairStart in stride(from: sourcePairs.startIndex, to: sourcePairs.endIndex, by: 2)
                        where seen.insert(sourcePairs[pairStart]) == nil {
                            explicit.append(sourcePairs[pairStart])
                            explicit.append(sourcePairs[pairStart + 1])
                        }
                    }
                }
                return explicit
            }
        }
        duplicateKeys += duplicates
        invalidMerges += invalid
        if let rebuilt { pending.replaceSubrange(frame.firstPending..., with: rebuilt) }
    }
}

/// Hands out the items of one top-level list (`products` of a catalog) as soon as each is
/// complete, so that a reader can work on them while the rest of the document is parsed. The
/// callback gets the list's node index and the item.
///
/// With `releasesItems`, an item's nodes are dropped once the callback returned (unless an anchor
/// in it may still be referred to): in the finished document the list holds null placeholders,
/// so the reader must take the items from the stream, not from the document.
struct ItemStream {
    let key: [UInt8]
    let releasesItems: Bool
    let onItem: (Int32, Node) -> Void

    init(key: String, releasesItems: Bool = false, onItem: @escaping (Int32, Node) -> Void) {
        self.key = Array(key.utf8)
        self.releasesItems = releasesItems
        self.onItem = onItem
    }
}

/// Read access to the records and text of a document being built, for comparing keys.
private struct KeyView {
    let records: UnsafeBufferPointer<SourceDocument.Record>
    let text: UnsafeBufferPointer<UInt8>
    let resolvesMergeKeys: Bool

    /// Whether two keys are the same scalar text.
    func sameKey(_ first: Int32, _ second: Int32) -> Bool {
        let a = records[Int(first)], b = records[Int(second)]
        guard a.kind == .scalar, b.kind == .scalar, a.count == b.count else { return false }
        return UnsafeBufferPointer(rebasing: text[a.range]).hasSameBytes(as: UnsafeBufferPointer(rebasing: text[b.range]))
    }

    func isMergeKey(_ index: Int32) -> Bool {
        let record = records[Int(index)]
        return resolvesMergeKeys && record.kind == .scalar && record.isPlain && record.count == 2
            && text[Int(record.start)] == UInt8(ascii: "<") && text[Int(record.start) + 1] == UInt8(ascii: "<")
    }

    /// A key's text for messages (collections as keys are described, not quoted).
    func text(_ index: Int32) -> String {
        let record = records[Int(index)]
        return record.kind == .scalar ? String(decoding: text[record.range], as: UTF8.self) : record.kind.description
    }

    func position(_ index: Int32) -> SourcePosition { records[Int(index)].position }
}

/// The scalar keys of one mapping: compared pairwise while few (the common case), hashed when many.
private struct KeySet {
    private let keys: KeyView
    private var small: [Int32] = []
    private var large: [String: Int32]?

    init(expected: Int, keys: KeyView) {
        self.keys = keys
        if expected > 16 { large = Dictionary(minimumCapacity: expected) } else { small.reserveCapacity(expected + 8) }
    }

    /// Adds `key`; returns the earlier key with the same text instead when there is one.
    /// Collections used as keys are never equal to anything.
    mutating func insert(_ key: Int32) -> Int32? {
        guard keys.records[Int(key)].kind == .scalar else { return nil }
        if large != nil {
            let text = keys.text(key)
            if let earlier = large![text] { return earlier }
            large![text] = key
            return nil
        }
        if let earlier = small.first(where: { keys.sameKey($0, key) }) { return earlier }
        small.append(key)
        return nil
    }
}
