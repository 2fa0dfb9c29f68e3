/// What one text field of the report contract may be: a length in characters and a class of
/// ASCII characters, as `schemas/report.schema.json` and the server's `ReportRules` state them (a
/// test holds the three together). Every class is ASCII, so a character is a byte.
package struct ReportTextRule: Sendable {
    /// The characters a class allows.
    package enum Characters: Sendable {
        /// `A-Z a-z 0-9 _ -`
        case token
        /// `A-Z a-z 0-9 . _ -`
        case dottedToken
        /// `A-Z a-z 0-9 . _ / -`
        case path
        /// `a-z 0-9 _`
        case lowercaseToken
        /// `A-Z a-z`
        case letters
        /// Space to `~` (0x20–0x7E).
        case printable

        package func allows(_ byte: UInt8) -> Bool {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let digit = byte >= 0x30 && byte <= 0x39
            switch self {
            case .token: return letter || digit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            case .dottedToken: return letter || digit || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            case .path:
                return letter || digit || [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "/"), UInt8(ascii: "-")].contains(byte)
            case .lowercaseToken: return (byte >= 0x61 && byte <= 0x7A) || digit || byte == UInt8(ascii: "_")
            case .letters: return letter
            case .printable: return byte >= 0x20 && byte <= 0x7E
            }
        }
    }

    package let length: ClosedRange<Int>
    package let characters: Characters

    package init(length: ClosedRange<Int>, characters: Characters) {
        self.length = length
        self.characters = characters
    }

    /// Nil when `value` follows the rule, else what is wrong with it.
    package func violation(_ value: String) -> String? {
        guard value.utf8.allSatisfy(characters.allows) else { return "holds a character the contract does not allow" }
        guard length.contains(value.utf8.count) else { return "must be \(length.lowerBound)–\(length.upperBound) characters" }
        return nil
    }
}
