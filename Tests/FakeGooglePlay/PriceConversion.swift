/// `POST pricing:convertRegionPrices` with made-up, fixed exchange rates and VAT for five regions:
/// the shape Google answers, not its numbers.
extension PlayState {
    /// A region the conversion answers for: its currency, units of it per US dollar (as a
    /// fraction), its tax in percent, and how many decimals its prices keep.
    private struct Rate {
        var currency: String
        var perDollar: (numerator: Int, denominator: Int)
        var taxPercent: Int
        var decimals: Int
    }

    private static let rates: [String: Rate] = [
        "US": Rate(currency: "USD", perDollar: (1, 1), taxPercent: 0, decimals: 2),
        "GB": Rate(currency: "GBP", perDollar: (79, 100), taxPercent: 20, decimals: 2),
        "DE": Rate(currency: "EUR", perDollar: (92, 100), taxPercent: 19, decimals: 2),
        "FR": Rate(currency: "EUR", perDollar: (92, 100), taxPercent: 20, decimals: 2),
        "JP": Rate(currency: "JPY", perDollar: (150, 1), taxPercent: 10, decimals: 0),
    ]

    /// Request `{"price": Money}` (tax exclusive; USD, EUR, GBP or JPY). Answer
    /// `{"convertedRegionPrices": {region: {regionCode, price, taxAmount}}, "convertedOtherRegionsPrice": {usdPrice, eurPrice},
    /// "regionVersion": {"version": …}}` with prices tax inclusive.
    func convertRegionPrices(_ call: PlayCall) throws(PlayError) -> PlayJSON {
        let body = try call.object()
        guard let price = try PlayAmount.read(body["price"], at: "price") else { throw .invalid("price is required.") }
        guard price.units < 100_000 else { throw .invalid("price is too high to convert: at most 99999 units.") }
        _ = try Field.string(body["productTaxCategoryCode"], at: "productTaxCategoryCode")
        let sources = ["USD": Self.rates["US"], "GBP": Self.rates["GB"], "EUR": Self.rates["DE"], "JPY": Self.rates["JP"]]
        guard let source = sources[price.currencyCode] ?? nil else {
            throw .invalid("Unsupported currency \(price.currencyCode): the fake converts from USD, EUR, GBP or JPY.")
        }
        let dollarNanos = price.totalNanos / source.perDollar.numerator * source.perDollar.denominator
        var converted: [String: PlayJSON] = [:]
        for (region, rate) in Self.rates {
            let net = dollarNanos / rate.perDollar.denominator * rate.perDollar.numerator
            let gross = Self.rounded(net + net / 100 * rate.taxPercent, decimals: rate.decimals)
            let tax = Self.rounded(gross - gross * 100 / (100 + rate.taxPercent), decimals: rate.decimals)
            converted[region] = .object([
                "regionCode": .string(region), "price": PlayAmount(currencyCode: rate.currency, totalNanos: gross).json,
                "taxAmount": PlayAmount(currencyCode: rate.currency, totalNanos: tax).json,
            ])
        }
        let euroNanos = Self.rounded(dollarNanos / 100 * 92, decimals: 2)
        return .object([
            "convertedRegionPrices": .object(converted),
            "convertedOtherRegionsPrice": .object([
                "usdPrice": PlayAmount(currencyCode: "USD", totalNanos: Self.rounded(dollarNanos, decimals: 2)).json,
                "eurPrice": PlayAmount(currencyCode: "EUR", totalNanos: euroNanos).json,
            ]),
            "regionVersion": .object(["version": .string(regionsVersion)]),
        ])
    }

    /// `nanos` rounded half up to `decimals` decimals.
    private static func rounded(_ nanos: Int, decimals: Int) -> Int {
        var step = 1_000_000_000
        for _ in 0..<decimals { step /= 10 }
        return (nanos + step / 2) / step * step
    }
}
