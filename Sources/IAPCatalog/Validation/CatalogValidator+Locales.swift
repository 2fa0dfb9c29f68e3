extension CatalogValidator.Check {
    /// `unknown_locale`, `missing_default_locale`.
    mutating func locales() {
        let defaultLocale = catalog.app.defaultLocale
        checkLocale(defaultLocale, at: catalog.app.positions.defaultLocale)
        // With an unknown default locale every product would lack it: report that once, above.
        let checksDefault = AppStoreLocales.codes.contains(defaultLocale)
        for group in catalog.subscriptionGroups {
            for localization in group.localizations {
                checkLocale(localization.locale, at: localization.positions.locale)
            }
            if checksDefault {
                requireDefaultLocale(
                    group.localizations.map(\.locale), of: "subscription group '\(group.id)'",
                    at: group.positions.localizations ?? group.positions.entry)
            }
        }
        for product in liveProducts {
            for localization in product.localizations {
                checkLocale(localization.locale, at: localization.positions.locale)
            }
            if checksDefault {
                requireDefaultLocale(
                    product.localizations.map(\.locale), of: "product '\(product.id)'",
                    at: product.positions.localizations ?? product.positions.entry)
            }
        }
    }

    private mutating func requireDefaultLocale(_ locales: [String], of what: String, at position: SourcePosition?) {
        let defaultLocale = catalog.app.defaultLocale
        guard !locales.contains(defaultLocale) else { return }
        report(.missingDefaultLocale, "\(what) has no \(defaultLocale) localization (the app's default locale)", at: position)
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
