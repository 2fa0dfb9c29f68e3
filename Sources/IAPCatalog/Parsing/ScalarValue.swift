/// The typed value of a scalar, resolved per the YAML 1.2 core schema: only `true`/`false` are
/// booleans (not `yes`/`no`/`on`/`off`), so "Norway" stays a string.
package enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)

    /// The type alone, for readers that only need to accept or reject a scalar.
    enum Kind: Sendable {
        case null, bool, int, float, string
    }

    static func resolve(_ scalar: Scalar) -> ScalarValue {
        let text = scalar.text
        guard scalar.isPlain else { return .string(text) }
        var copy = text
        return copy.withUTF8 { bytes in
            switch kind(of: bytes) {
            case .null: .null
            case .bool: .bool(bytes.count == 4)
            case .int:
                // Decimal integers beyond Int are still numbers, as in YAML's core schema.
                if let integer = parseInteger(text) {
                    .int(integer)
                } else if text.hasPrefix("0x") || text.hasPrefix("0o") {
                    .string(text)
                } else {
                    .float(Double(text) ?? .nan)
                }
            case .float: .float(specialFloat(text) ?? Double(text) ?? .nan)
            case .string: .string(text)
            }
        }
    }

    /// The type of a plain scalar's text. Works on bytes: it runs for every scalar of a catalog.
    static func kind(of bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return numberKind(bytes)
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return isOneOf(bytes, "~", "null", "Null", "NULL") ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return isOneOf(bytes, "true", "True", "TRUE") ? .bool : .string
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return isOneOf(bytes, "false", "False", "FALSE") ? .bool : .string
        default:
            return .string
        }
    }

    private static func isOneOf(_ bytes: UnsafeBufferPointer<UInt8>, _ words: StaticString...) -> Bool {
        words.contains { word in
            UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).hasSameBytes(as: bytes)
        }
    }

    private static func numberKind(_ bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        if isOneOf(bytes, ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN") {
            return .float
        }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o") {
            let isDigit: (UInt8) -> Bool =
                bytes[1] == UInt8(ascii: "x")
                ? { isDecimalDigit($0) || (0x61...0x66).contains($0 | 0x20) } : { (0x30...0x37).contains($0) }
            return bytes.dropFirst(2).allSatisfy(isDigit) ? .int : .string
        }
        var cursor = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { cursor = 1 }
        let integerStart = cursor
        while cursor < bytes.count, isDecimalDigit(bytes[cursor]) { cursor += 1 }
        let integerDigits = cursor - integerStart
        if cursor == bytes.count { return integerDigits > 0 ? .int : .string }
        // `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
        var fractionDigits = 0
        if bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            while cursor < bytes.count, isDecimalDigit(bytes[cursor]) {
                cursor += 1
                fractionDigits += 1
            }
        }
        guard integerDigits + fractionDigits > 0 else { return .string }
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") { cursor += 1 }
            let exponentStart = cursor
            while cursor < bytes.count, isDecimalDigit(bytes[cursor]) { cursor += 1 }
            guard cursor > exponentStart else { return .string }
        }
        return cursor == bytes.count ? .float : .string
    }

    private static func specialFloat(_ text: String) -> Double? {
        switch text.lowercased() {
        case ".inf", "+.inf": .infinity
        case "-.inf": -.infinity
        case ".nan": .nan
        default: nil
        }
    }

    private static func isDecimalDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// An integer in decimal, `0x` hex or `0o` octal; nil when it does not fit in an `Int`.
    private static func parseInteger(_ text: String) -> Int? {
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("0o") { return Int(text.dropFirst(2), radix: 8) }
        return Int(text.first == "+" ? String(text.dropFirst()) : text)
    }
}
