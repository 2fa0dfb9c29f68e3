/// The locale codes App Store Connect accepts for in-app purchase and subscription localizations:
/// the 39 classic codes and the 11 added in March 2026.
enum Locales {
    static let codes: Set<String> = [
        "ar-SA", "ca", "cs", "da", "de-DE", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi", "fr-CA", "fr-FR", "he",
        "hi", "hr", "hu", "id", "it", "ja", "ko", "ms", "nl-NL", "no", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk",
        "vi", "zh-Hans", "zh-Hant",
        "bn-BD", "gu-IN", "kn-IN", "ml-IN", "mr-IN", "or-IN", "pa-IN", "sl-SI", "ta-IN", "te-IN", "ur-PK",
    ]
}
