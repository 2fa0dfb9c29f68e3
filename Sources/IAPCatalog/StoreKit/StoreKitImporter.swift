/// Turns a `.storekit` file into a catalog: products, non-renewing subscriptions, subscription
/// groups and subscriptions with their prices (in the file's storefront), localizations, levels,
/// periods, Family Sharing and offers. Every product is a `draft` (a `.storekit` file says
/// nothing about review). What a catalog cannot hold is reported (`unsupported_element`), and
/// values iapcat cannot map are errors at their position; the identifiers Xcode made up
/// (`identifier`, `internalID`, group `id`) are not kept, while a synced file's app id becomes
/// `app.apple_id`. `subscriptionOffersKeyPair` is never read.
public struct StoreKitImporter: Sendable {
    /// Creates an importer.
    public init() {}

    /// The catalog `configuration` stands for, what could not be carried over (at its position),
    /// and the notes of what the format cannot say.
    public func makeCatalog(_ configuration: StoreKitConfiguration) -> (
        catalog: Catalog, diagnostics: [Diagnostic], notes: ImportNotes
    ) {
        var run = Run(configuration: configuration)
        run.importGroups()
        for product in configuration.products { run.importProduct(product) }
        return (run.catalog, run.diagnostics.diagnostics, Self.notes(run.catalog, configuration: configuration))
    }

    /// What a `.storekit` file cannot say, counted over the imported `catalog`.
    static func notes(_ catalog: Catalog, configuration: StoreKitConfiguration) -> ImportNotes {
        var notes = ImportNotes()
        let products = catalog.products
        let counted = { (count: Int, noun: String) in ImportNotes.counted(count, noun) }
        notes.add(products.count) { "a .storekit file holds no status: \(counted($0, "product")) imported as draft" }
        if configuration.locale == nil {
            notes.add(
                "the file names no locale (settings._locale): app.default_locale is \(catalog.app.defaultLocale), chosen from the products' locales"
            )
        }
        notes.add(products.filter { $0.price != nil }.count) {
            "a .storekit file prices in one storefront: \(counted($0, "product")) priced in \(configuration.effectiveStorefront) only, without a tier"
        }
        notes.add(products.count) {
            "a .storekit file has no review notes or screenshots, territories, hosted content or SKU: none for \(counted($0, "product"))"
        }
        return notes
    }

    private struct Run {
        let configuration: StoreKitConfiguration
        var catalog: Catalog
        var diagnostics = DiagnosticCollector()
        /// The catalog id of each of the file's groups.
        var groupIDs: [String] = []
        var productIDs: Set<String> = []

        init(configuration: StoreKitConfiguration) {
            self.configuration = configuration
            var app = AppInfo(bundleID: nil, appleID: configuration.applicationInternalID)
            app.defaultLocale = Self.defaultLocale(of: configuration)
            catalog = Catalog(app: app)
        }

        /// `settings._locale`, else en-US when a product has it, else the first locale of the file.
        static func defaultLocale(of configuration: StoreKitConfiguration) -> String {
            if let locale = configuration.locale { return StoreKitLocale.appStore(locale) }
            let locales = configuration.products.flatMap { $0.localizations.compactMap(\.locale) }.map(StoreKitLocale.appStore)
            if locales.isEmpty || locales.contains(AppInfo.fallbackLocale) { return AppInfo.fallbackLocale }
            return locales[0]
        }

        var storefront: String { configuration.effectiveStorefront }

        mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?) {
            diagnostics.report(rule, message, file: configuration.file, at: position ?? configuration.positions.root)
        }

        mutating func importGroups() {
            var used: Set<String> = []
            for group in configuration.groups {
                let name = group.name ?? group.id ?? "group"
                var id = SubscriptionGroup.key(fromName: name)
                var suffix = 2
                while used.contains(id) {
                    id = SubscriptionGroup.key(fromName: name) + "-\(suffix)"
                    suffix += 1
                }
                used.insert(id)
                groupIDs.append(id)
                var imported = SubscriptionGroup(id: id, referenceName: name)
                for localization in group.localizations {
                    guard let locale = localization.locale else { continue }
                    guard let displayName = localization.displayName, !displayName.isEmpty else {
                        report(
                            .unsupportedElement, "the \(locale) localization of group '\(name)' has no display name; it is not imported",
                            at: localization.positions.entry)
                        continue
                    }
                    let appName = localization.description.flatMap { $0.isEmpty ? nil : $0 }
                    imported.localizations.append(
                        GroupLocalization(locale: StoreKitLocale.appStore(locale), name: displayName, appName: appName))
                }
                catalog.subscriptionGroups.append(imported)
            }
        }

        mutating func importProduct(_ product: StoreKitProduct) {
            guard let id = product.productID else { return }  // reported by the reader
            guard let type = product.productType else {
                report(
                    .invalidValue,
                    "'\(id)' has type \(product.type.map { "'\($0)'" } ?? "none"); iapcat imports Consumable, NonConsumable, NonRenewingSubscription and RecurringSubscription",
                    at: product.positions.type ?? product.positions.entry)
                return
            }
            guard productIDs.insert(id).inserted else {
                report(
                    .duplicateProductID, "'\(id)' appears twice in the file; only the first is imported", at: product.positions.productID)
                return
            }
            var imported = Product(id: id, type: type, referenceName: product.referenceName ?? id)
            if product.referenceName == nil {
                report(.unsupportedElement, "'\(id)' has no referenceName; its product id is used", at: product.positions.entry)
            }
            imported.appStore.familySharing = product.familyShareable ?? false
            if let price = product.displayPrice {
                imported.price = Price(storefronts: [StorefrontPrice(storefront: storefront, amount: price)])
            }
            for localization in product.localizations {
                guard let locale = localization.locale else { continue }
                guard let displayName = localization.displayName, !displayName.isEmpty else {
                    report(
                        .unsupportedElement,
                        "the \(locale) localization of '\(id)' has no display name (App Store Connect needs one); it is not imported",
                        at: localization.positions.displayName ?? localization.positions.entry)
                    continue
                }
                let description = localization.description.flatMap { $0.isEmpty ? nil : $0 }
                imported.localizations.append(
                    Localization(locale: StoreKitLocale.appStore(locale), displayName: displayName, description: description))
            }
            if type == .autoRenewable { imported.subscription = terms(of: product, id: id) }
            catalog.products.append(imported)
        }

        mutating func terms(of product: StoreKitProduct, id: String) -> SubscriptionTerms? {
            guard let groupIndex = product.groupIndex, groupIndex < groupIDs.count else { return nil }
            guard let written = product.recurringSubscriptionPeriod, let duration = SubscriptionPeriod(rawValue: written),
                SubscriptionPeriod.subscriptionDurations.contains(duration)
            else {
                report(
                    .invalidValue,
                    "'\(id)' renews every \(product.recurringSubscriptionPeriod.map { "'\($0)'" } ?? "(no period)"); a subscription renews every "
                        + SubscriptionPeriod.subscriptionDurations.map(\.rawValue).joined(separator: ", "),
                    at: product.positions.recurringSubscriptionPeriod ?? product.positions.entry)
                return nil
            }
            var terms = SubscriptionTerms(group: groupIDs[groupIndex], duration: duration, rank: product.groupNumber)
            terms.introductoryOffer = product.introductoryOffer.flatMap { offer($0, "the introductory offer of '\(id)'") }
            terms.promotionalOffers = product.promotionalOffers.compactMap { offer($0, "a promotional offer of '\(id)'") }
            terms.offerCodes = product.offerCodes.compactMap { offer($0, "an offer code of '\(id)'") }
            if product.hasWinBackOffers {
                report(
                    .unsupportedElement, "the win-back offers of '\(id)' are not imported (their format is not documented)",
                    at: product.positions.winBackOffers)
            }
            return terms
        }

        mutating func offer(_ offer: StoreKitOffer, _ what: String) -> SubscriptionOffer? {
            guard let mode = offer.mode else {
                report(
                    .invalidValue,
                    "\(what) has paymentMode \(offer.paymentMode.map { "'\($0)'" } ?? "none"); iapcat knows free, payAsYouGo and payUpFront",
                    at: offer.positions.paymentMode ?? offer.positions.entry)
                return nil
            }
            guard let written = offer.subscriptionPeriod, let duration = SubscriptionPeriod(rawValue: written) else {
                report(
                    .invalidValue,
                    "\(what) lasts \(offer.subscriptionPeriod.map { "'\($0)'" } ?? "(no period)") per period; iapcat knows "
                        + SubscriptionPeriod.allCases.map(\.rawValue).joined(separator: ", "),
                    at: offer.positions.subscriptionPeriod ?? offer.positions.entry)
                return nil
            }
            var imported = SubscriptionOffer(
                id: offer.offerID, referenceName: offer.referenceName, mode: mode, duration: duration, periods: offer.numberOfPeriods ?? 1)
            if mode.isPaid, let price = offer.displayPrice {
                imported.prices = [StorefrontPrice(storefront: storefront, amount: price)]
            }
            for value in offer.eligibility {
                if let eligibility = OfferEligibility(rawValue: value) {
                    imported.eligibility.append(eligibility)
                } else {
                    report(
                        .unsupportedElement, "\(what) has eligibility '\(value)', which iapcat does not know; it is left out",
                        at: offer.positions.entry)
                }
            }
            imported.stackable = offer.isStackable
            return imported
        }
    }
}
