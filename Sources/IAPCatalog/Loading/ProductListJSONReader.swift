/// Reads `products_v1.json` (an array of identifiers) and `products_v2.json` (an object with
/// `version` and `products`); the format is detected from the content, not the file name. Xcode
/// StoreKit configurations have a reader of their own (``StoreKitReader``).
public struct ProductListJSONReader {
    static let v2Keys = FieldNames(["version", "products", "subscription_groups"])

    /// Creates a reader.
    public init() {}

    /// Reads a v1 or v2 list; the list is nil when it cannot be read, with why in the diagnostics.
    ///
    /// The products of a v2 list are read as the parser completes each one and then dropped from
    /// the document, so that a 35 MB list is never held as a tree (only its bytes are).
    public func read(_ bytes: [UInt8], file: String) -> (list: ProductList?, diagnostics: [Diagnostic]) {
        var decoder = NodeDecoder(file: file)
        var streamed = StreamedProducts()
        // Room for an entry per 64 bytes of the file (a v2 product with its fields takes more),
        // reserved once: pages never written cost nothing, where growing would copy the entries.
        streamed.entries.reserveCapacity(bytes.count / 64)
        let parsed: ParsedDocument
        do {
            parsed = try JSONParser().parse(
                bytes, itemStream: ItemStream(key: "products", releasesItems: true) { streamed.add($1, of: $0, file: file) })
        } catch {
            decoder.report(.jsonSyntax, error.message, at: error.position)
            return (nil, decoder.diagnostics.diagnostics)
        }
        for finding in parsed.findings {
            decoder.report(finding.rule, finding.message, at: finding.position)
        }
        let list = parsed.document.root.flatMap { read($0, streamed: streamed, decoder: &decoder) }
        return (list, decoder.diagnostics.diagnostics)
    }

    /// What the products of the streamed `products` array came to, in order.
    private struct StreamedProducts {
        /// The node index of the array that was streamed (if one was).
        var list: Int32?
        var entries: [ProductListEntry] = []
        /// Products without an `id`, where they start.
        var missingIDs: [SourcePosition] = []

        mutating func add(_ item: Node, of list: Int32, file: String) {
            self.list = list
            ProductListJSONReader.readProduct(item, file: file, into: &self)
        }
    }

    /// Reads one item of a v2 list's `products`.
    private static func readProduct(_ item: Node, file: String, into products: inout StreamedProducts) {
        guard item.kind == .mapping else {
            products.entries.append(ProductListEntry(.notAString(item.kindDescription), at: SourceLocation(file: file, item.position)))
            return
        }
        // The `id` key found by its bytes: no array of pairs and no string per key, for every product.
        let range = item.record.range
        let idKey = UnsafeBufferPointer(start: ("id" as StaticString).utf8Start, count: 2)
        guard
            let idEntry = stride(from: range.lowerBound, to: range.upperBound, by: 2).first(where: { entry in
                item.child(entry).withScalarBytes { $0.hasSameBytes(as: idKey) } == true
            })
        else {
            products.missingIDs.append(item.position)
            return
        }
        products.entries.append(entry(item.child(idEntry + 1), file: file))
    }

    private func read(_ root: Node, streamed: StreamedProducts, decoder: inout NodeDecoder) -> ProductList? {
        switch root.kind {
        case .sequence:
            return ProductList(
                file: decoder.file, format: .v1, contentVersion: 1,
                entries: root.items.map { Self.entry($0, file: decoder.file) })
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
            guard let productsNode = decoder.requireField(fields, "products", what: "a v2 list") else { return list }
            guard productsNode.kind == .sequence else {
                decoder.report(
                    .invalidListStructure, "'products' must be an array, found \(productsNode.kindDescription)",
                    at: productsNode.position)
                return list
            }
            var products = streamed
            if streamed.list != productsNode.index {
                products = StreamedProducts()
                for item in productsNode.items { Self.readProduct(item, file: decoder.file, into: &products) }
            }
            list.entries = products.entries
            for position in products.missingIDs {
                decoder.report(.malformedEntry, "a product in a v2 list has no 'id'", at: position)
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

    private static func entry(_ node: Node, file: String) -> ProductListEntry {
        let location = SourceLocation(file: file, node.position)
        if let scalar = node.scalar, case .string(let text) = scalar.value {
            return ProductListEntry(.identifier(text), at: location)
        }
        return ProductListEntry(.notAString(node.kindDescription), at: location)
    }
}
