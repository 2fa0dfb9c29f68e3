/// Builds a ``SourceDocument`` from a stream of parser events.
///
/// Shared by the YAML and JSON front ends. It rejects duplicate keys (reported as findings, the
/// document still builds), resolves YAML merge keys (`<<`), and enforces ``DocumentLimits``.
struct SourceDocumentBuilder {
    private struct Frame {
        var record: Int32
        var firstPending: Int
        var weight: Int
    }

    /// A key that appeared twice in one mapping.
    struct DuplicateKey {
        var key: String
        var position: SourcePosition
        var firstPosition: SourcePosition
    }

    private(set) var records: [SourceDocument.Record] = []
    private var strings: [String] = []
    private var children: [Int32] = []
    private var pending: [Int32] = []
    private var frames: [Frame] = []
    private var weights: [Int] = []
    private var root: Int32?
    private let limits: DocumentLimits
    private let resolvesMergeKeys: Bool
    private(set) var duplicateKeys: [DuplicateKey] = []
    /// Positions of `<<` values that are neither a mapping nor a list of mappings.
    private(set) var invalidMerges: [SourcePosition] = []

    init(limits: DocumentLimits, resolvesMergeKeys: Bool, estimatedNodes: Int = 0) {
        self.limits = limits
        self.resolvesMergeKeys = resolvesMergeKeys
        records.reserveCapacity(estimatedNodes)
        weights.reserveCapacity(estimatedNodes)
        strings.reserveCapacity(estimatedNodes / 2)
        children.reserveCapacity(estimatedNodes)
    }

    var depth: Int { frames.count }

    /// Whether `index` is a collection that is still open (an alias to it would be recursive).
    func isOpen(_ index: Int32) -> Bool { frames.contains { $0.record == index } }

    mutating func scalar(_ text: String, isPlain: Bool, at position: SourcePosition) -> Int32 {
        let index = Int32(records.count)
        records.append(
            .init(
                kind: .scalar, isPlain: isPlain, line: Int32(clamping: position.line),
                column: Int32(clamping: position.column), start: Int32(strings.count), count: 0))
        strings.append(text)
        weights.append(1)
        try! add(index, weight: 1)
        return index
    }

    mutating func begin(_ kind: Node.Kind, at position: SourcePosition) throws(DocumentSyntaxError) -> Int32 {
        guard frames.count < limits.maximumDepth else {
            throw DocumentSyntaxError("nesting deeper than \(limits.maximumDepth) levels", at: position)
        }
        let index = Int32(records.count)
        records.append(
            .init(
                kind: kind, isPlain: false, line: Int32(clamping: position.line),
                column: Int32(clamping: position.column), start: 0, count: 0))
        weights.append(1)
        frames.append(Frame(record: index, firstPending: pending.count, weight: 1))
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
        records[index].start = Int32(start)
        records[index].count = Int32(children.count - start)
        pending.removeSubrange(frame.firstPending...)
        weights[index] = frame.weight
        try add(frame.record, weight: frame.weight)
    }

    /// Adds an existing node again (a YAML alias).
    mutating func alias(_ index: Int32, at position: SourcePosition) throws(DocumentSyntaxError) {
        try add(index, weight: weights[Int(index)], position: position)
    }

    /// The document, with the duplicate keys and bad merges found while building it.
    func build() -> ParsedDocument {
        let findings =
            duplicateKeys.map {
                DocumentFinding(
                    rule: .duplicateKey, message: "duplicate key '\($0.key)' (first at line \($0.firstPosition.line))",
                    position: $0.position)
            }
            + invalidMerges.map {
                DocumentFinding(rule: .invalidValue, message: "a merge key (<<) needs a mapping or a list of mappings", position: $0)
            }
        return ParsedDocument(
            document: SourceDocument(records: records, strings: strings, children: children, rootIndex: root), findings: findings)
    }

    private mutating func add(_ index: Int32, weight: Int, position: SourcePosition? = nil) throws(DocumentSyntaxError) {
        guard !frames.isEmpty else {
            root = index
            return
        }
        pending.append(index)
        let total = frames[frames.count - 1].weight &+ weight
        guard total <= limits.maximumExpandedNodes else {
            let record = records[Int(index)]
            throw DocumentSyntaxError(
                "aliases expand to more than \(limits.maximumExpandedNodes) nodes (an alias bomb?)",
                at: position ?? SourcePosition(line: Int(record.line), column: Int(record.column)))
        }
        frames[frames.count - 1].weight = total
    }

    private func keyText(_ index: Int32) -> String? {
        let record = records[Int(index)]
        return record.kind == .scalar ? strings[Int(record.start)] : nil
    }

    private func position(_ index: Int32) -> SourcePosition {
        let record = records[Int(index)]
        return SourcePosition(line: Int(record.line), column: Int(record.column))
    }

    private func isMergeKey(_ index: Int32) -> Bool {
        let record = records[Int(index)]
        return resolvesMergeKeys && record.kind == .scalar && record.isPlain && strings[Int(record.start)] == "<<"
    }

    /// Mappings with at most this many pairs are checked for duplicate keys by comparing keys
    /// pairwise, which beats hashing every key at catalog sizes.
    private static let linearCheckLimit = 16

    /// Reports duplicate keys and replaces `<<` pairs with the pairs they merge in. Allocates
    /// nothing for the common mapping: small, no merge key, no duplicate.
    private mutating func finishMapping(_ frame: Frame) {
        let first = frame.firstPending
        let pairCount = (pending.count - first) / 2
        var hasMerge = false
        var hasDuplicate = false
        if pairCount <= Self.linearCheckLimit {
            for pair in 0..<pairCount {
                let key = pending[first + 2 * pair]
                if isMergeKey(key) {
                    hasMerge = true
                    continue
                }
                guard let text = keyText(key) else { continue }
                for earlier in 0..<pair where keyText(pending[first + 2 * earlier]) == text && !isMergeKey(pending[first + 2 * earlier]) {
                    hasDuplicate = true
                    break
                }
            }
            guard hasMerge || hasDuplicate else { return }
        }
        rebuildMapping(frame)
    }

    /// The general path: hashes keys, drops duplicates (reporting them) and expands merges.
    private mutating func rebuildMapping(_ frame: Frame) {
        // A copy, not a slice: a slice would keep `pending` shared, and replacing its tail below
        // would then copy the whole stack (every open sequence's items) once per mapping.
        let pairs = Array(pending[frame.firstPending...])
        var seen = KeySet(expected: pairs.count / 2)
        var merges: [Int32] = []
        var explicit: [Int32] = []
        explicit.reserveCapacity(pairs.count)
        var cursor = pairs.startIndex
        while cursor < pairs.endIndex {
            let key = pairs[cursor], value = pairs[cursor + 1]
            cursor += 2
            if isMergeKey(key) {
                merges.append(value)
                continue
            }
            if let text = keyText(key) {
                if let first = seen.first(text) {
                    duplicateKeys.append(.init(key: text, position: position(key), firstPosition: position(first)))
                    continue
                }
                seen.insert(text, key)
            }
            explicit.append(key)
            explicit.append(value)
        }
        guard !merges.isEmpty || explicit.count != pairs.count else { return }
        for merge in merges {
            let sources: [Int32] = records[Int(merge)].kind == .sequence ? childIndices(of: merge) : [merge]
            for source in sources {
                guard records[Int(source)].kind == .mapping else {
                    invalidMerges.append(position(source))
                    continue
                }
                let sourcePairs = childIndices(of: source)
                for pairStart in stride(from: 0, to: sourcePairs.count, by: 2) {
                    let key = sourcePairs[pairStart]
                    if let text = keyText(key) {
                        guard seen.first(text) == nil else { continue }
                        seen.insert(text, key)
                    }
                    explicit.append(key)
                    explicit.append(sourcePairs[pairStart + 1])
                }
            }
        }
        pending.replaceSubrange(frame.firstPending..., with: explicit)
    }

    private func childIndices(of index: Int32) -> [Int32] {
        let record = records[Int(index)]
        return Array(children[Int(record.start)..<Int(record.start + record.count)])
    }
}

/// The keys of one mapping: a linear list while small (the common case), hashed when large.
private struct KeySet {
    private var small: [(String, Int32)] = []
    private var large: [String: Int32]?

    init(expected: Int) {
        if expected > 16 { large = Dictionary(minimumCapacity: expected) } else { small.reserveCapacity(expected + 4) }
    }

    func first(_ key: String) -> Int32? {
        if let large { return large[key] }
        return small.first { $0.0 == key }?.1
    }

    mutating func insert(_ key: String, _ node: Int32) {
        if large != nil { large![key] = node } else { small.append((key, node)) }
    }
}
