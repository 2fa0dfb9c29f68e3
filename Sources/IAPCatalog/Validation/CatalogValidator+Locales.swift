extension CatalogValidator.Check {
    /// With an unknown default locale every product would lack it: that is reported once.
    private var checksDefaultLocale: Bool { AppStoreLocales.codes.contains(catalog.app.defaultLocale) }

    /// `unknown_locale`, `missing_default_locale` for the app and its subscription groups.
    mutating func groupLocales() {
        checkLocale(catalog.app.defaultLocale, at: catalog.app.positions.defaultLocale)
        let checksDefault = checksDefaultLocale
        for group in catalog.subscriptionGroups {
            for localization in group.localizations {
                checkLocale(localization.locale, at: localization.positions.locale)
            }
            if checksDefault {
                requireDefaultLocale(
                    group.localizations.contains { $0.locale == catalog.app.defaultLocale }, of: "subscription group '\(group.id)'",
                    at: group.positions.localizations ?? group.positions.entry)
            }
        }
    }

    /// `unknown_locale`, `missing_default_locale` for a product's localizations.
    mutating func locales(of product: Product) {
        for localization in product.localizations {
            checkLocale(localization.locale, at: localization.positions.locale)
        }
        if checksDefaultLocale {
            requireDefaultLocale(
                product.localizations.contains { $0.locale == catalog.app.defaultLocale }, of: "product '\(product.id)'",
                at: product.positions.localizations ?? product.positions.entry)
        }
    }

    private mutating func requireDefaultLocale(_ isPresent: Bool, of what: @autoclosure () -> String, at position: SourcePosition?) {
        guard !isPresent else { return }
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
