/// `Accept-Encoding` negotiation between gzip and identity (RFC 9110 §12.5.3).
enum AcceptEncoding {
    /// Whether the client accepts gzip: `gzip` (or `x-gzip`) with a non-zero weight, or `*` with a
    /// non-zero weight when gzip is not named. Malformed members are skipped.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard var header else { return false }
        return header.withUTF8 { acceptsGzip(UnsafeRawBufferPointer($0)) }
    }

    /// The same decision, read from the field's bytes in place. ASCII values (what
    /// clients send) are split and compared as bytes, which for ASCII is what the `String` rules
    /// do; a weight is read as text (a short `String`, stored inline). Any other value is decided
    /// as text.
    static func acceptsGzip(_ value: UnsafeRawBufferPointer) -> Bool {
        guard FieldBytes.isASCII(value) else { return acceptsGzip(text: String(decoding: value, as: UTF8.self)) }
        var wildcard = false
        var decided: Bool?
        FieldBytes.forEachPart(of: value, separatedBy: 44) { member in  // ","
            var coding: Coding?
            var weight: Double?
            FieldBytes.forEachPart(of: member, separatedBy: 59) { part in  // ";"
                guard let known = coding else {
                    coding = Coding(FieldBytes.trimmed(part))
                    return coding != .other
                }
                // The first `q` parameter that is a number; any other parameter is skipped.
                weight = qValue(String(decoding: part, as: UTF8.self))
                return weight == nil && known != .other
            }
            switch coding {
            case .gzip?:
                decided = (weight ?? 1) > 0
                return false
            case .wildcard?:
                wildcard = (weight ?? 1) > 0
            case .other?, nil: break
            }
            return true
        }
        return decided ?? wildcard
    }

    private enum Coding {
        case gzip, wildcard, other

        init(_ name: UnsafeRawBufferPointer) {
            if FieldBytes.equalsIgnoringCase(name, "gzip") || FieldBytes.equalsIgnoringCase(name, "x-gzip") {
                self = .gzip
            } else if name.count == 1 && name[0] == 42 {  // "*"
                self = .wildcard
            } else {
                self = .other
            }
        }
    }

    /// The weight in one parameter (`q=0.5`), or nil when the parameter is not a `q` with a number.
    private static func qValue(_ parameter: some StringProtocol) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1)
        guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "q" else { return nil }
        return Double(pair[1].trimmingSpaces())
    }

    /// The rules on text, for values that are not ASCII (Unicode decides how they split and fold).
    static func acceptsGzip(text header: String) -> Bool {
        var wildcard = false
        for member in header.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces().lowercased() else { continue }
            let weight = parts.dropFirst().lazy.compactMap { qValue($0) }.first ?? 1
            switch coding {
            case "gzip", "x-gzip": return weight > 0
            case "*": wildcard = weight > 0
            default: continue
            }
        }
        return wildcard
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        // On the bytes: the characters' way (grapheme breaking, backwards) cost some 70,000
        // instructions for `application/json`, a sixth of a report's whole request.
        var bytes = Array(utf8)[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
