/// Counts characters (grapheme clusters, as App Store Connect and `String.count` count them)
/// without walking grapheme boundaries for the scripts catalogs are mostly written in.
enum CharacterCount {
    /// Equal to `text.count`. Text made only of scalars that never join their neighbours (ASCII
    /// except CR LF, Latin-1 and Latin Extended, Greek, Cyrillic, kana, CJK ideographs and
    /// punctuation, fullwidth forms, Hangul syllables) has one character per scalar; anything else
    /// (combining marks, emoji, ZWJ, variation selectors…) is counted by the standard library.
    static func of(_ text: String) -> Int {
        // Read as UTF-8 bytes where the string is stored contiguously (native strings always are).
        let counted = text.utf8.withContiguousStorageIfAvailable { standaloneCount(utf8: $0) } ?? nil
        return counted ?? text.count
    }

    /// The number of scalars, CR LF counting once; nil as soon as a scalar that may join its
    /// neighbours appears. `bytes` is valid UTF-8 (a `String`'s storage).
    private static func standaloneCount(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var cursor = 0
        var afterCarriageReturn = false
        while cursor < bytes.count {
            let lead = bytes[cursor]
            if lead < 0x80 {
                if !(afterCarriageReturn && lead == 0x0A) { count += 1 }
                afterCarriageReturn = lead == 0x0D
                cursor += 1
                continue
            }
            afterCarriageReturn = false
            let scalar: UInt32
            if lead < 0xE0 {
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[cursor + 1] & 0x3F)
                cursor += 2
            } else if lead < 0xF0 {
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[cursor + 1] & 0x3F) << 6 | UInt32(bytes[cursor + 2] & 0x3F)
                cursor += 3
            } else {
                return nil  // beyond the Basic Multilingual Plane: emoji and the like
            }
            guard isStandalone(scalar) else { return nil }
            count += 1
        }
        return count
    }

    private static func isStandalone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0..<0x300: true  // ASCII, Latin-1, Latin Extended-A/B, IPA, spacing modifiers
        case 0x370...0x482, 0x48A...0x52F: true  // Greek, Cyrillic (without combining 0483–0489)
        case 0x3000...0x3029, 0x3030...0x303F: true  // CJK punctuation (without the tone marks 302A–302F)
        case 0x3041...0x3096, 0x309B...0x30FF: true  // Hiragana, Katakana (without combining 3099–309A)
        case 0x4E00...0x9FFF: true  // CJK Unified Ideographs
        case 0xAC00...0xD7A3: true  // Hangul syllables
        case 0xFF01...0xFF9D: true  // fullwidth forms, halfwidth katakana (without the sound marks FF9E–FF9F)
        default: false
        }
    }
}
