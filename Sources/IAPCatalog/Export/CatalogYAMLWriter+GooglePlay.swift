/// The Google Play parts of a catalog, in the order the format documents, defaults left out.
extension CatalogYAMLWriter {
    func renderGooglePlayApp(_ play: GooglePlayApp, into out: inout YAMLOutput) {
        out.line(1, "google_play:")
        if let name = play.packageName { out.field(2, "package_name", name) }
        if let version = play.regionsVersion { out.field(2, "regions_version", version) }
        if let tolerance = play.priceTolerance { out.line(2, "price_tolerance: \(tolerance)") }
        if play.packageName == nil && play.regionsVersion == nil && play.priceTolerance == nil { out.line(2, "{}") }
    }

    func renderGooglePlay(_ play: GooglePlayProduct, into out: inout YAMLOutput) {
        out.line(2, "google_play:")
        if let id = play.productID { out.field(3, "product_id", id) }
        if !play.listings.isEmpty {
            out.line(3, "listings:")
            for listing in play.listings {
                out.line(4, YAMLScalar.render(listing.language) + ":")
                if let title = listing.title { out.field(5, "title", title) }
                if let description = listing.description { out.field(5, "description", description) }
                if !listing.benefits.isEmpty { out.flowList(5, "benefits", listing.benefits) }
            }
        }
        if !play.purchaseOptions.isEmpty {
            out.line(3, "purchase_options:")
            for option in play.purchaseOptions {
                out.item(4, "id", option.id)
                if option.kind != .buy { out.field(5, "type", option.kind.rawValue) }
                if let flag = option.legacyCompatible { out.line(5, "legacy_compatible: \(flag)") }
                if let flag = option.multiQuantity { out.line(5, "multi_quantity: \(flag)") }
                if let period = option.rentalPeriod { out.field(5, "rental_period", period) }
                if let period = option.expirationPeriod { out.field(5, "expiration_period", period) }
                renderRegions(option.regions, newRegions: option.newRegions, level: 5, into: &out)
                if !option.active { out.line(5, "active: false") }
            }
        }
        if !play.basePlans.isEmpty {
            out.line(3, "base_plans:")
            for plan in play.basePlans {
                out.item(4, "id", plan.id)
                if plan.kind != .autoRenewing { out.field(5, "type", plan.kind.rawValue) }
                if let period = plan.period { out.field(5, "period", period) }
                if let flag = plan.legacyCompatible { out.line(5, "legacy_compatible: \(flag)") }
                renderRegions(plan.regions, newRegions: plan.newRegions, level: 5, into: &out)
                if !plan.offers.isEmpty {
                    out.line(5, "offers:")
                    for offer in plan.offers { renderPlayOffer(offer, into: &out) }
                }
                if !plan.active { out.line(5, "active: false") }
            }
        }
        if play.productID == nil && play.listings.isEmpty && play.purchaseOptions.isEmpty && play.basePlans.isEmpty { out.line(3, "{}") }
    }

    private func renderPlayOffer(_ offer: PlayOffer, into out: inout YAMLOutput) {
        out.item(6, "id", offer.id)
        if offer.eligibility != .newCustomers { out.field(7, "eligibility", offer.eligibility.rawValue) }
        if let regions = offer.regions { out.flowList(7, "regions", regions) }
        out.line(7, "phases:")
        for phase in offer.phases {
            var fields = ["mode: \(phase.mode.rawValue)", "duration: \(YAMLScalar.renderInFlow(phase.duration))"]
            if phase.periods != 1 { fields.append("periods: \(phase.periods)") }
            if !phase.prices.isEmpty { fields.append("prices: { " + phase.prices.map(Self.flowEntry).joined(separator: ", ") + " }") }
            if let discount = phase.discount { fields.append("discount: \(discount)") }
            out.line(8, "- { " + fields.joined(separator: ", ") + " }")
        }
        if !offer.active { out.line(7, "active: false") }
    }

    private func renderRegions(_ regions: [PlayRegionalPrice], newRegions: PlayNewRegions?, level: Int, into out: inout YAMLOutput) {
        if !regions.isEmpty {
            out.line(level, "regions:")
            for region in regions {
                guard region.availability != .available || region.price == nil else {
                    out.line(level + 1, "\(YAMLScalar.render(region.region)): \(YAMLScalar.quoted(region.price!))")
                    continue
                }
                var fields: [String] = []
                if let price = region.price { fields.append("price: \(YAMLScalar.quoted(price))") }
                fields.append("availability: \(region.availability.rawValue)")
                out.line(level + 1, "\(YAMLScalar.render(region.region)): { " + fields.joined(separator: ", ") + " }")
            }
        }
        if let new = newRegions {
            var fields: [String] = []
            if let usd = new.usd { fields.append("usd: \(YAMLScalar.quoted(usd))") }
            if let eur = new.eur { fields.append("eur: \(YAMLScalar.quoted(eur))") }
            if !new.available { fields.append("available: false") }
            out.line(level, "new_regions: { " + fields.joined(separator: ", ") + " }")
        }
    }

    /// `US: "1.99"` (or `US: { availability: … }`) inside a flow mapping.
    private static func flowEntry(_ region: PlayRegionalPrice) -> String {
        YAMLScalar.renderInFlow(region.region) + ": " + (region.price.map(YAMLScalar.quoted) ?? "null")
    }
}
