internal import CYAML

/// A YAML document as it is laid out in its text: every node with the bytes it spans, how it is
/// written (plain or quoted, flow or block) and its anchor, aliases and merge keys as written. What
/// ``CatalogTextEditor`` needs to change one value and leave every other byte — comments, blank
/// lines, key order, quoting, anchors — where it was. (``SourceDocument`` is the reader's tree:
/// compact, merges resolved, no extents.)
package struct YAMLLayout: Sendable {
    /// How a node is written.
    package enum Style: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded, block, flow
    }

    /// A key and its value.
    package struct Pair: Sendable {
        package var key: Node
        package var value: Node
    }

    /// A node and where it is written.
    package struct Node: Sendable {
        /// What the node holds.
        package indirect enum Content: Sendable {
            /// A scalar's value (after unquoting).
            case scalar(String)
            case mapping([Pair])
            case sequence([Node])
            /// `*name`: the node anchored `&name`.
            case alias(String)
        }

        package var content: Content
        package var style: Style
        /// The byte range the node spans. For a block collection the end is where libyaml ends it,
        /// which may be after trailing comments; ``contentEnd`` is where its last value ends.
        package var range: Range<Int>
        /// The byte after the node's last scalar, flow collection or alias.
        package var contentEnd: Int
        /// The 0-based line the node starts on, and its column in characters.
        package var line: Int
        package var column: Int
        /// `&name`, if the node is anchored.
        package var anchor: String?

        /// The scalar's value, nil for other nodes.
        package var scalar: String? {
            if case .scalar(let text) = content { text } else { nil }
        }
        /// A mapping's pairs as written (merge keys included), empty for other nodes.
        package var pairs: [Pair] {
            if case .mapping(let pairs) = content { pairs } else { [] }
        }
        /// A sequence's items, empty for other nodes.
        package var items: [Node] {
            if case .sequence(let items) = content { items } else { [] }
        }
        package var isMapping: Bool {
            if case .mapping = content { true } else { false }
        }
        package var isSequence: Bool {
            if case .sequence = content { true } else { false }
        }
        /// Whether the key is YAML's merge key, `<<` written plain.
        package var isMergeKey: Bool { style == .plain && scalar == "<<" }
    }

    /// The text.
    package let bytes: [UInt8]
    /// The top node; nil for an empty document.
    package let root: Node?
    /// Anchored nodes by name (the last one of a name, as YAML resolves later aliases).
    package let anchors: [String: Node]
    /// Where each line starts, by 0-based line number.
    package let lineStarts: [Int]

    /// The layout of `bytes`; nil when libyaml cannot read them (the caller has read them already:
    /// the editor runs only on a catalog that loaded).
    package init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = Self.lineStarts(bytes)
        guard let (root, anchors) = Self.parse(bytes, lineStarts: lineStarts) else { return nil }
        self.root = root
        self.anchors = anchors
    }

    /// The node an alias names, or the node itself.
    package func resolved(_ node: Node) -> Node {
        var node = node
        var hops = 0
        while case .alias(let name) = node.content, let target = anchors[name], hops < 64 {
            node = target
            hops += 1
        }
        return node
    }

    /// A mapping's pairs with YAML's merge keys applied: the pairs written in it (merge keys left
    /// out), then those of the mappings it merges that it does not override, each with whether it
    /// came from a merge.
    package func effectivePairs(of mapping: Node) -> [(pair: Pair, isMerged: Bool)] {
        let mapping = resolved(mapping)
        var seen: Set<String> = []
        var result: [(pair: Pair, isMerged: Bool)] = []
        var merges: [Node] = []
        for pair in mapping.pairs {
            if pair.key.isMergeKey {
                merges.append(pair.value)
            } else if let key = resolved(pair.key).scalar, seen.insert(key).inserted {
                result.append((pair, false))
            }
        }
        for merge in merges {
            let merge = resolved(merge)
            let sources = merge.isSequence ? merge.items.map(resolved) : [merge]
            for source in sources {
                for (pair, _) in effectivePairs(of: source) {
                    if let key = resolved(pair.key).scalar, seen.insert(key).inserted { result.append((pair, true)) }
                }
            }
        }
        return result
    }

    /// The value of `key` in `mapping`, merges applied.
    package func value(of key: String, in mapping: Node) -> (pair: Pair, isMerged: Bool)? {
        effectivePairs(of: mapping).first { resolved($0.pair.key).scalar == key }
    }

    /// Whether `a` and `b` hold the same data (aliases followed, merges applied, keys in any order,
    /// scalars compared as text with how they resolve: `"1"` is not `1`).
    package static func same(_ a: Node, in left: YAMLLayout, _ b: Node, in right: YAMLLayout) -> Bool {
        let a = left.resolved(a), b = right.resolved(b)
        switch (a.content, b.content) {
        case (.scalar(let x), .scalar(let y)):
            return x == y && Self.resolvesAsString(a) == Self.resolvesAsString(b)
        case (.sequence(let x), .sequence(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, in: left, $1, in: right) }
        case (.mapping, .mapping):
            let x = left.effectivePairs(of: a), y = right.effectivePairs(of: b)
            guard x.count == y.count else { return false }
            var byKey: [String: Node] = [:]
            for (pair, _) in y { if let key = right.resolved(pair.key).scalar { byKey[key] = pair.value } }
            return x.allSatisfy { pair, _ in
                guard let key = left.resolved(pair.key).scalar, let other = byKey[key] else { return false }
                return same(pair.value, in: left, other, in: right)
            }
        default:
            return false
        }
    }

    /// Whether a scalar is read as a string whatever its text: quoted or block scalars.
    static func resolvesAsString(_ node: Node) -> Bool {
        guard node.style == .plain else { return true }
        if case .string = ScalarValue.resolve(Scalar(text: node.scalar ?? "", isPlain: true)) { return true }
        return false
    }

    /// The text of `range`.
    package func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The byte where the line holding byte `offset` starts.
    package func lineStart(at offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0 && bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The byte after the line break ending the line that holds byte `offset` (the end of the
    /// text when the line has none).
    package func lineEnd(at offset: Int) -> Int {
        var index = offset
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// The spaces that indent the line holding byte `offset`.
    package func indentation(at offset: Int) -> Int {
        var index = lineStart(at: offset)
        var count = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: " ") {
            index += 1
            count += 1
        }
        return count
    }

    // MARK: Reading

    /// Line starts as libyaml counts lines: after LF, CR not followed by LF, CRLF, and the
    /// YAML 1.1 breaks NEL, LS and PS.
    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { bytes in
            // libyaml's first line starts after a byte-order mark.
            let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            var starts = [bom ? 3 : 0]
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D && (index + 1 == count || bytes[index + 1] != 0x0A) {
                    starts.append(index + 1)
                } else if byte == 0xC2 && index + 1 < count && bytes[index + 1] == 0x85 {
                    starts.append(index + 2)
                } else if byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
                {
                    starts.append(index + 3)
                }
                index += 1
            }
            return starts
        }
    }

    /// The byte of a libyaml mark: its line's start, then `column` characters on.
    private static func offset(of mark: yaml_mark_t, in bytes: UnsafeBufferPointer<UInt8>, lineStarts: [Int]) -> Int {
        let line = Int(mark.line)
        guard line < lineStarts.count else { return bytes.count }
        var index = lineStarts[line]
        var characters = Int(mark.column)
        while characters > 0 && index < bytes.count {
            let lead = bytes[index]
            index += lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            characters -= 1
        }
        return min(index, bytes.count)
    }

    private struct Frame {
        var node: Node
        var children: [Node] = []
    }

    private static func parse(_ bytes: [UInt8], lineStarts: [Int]) -> (Node?, [String: Node])? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer -> (Node?, [String: Node])? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var stack: [Frame] = []
            var root: Node?
            var anchors: [String: Node] = [:]
            var event = yaml_event_t()
            func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            func finish(_ node: Node) {
                if let anchor = node.anchor { anchors[anchor] = node }
                if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
            }
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let start = offset(of: event.start_mark, in: buffer, lineStarts: lineStarts)
                let end = offset(of: event.end_mark, in: buffer, lineStarts: lineStarts)
                let line = Int(event.start_mark.line), column = Int(event.start_mark.column)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return (root, anchors)
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    let style: Style =
                        switch scalar.style {
                        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
                        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
                        case YAML_LITERAL_SCALAR_STYLE: .literal
                        case YAML_FOLDED_SCALAR_STYLE: .folded
                        default: .plain
                        }
                    // A block scalar (`|`, `>`) ends, for libyaml, after the line breaks that follow
                    // it; its text ends at its last line's end.
                    var last = end
                    if style == .literal || style == .folded {
                        while last > start && (bytes[last - 1] == 0x0A || bytes[last - 1] == 0x0D) { last -= 1 }
                    }
                    finish(
                        Node(
                            content: .scalar(value), style: style, range: start..<last, contentEnd: last, line: line, column: column,
                            anchor: string(scalar.anchor)))
                case YAML_ALIAS_EVENT:
                    finish(
                        Node(
                            content: .alias(string(event.data.alias.anchor) ?? ""), style: .plain, range: start..<end, contentEnd: end,
                            line: line, column: column))
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.type == YAML_MAPPING_START_EVENT
                    let flow =
                        isMapping
                        ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                        : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                    let anchor = string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                    stack.append(
                        Frame(
                            node: Node(
                                content: isMapping ? .mapping([]) : .sequence([]), style: flow ? .flow : .block, range: start..<start,
                                contentEnd: start, line: line, column: column, anchor: anchor)))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard var frame = stack.popLast() else { return nil }
                    if frame.node.isMapping {
                        frame.node.content = .mapping(
                            stride(from: 0, to: frame.children.count - 1, by: 2).map {
                                Pair(key: frame.children[$0], value: frame.children[$0 + 1])
                            })
                    } else {
                        frame.node.content = .sequence(frame.children)
                    }
                    frame.node.range = frame.node.range.lowerBound..<max(end, frame.node.range.lowerBound)
                    frame.node.contentEnd = frame.node.style == .flow ? end : (frame.children.last?.contentEnd ?? end)
                    finish(frame.node)
                default:
                    break
                }
            }
        }
    }
}
