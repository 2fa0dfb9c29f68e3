/// How a string is written in YAML: plain when no YAML 1.1 or 1.2 reader could take it for
/// anything but that string, double-quoted with escapes otherwise.
enum YAMLScalar {
    /// Words YAML 1.1 readers take for booleans or null, in any case.
    private static let reserved: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"]

    static func render(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    /// As ``render(_:)``, for a value inside `[…]` or `{…}`, where a comma or a bracket would end it.
    static func renderInFlow(_ text: String) -> String {
        isPlainSafe(text) && !text.utf8.contains(where: { $0 == UInt8(ascii: ",") }) ? text : quoted(text)
    }

    /// Starts with a letter; holds only letters, digits, spaces and `._-/()+'&,!?`; no
    /// surrounding spaces; not a word YAML 1.1 reads as a boolean or null.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " " else { return false }
        // The reserved words are ASCII of at most 5 letters, and only ASCII lowercases to ASCII
        // letters other than "k" (from the Kelvin sign), so longer text need not be lowercased.
        if text.utf8.count <= 5 && reserved.contains(text.lowercased()) { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                ? isPlainSafeASCII(UInt8(truncatingIfNeeded: scalar.value))
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    /// ASCII letters and digits, and the punctuation `isPlainSafe` allows: `._-/()+'&,!?` and space.
    private static func isPlainSafeASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "'"), UInt8(ascii: "&"), UInt8(ascii: ","), UInt8(ascii: "!"),
            UInt8(ascii: "?"):
            true
        default: false
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            // Line breaks to YAML 1.1 readers (libyaml folds them inside quotes): NEL, LS, PS.
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            // Outside YAML's printable set (C0, DEL, C1), or a byte-order mark a reader may drop.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            case "\u{FEFF}": result += "\\uFEFF"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
