extension CatalogValidator.Check {
    /// `invalid_price_tier`, `unknown_storefront`, `invalid_price`, `missing_price`.
    mutating func prices() {
        for product in liveProducts {
            guard let price = product.price, price.tier != nil || !price.storefronts.isEmpty else {
                if product.status == .approved {
                    report(
                        .missingPrice, "approved product '\(product.id)' has no price: give a tier or storefront prices",
                        at: product.price?.positions.entry ?? product.positions.entry)
                }
                continue
            }
            if let tier = price.tier, !(0...AppStoreStorefronts.highestPriceTier).contains(tier) {
                report(
                    .invalidPriceTier,
                    "price tier \(tier) does not exist; tiers run from 0 (free) to \(AppStoreStorefronts.highestPriceTier)",
                    at: price.positions.tier)
            }
            for entry in price.storefronts {
                if !AppStoreStorefronts.codes.contains(entry.storefront) {
                    report(
                        .unknownStorefront,
                        "unknown storefront '\(entry.storefront)'; storefronts are ISO 3166-1 alpha-3 codes such as USA"
                            + Suggestion.hint(for: entry.storefront, in: AppStoreStorefronts.codes.sorted()),
                        at: entry.position)
                }
                if !Self.isDecimal(entry.amount) {
                    report(
                        .invalidPrice, "the \(entry.storefront) price '\(entry.amount)' is not a decimal amount such as 0.99",
                        at: entry.position)
                }
            }
        }
    }

    /// `[0-9]+(\.[0-9]+)?`
    static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }
}
