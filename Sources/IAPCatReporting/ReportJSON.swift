/// The few JSON values a report is made of, written as RFC 8259 text (UTF-8).
struct ReportJSON {
    private(set) var bytes: [UInt8] = []
    private var first = true

    /// `{`, the members `body` writes, `}`.
    static func object(_ body: (inout ReportJSON) -> Void) -> [UInt8] {
        var json = ReportJSON()
        json.bytes.append(UInt8(ascii: "{"))
        body(&json)
        json.bytes.append(UInt8(ascii: "}"))
        return json.bytes
    }

    /// `"name":"value"`; nothing when `value` is nil (an optional field absent).
    mutating func member(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// `"name":["a","b"]`.
    mutating func member(_ name: String, strings: [String]) {
        key(name)
        array(strings) { json, value in json.string(value) }
    }

    /// `"name":[{"id":"a","status":"3"},{"id":"b"}]`.
    mutating func member(_ name: String, missing: [MissingProducts.Entry]) {
        key(name)
        array(missing) { json, entry in
            json.bytes += ReportJSON.object { object in
                object.member("id", entry.id)
                object.member("status", entry.status)
            }
        }
    }

    private mutating func key(_ name: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func array<T>(_ values: [T], _ write: (inout ReportJSON, T) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A string: `"` and `\` escaped, control characters as `\u00XX`, everything else as it is.
    private mutating func string(_ value: String) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
