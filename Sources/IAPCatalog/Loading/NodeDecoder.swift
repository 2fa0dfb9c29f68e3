/// Typed reading of ``Node``s with diagnostics: the shared mechanics under ``CatalogDecoder`` and
/// the product-list readers. Every problem is reported, never thrown, so one run finds them all.
struct NodeDecoder {
    let file: String
    var diagnostics = DiagnosticCollector()

    init(file: String) {
        self.file = file
    }

    /// A mapping's pairs by key, after unknown keys were reported. Looked up by the key's index
    /// in the known keys (a dozen at most), not by hashing.
    struct Fields {
        let node: Node
        let what: String
        let known: [String]
        private(set) var pairs: [(key: Node, value: Node)?]

        init(node: Node, what: String, known: [String]) {
            self.node = node
            self.what = what
            self.known = known
            self.pairs = Array(repeating: nil, count: known.count)
        }

        mutating func set(_ index: Int, _ pair: (key: Node, value: Node)) { pairs[index] = pair }

        private func pair(_ key: String) -> (key: Node, value: Node)? {
            known.firstIndex(of: key).flatMap { pairs[$0] }
        }

        subscript(key: String) -> Node? { pair(key)?.value }
        func keyPosition(_ key: String) -> SourcePosition? { pair(key)?.key.position }
        var position: SourcePosition { node.position }
    }

    mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?) {
        diagnostics.report(rule, message, file: file, at: position)
    }

    /// Reads `node` as a mapping with the `known` keys; other keys are reported with a suggestion,
    /// except those matching `extensionPrefix` (free-form, e.g. `x-` keys holding YAML anchors).
    mutating func fields(_ node: Node, _ what: String, known: [String], extensionPrefix: String? = nil) -> Fields? {
        guard node.kind == .mapping else {
            report(.invalidValue, "expected \(what) to be a mapping, found \(node.kindDescription)", at: node.position)
            return nil
        }
        var fields = Fields(node: node, what: what, known: known)
        for pair in node.pairs {
            guard let key = pair.key.scalar?.text, pair.key.kind == .scalar else {
                report(.invalidValue, "keys in \(what) must be strings, found \(pair.key.kindDescription)", at: pair.key.position)
                continue
            }
            if let index = known.firstIndex(of: key) {
                fields.set(index, pair)
            } else if let extensionPrefix, key.hasPrefix(extensionPrefix) {
                continue
            } else {
                report(.unknownKey, "unknown key '\(key)' in \(what)" + Suggestion.hint(for: key, in: known), at: pair.key.position)
            }
        }
        return fields
    }

    mutating func requireField(_ fields: Fields, _ key: String, what: String? = nil) -> Node? {
        if let value = fields[key] { return value }
        report(.missingField, "\(what ?? fields.what) is missing required field '\(key)'", at: fields.position)
        return nil
    }

    // MARK: Scalars

    /// A string; numbers are taken as written (`sku: 12345`), null, booleans and collections are not.
    mutating func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            report(.invalidValue, "expected \(what) to be a string, found \(node.kindDescription)", at: node.position)
            return nil
        }
        switch scalar.value {
        case .string, .int, .float: return scalar.text
        case .null, .bool:
            report(.invalidValue, "expected \(what) to be a string, found \(node.kindDescription)" + quotingHint(scalar), at: node.position)
            return nil
        }
    }

    private func quotingHint(_ scalar: Scalar) -> String {
        scalar.text.isEmpty ? "" : "; quote it (\"\(scalar.text)\") if it is meant as text"
    }

    mutating func bool(_ node: Node, _ what: String) -> Bool? {
        if case .bool(let value)? = node.scalar?.value { return value }
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
    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, allowed: [E] = Array(E.allCases)) -> E?
    where E.RawValue == String {
        guard let text = node.scalar?.text, let value = E(rawValue: text), allowed.contains(where: { $0.rawValue == text }) else {
            let names = allowed.map(\.rawValue)
            let suggestion = node.scalar.map { Suggestion.hint(for: $0.text, in: names) } ?? ""
            report(
                .invalidValue,
                "expected \(what) to be one of \(names.joined(separator: ", ")), found \(describe(node))" + suggestion,
                at: node.position)
            return nil
        }
        return value
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
        for pair in node.pairs {
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
        case .sequence:
            var values: [JSONValue] = []
            for item in node.items {
                guard let value = jsonValue(item, depth: depth + 1) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping:
            var members: [(key: String, value: JSONValue)] = []
            for pair in node.pairs {
                guard let key = pair.key.scalar?.text else {
                    report(.invalidValue, "keys in client_data must be strings", at: pair.key.position)
                    return nil
                }
                guard let value = jsonValue(pair.value, depth: depth + 1) else { return nil }
                members.append((key, value))
            }
            return .object(members)
        }
    }
}
