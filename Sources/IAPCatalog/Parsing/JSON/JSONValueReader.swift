/// Reads a JSON document into a ``JSONValue`` (objects keep their key order), through the strict
/// ``JSONParser`` and its limits: a saved plan, what an API answered, before anything gives it types.
///
/// A member given twice in one object is refused, as a syntax error is: JSON leaves such an object's
/// meaning open, and readers disagree (jq, Python and JavaScript take the last value, the document
/// builder keeps the first), so a file that says two things could show a reviewer one and have
/// iapcat act on the other.
package enum JSONValueReader {
    /// The value of `bytes`, or why it is not strict JSON: a syntax error, or the first member (in the
    /// file's order) given twice in one object, at its second place: `"catalog.sha256" appears more
    /// than once (first at line 9, column 5)`.
    package static func read(_ bytes: [UInt8], limits: DocumentLimits = .default) throws(DocumentSyntaxError) -> JSONValue {
        let parsed = try JSONParser(limits: limits).parse(bytes)
        guard let root = parsed.document.root else { return .null }
        if let duplicate = firstDuplicateMember(parsed, root: root) { throw duplicate }
        return value(of: root)
    }

    /// The first duplicate member of `parsed`, named by its place (`rows[0].value.state`), as an error
    /// at the place it is given again.
    private static func firstDuplicateMember(_ parsed: ParsedDocument, root: Node) -> DocumentSyntaxError? {
        func precedes(_ a: SourcePosition, _ b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
        // Inner objects are finished first: the earliest in the file is the one a reader meets first (and never one inside
        // a value that was itself given twice, which comes after the member it repeats).
        guard
            let duplicate = parsed.findings.filter({ $0.rule == .duplicateKey }).min(by: { precedes($0.position, $1.position) }),
            let first = duplicate.firstPosition
        else { return nil }
        let place = self.place(of: first, in: root, prefix: "") ?? "?"
        return DocumentSyntaxError(
            "\"\(place)\" appears more than once (first at line \(first.line), column \(first.column))", at: duplicate.position)
    }

    /// The place of the member whose key is at `position`, as the plan reader names places: `format`,
    /// `catalog.sha256`, `rows[3].value`.
    private static func place(of position: SourcePosition, in node: Node, prefix: String) -> String? {
        switch node.kind {
        case .scalar:
            return nil
        case .sequence:
            for (index, item) in node.items.enumerated() {
                if let found = place(of: position, in: item, prefix: "\(prefix)[\(index)]") { return found }
            }
            return nil
        case .mapping:
            for (key, value) in node.pairs {
                let name = key.scalar?.text ?? ""
                let place = prefix.isEmpty ? name : prefix + "." + name
                if key.position == position { return place }
                if let found = self.place(of: position, in: value, prefix: place) { return found }
            }
            return nil
        }
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
            // Every key once: a duplicate was refused above.
            return .object(node.pairs.map { (key: $0.key.scalar?.text ?? "", value: value(of: $0.value)) })
        }
    }
}
