/// Checks the rules that span a whole ``Catalog``: identifiers, types, texts, locales, prices,
/// promotion, review screenshots and list declarations. Each family lives in its own
/// `CatalogValidator+Family.swift` file. Removed products (tombstones) only take part in the
/// identifier rules.
public struct CatalogValidator: Sendable {
    /// Whether a path names an existing file; replaceable in tests.
    package var fileExists: @Sendable (String) -> Bool

    /// A validator that checks review screenshots against the file system.
    public init() {
        self.init(fileExists: InputFile.isRegularFile)
    }

    package init(fileExists: @escaping @Sendable (String) -> Bool) {
        self.fileExists = fileExists
    }

    /// The findings for `catalog`, read from `file` (relative paths resolve against its directory).
    public func validate(_ catalog: Catalog, file: String) -> [Diagnostic] {
        var check = Check(catalog: catalog, file: file, fileExists: fileExists)
        check.subscriptionGroups()
        check.groupLengths()
        check.groupLocales()
        check.listDeclarations()
        // One pass over the products, every family in turn: each product is copied out of the
        // array once, not once per family (at 50,000 products the copies cost more than the checks).
        for (index, product) in catalog.products.enumerated() {
            check.identifier(of: product, at: index)
            guard product.status != .removed else { continue }
            check.subscription(of: product)
            check.offers(of: product)
            check.typeSpecificFields(of: product)
            check.lengths(of: product)
            check.locales(of: product)
            check.price(of: product)
            check.availability(of: product)
            check.promotion(of: product)
            check.reviewScreenshot(of: product)
            check.images(of: product)
        }
        check.unusedSubscriptionGroups()
        return check.diagnostics.diagnostics
    }

    /// One validation run's state, shared by the rule families.
    struct Check {
        let catalog: Catalog
        let file: String
        let directory: String
        let fileExists: @Sendable (String) -> Bool
        var diagnostics = DiagnosticCollector()
        /// State the product rules carry from one product to the next.
        var identifiers = IdentifierState()
        var subscriptions = SubscriptionState()
        var promotions = PromotionState()

        init(catalog: Catalog, file: String, fileExists: @escaping @Sendable (String) -> Bool) {
            self.catalog = catalog
            self.file = file
            self.directory = FilePaths.directory(of: file)
            self.fileExists = fileExists
            identifiers.firstByID.reserveCapacity(catalog.products.count)
        }

        mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?) {
            diagnostics.report(rule, message, file: file, at: position)
        }
    }
}
