extension CatalogValidator.Check {
    /// With an unknown default locale every product would lack it: that is reported once.
    private var checksDefaultLocale: Bool { AppStoreLocales.codes.contains(catalog.app.defaultLocale) }

    /// `unknown_locale`, `missing_default_locale` for the app and its subscription groups.
    mutating func groupLocales() {
        checkLocale(catalog.app.defaultLocale, at: catalog.app.positions.defaultLocale)
        for group in catalog.subscriptionGroups {
            checkLocales(
                group.localizations.lazy.map { ($0.locale, $0.positions.locale) }, of: "subscription group '\(group.id)'",
                at: group.positions.localizations ?? group.positions.entry)
        }
    }

    /// `unknown_locale`, `missing_default_locale` for a product's localizations.
    mutating func locales(of product: Product) {
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
                .unknownLocale, "unknown locale '\(code)'" + Suggestion.hint(for: code, in: AppStoreLocales.codes.sorted()),
                at: position)
        }
    }
}
