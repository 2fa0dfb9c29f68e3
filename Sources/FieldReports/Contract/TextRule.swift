/// What one text value of the report contract may be: a length in characters and a pattern, as
/// `schemas/report.schema.json` states them (`minLength`, `maxLength`, `pattern`; a test holds the
/// two together). Every pattern of the contract is ASCII, so a character is a byte. A class: the
/// decoder passes rules around for every value it reads, and a reference is the cheapest to pass.
package final class TextRule: Sendable {
    package let length: ClosedRange<Int>
    /// The schema's `pattern`: `^[CLASS]+$`, a class of ASCII characters (ranges, literals and
    /// `\xHH`), read once into a table; or ``TextRule/timestampPattern``.
    package let pattern: String
    /// The allowed characters in words, for problem details (`letters, digits, _ and -`).
    package let characters: String
    private let shape: Shape

    private enum Shape: Sendable {
        case characters(ASCIISet)
        case timestamp
    }

    /// A rule of `length` characters, each matching the class of `pattern` (`^[A-Za-z0-9_-]+$`).
    package init(length: ClosedRange<Int>, pattern: String, characters: String) {
        self.length = length
        self.pattern = pattern
        self.characters = characters
        shape = pattern == Self.timestampPattern ? .timestamp : .characters(ASCIISet(pattern: pattern))
    }

    /// RFC 3339's `date-time` in UTC or with an offset, seconds required, up to nanoseconds:
    /// `2026-11-27T09:30:00Z`, `2026-11-27T10:30:00.123+01:00`.
    package static let timestampPattern =
        #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$"#

    /// Whether `text` (the value's bytes, JSON escapes resolved) matches the pattern; its length
    /// is checked apart (``length``).
    package func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch shape {
        case .characters(let set):
            let (low, high) = (set.low, set.high)
            for byte in text {
                guard byte < 128, ((byte < 64 ? low : high) &>> UInt64(byte & 63)) & 1 != 0 else { return false }
            }
            return true
        case .timestamp:
            return Self.isTimestamp(text)
        }
    }

    /// What a problem says of a value that does not match: "may hold only letters, digits, _ and -".
    package var mismatch: String {
        switch shape {
        case .characters: "may hold only \(characters)"
        case .timestamp: "must be \(characters)"
        }
    }

    /// `DDDD-DD-DDTDD:DD:DD`, then `.D…` (1–9 digits), then `Z` or `±DD:DD`.
    private static func isTimestamp(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func fits(_ template: StaticString, at start: Int) -> Bool {
            let count = template.utf8CodeUnitCount
            guard start + count <= text.count else { return false }
            for index in 0..<count {
                let expected = template.utf8Start[index]
                let byte = text[start + index]
                if expected == UInt8(ascii: "D") ? !isDigit(byte) : byte != expected { return false }
            }
            return true
        }
        guard fits("DDDD-DD-DDTDD:DD:DD", at: 0) else { return false }
        var offset = 19
        if offset < text.count, text[offset] == UInt8(ascii: ".") {
            offset += 1
            let digits = offset
            while offset < text.count, isDigit(text[offset]) { offset += 1 }
            guard (1...9).contains(offset - digits) else { return false }
        }
        guard offset < text.count else { return false }
        switch text[offset] {
        case UInt8(ascii: "Z"): return offset + 1 == text.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"): return fits("DD:DD", at: offset + 1) && offset + 6 == text.count
        default: return false
        }
    }
}

/// A set of ASCII bytes, read from a pattern of the form `^[CLASS]+$`.
struct ASCIISet: Sendable {
    /// Bytes 0–63 and 64–127, one bit each.
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0

    init(pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        precondition(
            scalars.count > 5 && String(String.UnicodeScalarView(scalars.prefix(2))) == "^["
                && String(String.UnicodeScalarView(scalars.suffix(3))) == "]+$",
            "a text rule's pattern is ^[CLASS]+$: \(pattern)")
        var atoms = scalars.dropFirst(2).dropLast(3)[...]
        // One character of the class: a literal, `\xHH` or `\` and a literal.
        func atom() -> UInt8 {
            let first = atoms.removeFirst()
            guard first == "\\" else { return UInt8(ascii: first) }
            let next = atoms.removeFirst()
            guard next == "x" else { return UInt8(ascii: next) }
            let hex = String(String.UnicodeScalarView([atoms.removeFirst(), atoms.removeFirst()]))
            return UInt8(hex, radix: 16)!
        }
        while !atoms.isEmpty {
            let from = atom()
            if atoms.count >= 2, atoms.first == "-" {
                atoms.removeFirst()
                let to = atom()
                for byte in from...to { insert(byte) }
            } else {
                insert(from)
            }
        }
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 0x80, "a text rule's class is ASCII")
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
}
