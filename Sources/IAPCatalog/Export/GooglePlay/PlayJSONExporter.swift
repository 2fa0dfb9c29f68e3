/// The catalog's Google Play products as the Play Developer API's request bodies, in one JSON
/// document (`export --format play-json`): `oneTimeProducts` (each a `OneTimeProduct`, what
/// `onetimeproducts.patch` takes), `subscriptions` (each a `Subscription`, base plans included,
/// what `subscriptions.create`/`patch` take) and `subscriptionOffers` (each a `SubscriptionOffer`).
/// Field names, enums and `Money` are the API's; products come in catalog order, every list in
/// catalog order, so the same catalog always gives the same bytes.
public struct PlayJSONExporter: Sendable {
    /// A validated catalog.
    public let catalog: Catalog

    /// Creates an exporter of `catalog`'s Google Play products.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The document, pretty-printed, ending in a newline.
    public func render() -> [UInt8] {
        JSONWriter.bytes(document())
    }

    func document() -> JSONValue {
        let package = catalog.app.googlePlay?.packageName ?? ""
        let products = catalog.products.filter { $0.status != .removed && $0.isSold(on: .googlePlay) && $0.googlePlay != nil }
        var top: [(key: String, value: JSONValue)] = [("packageName", .string(package))]
        if let version = catalog.app.googlePlay?.regionsVersion { top.append(("regionsVersion", .object([("version", .string(version))]))) }
        top.append(("oneTimeProducts", .array(products.filter { $0.type != .autoRenewable }.map { oneTimeProduct($0, package) })))
        let subscriptions = products.filter { $0.type == .autoRenewable }
        top.append(("subscriptions", .array(subscriptions.map { subscription($0, package) })))
        top.append(("subscriptionOffers", .array(subscriptions.flatMap { offers(of: $0, package) })))
        return .object(top)
    }

    // MARK: One-time products

    private func oneTimeProduct(_ product: Product, _ package: String) -> JSONValue {
        let play = product.googlePlay!
        return .object([
            ("packageName", .string(package)), ("productId", .string(product.playProductID)),
            ("listings", .array(product.playListings.map { listing($0, benefits: false) })),
            ("purchaseOptions", .array(play.purchaseOptions.map(purchaseOption))),
        ])
    }

    private func purchaseOption(_ option: PlayPurchaseOption) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("purchaseOptionId", .string(option.id))]
        switch option.kind {
        case .buy:
            fields.append(
                (
                    "buyOption",
                    .object([
                        ("legacyCompatible", .bool(option.legacyCompatible ?? false)),
                        ("multiQuantityEnabled", .bool(option.multiQuantity ?? false)),
                    ])
                ))
        case .rent:
            var rent: [(key: String, value: JSONValue)] = [("rentalPeriod", .string(option.rentalPeriod ?? ""))]
            if let expiration = option.expirationPeriod { rent.append(("expirationPeriod", .string(expiration))) }
            fields.append(("rentOption", .object(rent)))
        }
        fields.append(
            (
                "regionalPricingAndAvailabilityConfigs",
                .array(
                    option.regions.map { region in
                        var config: [(key: String, value: JSONValue)] = [("regionCode", .string(region.region))]
                        if let price = region.price, let currency = PlayRegions.currency(of: region.region) {
                            config.append(("price", PlayMoney.json(price, currency: currency)))
                        }
                        config.append(("availability", .string(Self.availability(region.availability))))
                        return .object(config)
                    })
            ))
        if let new = option.newRegions {
            fields.append(
                (
                    "newRegionsConfig",
                    .object([
                        ("usdPrice", PlayMoney.json(new.usd ?? "0", currency: "USD")),
                        ("eurPrice", PlayMoney.json(new.eur ?? "0", currency: "EUR")),
                        ("availability", .string(new.available ? "AVAILABLE" : "NO_LONGER_AVAILABLE")),
                    ])
                ))
        }
        return .object(fields)
    }

    private static func availability(_ availability: PlayAvailability) -> String {
        switch availability {
        case .available: "AVAILABLE"
        case .noLongerAvailable: "NO_LONGER_AVAILABLE"
        case .availableIfReleased: "AVAILABLE_IF_RELEASED"
        case .availableForOffersOnly: "AVAILABLE_FOR_OFFERS_ONLY"
        }
    }

    // MARK: Subscriptions

    private func subscription(_ product: Product, _ package: String) -> JSONValue {
        let play = product.googlePlay!
        return .object([
            ("packageName", .string(package)), ("productId", .string(product.playProductID)),
            ("listings", .array(product.playListings.map { listing($0, benefits: true) })),
            ("basePlans", .array(play.basePlans.map { basePlan($0, of: product) })),
        ])
    }

    private func basePlan(_ plan: PlayBasePlan, of product: Product) -> JSONValue {
        let period = plan.period ?? product.subscription?.duration.rawValue ?? ""
        var fields: [(key: String, value: JSONValue)] = [("basePlanId", .string(plan.id))]
        switch plan.kind {
        case .autoRenewing:
            fields.append(
                (
                    "autoRenewingBasePlanType",
                    .object([("billingPeriodDuration", .string(period)), ("legacyCompatible", .bool(plan.legacyCompatible ?? false))])
                ))
        case .prepaid:
            fields.append(("prepaidBasePlanType", .object([("billingPeriodDuration", .string(period))])))
        }
        fields.append(
            (
                "regionalConfigs",
                .array(
                    plan.regions.map { region in
                        var config: [(key: String, value: JSONValue)] = [
                            ("regionCode", .string(region.region)), ("newSubscriberAvailability", .bool(region.availability == .available)),
                        ]
                        if let price = region.price, let currency = PlayRegions.currency(of: region.region) {
                            config.append(("price", PlayMoney.json(price, currency: currency)))
                        }
                        return .object(config)
                    })
            ))
        if let new = plan.newRegions {
            fields.append(
                (
                    "otherRegionsConfig",
                    .object([
                        ("usdPrice", PlayMoney.json(new.usd ?? "0", currency: "USD")),
                        ("eurPrice", PlayMoney.json(new.eur ?? "0", currency: "EUR")),
                        ("newSubscriberAvailability", .bool(new.available)),
                    ])
                ))
        }
        return .object(fields)
    }

    /// Every offer of the product's base plans. An offer runs in regions Play adds later when its
    /// base plan does and no phase needs a price per region (prices exist only for listed regions).
    private func offers(of product: Product, _ package: String) -> [JSONValue] {
        product.googlePlay!.basePlans.flatMap { plan in
            plan.offers.map { offer in
                let regions = offer.regions ?? plan.regions.filter { $0.availability == .available }.map(\.region)
                let newRegions = plan.newRegions?.available == true && offer.regions == nil && offer.phases.allSatisfy { $0.prices.isEmpty }
                var fields: [(key: String, value: JSONValue)] = [
                    ("packageName", .string(package)), ("productId", .string(product.playProductID)), ("basePlanId", .string(plan.id)),
                    ("offerId", .string(offer.id)),
                    ("phases", .array(offer.phases.map { phase($0, regions: regions, newRegions: newRegions) })),
                ]
                if let targeting = Self.targeting(offer.eligibility) { fields.append(("targeting", targeting)) }
                fields.append(
                    (
                        "regionalConfigs",
                        .array(regions.map { .object([("regionCode", .string($0)), ("newSubscriberAvailability", .bool(true))]) })
                    ))
                fields.append(("otherRegionsConfig", .object([("otherRegionsNewSubscriberAvailability", .bool(newRegions))])))
                return .object(fields)
            }
        }
    }

    private func phase(_ phase: PlayOfferPhase, regions: [String], newRegions: Bool) -> JSONValue {
        let pricing: (String) -> (key: String, value: JSONValue) = { region in
            if phase.mode == .freeTrial { return ("free", .object([])) }
            if let discount = phase.discount { return ("relativeDiscount", .double(Double(discount) ?? 0)) }
            let price = phase.prices.first { $0.region == region }?.price ?? "0"
            return ("price", PlayMoney.json(price, currency: PlayRegions.currency(of: region) ?? ""))
        }
        var fields: [(key: String, value: JSONValue)] = [
            ("recurrenceCount", .int(phase.periods)), ("duration", .string(phase.duration)),
            ("regionalConfigs", .array(regions.map { .object([("regionCode", .string($0)), pricing($0)]) })),
        ]
        if newRegions {
            let other: (key: String, value: JSONValue) =
                phase.mode == .freeTrial ? ("free", .object([])) : ("relativeDiscount", .double(Double(phase.discount ?? "0") ?? 0))
            fields.append(("otherRegionsConfig", .object([other])))
        }
        return .object(fields)
    }

    private static func targeting(_ eligibility: PlayEligibility) -> JSONValue? {
        let this: JSONValue = .object([("thisSubscription", .object([]))])
        return switch eligibility {
        case .newCustomers: .object([("acquisitionRule", .object([("scope", this)]))])
        case .newToApp: .object([("acquisitionRule", .object([("scope", .object([("anySubscriptionInApp", .object([]))]))]))])
        case .upgrade: .object([("upgradeRule", .object([("scope", this)]))])
        case .developerDetermined: nil
        }
    }

    // MARK: Listings

    private func listing(_ listing: PlayListing, benefits: Bool) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("languageCode", .string(listing.language)), ("title", .string(listing.title ?? "")),
        ]
        if benefits && !listing.benefits.isEmpty { fields.append(("benefits", .array(listing.benefits.map { .string($0) }))) }
        fields.append(("description", .string(listing.description ?? "")))
        return .object(fields)
    }
}
