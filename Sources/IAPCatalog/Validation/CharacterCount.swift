/// Counts characters (grapheme clusters, as App Store Connect and `String.count` count them)
/// without walking grapheme boundaries for the scripts catalogs are mostly written in.
enum CharacterCount {
    /// Equal to `text.count`. Text made only of scalars that never join their neighbours (ASCII
    /// except CR LF, Latin-1 and Latin Extended, Greek, Cyrillic, kana, CJK ideographs, Hangul
    /// syllables) has one character per scalar; anything else (combining marks, emoji, ZWJ,
    /// variation selectors…) is counted by the standard library.
    static func of(_ text: String) -> Int {
        var count = 0
        var previous: Unicode.Scalar = "\0"
        for scalar in text.unicodeScalars {
            guard isStandalone(scalar) else { return text.count }
            if !(previous == "\r" && scalar == "\n") { count += 1 }
            previous = scalar
        }
        return count
    }

    private static func isStandalone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x300: true  // ASCII, Latin-1, Latin Extended-A/B, IPA, spacing modifiers
        case 0x370...0x482, 0x48A...0x52F: true  // Greek, Cyrillic (without combining 0483–0489)
        case 0x3041...0x3096, 0x309B...0x30FF: true  // Hiragana, Katakana (without combining 3099–309A)
        case 0x4E00...0x9FFF: true  // CJK Unified Ideographs
        case 0xAC00...0xD7A3: true  // Hangul syllables
        default: false
        }
    }
}
