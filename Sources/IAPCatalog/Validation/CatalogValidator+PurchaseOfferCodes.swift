extension CatalogValidator.Check {
    /// How many offer codes of one-time purchases an app may have active at a time.
    static let activeOfferCodeLimit = 10

    /// `purchase_offer_code`: what App Store Connect requires of an offer code of a one-time
    /// purchase (`InAppPurchaseOfferCodeCreateRequest`: a name, `customerEligibilities` and prices
    /// are required) and of its custom codes (a code redeems one offer, so it is used once in the
    /// app), and at most 10 active in the app ("Each app can have up to 10 active offers at a
    /// time", App Store Connect Help, "Create offer codes for In-App Purchases");
    /// `unknown_storefront` and `invalid_price` for its prices.
    mutating func purchaseOfferCodes(of product: Product) {
        let codes = product.appStore.offerCodes
        guard !codes.isEmpty else { return }
        if product.type == .autoRenewable {
            report(
                .purchaseOfferCode,
                "'\(product.id)' is an auto-renewable subscription: its offer codes go under 'subscription' as 'offer_codes'",
                at: product.appStore.positions.offerCodes)
            return
        }
        var names = Set<String>()
        for code in codes {
            let what = "offer code '\(code.referenceName)' of '\(product.id)'"
            if code.active != false {
                activeOfferCodes += 1
                if activeOfferCodes == Self.activeOfferCodeLimit + 1 {
                    report(
                        .purchaseOfferCode,
                        "\(what) is the app's \(activeOfferCodes)th active offer code of a one-time purchase; App Store Connect allows "
                            + "\(Self.activeOfferCodeLimit) at a time: set 'active: false' on the ones that ended",
                        at: code.positions.entry)
                }
            }
            if !names.insert(code.referenceName).inserted {
                report(.purchaseOfferCode, "\(what) is named twice; offer codes are told apart by name", at: code.positions.referenceName)
            }
            if code.eligibility.isEmpty {
                report(
                    .purchaseOfferCode, "\(what) needs 'eligibility': non_spender, active_spender or churned_spender",
                    at: code.positions.eligibility ?? code.positions.entry)
            } else if Set(code.eligibility).count != code.eligibility.count {
                report(.purchaseOfferCode, "\(what) names an eligibility twice", at: code.positions.eligibility)
            }
            if code.prices.isEmpty {
                report(
                    .purchaseOfferCode, "\(what) needs 'prices' (per storefront, e.g. USA: \"0.99\")",
                    at: code.positions.prices ?? code.positions.entry)
            }
            checkStorefrontPrices(code.prices)
            for custom in code.customCodes {
                if let other = customOfferCodes[custom.code] {
                    report(
                        .purchaseOfferCode, "custom code '\(custom.code)' of \(what) is already a code of '\(other)'", at: custom.position)
                } else {
                    customOfferCodes[custom.code] = product.id
                }
                if custom.count < 1 {
                    report(
                        .purchaseOfferCode, "custom code '\(custom.code)' of \(what) must be redeemable at least once", at: custom.position)
                }
            }
        }
    }
}
