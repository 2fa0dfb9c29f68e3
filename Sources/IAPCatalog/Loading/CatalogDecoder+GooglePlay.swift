extension CatalogDecoder.Keys {
    static let googlePlayApp = FieldNames(["package_name", "regions_version", "price_tolerance"])
    static let googlePlay = FieldNames(["product_id", "listings", "purchase_options", "base_plans"])
    static let playListing = FieldNames(["title", "description", "benefits"])
    static let purchaseOption = FieldNames([
        "id", "type", "legacy_compatible", "multi_quantity", "rental_period", "expiration_period", "regions", "new_regions", "active",
    ])
    static let regionalPrice = FieldNames(["price", "availability"])
    static let newRegions = FieldNames(["usd", "eur", "available"])
    static let basePlan = FieldNames(["id", "type", "period", "legacy_compatible", "regions", "new_regions", "offers", "active"])
    static let playOffer = FieldNames(["id", "eligibility", "phases", "regions", "active"])
    static let offerPhase = FieldNames(["mode", "duration", "periods", "prices", "discount"])
}

/// The Google Play parts of a catalog: `app.google_play` and a product's `google_play`.
extension CatalogDecoder {
    mutating func decodeGooglePlayApp(_ node: Node) -> GooglePlayApp? {
        guard let fields = decoder.fields(node, "app.google_play", known: Keys.googlePlayApp) else { return nil }
        var app = GooglePlayApp()
        app.positions.entry = node.position
        if let name = fields["package_name"] {
            app.packageName = decoder.string(name, "package_name")
            app.positions.packageName = name.position
        }
        if let version = fields["regions_version"] {
            app.regionsVersion = decoder.string(version, "regions_version")
            app.positions.regionsVersion = version.position
        }
        if let tolerance = fields["price_tolerance"] {
            app.priceTolerance = decimal(tolerance, "price_tolerance")
            app.positions.priceTolerance = tolerance.position
        }
        return app
    }

    mutating func decodeGooglePlay(_ node: Node, product id: String) -> GooglePlayProduct? {
        guard let fields = decoder.fields(node, "google_play of '\(id)'", known: Keys.googlePlay) else { return nil }
        var play = GooglePlayProduct()
        play.positions.entry = node.position
        if let productID = fields["product_id"] {
            play.productID = decoder.string(productID, "product_id")
            play.positions.productID = productID.position
        }
        if let listings = fields["listings"] {
            play.positions.listings = fields.keyPosition("listings")
            for entry in decoder.entries(listings, "listings") {
                guard let listingFields = decoder.fields(entry.value, "the \(entry.key) listing", known: Keys.playListing) else { continue }
                var listing = PlayListing(language: entry.key)
                listing.positions.entry = entry.keyNode.position
                if let title = listingFields["title"] {
                    listing.title = decoder.string(title, "title")
                    listing.positions.title = title.position
                }
                if let description = listingFields["description"] {
                    listing.description = decoder.string(description, "description")
                    listing.positions.description = description.position
                }
                if let benefits = listingFields["benefits"] {
                    listing.positions.benefits = benefits.position
                    listing.benefits = decoder.items(benefits, "benefits").compactMap { decoder.string($0, "a benefit") }
                }
                play.listings.append(listing)
            }
        }
        if let options = fields["purchase_options"] {
            play.positions.purchaseOptions = fields.keyPosition("purchase_options")
            play.purchaseOptions = decoder.items(options, "purchase_options").compactMap { decodePurchaseOption($0) }
        }
        if let plans = fields["base_plans"] {
            play.positions.basePlans = fields.keyPosition("base_plans")
            play.basePlans = decoder.items(plans, "base_plans").compactMap { decodeBasePlan($0) }
        }
        return play
    }

    private mutating func decodePurchaseOption(_ node: Node) -> PlayPurchaseOption? {
        guard let (fields, id, idNode) = identified(node, "a purchase option", known: Keys.purchaseOption) else { return nil }
        var option = PlayPurchaseOption(id: id)
        option.positions.entry = node.position
        option.positions.id = idNode.position
        if let kindNode = fields["type"], let kind: PlayPurchaseKind = decoder.enumeration(kindNode, "type") {
            option.kind = kind
            option.positions.kind = kindNode.position
        }
        option.legacyCompatible = fields["legacy_compatible"].flatMap { decoder.bool($0, "legacy_compatible") }
        option.multiQuantity = fields["multi_quantity"].flatMap { decoder.bool($0, "multi_quantity") }
        option.rentalPeriod = fields["rental_period"].flatMap { decoder.string($0, "rental_period") }
        option.expirationPeriod = fields["expiration_period"].flatMap { decoder.string($0, "expiration_period") }
        if let regions = fields["regions"] {
            option.positions.regions = fields.keyPosition("regions")
            option.regions = decodeRegions(regions, "regions")
        }
        option.newRegions = fields["new_regions"].flatMap { decodeNewRegions($0) }
        if let active = fields["active"].flatMap({ decoder.bool($0, "active") }) { option.active = active }
        return option
    }

    private mutating func decodeBasePlan(_ node: Node) -> PlayBasePlan? {
        guard let (fields, id, idNode) = identified(node, "a base plan", known: Keys.basePlan) else { return nil }
        var plan = PlayBasePlan(id: id)
        plan.positions.entry = node.position
        plan.positions.id = idNode.position
        if let kindNode = fields["type"], let kind: PlayBasePlanKind = decoder.enumeration(kindNode, "type") {
            plan.kind = kind
            plan.positions.kind = kindNode.position
        }
        if let period = fields["period"] {
            plan.period = decoder.string(period, "period")
            plan.positions.period = period.position
        }
        plan.legacyCompatible = fields["legacy_compatible"].flatMap { decoder.bool($0, "legacy_compatible") }
        if let regions = fields["regions"] {
            plan.positions.regions = fields.keyPosition("regions")
            plan.regions = decodeRegions(regions, "regions")
        }
        plan.newRegions = fields["new_regions"].flatMap { decodeNewRegions($0) }
        if let offers = fields["offers"] {
            plan.offers = decoder.items(offers, "offers").compactMap { decodePlayOffer($0) }
        }
        if let active = fields["active"].flatMap({ decoder.bool($0, "active") }) { plan.active = active }
        return plan
    }

    private mutating func decodePlayOffer(_ node: Node) -> PlayOffer? {
        guard let (fields, id, idNode) = identified(node, "an offer", known: Keys.playOffer) else { return nil }
        var offer = PlayOffer(id: id)
        offer.positions.entry = node.position
        offer.positions.id = idNode.position
        if let eligibility = fields["eligibility"].flatMap({ decoder.enumeration($0, "eligibility") as PlayEligibility? }) {
            offer.eligibility = eligibility
        }
        if let phases = decoder.requireField(fields, "phases", what: "offer '\(id)'") {
            offer.positions.phases = fields.keyPosition("phases")
            offer.phases = decoder.items(phases, "phases").compactMap { decodePhase($0) }
        }
        if let regions = fields["regions"] {
            offer.positions.regions = regions.position
            offer.regions = decoder.items(regions, "regions").compactMap { decoder.string($0, "a region") }
        }
        if let active = fields["active"].flatMap({ decoder.bool($0, "active") }) { offer.active = active }
        return offer
    }

    private mutating func decodePhase(_ node: Node) -> PlayOfferPhase? {
        guard let fields = decoder.fields(node, "an offer phase", known: Keys.offerPhase),
            let modeNode = decoder.requireField(fields, "mode", what: "an offer phase"),
            let mode: OfferMode = decoder.enumeration(modeNode, "mode"),
            let durationNode = decoder.requireField(fields, "duration", what: "an offer phase"),
            let duration = decoder.string(durationNode, "duration")
        else { return nil }
        var phase = PlayOfferPhase(mode: mode, duration: duration)
        phase.positions.entry = node.position
        phase.positions.mode = modeNode.position
        phase.positions.duration = durationNode.position
        if let periods = fields["periods"].flatMap({ decoder.integer($0, "periods") }) { phase.periods = periods }
        if let prices = fields["prices"] {
            phase.positions.prices = fields.keyPosition("prices")
            phase.prices = decodeRegions(prices, "prices")
        }
        phase.discount = fields["discount"].flatMap { decimal($0, "discount") }
        return phase
    }

    /// The fields of a Play option, plan or offer, and its required `id` (nil, reported, without one).
    private mutating func identified(_ node: Node, _ what: String, known: FieldNames) -> (NodeDecoder.Fields, String, Node)? {
        guard let fields = decoder.fields(node, what, known: known), let idNode = decoder.requireField(fields, "id", what: what),
            let id = decoder.string(idNode, "the id of \(what)")
        else { return nil }
        return (fields, id, idNode)
    }

    /// `US: 0.99` or `FR: { price: 1.09, availability: no_longer_available }`, per region.
    private mutating func decodeRegions(_ node: Node, _ what: String) -> [PlayRegionalPrice] {
        var regions: [PlayRegionalPrice] = []
        for entry in decoder.entries(node, what) {
            if entry.value.kind == .mapping {
                guard let fields = decoder.fields(entry.value, "the \(entry.key) region", known: Keys.regionalPrice) else { continue }
                var region = PlayRegionalPrice(region: entry.key, price: fields["price"].flatMap { decimal($0, "the \(entry.key) price") })
                region.position = entry.keyNode.position
                if let availability = fields["availability"].flatMap({ decoder.enumeration($0, "availability") as PlayAvailability? }) {
                    region.availability = availability
                }
                regions.append(region)
            } else if let price = decimal(entry.value, "the \(entry.key) price") {
                regions.append(PlayRegionalPrice(region: entry.key, price: price, position: entry.keyNode.position))
            }
        }
        return regions
    }

    private mutating func decodeNewRegions(_ node: Node) -> PlayNewRegions? {
        guard let fields = decoder.fields(node, "new_regions", known: Keys.newRegions) else { return nil }
        var regions = PlayNewRegions(
            usd: fields["usd"].flatMap { decimal($0, "the usd price") }, eur: fields["eur"].flatMap { decimal($0, "the eur price") },
            position: node.position)
        if let available = fields["available"].flatMap({ decoder.bool($0, "available") }) { regions.available = available }
        return regions
    }

    /// A number as written (`0.99`), kept as text; anything but a scalar is reported.
    private mutating func decimal(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            decoder.report(.invalidValue, "expected \(what) to be a decimal number, found \(node.kindDescription)", at: node.position)
            return nil
        }
        return scalar.text
    }
}
