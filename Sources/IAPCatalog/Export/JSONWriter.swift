/// Serialises a ``JSONValue`` deterministically: keys in the value's order, two-space indent,
/// `": "` after keys, shortest round-trip numbers, minimal escaping, and a final newline.
package enum JSONWriter {
    package static func serialize(_ value: JSONValue, pretty: Bool = true) -> String {
        var output = ""
        write(value, into: &output, indent: pretty ? 0 : nil)
        if pretty { output += "\n" }
        return output
    }

    private static func write(_ value: JSONValue, into output: inout String, indent: Int?) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double):
            if double == double.rounded(), abs(double) < 1e15 {
                output += String(Int(double))
            } else {
                output += String(describing: double)
            }
        case .string(let string): writeString(string, into: &output)
        case .array(let items):
            writeContainer(items, open: "[", close: "]", into: &output, indent: indent) { item, output, indent in
                write(item, into: &output, indent: indent)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", into: &output, indent: indent) { member, output, indent in
                writeString(member.key, into: &output)
                output += indent == nil ? ":" : ": "
                write(member.value, into: &output, indent: indent)
            }
        }
    }

    private static func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, into output: inout String, indent: Int?,
        writeElement: (Element, inout String, Int?) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output += "," }
            if let inner { output += "\n" + String(repeating: " ", count: inner) }
            writeElement(element, &output, inner)
        }
        if let indent { output += "\n" + String(repeating: " ", count: indent) }
        output += close
    }

    static func writeString(_ string: String, into output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
