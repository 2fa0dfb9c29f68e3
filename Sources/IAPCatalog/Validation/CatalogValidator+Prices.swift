extension CatalogValidator.Check {
    /// `invalid_price_tier`, `unknown_storefront`, `invalid_price`, `missing_price`, `price_schedule`.
    mutating func price(of product: Product) {
        if let monthly = product.subscription?.monthlyBilling?.price { checkPrice(monthly, of: product) }
        guard let price = product.price, !price.isEmpty else {
            // A tier that was written but could not be read is reported already.
            if product.status == .approved && product.price?.positions.tier == nil {
                report(
                    .missingPrice, "approved product '\(product.id)' has no price: give a tier or storefront prices",
                    at: product.price?.positions.entry ?? product.positions.entry)
            }
            return
        }
        checkPrice(price, of: product)
    }

    private mutating func checkPrice(_ price: Price, of product: Product) {
        if let tier = price.tiers.tier { checkTier(tier, at: price.positions.tier) }
        for step in price.tiers.schedule { checkTier(step.tier, at: step.position) }
        checkSchedule(price, of: product)
        checkStorefrontPrices(price.storefronts)
        checkChanges(price, of: product)
        if let base = price.baseTerritory, !AppStoreStorefronts.codes.contains(base) {
            report(
                .unknownStorefront,
                "unknown base territory '\(base)'; territories are ISO 3166-1 alpha-3 codes such as USA",
                at: price.positions.baseTerritory, hint: Suggestion.hint(for: base, in: AppStoreStorefronts.codes.sorted()))
        }
    }

    /// `unknown_storefront`, `invalid_price`: each storefront exists and each amount is a decimal.
    mutating func checkStorefrontPrices(_ prices: [StorefrontPrice]) {
        for entry in prices {
            if !AppStoreStorefronts.codes.contains(entry.storefront) {
                report(
                    .unknownStorefront,
                    "unknown storefront '\(entry.storefront)'; storefronts are ISO 3166-1 alpha-3 codes such as USA",
                    at: entry.position, hint: Suggestion.hint(for: entry.storefront, in: AppStoreStorefronts.codes.sorted()))
            }
            if !Self.isDecimal(entry.amount) {
                report(
                    .invalidPrice, "the \(entry.storefront) price '\(entry.amount)' is not a decimal amount such as 0.99",
                    at: entry.position)
            }
        }
    }

    private mutating func checkTier(_ tier: Int, at position: SourcePosition?) {
        guard !(0...AppStoreStorefronts.highestPriceTier).contains(tier) else { return }
        report(
            .invalidPriceTier, "price tier \(tier) does not exist; tiers run from 0 (free) to \(AppStoreStorefronts.highestPriceTier)",
            at: position)
    }

    /// Steps in date order; only the first may start "now"; each ends before the next starts.
    private mutating func checkSchedule(_ price: Price, of product: Product) {
        guard !price.tiers.schedule.isEmpty else { return }
        if price.tiers.tier != nil {
            report(.priceSchedule, "'\(product.id)' has both a tier and a schedule; give one", at: price.positions.tier)
        }
        var previous: PriceInterval?
        for step in price.tiers.schedule {
            if let start = step.startDate, let end = step.endDate, end < start {
                report(.priceSchedule, "this price step ends (\(end)) before it starts (\(start))", at: step.position)
            }
            if let previous {
                guard let start = step.startDate else {
                    report(.priceSchedule, "only the first price step may omit start_date", at: step.position)
                    continue
                }
                if let previousStart = previous.startDate, start <= previousStart {
                    report(
                        .priceSchedule, "price steps must be in date order: \(start) is not after \(previousStart)", at: step.position)
                } else if let previousEnd = previous.endDate, start < previousEnd {
                    report(
                        .priceSchedule, "this price step starts (\(start)) before the previous one ends (\(previousEnd))", at: step.position
                    )
                }
            }
            previous = step
        }
    }

    /// Dated prices: known storefronts and decimal amounts; per storefront, rows that end after
    /// they start, do not overlap, and do not start "now" beside a storefront price already in
    /// effect; no end date on a subscription's price; preserved prices on subscriptions only.
    private mutating func checkChanges(_ price: Price, of product: Product) {
        if !price.preserved.isEmpty && product.type != .autoRenewable {
            report(
                .typeSpecificField, "preserved prices belong to auto-renewable subscriptions; '\(product.id)' is \(product.type.rawValue)",
                at: price.positions.preserved)
        }
        for row in price.changes + price.preserved {
            checkStorefrontPrices([StorefrontPrice(storefront: row.storefront, amount: row.amount, position: row.position)])
            if let start = row.startDate, let end = row.endDate, end <= start {
                report(.priceSchedule, "this \(row.storefront) price ends (\(end)) before it starts (\(start))", at: row.position)
            }
        }
        let current = Set(price.storefronts.map(\.storefront))
        var byStorefront: [String: [PriceChange]] = [:]
        for row in price.changes {
            if product.type == .autoRenewable, row.endDate != nil {
                report(
                    .priceSchedule, "a subscription's price has no end date: it lasts until the next price of \(row.storefront) starts",
                    at: row.position)
            }
            if row.startDate == nil, current.contains(row.storefront) {
                report(
                    .priceSchedule,
                    "\(row.storefront) has a price in effect in 'storefronts' already; a change without start_date would be a second one",
                    at: row.position)
            }
            byStorefront[row.storefront, default: []].append(row)
        }
        for rows in byStorefront.values where rows.count > 1 {
            let sorted = rows.sorted { ($0.startDate ?? .distantPast) < ($1.startDate ?? .distantPast) }
            for (previous, row) in zip(sorted, sorted.dropFirst()) {
                let start = row.startDate ?? .distantPast
                if previous.startDate == row.startDate {
                    report(
                        .priceSchedule, "two \(row.storefront) prices start \(row.startDate.map { "on \($0)" } ?? "now")", at: row.position)
                } else if let end = previous.endDate, start < end {
                    report(
                        .priceSchedule, "this \(row.storefront) price starts (\(start)) before the previous one ends (\(end))",
                        at: row.position)
                }
            }
        }
    }

    /// `[0-9]+(\.[0-9]+)?`
    static func isDecimal(_ text: String) -> Bool {
        var digits = 0, dots = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, dots == 0 else { return false }
                dots += 1
                digits = 0
            } else if byte >= 48 && byte <= 57 {
                digits += 1
            } else {
                return false
            }
        }
        return digits > 0
    }
}
