/// Turns a bulk-upload package's `metadata.xml` (an App Store Connect download, or one iapcat
/// wrote) into a ``Catalog``: products of every type, price tiers and schedules, localizations,
/// review data, subscription groups (and the `<family>` grouping of 5.0/5.1 packages), and the
/// downloaded `iap-status`. What it cannot carry over is reported, never silently dropped.
public struct BulkXMLImporter {
    /// The directory review screenshots are referenced from, relative to where the catalog will
    /// live ("" when they sit beside it).
    public var screenshotDirectory: String

    /// Creates an importer that references review screenshots from `screenshotDirectory` ("" by default: beside the catalog).
    public init(screenshotDirectory: String = "") {
        self.screenshotDirectory = screenshotDirectory
    }

    /// An importer of the package `metadata` for a catalog to be written at `catalogPath`: review
    /// screenshots are referenced where they lie, relative to the catalog. Relative paths are
    /// taken from `workingDirectory`.
    public init(metadata: String, catalogPath: String, workingDirectory: String) {
        let packageDirectory = FilePaths.directory(of: FilePaths.absolute(metadata, base: workingDirectory))
        let catalogDirectory = FilePaths.directory(of: FilePaths.absolute(catalogPath, base: workingDirectory))
        self.init(screenshotDirectory: FilePaths.relative(from: catalogDirectory, to: packageDirectory))
    }

    /// What reading a package gives: the catalog, its diagnostics, and the screenshots it describes.
    public struct Result: Sendable {
        /// The imported catalog; nil when the file is not a readable bulk-upload package.
        public var catalog: Catalog?
        /// Everything that could not be imported as is, sorted.
        public var diagnostics: [Diagnostic]
        /// Each product's review screenshot as the package describes it (size and checksum).
        public var screenshots: [String: PackagedScreenshot] = [:]
        /// What the package format cannot say and what the catalog was given instead.
        public var notes = ImportNotes()
    }

    /// Imports the bytes of a `metadata.xml`; `file` is the name diagnostics point at.
    public func read(_ bytes: [UInt8], file: String) -> Result {
        var run = Run(file: file, screenshotDirectory: screenshotDirectory)
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes, file: file)
        } catch {
            return Result(catalog: nil, diagnostics: [error.diagnostic(file: file, kind: "package", syntaxRule: .xmlSyntax)])
        }
        let catalog = tree.root.flatMap { run.package($0) }
        return Result(
            catalog: catalog, diagnostics: run.diagnostics.diagnostics.sorted(), screenshots: run.screenshots,
            notes: catalog.map { run.notes($0) } ?? ImportNotes())
    }

    private struct Run {
        let file: String
        let screenshotDirectory: String
        var diagnostics = DiagnosticCollector()
        var products: [Product] = []
        var groups: [SubscriptionGroup] = []
        var screenshots: [String: PackagedScreenshot] = [:]
        /// How many products carried an `iap-status` the vocabulary knows.
        var statuses = 0

        init(file: String, screenshotDirectory: String) {
            self.file = file
            self.screenshotDirectory = screenshotDirectory
        }

        mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?, severity: Severity? = nil) {
            diagnostics.report(rule, message, file: file, at: position, severity: severity)
        }

        mutating func unsupported(_ element: XMLElement, in parent: String) {
            report(
                .unsupportedElement, "<\(element.name)> in <\(parent)> is not imported; its data is not in the catalog",
                at: element.position)
        }

        mutating func required(_ parent: XMLElement, _ name: String) -> XMLElement? {
            if let child = parent.child(name) { return child }
            report(.missingField, "<\(parent.name)> has no <\(name)>", at: parent.position)
            return nil
        }

        mutating func package(_ root: XMLElement) -> Catalog? {
            guard root.name == "package" else {
                report(.invalidValue, "the top element is <\(root.name)>; a bulk-upload metadata.xml has <package>", at: root.position)
                return nil
            }
            var app = AppInfo(bundleID: nil)
            app.provider = root.child("provider")?.trimmedText
            app.teamID = root.child("team_id")?.trimmedText
            guard let software = required(root, "software") else { return nil }
            app.sku = software.child("vendor_id")?.trimmedText
            app.appleID = readOnlyValues(software)["apple-id"]
            if let metadata = software.child("software_metadata") {
                app.platform = metadata.attribute("app_platform")
                for element in metadata.children where element.name != "in_app_purchases" {
                    unsupported(element, in: "software_metadata")
                }
                if let purchases = metadata.child("in_app_purchases") { inAppPurchases(purchases) }
            }
            app.defaultLocale = defaultLocale()
            return Catalog(app: app, subscriptionGroups: groups, products: products)
        }

        /// `read_only_info/read_only_value[@key]` → value.
        func readOnlyValues(_ element: XMLElement) -> [String: String] {
            var values: [String: String] = [:]
            for value in element.child("read_only_info")?.children("read_only_value") ?? [] {
                if let key = value.attribute("key") { values[key] = value.trimmedText }
            }
            return values
        }

        mutating func inAppPurchases(_ element: XMLElement) {
            for child in element.children {
                switch child.name {
                case "in_app_purchase":
                    if let product = product(child, group: nil) { products.append(product) }
                case "subscription_group", "family":
                    group(child)
                default:
                    unsupported(child, in: "in_app_purchases")
                }
            }
        }

        /// A `<subscription_group name>` (or a 5.0/5.1 `<family name>`) and its subscriptions.
        mutating func group(_ element: XMLElement) {
            let name = element.attribute("name") ?? ""
            var group = SubscriptionGroup(id: uniqueGroupID(name), referenceName: name)
            group.positions.entry = element.position
            for locale in element.child("locales")?.children("locale") ?? [] {
                guard let code = localeCode(locale) else { continue }
                group.localizations.append(
                    GroupLocalization(
                        locale: code, name: locale.child("title")?.trimmedText, appName: locale.child("app_name")?.trimmedText))
            }
            groups.append(group)
            for child in element.children where child.name != "locales" {
                guard child.name == "in_app_purchase" else {
                    unsupported(child, in: element.name)
                    continue
                }
                if let product = product(child, group: group.id) { products.append(product) }
            }
        }

        /// A readable group id from a reference name: "Cosmic Premium" → "cosmic-premium".
        func uniqueGroupID(_ name: String) -> String {
            var slug = ""
            for scalar in name.lowercased().unicodeScalars {
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    slug.unicodeScalars.append(scalar)
                } else if !slug.isEmpty, slug.last != "-" {
                    slug += "-"
                }
            }
            while slug.last == "-" { slug.removeLast() }
            if slug.isEmpty { slug = "group" }
            var candidate = slug
            var suffix = 2
            while groups.contains(where: { $0.id == candidate }) {
                candidate = "\(slug)-\(suffix)"
                suffix += 1
            }
            return candidate
        }

        mutating func localeCode(_ locale: XMLElement) -> String? {
            guard let code = locale.attribute("name") else {
                report(.missingField, "<locale> has no name attribute", at: locale.position)
                return nil
            }
            // XML-era spellings (cmn-Hans) become App Store Connect's (zh-Hans).
            return AppStoreLocales.codes.contains(code) ? code : AppStoreLocales.canonical(code) ?? code
        }

        static let productElements: Set<String> = [
            "product_id", "reference_name", "type", "duration", "free_trial_duration", "bonus_duration", "cleared_for_sale", "products",
            "locales", "review_screenshot", "review_notes", "read_only_info",
        ]

        /// A file in the package folder itself (what `file_name` may name): no folder, not `.` or `..`.
        static func isBareFileName(_ name: String) -> Bool {
            !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
        }

        mutating func product(_ element: XMLElement, group: String?) -> Product? {
            guard let idElement = required(element, "product_id") else { return nil }
            let id = idElement.trimmedText
            guard let typeElement = required(element, "type") else { return nil }
            guard let type = BulkXMLVocabulary.productType(typeElement.trimmedText) else {
                report(.invalidValue, "unknown in-app purchase type '\(typeElement.trimmedText)'", at: typeElement.position)
                return nil
            }
            for child in element.children where !Self.productElements.contains(child.name) {
                unsupported(child, in: "in_app_purchase")
            }
            var product = Product(id: id, type: group != nil && type == .freeSubscription ? .autoRenewable : type)
            product.referenceName = element.child("reference_name")?.trimmedText
            if let cleared = element.child("cleared_for_sale") { product.clearedForSale = cleared.trimmedText == "true" }
            if let sale = element.child("products")?.child("product") {
                if let cleared = sale.child("cleared_for_sale") { product.clearedForSale = cleared.trimmedText == "true" }
                product.price = price(sale)
            }
            for locale in element.child("locales")?.children("locale") ?? [] {
                guard let code = localeCode(locale) else { continue }
                product.localizations.append(
                    Localization(
                        locale: code, displayName: locale.child("title")?.trimmedText, description: locale.child("description")?.trimmedText
                    ))
            }
            var review = ReviewInfo()
            review.notes = element.child("review_notes")?.text
            if let shot = element.child("review_screenshot"), let nameElement = shot.child("file_name") {
                let fileName = nameElement.trimmedText
                if Self.isBareFileName(fileName) {
                    review.screenshot = FilePaths.join(screenshotDirectory, fileName)
                    screenshots[id] = PackagedScreenshot(
                        sourcePath: review.screenshot!, fileName: fileName, size: shot.child("size").flatMap { Int($0.trimmedText) } ?? 0,
                        md5: shot.child("checksum")?.trimmedText.lowercased() ?? "")
                } else {
                    report(
                        .pathOutsideFolder,
                        "review screenshot file_name '\(fileName)' of '\(id)' is not a bare file name in the package; the screenshot was left out",
                        at: nameElement.position)
                }
            }
            if review.notes != nil || review.screenshot != nil { product.appStore.review = review }
            if let group { product.subscription = subscription(element, group: group) }
            if let status = readOnlyValues(element)["iap-status"] {
                if let mapped = BulkXMLVocabulary.status(forIAPStatus: status) {
                    statuses += 1
                    product.status = mapped.status
                    if let cleared = mapped.clearedForSale { product.clearedForSale = cleared }
                } else {
                    report(
                        .invalidValue, "unknown iap-status '\(status)' of '\(id)'; imported as a draft", at: element.position,
                        severity: .warning)
                }
            }
            return product
        }

        mutating func subscription(_ element: XMLElement, group: String) -> SubscriptionTerms? {
            guard let durationElement = required(element, "duration") else { return nil }
            guard let duration = period(durationElement), SubscriptionPeriod.subscriptionDurations.contains(duration) else {
                report(.invalidValue, "unknown subscription duration '\(durationElement.trimmedText)'", at: durationElement.position)
                return nil
            }
            var terms = SubscriptionTerms(group: group, duration: duration)
            terms.freeTrialDuration = element.child("free_trial_duration").flatMap { period($0) }
            terms.bonusDuration = element.child("bonus_duration").flatMap { period($0) }
            return terms
        }

        mutating func period(_ element: XMLElement) -> SubscriptionPeriod? {
            if let period = BulkXMLVocabulary.period(element.trimmedText) { return period }
            report(.invalidValue, "unknown duration '\(element.trimmedText)'", at: element.position)
            return nil
        }

        /// A single tier (`<wholesale_price_tier>` under `<product>`, or one undated interval) or a schedule.
        mutating func price(_ sale: XMLElement) -> Price? {
            if let tier = sale.child("wholesale_price_tier") { return integer(tier).map { Price(tier: $0) } }
            let intervals = sale.child("intervals")?.children("interval") ?? []
            guard !intervals.isEmpty else { return nil }
            var schedule: [PriceInterval] = []
            for interval in intervals {
                guard let tierElement = required(interval, "wholesale_price_tier"), let tier = integer(tierElement) else { continue }
                var step = PriceInterval(tier: tier)
                step.startDate = interval.child("start_date").flatMap { date($0) }
                step.endDate = interval.child("end_date").flatMap { date($0) }
                schedule.append(step)
            }
            if schedule.count == 1, schedule[0].startDate == nil, schedule[0].endDate == nil { return Price(tier: schedule[0].tier) }
            return Price(schedule: schedule)
        }

        mutating func integer(_ element: XMLElement) -> Int? {
            if let value = Int(element.trimmedText) { return value }
            report(.invalidValue, "expected a whole number in <\(element.name)>, found '\(element.trimmedText)'", at: element.position)
            return nil
        }

        mutating func date(_ element: XMLElement) -> CalendarDate? {
            if let value = CalendarDate(element.trimmedText) { return value }
            report(.invalidValue, "expected a date YYYY-MM-DD in <\(element.name)>, found '\(element.trimmedText)'", at: element.position)
            return nil
        }

        /// What the package could not say, counted over the imported `catalog`: what was left
        /// out, and what the catalog holds instead (its default).
        func notes(_ catalog: Catalog) -> ImportNotes {
            var notes = ImportNotes()
            let products = catalog.products
            let counted = { (count: Int, noun: String) in ImportNotes.counted(count, noun) }
            if statuses == 0 {
                notes.add(products.count) {
                    "the package holds no status (read-only iap-status): \(counted($0, "product")) imported as draft"
                }
            } else {
                notes.add(products.count - statuses) { "\(counted($0, "product")) without a known iap-status imported as draft" }
            }
            if catalog.app.appleID == nil { notes.add("the package holds no apple-id (read-only): app.apple_id is left out") }
            notes.add(
                "the package names no default locale: app.default_locale is \(catalog.app.defaultLocale), chosen from the products' locales"
            )
            notes.add(products.filter { $0.price?.hasTier == true }.count) {
                "the package format has price tiers only: \(counted($0, "product")) imported without storefront prices or price changes"
            }
            notes.add(products.filter { $0.price == nil }.count) { "\(counted($0, "product")) without a price in the package" }
            notes.add(products.count) {
                "the package format has no territories: \(counted($0, "product")) available everywhere, or nowhere when not cleared for sale"
            }
            notes.add(products.filter { $0.type == .nonConsumable || $0.type == .autoRenewable }.count) {
                "the package format has no Family Sharing or hosted content: both off for \(counted($0, "product"))"
            }
            let subscriptions = products.filter { $0.type == .autoRenewable }.count
            notes.add(subscriptions) { "the package format has no subscription ranks: \(counted($0, "subscription")) imported without one" }
            notes.add(subscriptions) {
                "the package format has no offers but free trials (no pay-up-front or pay-as-you-go introductory offers, promotional offers, offer codes or win-back offers): none for \(counted($0, "subscription"))"
            }
            notes.add(products.count) {
                "the package format has no promotion, images, client_data or Google Play part: none for \(counted($0, "product"))"
            }
            return notes
        }

        /// en-US when every product has it, else the locale every product has (first by code),
        /// else the most common one.
        func defaultLocale() -> String {
            let live = products.filter { !$0.localizations.isEmpty }
            guard !live.isEmpty else { return AppInfo.fallbackLocale }
            var common = Set(live[0].localizations.map(\.locale))
            var counts: [String: Int] = [:]
            for product in live {
                common.formIntersection(product.localizations.map(\.locale))
                for localization in product.localizations { counts[localization.locale, default: 0] += 1 }
            }
            if common.contains(AppInfo.fallbackLocale) { return AppInfo.fallbackLocale }
            if let first = common.sorted().first { return first }
            return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? AppInfo.fallbackLocale
        }
    }
}
