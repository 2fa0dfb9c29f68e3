#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a catalog file: YAML through libyaml (JSON is YAML too, so JSON catalogs load as well),
/// then ``CatalogDecoder``. Syntax problems and structural problems come back as diagnostics.
public struct CatalogLoader: Sendable {
    /// Bounds on nesting and alias expansion for each document read.
    public var limits: DocumentLimits

    /// Creates a loader with `limits` (the defaults unless given).
    public init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    /// A loaded catalog and what was found while loading it.
    public struct Result: Sendable {
        /// Nil when the file is not a catalog this iapcat can read.
        public var catalog: Catalog?
        /// Syntax and structure problems found while loading.
        public var diagnostics: [Diagnostic]

        /// Whether the catalog is unusable for generating anything: unreadable, or with errors.
        public var hasErrors: Bool { catalog == nil || diagnostics.contains { $0.severity == .error } }
    }

    /// Loads the catalog at `path`, streaming it through libyaml: the file is never in memory
    /// whole, nor is its document (see ``load(_:file:)``).
    public func load(_ path: String) throws(InputError) -> Result {
        let (descriptor, size) = try InputFile.openForReading(path)
        defer { close(descriptor) }
        return load(file: path, size: size) { itemStream throws(DocumentSyntaxError) in
            try YAMLParser(limits: limits).parse(descriptor: descriptor, size: size, itemStream: itemStream)
        }
    }

    /// Loads a catalog from `bytes` in memory; `file` is the name diagnostics point at.
    public func load(_ bytes: [UInt8], file: String) -> Result {
        load(file: file, size: bytes.count) { itemStream throws(DocumentSyntaxError) in
            try YAMLParser(limits: limits).parse(bytes, itemStream: itemStream)
        }
    }

    private func load(file: String, size: Int, parse: (ItemStream) throws(DocumentSyntaxError) -> ParsedDocument) -> Result {
        // Products are decoded as libyaml delivers them, while the rest is still being parsed, and
        // their nodes are dropped once decoded: the document never holds more than one product.
        var stream = CatalogDecoder.ProductStream(file: file, expectedBytes: size)
        let parsed: ParsedDocument
        do {
            parsed = try parse(ItemStream(key: "products", releasesItems: true) { stream.add($1, of: $0) })
        } catch {
            return Result(
                catalog: nil, diagnostics: [Diagnostic(.yamlSyntax, error.message, at: SourceLocation(file: file, error.position))])
        }
        return decode(parsed.document, findings: parsed.findings, file: file, streamed: stream)
    }

    /// Decodes an already parsed document (e.g. a JSON catalog recognised by ``InputKind``).
    package func decode(_ document: SourceDocument, findings: [DocumentFinding], file: String) -> Result {
        decode(document, findings: findings, file: file, streamed: nil)
    }

    private func decode(
        _ document: SourceDocument, findings: [DocumentFinding], file: String, streamed: CatalogDecoder.ProductStream?
    ) -> Result {
        var diagnostics = findings.map { Diagnostic($0.rule, $0.message, at: SourceLocation(file: file, $0.position)) }
        var decoder = CatalogDecoder(file: file)
        let decoded = decoder.decode(document, streamed: streamed)
        diagnostics += decoded.diagnostics
        return Result(catalog: decoded.catalog, diagnostics: diagnostics)
    }
}
