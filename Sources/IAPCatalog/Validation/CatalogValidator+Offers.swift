extension CatalogValidator.Check {
    /// `subscription_offer`, and `unknown_storefront`/`invalid_price` for offer prices.
    mutating func offers(of product: Product) {
        guard let terms = product.subscription, product.type == .autoRenewable else { return }
        if let offer = terms.introductoryOffer {
            check(offer, "the introductory offer of '\(product.id)'")
            if offer.territories != nil || offer.startDate != nil || offer.endDate != nil {
                report(
                    .subscriptionOffer,
                    "the introductory offer of '\(product.id)' runs everywhere the product is sold; rows by territory or date go in introductory_offers",
                    at: offer.positions.territories ?? offer.positions.startDate ?? offer.positions.entry)
            }
        }
        introductoryRows(terms.introductoryOffers, of: product)
        winBackOffers(terms.winBackOffers, of: product)
        var offerIDs: [String: SourcePosition?] = [:]
        for offer in terms.promotionalOffers {
            check(offer, "a promotional offer of '\(product.id)'")
            guard let id = offer.id else {
                report(
                    .subscriptionOffer, "a promotional offer of '\(product.id)' needs an 'id' (the offer identifier)",
                    at: offer.positions.entry)
                continue
            }
            if offer.referenceName == nil {
                report(
                    .subscriptionOffer, "promotional offer '\(id)' of '\(product.id)' needs a 'reference_name'", at: offer.positions.entry)
            }
            if let first = offerIDs[id] {
                report(
                    .subscriptionOffer, "offer id '\(id)' is used twice by '\(product.id)' (first at line \(first?.line ?? 0))",
                    at: offer.positions.id)
            } else {
                offerIDs[id] = offer.positions.id
            }
        }
        for offer in terms.offerCodes {
            check(offer, "an offer code of '\(product.id)'")
            if offer.referenceName == nil {
                report(.subscriptionOffer, "an offer code of '\(product.id)' needs a 'reference_name'", at: offer.positions.entry)
            }
            if offer.id != nil {
                report(.subscriptionOffer, "offer codes have no 'id'; customers redeem them by code", at: offer.positions.id)
            }
            rowFields(offer, "an offer code of '\(product.id)'")
        }
        for offer in terms.promotionalOffers {
            rowFields(offer, "a promotional offer of '\(product.id)'")
            codeFields(offer, "a promotional offer of '\(product.id)'")
        }
    }

    /// Rows of introductory offers: each checked as an offer, free trials with their territories,
    /// dates in order, no two rows of one territory and plan at the same time.
    private mutating func introductoryRows(_ rows: [SubscriptionOffer], of product: Product) {
        var taken: [String: [(start: CalendarDate, end: CalendarDate?, position: SourcePosition?)]] = [:]
        for row in rows {
            let what = "an introductory offer of '\(product.id)'"
            check(row, what)
            codeFields(row, what)
            if let territories = row.territories {
                checkTerritories(territories, at: row.positions.territories, what: what)
            } else if !row.mode.isPaid {
                report(
                    .subscriptionOffer, "\(what) is a free trial: say where with 'territories' (all, or a list of codes)",
                    at: row.positions.entry)
            }
            if let start = row.startDate, let end = row.endDate, end <= start {
                report(.subscriptionOffer, "\(what) ends (\(end)) before it starts (\(start))", at: row.positions.startDate)
            }
            let territories = row.territories?.resolved(in: AppStoreStorefronts.codes.sorted()) ?? row.prices.map(\.storefront)
            let start = row.startDate ?? .distantPast
            for territory in territories {
                let key = territory + "/" + (row.plan ?? .upfront).rawValue
                if let clash = taken[key]?.first(where: { start < ($0.end ?? .distantFuture) && $0.start < (row.endDate ?? .distantFuture) }
                ) {
                    report(
                        .subscriptionOffer,
                        "\(what) overlaps another in \(territory) (line \(clash.position?.line ?? 0)): one introductory offer at a time",
                        at: row.positions.entry)
                    break
                }
                taken[key, default: []].append((start, row.endDate, row.positions.entry))
            }
        }
    }

    /// Win-back offers: what App Store Connect requires of one, ids used once, prices as offers have them.
    private mutating func winBackOffers(_ offers: [WinBackOffer], of product: Product) {
        var ids: Set<String> = []
        for offer in offers {
            let what = "win-back offer '\(offer.id)' of '\(product.id)'"
            if !ids.insert(offer.id).inserted {
                report(.subscriptionOffer, "win-back offer id '\(offer.id)' is used twice by '\(product.id)'", at: offer.positions.id)
            }
            var missing: [String] = []
            if offer.referenceName == nil { missing.append("reference_name") }
            if offer.paidMonths == nil { missing.append("paid_months") }
            if offer.lapsedMonths == nil { missing.append("lapsed_months") }
            if offer.startDate == nil { missing.append("start_date") }
            if offer.priority == nil { missing.append("priority") }
            if !missing.isEmpty {
                report(.subscriptionOffer, "\(what) needs \(missing.joined(separator: ", "))", at: offer.positions.entry)
            }
            if offer.periods < 1 {
                report(.subscriptionOffer, "\(what) lasts \(offer.periods) periods; an offer lasts 1 or more", at: offer.positions.periods)
            }
            if offer.mode.isPaid && offer.prices.isEmpty {
                report(.subscriptionOffer, "\(what) is \(offer.mode.rawValue) but has no 'prices'", at: offer.positions.mode)
            } else if !offer.mode.isPaid && !offer.prices.isEmpty {
                report(.subscriptionOffer, "\(what) is a free trial; it has no 'prices'", at: offer.positions.prices)
            }
            if let start = offer.startDate, let end = offer.endDate, end <= start {
                report(.subscriptionOffer, "\(what) ends (\(end)) before it starts (\(start))", at: offer.positions.startDate)
            }
            freeTerritories(offer.territories, mode: offer.mode, at: offer.positions.territories, what)
            checkStorefrontPrices(offer.prices)
        }
    }

    /// Dates belong to introductory offer rows only; territories to them and to free trials.
    private mutating func rowFields(_ offer: SubscriptionOffer, _ what: @autoclosure () -> String) {
        if offer.startDate != nil || offer.endDate != nil {
            report(
                .subscriptionOffer, "\(what()) has no dates; only introductory offers and win-back offers do",
                at: offer.positions.startDate ?? offer.positions.entry)
        }
        freeTerritories(offer.territories, mode: offer.mode, at: offer.positions.territories, what())
    }

    /// `territories` name where a free trial runs (App Store Connect needs them; nil: wherever the
    /// subscription is sold); a paid offer runs where it has prices.
    private mutating func freeTerritories(
        _ territories: TerritorySelection?, mode: OfferMode, at position: SourcePosition?, _ what: @autoclosure () -> String
    ) {
        guard let territories else { return }
        if mode.isPaid {
            report(
                .subscriptionOffer,
                "\(what()) is \(mode.rawValue): it runs where it has prices; 'territories' is for free trials", at: position)
        } else {
            checkTerritories(territories, at: position, what: what())
        }
    }

    /// `active` and `auto_renew` belong to offer codes only.
    private mutating func codeFields(_ offer: SubscriptionOffer, _ what: @autoclosure () -> String) {
        guard offer.active != nil || offer.autoRenew != nil else { return }
        report(.subscriptionOffer, "\(what()) has no 'active' or 'auto_renew'; only offer codes do", at: offer.positions.entry)
    }

    private mutating func check(_ offer: SubscriptionOffer, _ what: @autoclosure () -> String) {
        if offer.periods < 1 {
            report(.subscriptionOffer, "\(what()) lasts \(offer.periods) periods; an offer lasts 1 or more", at: offer.positions.periods)
        }
        if offer.mode.isPaid && offer.prices.isEmpty {
            report(
                .subscriptionOffer, "\(what()) is \(offer.mode.rawValue) but has no 'prices' (per storefront, e.g. USA: \"0.99\")",
                at: offer.positions.mode)
        } else if !offer.mode.isPaid && !offer.prices.isEmpty {
            report(.subscriptionOffer, "\(what()) is a free trial; it has no 'prices'", at: offer.positions.prices)
        }
        checkStorefrontPrices(offer.prices)
    }
}
