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

    /// The regions version the catalog pins, which decides some regions' currencies.
    private var version: String? { catalog.app.googlePlay?.regionsVersion }

    func document() -> JSONValue {
        let package = catalog.app.googlePlay?.packageName ?? ""
        let products = catalog.products.filter { $0.status != .removed && $0.isSold(on: .googlePlay) && $0.googlePlay != nil }
        var top: [(key: String, value: JSONValue)] = [("packageName", .string(package))]
        if let version = catalog.app.googlePlay?.regionsVersion { top.append(("regionsVersion", .object([("version", .string(version))]))) }
        top.append(("oneTimeProducts", .array(products.filter { $0.type != .autoRenewable }.map { oneTimeProduct($0, package) })))
        let subscriptions = products.filter { $0.type == .autoRenewable }
        top.append(("subscriptions", .array(subscriptions.map { subscription($0, package) })))
        top.append(
            (
                "subscriptionOffers",
                .array(
                    subscriptions.flatMap { product in
                        product.googlePlay!.basePlans.flatMap { plan in
                            plan.offers.map {
                                PlayResourceJSON.offer(
                                    $0, of: plan, package: package, productID: product.playProductID, regionsVersion: version)
                            }
                        }
                    })
            ))
        return .object(top)
    }

    private func oneTimeProduct(_ product: Product, _ package: String) -> JSONValue {
        .object([
            ("packageName", .string(package)), ("productId", .string(product.playProductID)),
            ("listings", .array(product.playListings.map { PlayResourceJSON.listing($0, benefits: false) })),
            (
                "purchaseOptions",
                .array(product.googlePlay!.purchaseOptions.map { PlayResourceJSON.purchaseOption($0, regionsVersion: version) })
            ),
        ])
    }

    private func subscription(_ product: Product, _ package: String) -> JSONValue {
        .object([
            ("packageName", .string(package)), ("productId", .string(product.playProductID)),
            ("listings", .array(product.playListings.map { PlayResourceJSON.listing($0, benefits: true) })),
            (
                "basePlans",
                .array(
                    product.googlePlay!.basePlans.map {
                        PlayResourceJSON.basePlan(
                            $0, period: $0.period ?? product.subscription?.duration.rawValue ?? "", regionsVersion: version)
                    })
            ),
        ])
    }
}

/// The Play Developer API's JSON of the catalog's Google Play pieces — purchase options, base
/// plans, offers, listings — as the exporter writes them and `play apply` sends them: each field
/// iapcat governs, written in one place.
package enum PlayResourceJSON {
    // MARK: One-time products

    /// A `OneTimeProductPurchaseOption` (what iapcat sets of it).
    package static func purchaseOption(_ option: PlayPurchaseOption, regionsVersion: String? = nil) -> JSONValue {
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
                        if let price = region.price, let currency = PlayRegions.currency(of: region.region, regionsVersion: regionsVersion)
                        {
                            config.append(("price", PlayMoney.json(price, currency: currency)))
                        }
                        config.append(("availability", .string(availability(region.availability))))
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

    /// Play's name of an availability.
    package static func availability(_ availability: PlayAvailability) -> String {
        switch availability {
        case .available: "AVAILABLE"
        case .noLongerAvailable: "NO_LONGER_AVAILABLE"
        case .availableIfReleased: "AVAILABLE_IF_RELEASED"
        case .availableForOffersOnly: "AVAILABLE_FOR_OFFERS_ONLY"
        }
    }

    // MARK: Subscriptions

    /// A `BasePlan` (what iapcat sets of it) billing every `period`.
    package static func basePlan(_ plan: PlayBasePlan, period: String, regionsVersion: String? = nil) -> JSONValue {
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
                        if let price = region.price, let currency = PlayRegions.currency(of: region.region, regionsVersion: regionsVersion)
                        {
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

    /// The regions an offer runs in: its own, else where its base plan takes new subscribers.
    package static func regions(of offer: PlayOffer, in plan: PlayBasePlan) -> [String] {
        offer.regions ?? plan.regions.filter { $0.availability == .available }.map(\.region)
    }

    /// Whether an offer runs in regions Play adds later: when it names no `regions` (it runs
    /// wherever its base plan does), its base plan runs in new regions, and no phase needs a price
    /// per region (prices exist only for listed regions).
    package static func runsInNewRegions(_ offer: PlayOffer, of plan: PlayBasePlan) -> Bool {
        plan.newRegions?.available == true && offer.regions == nil && offer.phases.allSatisfy { $0.prices.isEmpty }
    }

    /// A `SubscriptionOffer` (what iapcat sets of it); `newRegions` says whether it runs in regions
    /// Play adds later when the caller knows it (``runsInNewRegions(_:of:)`` otherwise).
    package static func offer(
        _ offer: PlayOffer, of plan: PlayBasePlan, package: String, productID: String, newRegions: Bool? = nil,
        regionsVersion: String? = nil
    ) -> JSONValue {
        let regions = Self.regions(of: offer, in: plan)
        let newRegions = newRegions ?? runsInNewRegions(offer, of: plan)
        var fields: [(key: String, value: JSONValue)] = [
            ("packageName", .string(package)), ("productId", .string(productID)), ("basePlanId", .string(plan.id)),
            ("offerId", .string(offer.id)),
            (
                "phases",
                .array(offer.phases.map { Self.phase($0, regions: regions, newRegions: newRegions, regionsVersion: regionsVersion) })
            ),
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

    /// A `SubscriptionOfferPhase` over `regions`.
    package static func phase(_ phase: PlayOfferPhase, regions: [String], newRegions: Bool, regionsVersion: String? = nil) -> JSONValue {
        let pricing: (String) -> (key: String, value: JSONValue) = { region in
            if phase.mode == .freeTrial { return ("free", .object([])) }
            if let discount = phase.discount { return ("relativeDiscount", .double(Double(discount) ?? 0)) }
            let price = phase.prices.first { $0.region == region }?.price ?? "0"
            return ("price", PlayMoney.json(price, currency: PlayRegions.currency(of: region, regionsVersion: regionsVersion) ?? ""))
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

    /// A one-time product's or subscription's listing.
    package static func listing(_ listing: PlayListing, benefits: Bool) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("languageCode", .string(listing.language)), ("title", .string(listing.title ?? "")),
        ]
        if benefits && !listing.benefits.isEmpty { fields.append(("benefits", .array(listing.benefits.map { .string($0) }))) }
        fields.append(("description", .string(listing.description ?? "")))
        return .object(fields)
    }
}
