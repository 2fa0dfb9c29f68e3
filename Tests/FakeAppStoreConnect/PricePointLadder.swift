import Foundation

/// A price point: the `index`-th step of the price ladder in `territory`, for one product (price
/// points are product-scoped: the same step of two products has two ids).
struct PricePoint: Hashable, Sendable {
    /// The in-app purchase or subscription resource id.
    var product: String
    var territory: String
    /// The step of the ladder, 0-based; the same step in every territory is an equalization.
    var index: Int

    /// An opaque id in the manner of Apple's: base64url of `{"p":10005,"s":"<product>","t":"USA"}`.
    var id: String {
        let json: JSON = ["s": .string(product), "t": .string(territory), "p": .int(PricePointLadder.firstPointNumber + index)]
        return Base64URL.encode(json.serialized)
    }

    /// The point an id stands for; nil when `id` is not a price point id.
    init?(id: String) {
        guard let data = Base64URL.decode(id), let object = JSON.parse(data)?.object,
            let product = object["s"]?.string, let territory = object["t"]?.string, let number = object["p"]?.int
        else { return nil }
        let index = number - PricePointLadder.firstPointNumber
        guard PricePointLadder.indices.contains(index) else { return nil }
        self.init(product: product, territory: territory, index: index)
    }

    init(product: String, territory: String, index: Int) {
        self.product = product
        self.territory = territory
        self.index = index
    }

    var customerPrice: String { PricePointLadder.customerPrice(territory: territory, index: index) }
}

/// The fake's price ladder: the U.S. prices 0.29…0.89 and then the legacy tier prices 0.99…999.99;
/// every other territory has the same steps at a fixed exchange rate, rounded to prices a store would
/// show (x.99, x.90 in Brazil, whole tens of yen in Japan) and kept strictly increasing.
enum PricePointLadder {
    /// The number in a price point id of step 0.
    static let firstPointNumber = 10001

    /// U.S. prices in cents: seven steps below 0.99, then legacy tiers 1–87.
    static let usdCents: [Int] =
        [29, 39, 49, 59, 69, 79, 89]
        + [
            "0.99", "1.99", "2.99", "3.99", "4.99", "5.99", "6.99", "7.99", "8.99", "9.99", "10.99", "11.99", "12.99", "13.99", "14.99",
            "15.99", "16.99", "17.99", "18.99", "19.99", "20.99", "21.99", "22.99", "23.99", "24.99", "25.99", "26.99", "27.99", "28.99",
            "29.99", "30.99", "31.99", "32.99", "33.99", "34.99", "35.99", "36.99", "37.99", "38.99", "39.99", "40.99", "41.99",
            "42.99", "43.99", "44.99", "45.99", "46.99", "47.99", "48.99", "49.99", "54.99", "59.99", "64.99", "69.99", "74.99",
            "79.99", "84.99", "89.99", "94.99", "99.99", "109.99", "119.99", "124.99", "129.99", "139.99", "149.99", "159.99",
            "169.99", "174.99", "179.99", "189.99", "199.99", "209.99", "219.99", "229.99", "239.99", "249.99", "299.99", "349.99",
            "399.99", "449.99", "499.99", "599.99", "699.99", "799.99", "899.99", "999.99",
        ].map(cents)

    static var indices: Range<Int> { usdCents.indices }

    /// How a territory's prices look.
    enum Rounding: Sendable {
        /// Two decimals below 1, otherwise a whole amount minus 0.01 (4.99).
        case ninetyNine
        /// Two decimals below 1, otherwise a whole amount minus 0.10 (27.90).
        case ninety
        /// Whole tens, no decimals (160).
        case tens
    }

    /// Currency, rate against USD and rounding of the territories the fake knows; any other
    /// territory is priced like the United States.
    static let territories: [String: (currency: String, rate: Double, rounding: Rounding)] = [
        "USA": ("USD", 1.0, .ninetyNine), "DEU": ("EUR", 1.0, .ninetyNine), "FRA": ("EUR", 1.0, .ninetyNine),
        "GBR": ("GBP", 0.9, .ninetyNine), "CAN": ("CAD", 1.4, .ninetyNine), "AUS": ("AUD", 1.6, .ninetyNine),
        "BRA": ("BRL", 5.5, .ninety), "JPN": ("JPY", 160, .tens),
    ]

    static func currency(of territory: String) -> String {
        territories[territory]?.currency ?? "USD"
    }

    /// The customer price of step `index` in `territory` ("4.99", "160").
    static func customerPrice(territory: String, index: Int) -> String {
        format(ladders[territory]?[index] ?? ladders["USA"]![index], rounding: rounding(territory))
    }

    /// What the developer receives: 70 % of the customer price (`share` 0.85 for a subscription's second year).
    static func proceeds(territory: String, index: Int, share: Double = 0.7) -> String {
        let amount = ladders[territory]?[index] ?? ladders["USA"]![index]
        return format(Int((Double(amount) * share).rounded()), rounding: rounding(territory))
    }

    private static func rounding(_ territory: String) -> Rounding {
        territories[territory]?.rounding ?? .ninetyNine
    }

    /// Each known territory's ladder, in minor units (cents; yen for `.tens`).
    private static let ladders: [String: [Int]] = territories.mapValues { info in
        var ladder: [Int] = []
        for usd in usdCents {
            let value = Double(usd) / 100 * info.rate
            var amount: Int
            let step: Int
            switch info.rounding {
            case .ninetyNine, .ninety:
                let ending = info.rounding == .ninety ? 10 : 1
                amount = value < 1 ? Int((value * 100).rounded()) : Int(value.rounded()) * 100 - ending
                step = 50
            case .tens:
                amount = max(10, Int((value / 10).rounded()) * 10)
                step = 10
            }
            if let previous = ladder.last, amount <= previous { amount = previous + step }
            ladder.append(amount)
        }
        return ladder
    }

    private static func format(_ amount: Int, rounding: Rounding) -> String {
        switch rounding {
        case .tens: String(amount)
        case .ninetyNine, .ninety: "\(amount / 100)." + (amount % 100 < 10 ? "0" : "") + String(amount % 100)
        }
    }

    private static func cents(_ price: String) -> Int {
        let parts = price.split(separator: ".")
        return Int(parts[0])! * 100 + Int(parts[1])!
    }
}
