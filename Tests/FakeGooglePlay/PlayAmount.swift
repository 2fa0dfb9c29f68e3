/// A `Money` value (`{"currencyCode": "USD", "units": "1", "nanos": 990000000}`) read as Google's
/// proto3 JSON parser reads it, with the fake's stricter typing: `units` an int64 written as a JSON
/// string, `nanos` a JSON integer; both may be left out (zero). Only amounts ≥ 0 are accepted.
struct PlayAmount: Equatable {
    var currencyCode: String
    var units: Int
    var nanos: Int

    /// The amount in billionths.
    var totalNanos: Int { units * 1_000_000_000 + nanos }

    /// Reads the Money at `path`; nil when absent.
    static func read(_ value: PlayJSON?, at path: String) throws(PlayError) -> PlayAmount? {
        guard let money = try Field.object(value, at: path) else { return nil }
        let currency = try Field.string(money["currencyCode"], at: path + ".currencyCode") ?? ""
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw .invalid("\(path).currencyCode must be an ISO 4217 currency code, got '\(currency)'.")
        }
        var units = 0
        switch money["units"] {
        case nil: break
        case .string(let text)?:
            guard let value = Int(text) else { throw .invalidValue(path + ".units", expected: "an int64 as a JSON string") }
            units = value
        case _?:
            throw .invalidValue(path + ".units", expected: "an int64 as a JSON string (\"1\")")
        }
        var nanos = 0
        switch money["nanos"] {
        case nil: break
        case .int(let value)?: nanos = value
        case _?: throw .invalidValue(path + ".nanos", expected: "an integer")
        }
        guard units >= 0, (0...999_999_999).contains(nanos), units <= 1_000_000_000 else {
            throw .invalid("\(path) must be an amount of at least 0 with nanos in 0...999999999 (units \(units), nanos \(nanos)).")
        }
        return PlayAmount(currencyCode: currency, units: units, nanos: nanos)
    }

    /// Reads the Money at `path`, which must be present and in `currency`.
    static func read(_ value: PlayJSON?, at path: String, currency: String) throws(PlayError) -> PlayAmount {
        guard let amount = try read(value, at: path) else { throw .invalid("\(path) is required.") }
        guard amount.currencyCode == currency else {
            throw .invalid("\(path) must be in \(currency), got \(amount.currencyCode).")
        }
        return amount
    }

    /// The amount as Google answers it (`units` and `nanos` left out when zero).
    var json: PlayJSON {
        var money: [String: PlayJSON] = ["currencyCode": .string(currencyCode)]
        if units != 0 { money["units"] = .string(String(units)) }
        if nanos != 0 { money["nanos"] = .int(nanos) }
        return .object(money)
    }

    /// `nanos` billionths of `currency`.
    init(currencyCode: String, totalNanos: Int) {
        self.init(currencyCode: currencyCode, units: totalNanos / 1_000_000_000, nanos: totalNanos % 1_000_000_000)
    }

    init(currencyCode: String, units: Int, nanos: Int) {
        self.currencyCode = currencyCode
        self.units = units
        self.nanos = nanos
    }
}
