/// Reads `products_v1.json` (an array of identifiers) and `products_v2.json` (an object with
/// `version` and `products`); the format is detected from the content, not the file name. Xcode
/// StoreKit configurations have a reader of their own (``StoreKitReader``).
public struct ProductListJSONReader {
    static let v2Keys = FieldNames(["version", "products", "subscription_groups"])

    /// Creates a reader.
    public init() {}

    /// Reads a v1 or v2 list; the list is nil when it cannot be read, with why in the diagnostics.
    public func read(_ bytes: [UInt8], file: String) -> (list: ProductList?, diagnostics: [Diagnostic]) {
        var decoder = NodeDecoder(file: file)
        let parsed: ParsedDocument
        do {
            parsed = try JSONParser().parse(bytes)
        } catch {
            decoder.report(.jsonSyntax, error.message, at: error.position)
            return (nil, decoder.diagnostics.diagnostics)
        }
        for finding in parsed.findings {
            decoder.report(finding.rule, finding.message, at: finding.position)
        }
        let list = parsed.document.root.flatMap { read($0, decoder: &decoder) }
        return (list, decoder.diagnostics.diagnostics)
    }

    private func read(_ root: Node, decoder: inout NodeDecoder) -> ProductList? {
        switch root.kind {
        case .sequence:
            return ProductList(
                file: decoder.file, format: .v1, contentVersion: 1,
                entries: root.items.map { entry($0, file: decoder.file) })
        case .mapping:
            guard let fields = decoder.fields(root, "a v2 list", known: Self.v2Keys) else { return nil }
            guard let versionNode = decoder.requireField(fields, "version", what: "a v2 list"),
                let version = decoder.integer(versionNode, "version")
            else { return nil }
            if version == 1 {
                decoder.report(
                    .invalidListStructure,
                    "a version 1 list is a bare JSON array of identifiers; an object list says \"version\": 2",
                    at: versionNode.position)
                return nil
            }
            guard version == 2 else {
                decoder.report(
                    .unsupportedFormatVersion,
                    "list version \(version) is not supported; this iapcat reads versions 1 and 2", at: versionNode.position)
                return nil
            }
            var list = ProductList(file: decoder.file, format: .v2, contentVersion: 2)
            guard let products = decoder.requireField(fields, "products", what: "a v2 list") else { return list }
            guard products.kind == .sequence else {
                decoder.report(
                    .invalidListStructure, "'products' must be an array, found \(products.kindDescription)", at: products.position)
                return list
            }
            for item in products.items {
                guard item.kind == .mapping else {
                    list.entries.append(ProductListEntry(.notAString(item.kindDescription), at: location(item, decoder.file)))
                    continue
                }
                guard let idNode = item.pairs.first(where: { $0.key.scalar?.text == "id" })?.value else {
                    decoder.report(.malformedEntry, "a product in a v2 list has no 'id'", at: item.position)
                    continue
                }
                list.entries.append(entry(idNode, file: decoder.file))
            }
            return list
        case .scalar:
            decoder.report(
                .invalidListStructure,
                "a JSON list must be an array (v1) or an object with 'version' (v2), found \(root.kindDescription)",
                at: root.position)
            return nil
        }
    }

    private func location(_ node: Node, _ file: String) -> SourceLocation {
        SourceLocation(file: file, node.position)
    }

    private func entry(_ node: Node, file: String) -> ProductListEntry {
        if let scalar = node.scalar, case .string(let text) = scalar.value {
            return ProductListEntry(.identifier(text), at: location(node, file))
        }
        return ProductListEntry(.notAString(node.kindDescription), at: location(node, file))
    }
}
