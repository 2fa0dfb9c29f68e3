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
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The UTF-8 bytes of `value`, ending in a newline (written into one buffer: a 10,000-product
    /// file is 13 MB).
    package static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(value, indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .int(let number): out += Array(String(number).utf8)
        case .double(let number): out += Array(real(number).utf8)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += [UInt8(ascii: "["), 0x0A, 0x0A]
                spaces(indent, into: &out)
                out.append(UInt8(ascii: "]"))
                return
            }
            out += [UInt8(ascii: "["), 0x0A]
            for (index, item) in items.enumerated() {
                spaces(indent + 2, into: &out)
                write(item, indent: indent + 2, into: &out)
                if index < items.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out += [UInt8(ascii: "{"), 0x0A, 0x0A]
                spaces(indent, into: &out)
                out.append(UInt8(ascii: "}"))
                return
            }
            // Case-insensitive order (`_storefront` before `_storeKitErrors`), then by bytes; each
            // key is lower-cased once.
            let sorted = members.map { (folded: Array($0.key.lowercased().utf8), member: $0) }.sorted {
                $0.folded != $1.folded
                    ? $0.folded.lexicographicallyPrecedes($1.folded) : $0.member.key.utf8.lexicographicallyPrecedes($1.member.key.utf8)
            }
            out += [UInt8(ascii: "{"), 0x0A]
            for (index, entry) in sorted.enumerated() {
                spaces(indent + 2, into: &out)
                writeString(entry.member.key, into: &out)
                out += [0x20, UInt8(ascii: ":"), 0x20]
                write(entry.member.value, indent: indent + 2, into: &out)
                if index < sorted.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A real number as JSONSerialization writes it: `%.17g` (`791211041.41230702`, `6`, `0.10000000000000001`).
    /// JSON has no infinity or NaN (JSONSerialization refuses them): `null` stands in.
    static func real(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        var buffer = [CChar](repeating: 0, count: 40)
        let count = withVaList([number]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
        return String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func spaces(_ count: Int, into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0x20, count: count))
    }

    /// A JSON string: `"`, `\` and `/` escaped (JSONSerialization escapes the slash), control
    /// characters as `\n`-style or `\u00xx` escapes, everything else (all non-ASCII bytes) as is.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "/"): out += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)],
                    digits[Int(byte & 0x0F)],
                ]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
