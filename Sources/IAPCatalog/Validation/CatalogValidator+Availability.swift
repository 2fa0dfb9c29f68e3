extension CatalogValidator.Check {
    /// `availability`, `unknown_storefront`: the product's availability and its monthly plan's.
    mutating func availability(of product: Product) {
        if let availability = product.availability {
            if let position = product.positions.clearedForSale, product.clearedForSale == availability.isNowhere {
                report(
                    .availability,
                    "cleared_for_sale: \(product.clearedForSale) disagrees with the availability of '\(product.id)'; give one of them",
                    at: position)
            }
            check(availability)
        }
        if let monthly = product.subscription?.monthlyBilling?.availability { check(monthly) }
    }

    private mutating func check(_ availability: Availability) {
        checkTerritories(
            availability.territories, at: availability.positions.territories ?? availability.positions.entry, what: "the availability")
    }

    /// Each code is a territory, and none is written twice.
    mutating func checkTerritories(_ territories: TerritorySelection, at position: SourcePosition?, what: @autoclosure () -> String) {
        var seen: Set<String> = []
        for code in territories.writtenCodes {
            if !AppStoreStorefronts.codes.contains(code) {
                report(
                    .unknownStorefront,
                    "unknown territory '\(code)' in \(what()); territories are ISO 3166-1 alpha-3 codes such as USA",
                    at: position, hint: Suggestion.hint(for: code, in: AppStoreStorefronts.codes.sorted()))
            }
            if !seen.insert(code).inserted {
                report(.availability, "territory '\(code)' is listed twice in \(what())", at: position)
            }
        }
    }
}
