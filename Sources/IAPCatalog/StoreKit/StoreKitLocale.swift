/// Locale spellings between the catalog (App Store Connect's `en-US`, `ja`, `zh-Hans`) and Xcode
/// StoreKit configurations (`en_US`, `ja`, `zh_Hans`, and the bare `ar` that Xcode writes for
/// Arabic, which App Store Connect spells `ar-SA`).
package enum StoreKitLocale {
    /// Xcode's spellings that are not App Store Connect's with `-` turned into `_`.
    private static let xcodeSpelling: [String: String] = ["ar-SA": "ar"]

    /// The `.storekit` spelling of an App Store Connect locale: `en-US` → `en_US`.
    package static func storeKit(_ code: String) -> String {
        xcodeSpelling[code] ?? code.replacingHyphens()
    }

    /// The App Store Connect spelling of a `.storekit` locale: `en_US` → `en-US`, `ar` → `ar-SA`;
    /// a code App Store Connect does not know comes back with `_` turned into `-` (lint names it).
    package static func appStore(_ code: String) -> String {
        let hyphenated = String(code.map { $0 == "_" ? "-" : $0 })
        if AppStoreLocales.codes.contains(hyphenated) { return hyphenated }
        return AppStoreLocales.canonical(hyphenated) ?? hyphenated
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
