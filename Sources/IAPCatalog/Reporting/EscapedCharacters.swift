/// The characters no output of iapcat carries raw, in any format: each format writes them as its own
/// escape (text and Markdown `\u{202E}`, JSON `\u202e`, GitHub annotations and SARIF messages as
/// text does, HTML U+FFFD). The one rule; every format asks it.
///
/// - C0 controls, DEL and the C1 controls (ESC, CSI U+009B, OSC U+009D, …): a terminal or a log
///   viewer acts on them, and a line break starts a line of its own (a CI workflow command).
/// - U+2028 and U+2029, line ends to JavaScript and to some viewers.
/// - The bidirectional controls: ALM U+061C, LRM and RLM U+200E–U+200F, LRE RLE PDF LRO RLO
///   U+202A–U+202E, LRI RLI FSI PDI U+2066–U+2069. They show no glyph but reorder the text around
///   them ("Trojan Source", CVE-2021-42574): an id holding U+202E reads backwards, so a reader
///   would see another id, or another command, than the one there.
package enum EscapedCharacters {
    /// Whether `scalar` is one of them.
    @inline(__always)
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return true }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        if value < 0x061C { return false }
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` holds one of them.
    package static func any(in text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: contains)
    }

    /// `json`, a JSON text, with each of them that is still raw written as a `\u202e`-style escape: the encoders
    /// (`JSONEncoder`, ``JSONWriter``) escape C0, and U+2028/U+2029, only. Outside its strings a JSON text is ASCII,
    /// so every such character is inside a string; C0 outside one is the layout's whitespace, left as it is. A
    /// reader gets the same strings back.
    package static func escapingJSON(_ json: String) -> String {
        func isRaw(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x20 && contains(scalar) }
        guard json.unicodeScalars.contains(where: isRaw) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isRaw(scalar) else {
                out.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(out)
    }
}
