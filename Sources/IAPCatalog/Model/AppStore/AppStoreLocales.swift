/// The locale codes App Store Connect accepts for in-app purchase and app localizations, and the
/// spellings other tools use for them. Where the lists come from: docs/sources.md.
package enum AppStoreLocales {
    /// Every accepted code, in App Store Connect's spelling (e.g. "en-US", "ja", "zh-Hans").
    package static let codes: Set<String> = [
        // The 39 classic codes (App Store Connect / fastlane deliver list, 2020 – March 2026).
        "ar-SA",  // Arabic
        "ca",  // Catalan
        "cs",  // Czech
        "da",  // Danish
        "de-DE",  // German
        "el",  // Greek
        "en-AU",  // English (Australia)
        "en-CA",  // English (Canada)
        "en-GB",  // English (U.K.)
        "en-US",  // English (U.S.)
        "es-ES",  // Spanish (Spain)
        "es-MX",  // Spanish (Mexico)
        "fi",  // Finnish
        "fr-CA",  // French (Canada)
        "fr-FR",  // French (France)
        "he",  // Hebrew
        "hi",  // Hindi
        "hr",  // Croatian
        "hu",  // Hungarian
        "id",  // Indonesian
        "it",  // Italian
        "ja",  // Japanese
        "ko",  // Korean
        "ms",  // Malay
        "nl-NL",  // Dutch
        "no",  // Norwegian
        "pl",  // Polish
        "pt-BR",  // Portuguese (Brazil)
        "pt-PT",  // Portuguese (Portugal)
        "ro",  // Romanian
        "ru",  // Russian
        "sk",  // Slovak
        "sv",  // Swedish
        "th",  // Thai
        "tr",  // Turkish
        "uk",  // Ukrainian
        "vi",  // Vietnamese
        "zh-Hans",  // Chinese (Simplified)
        "zh-Hant",  // Chinese (Traditional)

        // The 11 codes added on 31 March 2026 (Apple Developer News id=97t4mt64;
        // spellings per fastlane PR #29959 and codemagic cli-tools PR #495).
        "bn-BD",  // Bangla
        "gu-IN",  // Gujarati
        "kn-IN",  // Kannada
        "ml-IN",  // Malayalam
        "mr-IN",  // Marathi
        "or-IN",  // Odia
        "pa-IN",  // Punjabi
        "sl-SI",  // Slovenian
        "ta-IN",  // Tamil
        "te-IN",  // Telugu
        "ur-PK",  // Urdu
    ]

    /// Spellings other tools write, mapped to App Store Connect's code:
    /// Xcode .storekit / Unity style with underscores ("en_US" → "en-US"), the old XML-era
    /// codes ("cmn-Hans" → "zh-Hans", "cmn-Hant" → "zh-Hant"), and common bare language codes
    /// that App Store Connect spells with a region ("en" → "en-US", "de" → "de-DE", "fr" → "fr-FR",
    /// "es" → "es-ES", "nl" → "nl-NL", "pt" → "pt-PT", "ar" → "ar-SA" ...) — only where unambiguous.
    ///
    /// Every hyphenated code and hyphenated alias also has its underscore spelling here
    /// ("zh_Hans" → "zh-Hans", "ja_JP" → "ja"). No key of this table is itself in `codes`.
    package static let aliases: [String: String] = {
        var table: [String: String] = [
            // Old XML-era (iTunes Connect / Transporter, before September 2015) spellings:
            // fastlane `ALL_LANGUAGES_LEGACY`.
            "cmn-Hans": "zh-Hans",
            "cmn-Hant": "zh-Hant",
            "da-DK": "da",
            "el-GR": "el",
            "fi-FI": "fi",
            "id-ID": "id",
            "it-IT": "it",
            "ja-JP": "ja",
            "ko-KR": "ko",
            "ms-MY": "ms",
            "no-NO": "no",
            "ru-RU": "ru",
            "sv-SE": "sv",
            "th-TH": "th",
            "tr-TR": "tr",
            "vi-VI": "vi",  // Apple's old (non-ISO) spelling

            // Region-qualified forms of codes App Store Connect spells bare:
            // spaceship/lib/assets/languageMapping.json (`locale` → `itc_locale`), plus the
            // ISO-correct Vietnamese and the pre-1989 ISO 639 code for Hebrew (Android's "iw").
            "ca-ES": "ca",
            "cs-CZ": "cs",
            "he-IL": "he",
            "hi-IN": "hi",
            "hr-HR": "hr",
            "hu-HU": "hu",
            "pl-PL": "pl",
            "ro-RO": "ro",
            "sk-SK": "sk",
            "uk-UA": "uk",
            "vi-VN": "vi",
            "iw": "he",
            "iw-IL": "he",

            // Norwegian: Xcode and CLDR write Bokmål as "nb"; App Store Connect has only "no".
            "nb": "no",
            "nb-NO": "no",

            // Chinese by region, where the script is unambiguous.
            "zh-CN": "zh-Hans",
            "zh-SG": "zh-Hans",
            "zh-TW": "zh-Hant",
            "zh-HK": "zh-Hant",
            "zh-MO": "zh-Hant",

            // A common misspelling of the U.K. region.
            "en-UK": "en-GB",

            // Bare language codes that App Store Connect spells with a region.
            // en/de/fr/es/nl/pt/ar follow fastlane languageMapping.json `alternatives`
            // (and the classic defaults); the rest have exactly one App Store Connect code.
            // Deliberately absent: "zh" (Hans or Hant?).
            "ar": "ar-SA",
            "de": "de-DE",
            "en": "en-US",
            "es": "es-ES",
            "fr": "fr-FR",
            "nl": "nl-NL",
            "pt": "pt-PT",
            "bn": "bn-BD",
            "gu": "gu-IN",
            "kn": "kn-IN",
            "ml": "ml-IN",
            "mr": "mr-IN",
            "or": "or-IN",
            "pa": "pa-IN",
            "sl": "sl-SI",
            "ta": "ta-IN",
            "te": "te-IN",
            "ur": "ur-PK",
        ]

        // Underscore spellings (Xcode .storekit, Unity, Java/POSIX locales): "en_US", "zh_Hans", "ja_JP".
        for (key, target) in table where key.contains("-") {
            table[underscored(key)] = target
        }
        for code in codes where code.contains("-") {
            table[underscored(code)] = code
        }
        return table
    }()

    /// The canonical code for `code` — itself when it is valid, its alias target otherwise, nil when unknown.
    ///
    /// Lookup is exact first; failing that, it ignores letter case (App Store Connect itself is
    /// case-sensitive, so "en-us" is answered with "en-US", which callers can offer as a fix).
    package static func canonical(_ code: String) -> String? {
        if codes.contains(code) {
            return code
        }
        if let target = aliases[code] {
            return target
        }
        return caseInsensitive[code.lowercased()]
    }

    /// Lower-cased codes and aliases → canonical code.
    private static let caseInsensitive: [String: String] = {
        var table: [String: String] = [:]
        for (key, target) in aliases {
            table[key.lowercased()] = target
        }
        for code in codes {
            table[code.lowercased()] = code
        }
        return table
    }()

    private static func underscored(_ code: String) -> String {
        String(code.map { $0 == "-" ? "_" : $0 })
    }
}
