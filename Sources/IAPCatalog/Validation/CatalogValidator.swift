/// Checks the rules that span a whole ``Catalog``: identifiers, types, texts, locales, prices,
/// promotion, review screenshots and list declarations. Each family lives in its own
/// `CatalogValidator+Family.swift` file.
public struct CatalogValidator: Sendable {
    /// Whether a path names an existing file; replaceable in tests.
    public var fileExists: @Sendable (String) -> Bool

    public init(fileExists: @escaping @Sendable (String) -> Bool = InputFile.isRegularFile) {
        self.fileExists = fileExists
    }

    /// The findings for `catalog`, read from `file` (relative paths resolve against its directory).
    public func validate(_ catalog: Catalog, file: String) -> [Diagnostic] {
        var check = Check(catalog: catalog, file: file, fileExists: fileExists)
        check.identifiers()
        check.subscriptions()
        check.typeSpecificFields()
        check.lengths()
        check.locales()
        check.prices()
        check.promotions()
        check.reviewScreenshots()
        check.listDeclarations()
        return check.diagnostics.diagnostics
    }

    /// One validation run's state, shared by the rule families.
    struct Check {
        let catalog: Catalog
        let file: String
        let directory: String
        let fileExists: @Sendable (String) -> Bool
        var diagnostics = DiagnosticCollector()

        init(catalog: Catalog, file: String, fileExists: @escaping @Sendable (String) -> Bool) {
            self.catalog = catalog
            self.file = file
            self.directory = FilePaths.directory(of: file)
            self.fileExists = fileExists
        }

        /// Products still alive (removed tombstones are exempt from content rules).
        var liveProducts: some Sequence<Product> { catalog.products.lazy.filter { $0.status != .removed } }

        mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?) {
            diagnostics.report(rule, message, file: file, at: position)
        }
    }
}
