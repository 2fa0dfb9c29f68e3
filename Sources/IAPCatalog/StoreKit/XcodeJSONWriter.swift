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
            let sorted = members.sorted { keyPrecedes($0.key, $1.key) }
            out += [UInt8(ascii: "{"), 0x0A]
            for (index, entry) in sorted.enumerated() {
                spaces(indent + 2, into: &out)
                writeString(entry.key, into: &out)
                out += [0x20, UInt8(ascii: ":"), 0x20]
                write(entry.value, indent: indent + 2, into: &out)
                if index < sorted.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Keys in case-insensitive order (`_storefront` before `_storeKitErrors`), then by bytes.
    /// ASCII keys, all of Xcode's, are folded byte by byte; others are lower-cased (which depends
    /// on context, as for the Greek final sigma, so only whole keys are).
    static func keyPrecedes(_ first: String, _ second: String) -> Bool {
        if first.utf8.allSatisfy({ $0 < 0x80 }) && second.utf8.allSatisfy({ $0 < 0x80 }) {
            let foldedFirst = first.utf8.lazy.map(asciiLowercase), foldedSecond = second.utf8.lazy.map(asciiLowercase)
            if !foldedFirst.elementsEqual(foldedSecond) { return foldedFirst.lexicographicallyPrecedes(foldedSecond) }
        } else {
            let foldedFirst = Array(first.lowercased().utf8), foldedSecond = Array(second.lowercased().utf8)
            if foldedFirst != foldedSecond { return foldedFirst.lexicographicallyPrecedes(foldedSecond) }
        }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
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
    /// The text between escapes is copied in runs, not byte by byte.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else {
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0..<0x20:
                    let digits = Array("0123456789abcdef".utf8)
                    out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
                default: out.append(byte)  // `"`, `\` and `/` follow their backslash
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
