#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serialises a ``JSONValue`` as Xcode writes `.storekit` files (Foundation's JSONSerialization
/// with pretty printing and sorted keys on Apple platforms): keys sorted case-insensitively at
/// every level, two-space indentation, `"key" : value`, empty arrays and objects as an opening
/// bracket, a blank line and the closing one, `/` escaped as `\/`, other text unescaped beyond
/// JSON's needs, real numbers with 17 significant digits, and a final newline. A file written
/// this way does not change when Xcode saves it.
package enum XcodeJSONWriter {
    /// The text of `value`, ending in a newline.
    package static func serialize(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .double(let number): out += real(number)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[\n\n" + spaces(indent) + "]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += spaces(indent + 2)
                write(item, indent: indent + 2, into: &out)
                out += index < items.count - 1 ? ",\n" : "\n"
            }
            out += spaces(indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{\n\n" + spaces(indent) + "}"
                return
            }
            let sorted = members.sorted { order($0.key, $1.key) }
            out += "{\n"
            for (index, member) in sorted.enumerated() {
                out += spaces(indent + 2)
                writeString(member.key, into: &out)
                out += " : "
                write(member.value, indent: indent + 2, into: &out)
                out += index < sorted.count - 1 ? ",\n" : "\n"
            }
            out += spaces(indent) + "}"
        }
    }

    /// Case-insensitive order (`_storefront` before `_storeKitErrors`), then by bytes.
    private static func order(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        if la != lb { return la.utf8.lexicographicallyPrecedes(lb.utf8) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// A real number as JSONSerialization writes it: `%.17g` (`791211041.41230702`, `6`, `0.10000000000000001`).
    /// JSON has no infinity or NaN (JSONSerialization refuses them): `null` stands in.
    static func real(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        var buffer = [CChar](repeating: 0, count: 40)
        let count = withVaList([number]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
        return String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    private static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
