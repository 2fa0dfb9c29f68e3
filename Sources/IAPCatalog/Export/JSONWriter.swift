/// Serialises a ``JSONValue`` deterministically: keys in the value's order, two-space indent,
/// `": "` after keys, shortest round-trip numbers, minimal escaping, and a final newline.
///
/// Written as UTF-8 bytes into one buffer, strings copied in runs between the bytes that need an
/// escape: a 10,000-product products_v2.json is 7 MB of mostly text.
package enum JSONWriter {
    package static func serialize(_ value: JSONValue, pretty: Bool = true) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``serialize(_:pretty:)``.
    package static func bytes(_ value: JSONValue, pretty: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        write(value, into: &output, indent: pretty ? 0 : nil)
        if pretty { output.append(0x0A) }
        return output
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8], indent: Int?) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .int(let int): output.append(contentsOf: String(int).utf8)
        case .double(let double):
            if double == double.rounded(), abs(double) < 1e15 {
                output.append(contentsOf: String(Int(double)).utf8)
            } else {
                output.append(contentsOf: String(describing: double).utf8)
            }
        case .string(let string): writeString(string, into: &output)
        case .array(let items):
            writeContainer(items, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &output, indent: indent) {
                item, output, indent in
                write(item, into: &output, indent: indent)
            }
        case .object(let members):
            writeContainer(members, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &output, indent: indent) {
                member, output, indent in
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(0x20) }
                write(member.value, into: &output, indent: indent)
            }
        }
    }

    private static func writeContainer<Element>(
        _ elements: [Element], open: UInt8, close: UInt8, into output: inout [UInt8], indent: Int?,
        writeElement: (Element, inout [UInt8], Int?) -> Void
    ) {
        output.append(open)
        guard !elements.isEmpty else {
            output.append(close)
            return
        }
        let inner = indent.map { $0 + 2 }
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            if let inner { newline(indent: inner, into: &output) }
            writeElement(element, &output, inner)
        }
        if let indent { newline(indent: indent, into: &output) }
        output.append(close)
    }

    private static func newline(indent: Int, into output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: indent))
    }

    /// A JSON string: `"`, `\`, control characters, U+2028 and U+2029 escaped, everything else as is.
    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let escape: [UInt8]?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = Array("\\\"".utf8)
                case UInt8(ascii: "\\"): escape = Array("\\\\".utf8)
                case 0x0A: escape = Array("\\n".utf8)
                case 0x0D: escape = Array("\\r".utf8)
                case 0x09: escape = Array("\\t".utf8)
                case 0x08: escape = Array("\\b".utf8)
                case 0x0C: escape = Array("\\f".utf8)
                case 0..<0x20: escape = unicodeEscape(UInt32(byte))
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: line ends to JavaScript.
                    escape = unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    length = 3
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(contentsOf: escape)
                index += length
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\uXXXX` with upper-case hex digits.
    private static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = String(value, radix: 16, uppercase: true)
        return Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
}
