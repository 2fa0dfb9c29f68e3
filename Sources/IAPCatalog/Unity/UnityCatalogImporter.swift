/// Turns a Unity IAP catalog into a catalog: App Store ids (the `AppleAppStore` override of
/// `storeIDs`, else the id), types (Subscription → non-renewing, which Unity's own App Store
/// exporter writes it as), titles and descriptions per locale, and `applePriceTier` as a legacy
/// tier. Every product is a draft with its id as reference name. What the file holds that a
/// catalog cannot (Google, UDP and Xiaomi prices, payouts, screenshots, other stores' ids) and
/// what was filled in are the notes.
package struct UnityCatalogImporter: Sendable {
    /// The `TranslationLocale` order `googleLocale` is read with; nil: judged from the project
    /// (`Packages/manifest.json`) or the file itself, and said in a note.
    package var localeTable: UnityLocaleTable?
    /// The project's `com.unity.purchasing` version and the manifest that names it, when known.
    package var projectVersion: (manifest: String, version: String)?

    package init(localeTable: UnityLocaleTable? = nil, projectVersion: (manifest: String, version: String)? = nil) {
        self.localeTable = localeTable
        self.projectVersion = projectVersion
    }

    package struct Result: Sendable {
        package var catalog: Catalog
        package var diagnostics: [Diagnostic]
        package var notes: ImportNotes
    }

    package func makeCatalog(_ unity: UnityProductCatalog) -> Result {
        var notes = ImportNotes()
        let table = chooseTable(unity, notes: &notes)
        var diagnostics = DiagnosticCollector()
        var products: [Product] = []
        var seen: Set<String> = []
        var unknownLocales: [String] = []
        var untitled = 0, repeatedLocales = 0, subscriptions = 0, tiers = 0, untiered = 0
        for item in unity.products {
            guard seen.insert(item.storeID).inserted else {
                diagnostics.report(
                    .duplicateProductID, "'\(item.storeID)' appears twice in the file; only the first is imported",
                    file: unity.file, at: item.storeIDPosition, severity: .warning)
                continue
            }
            let type: ProductType
            switch item.type {
            case 0?: type = .consumable
            case 1?: type = .nonConsumable
            case 2?:
                type = .nonRenewing
                subscriptions += 1
            default:
                diagnostics.report(
                    .invalidValue, "'\(item.storeID)' has no Unity product type (0, 1 or 2); it is not imported", file: unity.file,
                    at: item.positions.type ?? item.positions.entry, severity: .warning)
                continue
            }
            var product = Product(id: item.storeID, type: type, referenceName: item.storeID)
            for description in item.descriptions {
                let name = description.locale.flatMap { table.name(at: $0) }
                guard let name, let locale = UnityLocaleTable.appStoreLocale(name) else {
                    let written = name ?? description.locale.map { "googleLocale \($0)" } ?? "(no googleLocale)"
                    if !unknownLocales.contains(written) { unknownLocales.append(written) }
                    continue
                }
                guard !description.title.isEmpty else {
                    untitled += 1
                    continue
                }
                guard !product.localizations.contains(where: { $0.locale == locale }) else {
                    repeatedLocales += 1
                    continue
                }
                product.localizations.append(
                    Localization(
                        locale: locale, displayName: description.title,
                        description: description.description.isEmpty ? nil : description.description
                    ))
            }
            if let tier = item.applePriceTier, tier > 0 {
                product.price = Price(tier: tier)
                tiers += 1
            } else {
                untiered += 1
            }
            products.append(product)
        }
        var app = AppInfo(bundleID: nil, sku: unity.appleSKU, defaultLocale: Self.defaultLocale(products))
        app.teamID = unity.appleTeamID
        let catalog = Catalog(app: app, products: products)
        addNotes(
            &notes, unity: unity, catalog: catalog,
            counts: (subscriptions, tiers, untiered, untitled, repeatedLocales), unknownLocales: unknownLocales)
        return Result(catalog: catalog, diagnostics: diagnostics.diagnostics, notes: notes)
    }

    /// The table to read `googleLocale` with, and a note of why it was chosen.
    private func chooseTable(_ unity: UnityProductCatalog, notes: inout ImportNotes) -> UnityLocaleTable {
        let legacy = UnityLocaleTable.legacy, current = UnityLocaleTable.current
        let describe = { (table: UnityLocaleTable) in
            table == .legacy
                ? "Unity IAP before 5.0.0-pre.6 (en_US = \(legacy.englishUS))"
                : "Unity IAP 5.0.0-pre.6 or later (en_US = \(current.englishUS))"
        }
        if let localeTable {
            notes.add("googleLocale read as written by \(describe(localeTable)), as --unity-locales says")
            return localeTable
        }
        if let projectVersion, let table = UnityLocaleTable.written(byVersion: projectVersion.version) {
            notes.add(
                "googleLocale read as written by \(describe(table)): \(projectVersion.manifest) names com.unity.purchasing \(projectVersion.version)"
            )
            return table
        }
        let indices = unity.products.flatMap { $0.descriptions.compactMap(\.locale) }
        let defaults = unity.products.compactMap { $0.descriptions.first?.locale }
        let (table, reason): (UnityLocaleTable, String) =
            if let beyond = indices.first(where: { (legacy.names.count..<current.names.count).contains($0) }) {
                (current, "googleLocale \(beyond) exists only there")
            } else if defaults.contains(current.englishUS) && !defaults.contains(legacy.englishUS) {
                (current, "the default descriptions use \(current.englishUS), its en_US")
            } else {
                (legacy, "the file does not say otherwise")
            }
        notes.add(
            "googleLocale read as written by \(describe(table)): no Packages/manifest.json names com.unity.purchasing, and \(reason); --unity-locales legacy|current decides"
        )
        return table
    }

    private func addNotes(
        _ notes: inout ImportNotes, unity: UnityProductCatalog, catalog: Catalog,
        counts: (subscriptions: Int, tiers: Int, untiered: Int, untitled: Int, repeatedLocales: Int), unknownLocales: [String]
    ) {
        let counted = { (count: Int, noun: String) in ImportNotes.counted(count, noun) }
        let items = unity.products
        notes.add(catalog.products.count) { "a Unity catalog holds no status: \(counted($0, "product")) imported as draft" }
        notes.add(catalog.products.count) { "a Unity catalog holds no reference names: \(counted($0, "product")) named by their id" }
        notes.add(counts.subscriptions) {
            "Unity's Subscription does not say which kind: \(counted($0, "subscription")) imported as non-renewing; make auto-renewable ones auto-renewable with a group and a duration"
        }
        notes.add(counts.tiers) {
            "\(counted($0, "Apple price tier")) imported as legacy price tiers (price: { tier: N }); App Store Connect prices by price point since 2023"
        }
        notes.add(counts.untiered) { "\(counted($0, "product")) without applePriceTier (0, Unity's default) imported without a price" }
        notes.add("app.default_locale is \(catalog.app.defaultLocale), the locale most default descriptions are in")
        if !unknownLocales.isEmpty {
            notes.add(
                "locales App Store Connect does not have are left out: \(ImportNotes.some(unknownLocales))")
        }
        notes.add(counts.untitled) { "\(counted($0, "description")) without a title left out (App Store Connect needs a display name)" }
        notes.add(counts.repeatedLocales) { "\(counted($0, "description")) in a locale the product already had left out" }
        notes.add(items.filter(\.hasGooglePrice).count) { "Google Play prices (googlePrice) of \(counted($0, "product")) are not imported" }
        notes.add(items.filter { $0.hasUDPPrice || $0.hasXiaomiPriceTier || $0.hasPricingTemplate }.count) {
            "UDP and Xiaomi prices and Google pricing templates of \(counted($0, "product")) are not imported"
        }
        notes.add(items.filter { !$0.otherStores.isEmpty }.count) {
            "ids for other stores (\(ImportNotes.some(Array(Set(items.flatMap(\.otherStores))).sorted()))) of \(counted($0, "product")) are not imported"
        }
        notes.add(items.filter { $0.payouts > 0 }.count) { "payouts of \(counted($0, "product")) are not imported (a catalog has none)" }
        notes.add(items.filter(\.hasScreenshotPath).count) {
            "review screenshot paths of \(counted($0, "product")) are not imported: set review.screenshot"
        }
    }

    /// The locale most products' first localization is in (en-US on a tie with it, or when none).
    static func defaultLocale(_ products: [Product]) -> String {
        var counts: [String: Int] = [:]
        for product in products { if let first = product.localizations.first { counts[first.locale, default: 0] += 1 } }
        let best = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
        guard let best, best.value > counts[AppInfo.fallbackLocale, default: 0] else { return AppInfo.fallbackLocale }
        return best.key
    }
}
