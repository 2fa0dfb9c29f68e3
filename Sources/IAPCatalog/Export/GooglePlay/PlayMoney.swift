/// A price as the Play Developer API writes it (`Money`): the currency, whole units as a decimal
/// string (an int64 in JSON), and nanos (billionths). Converted from the decimal text, never
/// through a binary floating-point number: "0.99" is 0 units and 990,000,000 nanos.
package enum PlayMoney {
    /// `{currencyCode, units, nanos}` for `amount` (a validated decimal string).
    package static func json(_ amount: String, currency: String) -> JSONValue {
        let (units, nanos) = parts(amount)
        return .object([("currencyCode", .string(currency)), ("units", .string(units)), ("nanos", .int(nanos))])
    }

    /// Whole units and nanos of a decimal string; digits past the ninth decimal are dropped.
    package static func parts(_ amount: String) -> (units: String, nanos: Int) {
        let pieces = amount.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = pieces[0].drop { $0 == "0" }
        let fraction = pieces.count > 1 ? String(pieces[1].prefix(9)) : ""
        let nanos = Int(fraction.zeroPadded(to: 9)) ?? 0
        return (whole.isEmpty ? "0" : String(whole), nanos)
    }

    /// The decimal text of a `Money` (`units` an int64, `nanos` billionths, each a JSON number or
    /// a string of one, as proto3 JSON allows), exactly and in the shortest form:
    /// `{"units": "1", "nanos": 990000000}` is `1.99`, `{"units": "9223372036854775807"}` is
    /// `9223372036854775807`. Nil when it is no amount Play can hold — not an object, a negative
    /// amount, units past the int64 range or not digits, nanos out of range — never a guess.
    package static func decimal(_ money: JSONValue) -> String? {
        guard case .object = money else { return nil }
        let units: String
        switch money["units"] {
        case nil, .null?: units = "0"
        case .string(let text)?: units = text
        case .int(let number)?: units = String(number)
        default: return nil
        }
        let nanos: Int
        switch money["nanos"] {
        case nil, .null?: nanos = 0
        case .int(let number)?: nanos = number
        case .string(let text)? where !text.isEmpty && text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) && text.utf8.count <= 9:
            nanos = Int(text) ?? -1
        default: return nil
        }
        guard !units.isEmpty, units.utf8.allSatisfy({ (0x30...0x39).contains($0) }), Int64(units) != nil,
            (0...999_999_999).contains(nanos)
        else { return nil }
        let whole = units.drop { $0 == "0" }
        var fraction = String(nanos)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (whole.isEmpty ? "0" : String(whole)) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Whether two decimal texts are the same amount (`1.50` and `1.5`).
    package static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let (x, y) = (parts(a), parts(b))
        return x.units == y.units && x.nanos == y.nanos
    }

    /// Micro-units, as Play Console's CSV writes prices ("0.99" is 990000).
    static func micros(_ amount: String) -> String {
        let (units, nanos) = parts(amount)
        let micros = String(nanos / 1_000)
        let padded = String(repeating: "0", count: 6 - micros.count) + micros
        let joined = (units == "0" ? "" : units) + padded
        let trimmed = joined.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}

extension String {
    /// The string with `0`s added at the end up to `length` characters.
    fileprivate func zeroPadded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: "0", count: length - count)
    }
}
