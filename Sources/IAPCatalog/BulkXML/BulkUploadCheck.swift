/// What bulk XML cannot express for the products going into a package, as `upload_requirement`
/// diagnostics located in the catalog. Lint reports the catalog's own problems; these are the
/// extra demands of the package format (docs/bulk-xml.md): a SKU and a provider, a price tier,
/// a title of 2–30 and a description of 1–45 characters in every locale, XML durations.
struct BulkUploadCheck {
    static let titleLength = 2...30
    static let descriptionLength = 1...45
    static let groupAppNameLength = 2...30

    let catalog: Catalog
    let file: String
    var diagnostics = DiagnosticCollector()

    init(catalog: Catalog, file: String) {
        self.catalog = catalog
        self.file = file
    }

    mutating func check(products: [Product], provider: String?) {
        if catalog.app.sku?.isEmpty ?? true {
            report("the app has no sku; bulk XML names the app by it (<vendor_id>)", at: catalog.app.positions.entry)
        }
        if provider?.isEmpty ?? true {
            report("no provider: give app.provider in the catalog or --provider", at: catalog.app.positions.entry)
        }
        var groups: Set<String> = []
        for product in products {
            if !(product.price?.hasTier ?? false) {
                report("'\(product.id)' has no price tier; bulk XML expresses prices only as tiers", at: product.positions.entry)
            }
            if product.localizations.isEmpty {
                report("'\(product.id)' has no localization; bulk XML needs at least one", at: product.positions.entry)
            }
            for localization in product.localizations {
                let name = localization.displayName ?? ""
                if !Self.titleLength.contains(name.count) {
                    report(
                        "the \(localization.locale) display name of '\(product.id)' is \(Plural.count(name.count, "character")); bulk XML takes 2 to 30",
                        at: localization.positions.displayName ?? localization.positions.locale)
                }
                let description = localization.description ?? ""
                if !Self.descriptionLength.contains(description.count) {
                    report(
                        "the \(localization.locale) description of '\(product.id)' is \(Plural.count(description.count, "character")); bulk XML takes 1 to 45",
                        at: localization.positions.description ?? localization.positions.locale)
                }
            }
            if let terms = product.subscription {
                groups.insert(terms.group)
                for (name, period) in [("free_trial_duration", terms.freeTrialDuration), ("bonus_duration", terms.bonusDuration)] {
                    if let period, !BulkXMLVocabulary.periods.contains(period) {
                        report(
                            "\(name) \(period.rawValue) of '\(product.id)' has no bulk-XML form (7 Days to 1 Year)",
                            at: terms.positions.entry)
                    }
                }
            }
        }
        for group in catalog.subscriptionGroups where groups.contains(group.id) {
            for localization in group.localizations {
                if let appName = localization.appName, !Self.groupAppNameLength.contains(appName.count) {
                    report(
                        "the \(localization.locale) app name of group '\(group.id)' is \(Plural.count(appName.count, "character")); bulk XML takes 2 to 30",
                        at: localization.positions.appName)
                }
            }
        }
    }

    private mutating func report(_ message: String, at position: SourcePosition?) {
        diagnostics.report(.uploadRequirement, message, file: file, at: position)
    }
}
