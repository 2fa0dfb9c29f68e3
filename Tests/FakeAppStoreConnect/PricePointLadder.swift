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

/// The fake's price ladder: App Store Connect's U.S. price points since 2023, and every other
/// territory the same steps at a fixed exchange rate, rounded to the nearest price of that
/// territory's own grid (x.99; x.90 in Brazil; whole tens of yen in Japan) and kept strictly
/// increasing (a step that rounds onto the one below takes the grid's next price).
enum PricePointLadder {
    /// The number in a price point id of step 0.
    static let firstPointNumber = 10001

    /// The U.S. ladder's bands, in cents: from the band's first price up to `last`, one price every `step`.
    ///
    /// Source: Apple Newsroom, "Apple announces biggest upgrade to App Store pricing, adding 700 new
    /// price points" (6 December 2022,
    /// https://www.apple.com/newsroom/2022/12/apple-announces-biggest-upgrade-to-app-store-pricing-adding-700-new-price-points/),
    /// in force for auto-renewable subscriptions that day and for every other in-app purchase since
    /// 9 May 2023: "price points — which will start as low as $0.29 and, upon request, go up to
    /// $10,000 — … increasing incrementally across price ranges (for example, every $0.10 up to $10;
    /// every $0.50 between $10 and $50; etc.)". The press release's chart gives the rest: every $1 up
    /// to $200, $5 up to $500, $10 up to $1,000 and $100 up to $10,000 (the top band is the 100
    /// points "available upon request"). The fake keeps one price per step, ending in .99 as the
    /// U.S. legacy tiers did, so every legacy tier price is on it; App Store Connect's own picker also
    /// offers rounded endings between the steps (x.00, x.90, x.95 below $10), which the fake leaves
    /// out: 528 points where Apple lists about 800 (900 on request).
    static let usdBands: [(last: Int, step: Int)] = [
        (9_99, 10), (49_99, 50), (199_99, 100), (499_99, 500), (999_99, 1000), (9999_99, 10000),
    ]

    /// U.S. prices in cents: 0.29, 0.39, …, 9.99, 10.49, …, 49.99, 50.99, …, 9,999.99.
    static let usdCents: [Int] = grid(from: 29, bands: usdBands)

    static var indices: Range<Int> { usdCents.indices }

    /// How a territory's prices look.
    enum Rounding: Sendable {
        /// The U.S. grid: two decimals ending in 9, x.49 or x.99 from 10, x.99 from 50.
        case ninetyNine
        /// The U.S. grid less 0.09: x.90 (27.90).
        case ninety
        /// Whole tens (160), hundreds from 10,000, thousands from 100,000; no decimals.
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

    /// The prices a territory of each rounding may have, ascending, in minor units (cents; yen for
    /// `.tens`), up to ten times the U.S. ladder's top at the largest rate.
    private static let grids: [Rounding: [Int]] = {
        let wide = usdBands + [(99999_99, 10000)]
        let cents = grid(from: 29, bands: wide)
        let yen = grid(from: 10, bands: [(10_000, 10), (100_000, 100), (2_000_000, 1000)])
        return [.ninetyNine: cents, .ninety: cents.map { $0 - 9 }, .tens: yen]
    }()

    /// Each known territory's ladder, in minor units (cents; yen for `.tens`).
    private static let ladders: [String: [Int]] = territories.mapValues { info in
        let grid = grids[info.rounding]!
        let scale = info.rounding == .tens ? 1.0 : 100.0
        var ladder: [Int] = []
        for usd in usdCents {
            let value = Double(usd) / 100 * info.rate * scale
            // The grid price nearest the converted amount, or the next one above the step below.
            var index = nearest(value, in: grid)
            if let previous = ladder.last, grid[index] <= previous { index = grid.firstIndex { $0 > previous }! }
            ladder.append(grid[index])
        }
        return ladder
    }

    /// The index of the price in `grid` (ascending) nearest `value`; the lower one on a tie.
    private static func nearest(_ value: Double, in grid: [Int]) -> Int {
        var (low, high) = (0, grid.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if Double(grid[middle]) < value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return low }
        return value - Double(grid[low - 1]) <= Double(grid[low]) - value ? low - 1 : low
    }

    /// Every price from `first`, each band's `step` apart, up to and including each band's `last`.
    private static func grid(from first: Int, bands: [(last: Int, step: Int)]) -> [Int] {
        var prices = [first]
        for band in bands {
            while prices.last! + band.step <= band.last { prices.append(prices.last! + band.step) }
        }
        return prices
    }

    private static func format(_ amount: Int, rounding: Rounding) -> String {
        switch rounding {
        case .tens: String(amount)
        case .ninetyNine, .ninety: "\(amount / 100)." + (amount % 100 < 10 ? "0" : "") + String(amount % 100)
        }
    }
}
