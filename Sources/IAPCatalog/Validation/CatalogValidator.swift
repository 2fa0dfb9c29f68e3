/// Checks the rules that span a whole ``Catalog``: identifiers, types, texts, locales, prices,
/// promotion, review screenshots and list declarations. Each family lives in its own
/// `CatalogValidator+Family.swift` file. Removed products (tombstones) only take part in the
/// identifier rules.
public struct CatalogValidator: Sendable {
    /// What a file the catalog names turns out to be; replaceable in tests.
    package var inspect: @Sendable (String) -> ImageFile
    /// Whether review screenshots and images may lie outside the catalog's folder
    /// (`--allow-outside-paths`); otherwise such a path is an error, `path_outside_folder`.
    public var allowsOutsidePaths: Bool

    /// A validator that checks review screenshots and images against the file system.
    public init(allowsOutsidePaths: Bool = false) {
        self.init(inspect: ImageFile.inspect, allowsOutsidePaths: allowsOutsidePaths)
    }

    package init(inspect: @escaping @Sendable (String) -> ImageFile, allowsOutsidePaths: Bool = false) {
        self.inspect = inspect
        self.allowsOutsidePaths = allowsOutsidePaths
    }

    /// For tests that care only whether a file is there: existing files pass the content checks.
    package init(fileExists: @escaping @Sendable (String) -> Bool) {
        self.init(inspect: { fileExists($0) ? .present : .missing })
    }

    /// The findings for `catalog`, read from `file` (relative paths resolve against its directory).
    public func validate(_ catalog: Catalog, file: String) -> [Diagnostic] {
        var check = Check(catalog: catalog, file: file, inspect: inspect, allowsOutsidePaths: allowsOutsidePaths)
        check.subscriptionGroups()
        check.groupLengths()
        check.groupLocales()
        check.listDeclarations()
        // One pass over the products, every family in turn: each product is copied out of the
        // array once, not once per family (at 50,000 products the copies cost more than the checks).
        for (index, product) in catalog.products.enumerated() {
            check.identifier(of: product, at: index)
            guard product.status != .removed else { continue }
            // The App Store's rules for what it sells; Google Play's for what it sells.
            if product.isSold(on: .appStore) {
                check.subscription(of: product)
                check.offers(of: product)
                check.purchaseOfferCodes(of: product)
                check.typeSpecificFields(of: product)
                check.lengths(of: product)
                check.locales(of: product)
                check.price(of: product)
                check.availability(of: product)
                check.promotion(of: product)
                check.reviewScreenshot(of: product)
                check.images(of: product)
            }
            check.googlePlay(of: product)
            // A group a Play-only subscription names is in use too.
            if !product.isSold(on: .appStore), let group = product.subscription?.group { check.subscriptions.usedGroups.insert(group) }
        }
        check.googlePlayApp()
        check.unusedSubscriptionGroups()
        return check.diagnostics.diagnostics
    }

    /// One validation run's state, shared by the rule families.
    struct Check {
        let catalog: Catalog
        let file: String
        let directory: String
        let inspect: @Sendable (String) -> ImageFile
        let allowsOutsidePaths: Bool
        var diagnostics = DiagnosticCollector()
        /// State the product rules carry from one product to the next.
        var identifiers = IdentifierState()
        var subscriptions = SubscriptionState()
        var promotions = PromotionState()
        var googlePlayState = GooglePlayState()
        /// Custom offer codes seen so far: code → the product it redeems.
        var customOfferCodes: [String: String] = [:]
        /// Active offer codes of one-time purchases seen so far.
        var activeOfferCodes = 0

        init(catalog: Catalog, file: String, inspect: @escaping @Sendable (String) -> ImageFile, allowsOutsidePaths: Bool) {
            self.catalog = catalog
            self.file = file
            self.directory = FilePaths.directory(of: file)
            self.inspect = inspect
            self.allowsOutsidePaths = allowsOutsidePaths
            identifiers.firstByID.reserveCapacity(catalog.products.count)
        }

        mutating func report(
            _ rule: RuleID, _ message: String, at position: SourcePosition?, severity: Severity? = nil, hint: String? = nil
        ) {
            diagnostics.report(rule, message, file: file, at: position, severity: severity, hint: hint)
        }
    }
}
