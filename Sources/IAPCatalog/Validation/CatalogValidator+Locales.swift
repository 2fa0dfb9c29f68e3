extension CatalogValidator.Check {
    /// With an unknown default locale every product would lack it: that is reported once.
    private var checksDefaultLocale: Bool { AppStoreLocales.codes.contains(catalog.app.defaultLocale) }

    /// `unknown_locale`, `missing_default_locale`, `missing_metadata` for the app and its subscription groups.
    mutating func groupLocales() {
        checkLocale(catalog.app.defaultLocale, at: catalog.app.positions.defaultLocale)
        for group in catalog.subscriptionGroups {
            guard !group.localizations.isEmpty else {
                report(
                    .missingMetadata,
                    "subscription group '\(group.id)' has no localizations yet; its subscriptions cannot be submitted until it has its \(catalog.app.defaultLocale) name",
                    at: group.positions.id ?? group.positions.entry)
                continue
            }
            checkLocales(
                group.localizations.lazy.map { ($0.locale, $0.positions.locale) }, of: "subscription group '\(group.id)'",
                at: group.positions.localizations ?? group.positions.entry)
        }
    }

    /// `unknown_locale`, `missing_default_locale` for a product's localizations; `missing_metadata`
    /// for a draft without any (App Store Connect creates it, waiting for its texts).
    mutating func locales(of product: Product) {
        if product.status == .draft && product.localizations.isEmpty {
            report(
                .missingMetadata,
                "draft product '\(product.id)' has no localizations yet; App Review needs its \(catalog.app.defaultLocale) display name",
                at: product.positions.id ?? product.positions.entry)
            return
        }
        checkLocales(
            product.localizations.lazy.map { ($0.locale, $0.positions.locale) }, of: "product '\(product.id)'",
            at: product.positions.localizations ?? product.positions.entry)
    }

    /// Every locale of something's localizations must exist, and one must be the default locale.
    private mutating func checkLocales(
        _ locales: some Collection<(code: String, position: SourcePosition?)>, of what: @autoclosure () -> String,
        at position: SourcePosition?
    ) {
        for locale in locales { checkLocale(locale.code, at: locale.position) }
        guard checksDefaultLocale, !locales.contains(where: { $0.code == catalog.app.defaultLocale }) else { return }
        report(
            .missingDefaultLocale, "\(what()) has no \(catalog.app.defaultLocale) localization (the app's default locale)", at: position)
    }

    private mutating func checkLocale(_ code: String, at position: SourcePosition?) {
        guard !AppStoreLocales.codes.contains(code) else { return }
        if let canonical = AppStoreLocales.canonical(code) {
            report(.unknownLocale, "unknown locale '\(code)'; App Store Connect spells it '\(canonical)'", at: position)
        } else {
            report(
                .unknownLocale, "unknown locale '\(code)'", at: position,
                hint: Suggestion.hint(for: code, in: AppStoreLocales.codes.sorted()))
        }
    }
}
