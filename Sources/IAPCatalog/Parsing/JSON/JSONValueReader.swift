/// Reads a JSON document into a ``JSONValue`` (objects keep their key order), through the strict
/// ``JSONParser`` and its limits: what an API answered, before anything gives it types.
package enum JSONValueReader {
    /// The value of `bytes`, or why it is not JSON.
    package static func read(_ bytes: [UInt8], limits: DocumentLimits = .default) throws(DocumentSyntaxError) -> JSONValue {
        let parsed = try JSONParser(limits: limits).parse(bytes)
        guard let root = parsed.document.root else { return .null }
        return value(of: root)
    }

    private static func value(of node: Node) -> JSONValue {
        switch node.kind {
        case .scalar:
            switch node.scalar!.value {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .float(let value): return .double(value)
            case .string(let value): return .string(value)
            }
        case .sequence:
            return .array(node.items.map(value(of:)))
        case .mapping:
            var members: [(key: String, value: JSONValue)] = []
            var index: [String: Int] = [:]
            for (key, item) in node.pairs {
                let name = key.scalar?.text ?? ""
                // JSON allows a key twice; the last value counts, as in most readers (found through
                // a dictionary: a hostile object of a million keys stays linear).
                if let at = index[name] {
                    members[at].value = value(of: item)
                } else {
                    index[name] = members.count
                    members.append((name, value(of: item)))
                }
            }
            return .object(members)
        }
    }
}
