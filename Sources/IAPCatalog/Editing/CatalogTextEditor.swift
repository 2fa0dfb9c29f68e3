/// Edits a catalog file from what one catalog says to what another says, the way a careful
/// colleague would: only the scalars, keys and list items whose values differ change; every other
/// byte stays — comments (own-line, inline, trailing), blank lines, key order, quoting, flow or
/// block style, anchors and merge keys, and keys the store does not hold.
///
/// How: both catalogs are written by ``CatalogYAMLWriter`` (the one canonical form, defaults left
/// out) and compared node by node; each difference is found in the file's own layout
/// (``YAMLLayout``) and changed there. A value a product takes from a merge (`<<: *sale`) gets an
/// override key in that product; the anchor stays. New keys go after the key the writer puts
/// before them, new list items after the last one, both in the style around them. Items of a list
/// are matched by their `id` (`path` for lists, `reference_name` for offer codes), never by
/// position. The result is read back and must say exactly what the new catalog says, or the edit
/// fails naming the first place it could not express.
package struct CatalogTextEditor {
    /// An edit that could not be made.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The edited text and what changed.
    package struct Result: Sendable {
        package var bytes: [UInt8]
        package var changes: [CatalogChange]
    }

    private let file: YAMLLayout
    private let old: YAMLLayout
    private let new: YAMLLayout
    private var edits: [(range: Range<Int>, text: String)] = []
    private var changes: [CatalogChange] = []

    /// Identity keys of list items, the first an item has.
    private static let identityKeys = ["id", "path", "reference_name"]

    private init(file: YAMLLayout, old: YAMLLayout, new: YAMLLayout) {
        self.file = file
        self.old = old
        self.new = new
    }

    /// `text` (a catalog file that reads as `old`) edited to read as `new`. `marks` are comment
    /// lines to keep right above a product's item (without `# `), keyed by product id; a line
    /// starting with `markPrefix` above an item without a mark goes. Marks of other stores
    /// (lines starting with `markFamily`) stand in the same block above the item and stay.
    package static func edit(
        _ text: [UInt8], from old: Catalog, to new: Catalog, marks: [String: String] = [:], markPrefix: String? = nil,
        markFamily: String? = nil
    ) throws(Failure) -> Result {
        guard let file = YAMLLayout(text), let fileRoot = file.root, fileRoot.isMapping else {
            throw Failure(message: "the catalog is not a YAML mapping")
        }
        let writer = CatalogYAMLWriter()
        guard let oldLayout = YAMLLayout(Array(writer.render(old).utf8)), let newLayout = YAMLLayout(Array(writer.render(new).utf8)),
            let oldRoot = oldLayout.root, let newRoot = newLayout.root
        else { throw Failure(message: "the catalog writer wrote unreadable YAML") }
        var editor = CatalogTextEditor(file: file, old: oldLayout, new: newLayout)
        try editor.editMapping(fileRoot, old: oldRoot, new: newRoot, path: [], inFlow: false)
        if let markPrefix { try editor.mark(marks, prefix: markPrefix, family: markFamily ?? markPrefix, root: fileRoot) }
        var bytes = text
        // A file with CRLF line ends gets CRLF in what is inserted too.
        let crlf = text.firstOffset(of: "\r\n") != nil
        if crlf {
            editor.edits = editor.edits.map { edit in (edit.range, edit.text.replacingLineFeeds()) }
        }
        // From the end back, so each range still means what it meant; of two edits at one place the
        // later made goes in first, so the earlier made ends up first in the text.
        let ordered = editor.edits.enumerated().sorted { lhs, rhs in
            lhs.element.range.lowerBound != rhs.element.range.lowerBound
                ? lhs.element.range.lowerBound > rhs.element.range.lowerBound : lhs.offset > rhs.offset
        }
        var applied = Int.max
        for (_, edit) in ordered {
            guard edit.range.upperBound <= applied else { throw Failure(message: "two changes overlap at byte \(edit.range.lowerBound)") }
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            applied = edit.range.lowerBound
        }
        return Result(bytes: bytes, changes: editor.changes)
    }

    // MARK: Mappings

    private mutating func editMapping(
        _ node: YAMLLayout.Node, old oldNode: YAMLLayout.Node?, new newNode: YAMLLayout.Node, path: [String], inFlow: Bool
    ) throws(Failure) {
        let pairs = file.effectivePairs(of: node)
        if node.style == .flow, node.pairs.isEmpty, !newNode.pairs.isEmpty {
            // `{}` written: the new mapping in its place.
            edits.append((node.range, flowText(newNode)))
            record(path, old: summary(of: node, in: file), new: summary(of: newNode, in: new))
            return
        }
        func filePair(_ key: String) -> (pair: YAMLLayout.Pair, isMerged: Bool)? {
            pairs.first { file.resolved($0.pair.key).scalar == key }
        }
        let oldPairs = oldNode?.pairs ?? []
        let newKeys = Set(newNode.pairs.compactMap(\.key.scalar))
        // Keys whose pair goes: never the place a new key is put after.
        let removing = Set(
            oldPairs.compactMap(\.key.scalar).filter { key in
                guard !newKeys.contains(key), let found = filePair(key), !found.isMerged else { return false }
                let value = file.resolved(found.pair.value)
                return !(value.style == .plain && value.scalar == "true")
            })
        var previous: YAMLLayout.Pair?
        for pair in newNode.pairs {
            guard let key = pair.key.scalar else { continue }
            let found = filePair(key)
            let oldValue = oldPairs.first { $0.key.scalar == key }?.value
            if let oldValue, sameData(oldValue, pair.value) {
                if let found, !found.isMerged, !removing.contains(key) { previous = found.pair }
                continue
            }
            if let found, !found.isMerged {
                try replaceValue(found.pair, in: node, old: oldValue, new: pair.value, path: path + [key], inFlow: inFlow)
                previous = found.pair
            } else {
                try insertPair(key: pair.key, value: pair.value, into: node, after: previous, skipping: removing, inFlow: inFlow)
                record(path + [key], old: found.map { summary(of: $0.pair.value, in: file) }, new: summary(of: pair.value, in: new))
            }
        }
        let oldKeys = oldPairs.compactMap(\.key.scalar)
        for (position, key) in oldKeys.enumerated() {
            guard !newKeys.contains(key), let found = filePair(key) else { continue }
            let value = file.resolved(found.pair.value)
            if value.style == .plain, value.scalar == "true" {
                // A flag turned off: written `false` where it stood, or over the value it merges,
                // after the key the writer puts before it.
                if found.isMerged {
                    var before: YAMLLayout.Pair?
                    for earlier in oldKeys[..<position].reversed() {
                        if let candidate = filePair(earlier), !candidate.isMerged {
                            before = candidate.pair
                            break
                        }
                    }
                    try insertPair(keyText: key, valueText: "false", blockValue: nil, into: node, after: before, inFlow: inFlow)
                } else {
                    replaceScalar(value, with: "false")
                }
                record(path + [key], old: "true", new: "false")
            } else if found.isMerged {
                throw Failure(message: "\(Self.name(path + [key])) comes from a merge (<<) and the new catalog has none; remove it by hand")
            } else {
                try removePair(found.pair, from: node, inFlow: inFlow)
                record(path + [key], old: summary(of: found.pair.value, in: file), new: nil)
            }
        }
    }

    private mutating func replaceValue(
        _ pair: YAMLLayout.Pair, in mapping: YAMLLayout.Node, old oldValue: YAMLLayout.Node?, new newValue: YAMLLayout.Node,
        path: [String], inFlow: Bool
    ) throws(Failure) {
        let value = pair.value
        let nestedFlow = inFlow || value.style == .flow
        switch (value.content, newValue.content) {
        case (.scalar, .scalar):
            let text = scalarText(newValue, replacing: value, inFlow: inFlow)
            if text != file.text(value.range) { replaceScalar(value, with: text) }
            record(path, old: summary(of: value, in: file), new: summary(of: newValue, in: new))
        case (.mapping, .mapping):
            try editMapping(value, old: oldValue.flatMap { $0.isMapping ? $0 : nil }, new: newValue, path: path, inFlow: nestedFlow)
        case (.sequence, .sequence):
            try editSequence(value, old: oldValue.flatMap { $0.isSequence ? $0 : nil }, new: newValue, path: path, inFlow: nestedFlow)
        default:
            // Another shape, or an alias (changing its anchor would change every other user).
            try replaceWhole(pair, new: newValue, inFlow: inFlow)
            record(path, old: summary(of: value, in: file), new: summary(of: newValue, in: new))
        }
    }

    /// A scalar's text replaced; an inline comment after it keeps its column where the spaces
    /// before it allow.
    private mutating func replaceScalar(_ node: YAMLLayout.Node, with text: String) {
        let bytes = file.bytes
        var spacesEnd = node.range.upperBound
        while spacesEnd < bytes.count && bytes[spacesEnd] == UInt8(ascii: " ") { spacesEnd += 1 }
        let spaces = spacesEnd - node.range.upperBound
        guard spaces > 1, spacesEnd < bytes.count, bytes[spacesEnd] == UInt8(ascii: "#") else {
            edits.append((node.range, text))
            return
        }
        let grown = text.count - file.text(node.range).count
        edits.append((node.range.lowerBound..<spacesEnd, text + String(repeating: " ", count: max(1, spaces - grown))))
    }

    /// `value` written anew where the pair's value stands.
    private mutating func replaceWhole(_ pair: YAMLLayout.Pair, new newValue: YAMLLayout.Node, inFlow: Bool) throws(Failure) {
        let value = pair.value
        if inFlow || value.style != .block {
            if !newValue.isMapping && !newValue.isSequence || inFlow {
                edits.append((value.range, flowText(newValue)))
                return
            }
            // A block collection where a scalar, alias or flow collection stood: below the key.
            let indent = file.indentation(at: pair.key.range.lowerBound)
            edits.append((pair.key.range.upperBound..<value.contentEnd, ":\n" + blockText(of: newValue, at: indent + 2)))
            return
        }
        guard newValue.isMapping || newValue.isSequence else {
            edits.append((pair.key.range.upperBound..<value.contentEnd, ": " + flowText(newValue)))
            return
        }
        let start = file.lineStart(at: value.range.lowerBound)
        guard start > pair.key.range.lowerBound else { throw Failure(message: "a block value on its key's line") }
        edits.append((start..<file.lineEnd(at: value.contentEnd - 1), blockText(of: newValue, at: value.column) + "\n"))
    }

    // MARK: Sequences

    private mutating func editSequence(
        _ node: YAMLLayout.Node, old oldNode: YAMLLayout.Node?, new newNode: YAMLLayout.Node, path: [String], inFlow: Bool
    ) throws(Failure) {
        let fileItems = file.resolved(node).items
        let newItems = newNode.items, oldItems = oldNode?.items ?? []
        if fileItems.isEmpty && node.style == .flow {
            // `[]` written: the new list in its place.
            try replaceWholeSequence(node, new: newNode, path: path, inFlow: true)
            return
        }
        guard let identity = identityKey(newItems + oldItems), file.resolved(node).isSequence, !isAlias(node) else {
            try replaceWholeSequence(node, new: newNode, path: path, inFlow: inFlow)
            return
        }
        func id(_ item: YAMLLayout.Node, in layout: YAMLLayout) -> String? {
            layout.value(of: identity, in: item).flatMap { layout.resolved($0.pair.value).scalar }
        }
        let newIDs = Set(newItems.compactMap { id($0, in: new) })
        // By id, the first of each (a catalog of 50,000 products is edited in linear time).
        let oldByID = Dictionary(
            oldItems.compactMap { item in id(item, in: old).map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        let fileByID = Dictionary(
            fileItems.compactMap { item in id(item, in: file).map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        for item in newItems {
            guard let itemID = id(item, in: new) else { continue }
            let oldItem = oldByID[itemID]
            if let oldItem, sameData(oldItem, item) { continue }
            if let fileItem = fileByID[itemID] {
                try editMapping(fileItem, old: oldItem, new: item, path: path + [itemID], inFlow: inFlow || fileItem.style == .flow)
            } else {
                try appendItem(item, to: node, inFlow: inFlow)
                record(path + [itemID], old: nil, new: summary(of: item, in: new))
            }
        }
        for item in oldItems {
            guard let itemID = id(item, in: old), !newIDs.contains(itemID), let fileItem = fileByID[itemID] else { continue }
            try removeItem(fileItem, from: node, inFlow: inFlow)
            record(path + [itemID], old: summary(of: item, in: old), new: nil)
        }
    }

    /// Whether a node of the old catalog and one of the new say the same: the same text (the
    /// writer writes the same data the same way, so this is most of them, compared as bytes), or
    /// scalars of the same value. Collections whose text differs are walked by the caller, key by
    /// key and item by item (their keys may only be in another order), so a catalog of 50,000
    /// products is compared once, not once per level.
    private func sameData(_ oldNode: YAMLLayout.Node, _ newNode: YAMLLayout.Node) -> Bool {
        let oldText = oldNode.range.lowerBound..<oldNode.contentEnd, newText = newNode.range.lowerBound..<newNode.contentEnd
        let equal = old.bytes.withUnsafeBufferPointer { left in
            new.bytes.withUnsafeBufferPointer { right in
                UnsafeBufferPointer(rebasing: left[oldText]).hasSameBytes(as: UnsafeBufferPointer(rebasing: right[newText]))
            }
        }
        if equal { return true }
        guard oldNode.scalar != nil, newNode.scalar != nil else { return false }
        return YAMLLayout.same(oldNode, in: old, newNode, in: new)
    }

    /// The key that names the items of a list of mappings, nil when they have none in common.
    private func identityKey(_ items: [YAMLLayout.Node]) -> String? {
        Self.identityKey(items)
    }

    static func identityKey(_ items: [YAMLLayout.Node]) -> String? {
        guard !items.isEmpty, items.allSatisfy(\.isMapping) else { return nil }
        return identityKeys.first { key in items.allSatisfy { item in item.pairs.contains { $0.key.scalar == key } } }
    }

    /// Where two catalogs as the writer writes them first differ — keys in any order, items of a
    /// list with ids in any order (the editor keeps the file's order) — or nil when they say the same.
    package static func firstDifference(
        _ a: YAMLLayout.Node, in left: YAMLLayout, _ b: YAMLLayout.Node, in right: YAMLLayout, path: [String] = []
    )
        -> [String]?
    {
        switch (a.content, b.content) {
        case (.mapping(let x), .mapping(let y)):
            guard Set(x.compactMap(\.key.scalar)) == Set(y.compactMap(\.key.scalar)) else {
                let key = Set(x.compactMap(\.key.scalar)).symmetricDifference(y.compactMap(\.key.scalar)).sorted().first ?? ""
                return path + [key]
            }
            for pair in x {
                guard let key = pair.key.scalar, let other = y.first(where: { $0.key.scalar == key }) else { continue }
                if let found = firstDifference(pair.value, in: left, other.value, in: right, path: path + [key]) { return found }
            }
            return nil
        case (.sequence(let x), .sequence(let y)):
            guard x.count == y.count else { return path }
            if let key = identityKey(x + y) {
                func id(_ node: YAMLLayout.Node) -> String? { node.pairs.first { $0.key.scalar == key }?.value.scalar }
                let others = Dictionary(y.compactMap { item in id(item).map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
                for item in x {
                    guard let itemID = id(item), let other = others[itemID] else { return path + [id(item) ?? "?"] }
                    if let found = firstDifference(item, in: left, other, in: right, path: path + [itemID]) { return found }
                }
                return nil
            }
            for (index, (item, other)) in zip(x, y).enumerated() {
                if let found = firstDifference(item, in: left, other, in: right, path: path + ["\(index)"]) { return found }
            }
            return nil
        default:
            return YAMLLayout.same(a, in: left, b, in: right) ? nil : path
        }
    }

    private mutating func replaceWholeSequence(_ node: YAMLLayout.Node, new newNode: YAMLLayout.Node, path: [String], inFlow: Bool)
        throws(Failure)
    {
        if inFlow || node.style == .flow {
            edits.append((node.range, flowText(newNode)))
        } else {
            let start = file.lineStart(at: node.range.lowerBound)
            edits.append(
                (
                    start..<file.lineEnd(at: node.contentEnd - 1),
                    blockText(of: newNode, at: file.indentation(at: node.range.lowerBound)) + "\n"
                ))
        }
        record(path, old: summary(of: node, in: file), new: summary(of: newNode, in: new))
    }

    private mutating func appendItem(_ item: YAMLLayout.Node, to sequence: YAMLLayout.Node, inFlow: Bool) throws(Failure) {
        let items = file.resolved(sequence).items
        if inFlow || sequence.style == .flow {
            let text = flowText(item)
            if let last = items.last {
                edits.append((last.contentEnd..<last.contentEnd, ", " + text))
            } else {
                throw Failure(message: "an empty flow list")
            }
            return
        }
        guard let last = items.last, let first = items.first else { throw Failure(message: "an empty block list") }
        let dash = file.indentation(at: first.range.lowerBound)
        // Items apart by a blank line stay apart.
        let apart =
            items.count > 1
            ? file.hasBlankLine(file.lineEnd(at: items[0].contentEnd - 1)..<file.lineStart(at: items[1].range.lowerBound))
            : new.hasBlankLine(
                new.lineStart(at: max(new.lineStart(at: item.range.lowerBound) - 1, 0))..<new.lineStart(at: item.range.lowerBound))
        var text = apart ? "\n" : ""
        text += itemText(of: item, dashAt: dash) + "\n"
        insertLines(text, after: last.contentEnd)
    }

    private mutating func removeItem(_ item: YAMLLayout.Node, from sequence: YAMLLayout.Node, inFlow: Bool) throws(Failure) {
        if inFlow || sequence.style == .flow {
            removeFlowEntry(item.range.lowerBound..<item.contentEnd)
            return
        }
        var start = file.lineStart(at: item.range.lowerBound)
        let end = file.lineEnd(at: item.contentEnd - 1)
        // The blank line that set it apart from the item before goes with it.
        if start > 0, file.hasBlankLine(file.lineStart(at: start - 1)..<start) { start = file.lineStart(at: start - 1) }
        edits.append((start..<end, ""))
    }

    // MARK: Inserting and removing pairs

    private mutating func insertPair(
        key: YAMLLayout.Node, value: YAMLLayout.Node, into mapping: YAMLLayout.Node, after previous: YAMLLayout.Pair?,
        skipping removing: Set<String> = [], inFlow: Bool
    ) throws(Failure) {
        let keyText = new.text(key.range)
        let collection = value.isMapping || value.isSequence
        try insertPair(
            keyText: keyText, valueText: collection ? flowText(value) : new.text(value.range), blockValue: collection ? value : nil,
            into: mapping, after: previous, skipping: removing, inFlow: inFlow, scalar: collection ? nil : value)
    }

    private mutating func insertPair(
        keyText: String, valueText: String, blockValue: YAMLLayout.Node?, into mapping: YAMLLayout.Node, after previous: YAMLLayout.Pair?,
        skipping removing: Set<String> = [], inFlow: Bool, scalar: YAMLLayout.Node? = nil
    ) throws(Failure) {
        let pairs = file.resolved(mapping).pairs
        if inFlow || mapping.style == .flow {
            let value = scalar.map { scalarText($0, replacing: nil, inFlow: true) } ?? valueText
            let entry = keyText + ": " + value
            let staying = pairs.filter { !removing.contains(file.resolved($0.key).scalar ?? "") }
            if let anchor = previous ?? staying.last {
                edits.append((anchor.value.contentEnd..<anchor.value.contentEnd, ", " + entry))
            } else {
                // Right after `{` (`{ a: 1 }` whose only entry goes: `{ b: 2 }`).
                let open = mapping.range.lowerBound + 1
                edits.append((open..<open, " " + entry))
            }
            return
        }
        guard let anchor = previous ?? pairs.first(where: { !$0.key.isMergeKey }) ?? pairs.last else {
            throw Failure(message: "an empty block mapping")
        }
        let indent = pairs.first.map { $0.key.column } ?? 0
        let pad = String(repeating: " ", count: indent)
        let text: String
        if let blockValue {
            text = pad + keyText + ":\n" + blockText(of: blockValue, at: indent + 2) + "\n"
        } else {
            text = pad + keyText + ": " + valueText + "\n"
        }
        insertLines(text, after: anchor.value.contentEnd)
    }

    private mutating func removePair(_ pair: YAMLLayout.Pair, from mapping: YAMLLayout.Node, inFlow: Bool) throws(Failure) {
        if inFlow || mapping.style == .flow {
            removeFlowEntry(pair.key.range.lowerBound..<pair.value.contentEnd)
            return
        }
        let start = file.lineStart(at: pair.key.range.lowerBound)
        guard file.indentation(at: start) == pair.key.column else {
            throw Failure(message: "\(file.text(pair.key.range)) shares its line with the item's dash; remove it by hand")
        }
        edits.append((start..<file.lineEnd(at: pair.value.contentEnd - 1), ""))
    }

    /// Removes `range` from a flow collection with the comma that joins it to its neighbour.
    private mutating func removeFlowEntry(_ range: Range<Int>) {
        let bytes = file.bytes
        var end = range.upperBound
        while end < bytes.count && bytes[end] == UInt8(ascii: " ") { end += 1 }
        if end < bytes.count && bytes[end] == UInt8(ascii: ",") {
            end += 1
            while end < bytes.count && bytes[end] == UInt8(ascii: " ") { end += 1 }
            edits.append((range.lowerBound..<end, ""))
            return
        }
        var start = range.lowerBound
        while start > 0 && bytes[start - 1] == UInt8(ascii: " ") { start -= 1 }
        if start > 0 && bytes[start - 1] == UInt8(ascii: ",") {
            start -= 1
        } else if start < range.lowerBound {
            // The only entry: `{ a: 1 }` becomes `{ }`, and an entry put after `{` reads `{ b: 2 }`.
            start = range.lowerBound - 1
        }
        edits.append((start..<range.upperBound, ""))
    }

    /// Inserts whole lines after the line holding the byte before `offset` (after its comment).
    private mutating func insertLines(_ text: String, after offset: Int) {
        let at = file.lineEnd(at: max(offset - 1, 0))
        let needsBreak = at == file.bytes.count && file.bytes.last != UInt8(ascii: "\n")
        edits.append((at..<at, (needsBreak ? "\n" : "") + text))
    }

    // MARK: Marks

    private mutating func mark(_ marks: [String: String], prefix: String, family: String, root: YAMLLayout.Node) throws(Failure) {
        guard let products = file.value(of: "products", in: root)?.pair.value, products.style == .block else { return }
        for item in file.resolved(products).items where item.isMapping {
            guard let id = file.value(of: "id", in: item).flatMap({ file.resolved($0.pair.value).scalar }) else { continue }
            let dashLine = file.lineStart(at: item.range.lowerBound)
            let pad = String(repeating: " ", count: file.indentation(at: dashLine))
            // The block of iapcat's marks right above the item: this store's, and other stores'.
            var own: Range<Int>?
            var line = dashLine
            while line > 0 {
                let above = file.lineStart(at: line - 1)
                let text = file.text(above..<line).trimmingWhitespace()
                guard text.hasPrefix("# " + family) else { break }
                if text.hasPrefix("# " + prefix) { own = above..<line }
                line = above
            }
            let wanted = marks[id].map { pad + "# " + $0 + "\n" }
            switch (own, wanted) {
            case (let own?, let wanted?): if file.text(own) != wanted { edits.append((own, wanted)) }
            case (let own?, nil): edits.append((own, ""))
            case (nil, let wanted?): edits.append((dashLine..<dashLine, wanted))
            case (nil, nil): break
            }
        }
    }

    // MARK: Writing values

    /// A new scalar's text where `original` stood: in its quoting when it can hold the value.
    private func scalarText(_ scalar: YAMLLayout.Node, replacing original: YAMLLayout.Node?, inFlow: Bool) -> String {
        let value = scalar.scalar ?? ""
        guard YAMLLayout.resolvesAsString(scalar) else { return new.text(scalar.range) }
        switch original?.style {
        case .doubleQuoted?:
            return YAMLScalar.quoted(value)
        case .singleQuoted?
        where !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }):
            return "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        default:
            return inFlow ? YAMLScalar.renderInFlow(value) : new.text(scalar.range)
        }
    }

    /// A node of the new catalog on one line: `{ a: b, c: [d] }`.
    private func flowText(_ node: YAMLLayout.Node) -> String {
        switch node.content {
        case .scalar: scalarText(node, replacing: nil, inFlow: true)
        case .sequence(let items): "[" + items.map(flowText).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{ " + pairs.map { new.text($0.key.range) + ": " + flowText($0.value) }.joined(separator: ", ") + " }"
        case .alias: new.text(node.range)
        }
    }

    /// A collection of the new catalog in block style, its first line indented `indent` spaces, no
    /// final line break.
    private func blockText(of node: YAMLLayout.Node, at indent: Int) -> String {
        let start = new.lineStart(at: node.range.lowerBound)
        let end = new.lineEnd(at: node.contentEnd - 1)
        return Self.reindent(new.text(start..<end), by: indent - node.column)
    }

    /// An item of the new catalog, `- ` at column `dash`, no final line break.
    private func itemText(of item: YAMLLayout.Node, dashAt dash: Int) -> String {
        let start = new.lineStart(at: item.range.lowerBound)
        let end = new.lineEnd(at: item.contentEnd - 1)
        return Self.reindent(new.text(start..<end), by: dash - new.indentation(at: item.range.lowerBound))
    }

    private static func reindent(_ text: String, by delta: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines.map { line in
            guard !line.isEmpty else { return "" }
            if delta >= 0 { return String(repeating: " ", count: delta) + line }
            return String(line.dropFirst(min(-delta, line.prefix { $0 == " " }.count)))
        }.joined(separator: "\n")
    }

    // MARK: Reporting

    private mutating func record(_ path: [String], old: String?, new: String?) {
        changes.append(CatalogChange(path: path, old: old, new: new))
    }

    /// A value as a change line shows it: a scalar as written, a collection by its size.
    private func summary(of node: YAMLLayout.Node, in layout: YAMLLayout) -> String {
        let node = layout.resolved(node)
        switch node.content {
        case .scalar(let text): return text
        case .sequence(let items): return Plural.count(items.count, "item")
        case .mapping(let pairs): return pairs.count == 1 ? "1 key" : "\(pairs.count) keys"
        case .alias(let name): return "*" + name
        }
    }

    private static func name(_ path: [String]) -> String { path.joined(separator: ".") }
}

extension String {
    /// The text with each line feed that is not already after a carriage return written CR LF.
    fileprivate func replacingLineFeeds() -> String {
        var result = ""
        var previous: Character?
        for character in self {
            if character == "\n" && previous != "\r" { result += "\r\n" } else { result.append(character) }
            previous = character
        }
        return result
    }
}

extension YAMLLayout {
    /// Whether `range` (whole lines) holds a line of nothing but spaces.
    fileprivate func hasBlankLine(_ range: Range<Int>) -> Bool {
        var blank = true
        for byte in bytes[range] {
            if byte == UInt8(ascii: "\n") {
                if blank { return true }
                blank = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "\t") {
                blank = false
            }
        }
        return false
    }
}

extension CatalogTextEditor {
    private func isAlias(_ node: YAMLLayout.Node) -> Bool {
        if case .alias = node.content { true } else { false }
    }
}
