/// The languages Google Play lists products in (a listing's `languageCode`), and how the App
/// Store's locale codes map to them. The list is Play Console's "available languages" (help
/// article 3125566) as fastlane supply keeps it (`supply/lib/supply/languages.rb`, 79 codes,
/// underscores written as hyphens for the API); docs/google-play.md says more.
package enum PlayLanguages {
    /// Every code Play accepts.
    package static let codes: Set<String> = [
        "af", "am", "ar", "az-AZ", "be", "bg", "bn-BD", "ca", "cs-CZ", "da-DK",
        "de-DE", "el-GR", "en-AU", "en-CA", "en-GB", "en-IN", "en-SG", "en-US", "en-ZA", "es-419",
        "es-ES", "es-US", "et", "eu-ES", "fa", "fi-FI", "fil", "fr-CA", "fr-FR", "gl-ES",
        "hi-IN", "hr", "hu-HU", "hy-AM", "id", "is-IS", "it-IT", "iw-IL", "ja-JP", "ka-GE",
        "km-KH", "kn-IN", "ko-KR", "ky-KG", "lo-LA", "lt", "lv", "mk-MK", "ml-IN", "mn-MN",
        "mr-IN", "ms", "ms-MY", "my-MM", "ne-NP", "nl-NL", "no-NO", "pl-PL", "pt-BR", "pt-PT",
        "rm", "ro", "ru-RU", "si-LK", "sk", "sl", "sr", "sv-SE", "sw", "ta-IN",
        "te-IN", "th", "tr-TR", "uk", "vi", "zh-CN", "zh-HK", "zh-TW", "zu",
    ]

    /// App Store locales whose Play code is spelled differently (the others are the same code, or none).
    private static let fromAppStore: [String: String] = [
        "ar-SA": "ar",
        "cs": "cs-CZ",
        "da": "da-DK",
        "el": "el-GR",
        "es-MX": "es-419",
        "fi": "fi-FI",
        "he": "iw-IL",
        "hi": "hi-IN",
        "hu": "hu-HU",
        "it": "it-IT",
        "ja": "ja-JP",
        "ko": "ko-KR",
        "no": "no-NO",
        "pl": "pl-PL",
        "ru": "ru-RU",
        "sl-SI": "sl",
        "sv": "sv-SE",
        "tr": "tr-TR",
        "zh-Hans": "zh-CN",
        "zh-Hant": "zh-TW",
    ]

    /// The Play language of an App Store locale (`ja` → `ja-JP`, `zh-Hans` → `zh-CN`); nil when Play has none.
    package static func code(forAppStoreLocale locale: String) -> String? {
        if codes.contains(locale) { return locale }
        return fromAppStore[locale]
    }

    /// `did you mean 'de-DE'?` for a near miss: another spelling (`de_DE`, `de`) of a Play code.
    package static func hint(for code: String) -> String? {
        let spelled = String(code.map { $0 == "_" ? "-" : $0 })
        let language = spelled.split(separator: "-").first.map(String.init) ?? spelled
        let match =
            codes.contains(spelled)
            ? spelled : Self.code(forAppStoreLocale: spelled) ?? codes.sorted().first(where: { $0.hasPrefix(language + "-") })
        return match.map { "did you mean '\($0)'?" }
    }
}
