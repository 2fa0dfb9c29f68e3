/// How a string is written in YAML: plain when no YAML 1.1 or 1.2 reader could take it for
/// anything but that string, double-quoted with escapes otherwise.
enum YAMLScalar {
    /// Words YAML 1.1 readers take for booleans or null, in any case.
    private static let reserved: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"]

    static func render(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    /// Starts with a letter; holds only letters, digits, spaces and `._-/()+'&,!?`; no
    /// surrounding spaces; not a word YAML 1.1 reads as a boolean or null.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " ",
            !reserved.contains(text.lowercased())
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || " ._-/()+'&,!?".unicodeScalars.contains(scalar)
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
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
