extension CatalogValidator.Check {
    /// `subscription_offer`, and `unknown_storefront`/`invalid_price` for offer prices.
    mutating func offers(of product: Product) {
        guard let terms = product.subscription, product.type == .autoRenewable else { return }
        if let offer = terms.introductoryOffer { check(offer, "the introductory offer of '\(product.id)'") }
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
        }
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
