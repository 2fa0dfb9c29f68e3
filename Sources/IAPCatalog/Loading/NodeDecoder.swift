/// Typed reading of ``Node``s with diagnostics: the shared mechanics under ``CatalogDecoder`` and
/// the product-list readers. Every problem is reported, never thrown, so one run finds them all.
struct NodeDecoder {
    let file: String
    var diagnostics = DiagnosticCollector()

    init(file: String) {
        self.file = file
    }

    /// A mapping's values by key, after unknown keys were reported. Looked up by the key's index
    /// among the known names (a dozen at most), not by hashing.
    struct Fields {
        let node: Node
        let names: FieldNames
        /// For each name, the entry of its key in the document's children, or -1. Inline (no
        /// allocation per mapping): ``FieldNames`` holds at most 32 names.
        private var entries = SIMD32<Int32>(repeating: -1)

        init(node: Node, names: FieldNames) {
            self.node = node
            self.names = names
        }

        mutating func set(_ index: Int, entry: Int) { entries[index] = Int32(entry) }

        private func entry(_ key: StaticString) -> Int? {
            guard let index = names.index(of: key), entries[index] >= 0 else { return nil }
            return Int(entries[index])
        }

        subscript(key: StaticString) -> Node? { entry(key).map { node.child($0 + 1) } }
        func keyPosition(_ key: StaticString) -> SourcePosition? { entry(key).map { node.child($0).position } }
        var position: SourcePosition { node.position }
    }

    mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?, hint: String? = nil) {
        diagnostics.report(rule, message, file: file, at: position, hint: hint)
    }

    /// The top-level object of the JSON in `bytes`, `what` it is said to be ("a StoreKit
    /// configuration"); a syntax error, the parser's findings and a top level of another kind are
    /// reported, and nil returned when there is no object to read.
    mutating func jsonObject(_ bytes: [UInt8], what: String) -> Node? {
        let parsed: ParsedDocument
        do {
            parsed = try JSONParser().parse(bytes)
        } catch {
            report(.jsonSyntax, error.message, at: error.position)
            return nil
        }
        for finding in parsed.findings { report(finding.rule, finding.message, at: finding.position) }
        guard let root = parsed.document.root, root.kind == .mapping else {
            let found = parsed.document.root?.kindDescription ?? "nothing"
            report(.invalidListStructure, "\(what) is a JSON object, found \(found)", at: parsed.document.root?.position ?? .start)
            return nil
        }
        return root
    }

    /// Reads `node` as a mapping with the `known` keys; other keys are reported with a suggestion,
    /// except those matching `extensionPrefix` (free-form, e.g. `x-` keys holding YAML anchors).
    /// `what` names the mapping in messages; it is only built when there is something to report.
    mutating func fields(
        _ node: Node, _ what: @autoclosure () -> String, known: FieldNames, extensionPrefix: String? = nil
    ) -> Fields? {
        guard node.kind == .mapping else {
            report(.invalidValue, "expected \(what()) to be a mapping, found \(node.kindDescription)", at: node.position)
            return nil
        }
        return fields(ofMapping: node, what, known: known) { decoder, key, text in
            if let extensionPrefix, text.hasPrefix(extensionPrefix) { return }
            decoder.report(
                .unknownKey, "unknown key '\(text)' in \(what())", at: key.position, hint: Suggestion.hint(for: text, in: known.names))
        }
    }

    /// Matches the keys of `node`, a mapping, against `known` as bytes; a key that is not a
    /// scalar is reported, and `unknownKey` decides what an unknown one is worth (its node and text).
    mutating func fields(
        ofMapping node: Node, _ what: () -> String, known: FieldNames, unknownKey: (inout NodeDecoder, Node, String) -> Void
    ) -> Fields {
        var fields = Fields(node: node, names: known)
        let range = node.record.range
        for entry in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            let key = node.child(entry)
            guard let index = key.withScalarBytes({ known.index(of: $0) }) else {
                report(.invalidValue, "keys in \(what()) must be strings, found \(key.kindDescription)", at: key.position)
                continue
            }
            if let index {
                fields.set(index, entry: entry)
            } else {
                unknownKey(&self, key, key.text!)
            }
        }
        return fields
    }

    mutating func requireField(_ fields: Fields, _ key: StaticString, what: @autoclosure () -> String) -> Node? {
        if let value = fields[key] { return value }
        report(.missingField, "\(what()) is missing required field '\(key)'", at: fields.position)
        return nil
    }

    // MARK: Scalars

    /// A string; numbers are taken as written (`sku: 12345`), null, booleans and collections are not.
    mutating func string(_ node: Node, _ what: @autoclosure () -> String) -> String? {
        switch node.scalarType {
        case .string?, .int?, .float?: return node.text
        case nil:
            report(.invalidValue, "expected \(what()) to be a string, found \(node.kindDescription)", at: node.position)
            return nil
        case .null?, .bool?:
            report(
                .invalidValue, "expected \(what()) to be a string, found \(node.kindDescription)" + quotingHint(node.scalar!),
                at: node.position)
            return nil
        }
    }

    private func quotingHint(_ scalar: Scalar) -> String {
        scalar.text.isEmpty ? "" : "; quote it (\"\(scalar.text)\") if it is meant as text"
    }

    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        if node.scalarType == .bool { return node.record.count == 4 }
        let hint =
            node.scalar.map { ["yes", "no", "on", "off", "y", "n"].contains($0.text.lowercased()) } == true
            ? "; YAML 1.2 booleans are only true and false" : ""
        report(.invalidValue, "expected \(what) to be true or false, found \(describe(node))" + hint, at: node.position)
        return nil
    }

    mutating func integer(_ node: Node, _ what: String) -> Int? {
        if case .int(let value)? = node.scalar?.value { return value }
        report(.invalidValue, "expected \(what) to be a whole number, found \(describe(node))", at: node.position)
        return nil
    }

    /// One of the raw values of `E`, with a suggestion for near misses.
    /// `allowed` narrows the raw values (all of them when nil).
    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, allowed: [E]? = nil) -> E?
    where E.RawValue == String {
        guard let text = node.text, let value = E(rawValue: text), allowed?.contains(where: { $0.rawValue == text }) ?? true else {
            let names = (allowed ?? Array(E.allCases)).map(\.rawValue)
            report(
                .invalidValue, "expected \(what) to be one of \(names.joined(separator: ", ")), found \(describe(node))",
                at: node.position, hint: node.scalar.flatMap { Suggestion.hint(for: $0.text, in: names, meant: Self.meant) })
            return nil
        }
        return value
    }

    /// What a value outside a vocabulary commonly means, in the vocabulary's terms: `subscription`
    /// for a type, `1 month` for a duration.
    private static func meant(_ text: String) -> [String] {
        (ProductType.meant(by: text).map(\.rawValue) + SubscriptionPeriod.meant(by: text).map(\.rawValue))
    }

    func describe(_ node: Node) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        return scalar.isPlain ? "'\(scalar.text)'" : "\"\(scalar.text)\""
    }

    // MARK: Collections

    /// The items of a list, or nothing (reported) when `node` is not one.
    mutating func items(_ node: Node, _ what: String) -> [Node] {
        guard node.kind == .sequence else {
            report(.invalidValue, "expected \(what) to be a list, found \(node.kindDescription)", at: node.position)
            return []
        }
        return node.items
    }

    /// The pairs of a mapping keyed by scalar strings, or nothing (reported) when `node` is not one.
    mutating func entries(_ node: Node, _ what: String) -> [(key: String, keyNode: Node, value: Node)] {
        guard node.kind == .mapping else {
            report(.invalidValue, "expected \(what) to be a mapping, found \(node.kindDescription)", at: node.position)
            return []
        }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        let record = node.record
        result.reserveCapacity(record.range.count / 2)
        // Straight from the document's children: no array of pairs in between.
        for entry in stride(from: record.range.lowerBound, to: record.range.upperBound, by: 2) {
            let pair = (key: node.child(entry), value: node.child(entry + 1))
            guard let key = pair.key.scalar?.text else {
                report(.invalidValue, "keys in \(what) must be strings, found \(pair.key.kindDescription)", at: pair.key.position)
                continue
            }
            result.append((key, pair.key, pair.value))
        }
        return result
    }

    /// Free-form data as JSON-compatible values (for `client_data`).
    mutating func jsonValue(_ node: Node, depth: Int = 0) -> JSONValue? {
        guard depth < 64 else {
            report(.invalidValue, "client_data is nested deeper than 64 levels", at: node.position)
            return nil
        }
        switch node.kind {
        case .scalar:
            switch node.scalar!.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value):
                guard value.isFinite else {
                    report(.invalidValue, "client_data cannot hold \(describe(node)): JSON has no infinities or NaN", at: node.position)
                    return nil
                }
                return .double(value)
            case .string(let value): return .string(value)
            }
        // Children are read straight from the document (no array of nodes or pairs in between).
        case .sequence:
            let range = node.record.range
            var values: [JSONValue] = []
            values.reserveCapacity(range.count)
            for entry in range {
                guard let value = jsonValue(node.child(entry), depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping:
            let range = node.record.range
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(range.count / 2)
            for entry in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
                let keyNode = node.child(entry)
                guard let key = keyNode.text else {
                    report(.invalidValue, "keys in client_data must be strings", at: keyNode.position)
                    return nil
                }
                guard let value = jsonValue(node.child(entry + 1), depth: depth + 1) else { return nil }
                members.append((key, value))
            }
            return .object(members)
        }
    }
}
