/// The U.S. prices of the legacy App Store price tiers (before the 2023 price points), which a
/// catalog's `tier` stands for where a price is needed in dollars: the `displayPrice` of a
/// `.storekit` file for the USA storefront. Other storefronts' tier prices moved with exchange
/// rates and taxes and are not kept. Source: docs/sources.md.
package enum LegacyPriceTiers {
    /// The U.S. customer price of tier `tier` (0 = free, "0.00"); nil outside 0…87.
    package static func usdPrice(ofTier tier: Int) -> String? {
        usdPrices.indices.contains(tier) ? usdPrices[tier] : nil
    }

    /// The storefront whose prices the table holds.
    package static let storefront = "USA"

    /// Index = tier.
    private static let usdPrices: [String] = [
        "0.00", "0.99", "1.99", "2.99", "3.99", "4.99", "5.99", "6.99",  // tiers 0–7
        "7.99", "8.99", "9.99", "10.99", "11.99", "12.99", "13.99", "14.99",  // tiers 8–15
        "15.99", "16.99", "17.99", "18.99", "19.99", "20.99", "21.99", "22.99",  // tiers 16–23
        "23.99", "24.99", "25.99", "26.99", "27.99", "28.99", "29.99", "30.99",  // tiers 24–31
        "31.99", "32.99", "33.99", "34.99", "35.99", "36.99", "37.99", "38.99",  // tiers 32–39
        "39.99", "40.99", "41.99", "42.99", "43.99", "44.99", "45.99", "46.99",  // tiers 40–47
        "47.99", "48.99", "49.99", "54.99", "59.99", "64.99", "69.99", "74.99",  // tiers 48–55
        "79.99", "84.99", "89.99", "94.99", "99.99", "109.99", "119.99", "124.99",  // tiers 56–63
        "129.99", "139.99", "149.99", "159.99", "169.99", "174.99", "179.99", "189.99",  // tiers 64–71
        "199.99", "209.99", "219.99", "229.99", "239.99", "249.99", "299.99", "349.99",  // tiers 72–79
        "399.99", "449.99", "499.99", "599.99", "699.99", "799.99", "899.99", "999.99",  // tiers 80–87
    ]
}
