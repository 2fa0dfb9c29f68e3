import IAPCatalog

/// What the catalog asks App Store Connect to hold, in the API's terms: reference names, the
/// API's type and period names, localizations by locale, prices as customer prices per territory.
///
/// Both sides of a plan are compared in these terms, and `asc pull` writes them back: a field the
/// API does not hold (client data, promotion order, list declarations) is not here.
package struct DesiredState: Sendable, Equatable {
    /// Subscription groups, by catalog key.
    package var groups: [DesiredGroup]
    /// Products the catalog manages (removed ones excluded), in catalog order.
    package var products: [DesiredProduct]
    /// Products the catalog marks removed: never created, never deleted.
    package var removedProductIDs: Set<String>
    /// Legacy tiers read as their historical U.S. price (warnings for the plan).
    package var legacyTierProducts: [String]
    /// Products of a type the API cannot create (free subscriptions).
    package var unsupportedProducts: [String]
    /// Screenshots that could not be read (warnings for the plan).
    package var screenshotNotes: [PlanNote] = []

    /// The desired state of `catalog`. `baseTerritory` applies where a product sets none.
    package init(catalog: Catalog) {
        // Groups the App Store's subscriptions use, and groups no product uses yet (the catalog
        // declares them for the App Store); never a group only Play-only subscriptions name.
        let playOnlyGroups = Set(catalog.products.filter { !$0.isSold(on: .appStore) }.compactMap { $0.subscription?.group })
            .subtracting(catalog.products.filter { $0.isSold(on: .appStore) }.compactMap { $0.subscription?.group })
        groups = catalog.subscriptionGroups.filter { !playOnlyGroups.contains($0.id) }.map { group in
            DesiredGroup(
                key: group.id, referenceName: group.referenceName ?? group.id,
                localizations: group.localizations.map {
                    DesiredGroupLocalization(locale: $0.locale, name: $0.name ?? "", customAppName: $0.appName)
                }
            )
        }
        var products: [DesiredProduct] = []
        var removed: Set<String> = []
        var legacy: [String] = []
        var unsupported: [String] = []
        // Only what the App Store sells: a product only Google Play sells is none of its business.
        for product in catalog.products where product.isSold(on: .appStore) {
            guard product.status != .removed else {
                removed.insert(product.id)
                continue
            }
            guard let kind = ProductKind(product.type) else {
                unsupported.append(product.id)
                continue
            }
            let (prices, usedTier) = DesiredPrices.of(product.price)
            if usedTier { legacy.append(product.id) }
            products.append(
                DesiredProduct(
                    productID: product.id, kind: kind, referenceName: product.referenceName ?? product.id,
                    reviewNote: product.appStore.review?.notes, familySharable: product.appStore.familySharing,
                    localizations: product.localizations.map {
                        DesiredLocalization(locale: $0.locale, name: $0.displayName ?? "", description: $0.description)
                    },
                    prices: prices, availability: DesiredAvailability(product.effectiveAvailability),
                    approved: product.status == .approved,
                    subscription: product.subscription.map {
                        DesiredSubscription(
                            groupKey: $0.group, period: $0.duration, level: $0.rank,
                            introductoryOffers: ($0.introductoryOffer.map { [$0] } ?? []).map(DesiredIntroductoryOffer.init)
                                + $0.introductoryOffers.map(DesiredIntroductoryOffer.init),
                            // The setting alone, not where the catalog writes it.
                            multiseat: $0.multiseat.map { Multiseat(enabled: $0.enabled, markets: $0.markets) }
                        )
                    },
                    screenshot: product.appStore.review?.screenshot, extras: SaleExtras(product: product)
                )
            )
        }
        self.products = products
        removedProductIDs = removed
        legacyTierProducts = legacy
        unsupportedProducts = unsupported
    }

    /// A state from its parts (tests, pull).
    package init(groups: [DesiredGroup], products: [DesiredProduct]) {
        self.groups = groups
        self.products = products
        removedProductIDs = []
        legacyTierProducts = []
        unsupportedProducts = []
    }
}

/// A subscription group.
package struct DesiredGroup: Sendable, Equatable {
    /// The catalog key (App Store Connect knows groups by reference name).
    package var key: String
    /// The reference name: what finds the group in App Store Connect.
    package var referenceName: String
    /// Localizations.
    package var localizations: [DesiredGroupLocalization]
}

/// A group localization.
package struct DesiredGroupLocalization: Sendable, Equatable {
    /// The locale (`en-US`).
    package var locale: String
    /// The group's display name.
    package var name: String
    /// The custom app name shown with it.
    package var customAppName: String?
}

/// A product (an `inAppPurchases` or a `subscriptions` resource).
package struct DesiredProduct: Sendable, Equatable {
    /// The product id: the identity on both sides.
    package var productID: String
    /// The type.
    package var kind: ProductKind
    /// The reference name (`name` in the API).
    package var referenceName: String
    /// Notes for App Review.
    package var reviewNote: String?
    /// Family Sharing.
    package var familySharable: Bool
    /// Localizations of the current version.
    package var localizations: [DesiredLocalization]
    /// Prices; nil when the catalog sets none.
    package var prices: DesiredPrices?
    /// Where the product is sold.
    package var availability: DesiredAvailability
    /// The catalog says approved (App Review decides; the plan only reports a difference).
    package var approved: Bool
    /// Subscription terms (auto-renewables).
    package var subscription: DesiredSubscription?
    /// The review screenshot's path, relative to the catalog.
    package var screenshot: String?
    /// The screenshot's file, once ``DesiredState/readScreenshots(catalogDirectory:)`` read it.
    package var screenshotFile: ScreenshotFile? = nil
    /// Promotion, promotional offers, offer codes, win-back offers, content hosting and the
    /// monthly billing plan, as the catalog says them; nil: not compared.
    package var extras: SaleExtras? = nil
}

/// Where a product is sold, as the catalog says it: "every territory" stays a selection until the
/// planner resolves it against the territories App Store Connect has.
package struct DesiredAvailability: Sendable, Equatable {
    /// The territories.
    package var territories: TerritorySelection
    /// Whether territories the store adds later join.
    package var availableInNewTerritories: Bool

    /// An availability from its parts.
    package init(territories: TerritorySelection, availableInNewTerritories: Bool) {
        self.territories = territories
        self.availableInNewTerritories = availableInNewTerritories
    }

    /// The catalog's availability without its positions.
    package init(_ availability: Availability) {
        self.init(territories: availability.territories, availableInNewTerritories: availability.availableInNewTerritories)
    }

    /// Every territory and new ones (`cleared_for_sale: true`).
    package static let everywhere = DesiredAvailability(.everywhere)
    /// Nowhere (`cleared_for_sale: false`).
    package static let nowhere = DesiredAvailability(.nowhere)

    /// Whether the selection names a territory of `universe`.
    package func isSold(in universe: [String]) -> Bool { !territories.resolved(in: universe).isEmpty }
}

/// A product localization.
package struct DesiredLocalization: Sendable, Equatable {
    /// The locale.
    package var locale: String
    /// The display name.
    package var name: String
    /// The description.
    package var description: String?
}

/// A subscription's terms.
package struct DesiredSubscription: Sendable, Equatable {
    /// The group's catalog key.
    package var groupKey: String
    /// The billing period.
    package var period: SubscriptionPeriod
    /// The group level (1 = highest), when the catalog sets one.
    package var level: Int?
    /// The introductory offers: the simple form's one (territories nil), or rows.
    package var introductoryOffers: [DesiredIntroductoryOffer]
    /// Whether organizations may buy seats and where (`multiSeatStatus`, `marketSettings`), when the
    /// catalog says (``Multiseat``).
    package var multiseat: Multiseat? = nil
}

/// An introductory offer: the simple form (no territories: a free trial runs wherever the product
/// is sold, a paid offer wherever it has a price), or a row with its territories, dates and plan.
package struct DesiredIntroductoryOffer: Sendable, Equatable {
    /// The mode.
    package var mode: OfferMode
    /// The offer's duration (of one period for pay-as-you-go).
    package var duration: SubscriptionPeriod
    /// Periods (pay-as-you-go), 1 otherwise.
    package var periods: Int
    /// Customer prices by territory (paid modes).
    package var prices: [String: String]
    /// Where it runs; nil: as the simple form says.
    package var territories: TerritorySelection? = nil
    /// `YYYY-MM-DD` of its first day; nil: running.
    package var startDate: String? = nil
    /// `YYYY-MM-DD` of the first day it no longer runs; nil: open-ended.
    package var endDate: String? = nil
    /// `MONTHLY` for the monthly plan; nil for the usual one.
    package var planType: String? = nil

    init(_ offer: SubscriptionOffer) {
        mode = offer.mode
        duration = offer.duration
        periods = offer.periods
        prices = Dictionary(offer.prices.map { ($0.storefront, $0.amount) }, uniquingKeysWith: { first, _ in first })
        territories = offer.territories
        startDate = offer.startDate?.description
        endDate = offer.endDate?.description
        planType = offer.plan.flatMap { $0 == .monthly ? "MONTHLY" : nil }
    }

    /// An offer from its parts.
    package init(mode: OfferMode, duration: SubscriptionPeriod, periods: Int, prices: [String: String]) {
        self.mode = mode
        self.duration = duration
        self.periods = periods
        self.prices = prices
    }
}

/// Prices: a base territory that App Store Connect equalizes from, manual prices elsewhere, and
/// dated steps of the base price.
package struct DesiredPrices: Sendable, Equatable {
    /// The territory Apple equalizes the others from (`USA` unless the catalog says otherwise).
    package var baseTerritory: String
    /// The base territory's price steps, the first without a start date.
    package var baseSteps: [PriceStep]
    /// Manual prices in other territories (no start date).
    package var manual: [String: String]
    /// Dated prices in any territory (the catalog's `changes`).
    package var changes: [PriceRow] = []

    /// One step of a price schedule.
    package struct PriceStep: Sendable, Equatable {
        /// The customer price (`4.99`).
        package var customerPrice: String
        /// `YYYY-MM-DD`, or nil for "now".
        package var startDate: String?

        /// A step.
        package init(customerPrice: String, startDate: String? = nil) {
            self.customerPrice = customerPrice
            self.startDate = startDate
        }
    }

    /// Prices from their parts.
    package init(baseTerritory: String, baseSteps: [PriceStep], manual: [String: String] = [:], changes: [PriceRow] = []) {
        self.baseTerritory = baseTerritory
        self.baseSteps = baseSteps
        self.manual = manual
        self.changes = changes
    }

    /// Every row the prices give, sorted: the base steps, the manual prices, the dated changes.
    package var rows: [PriceRow] {
        var rows = baseSteps.map { PriceRow(territory: baseTerritory, customerPrice: $0.customerPrice, startDate: $0.startDate) }
        rows += manual.map { PriceRow(territory: $0.key, customerPrice: $0.value) }
        return (rows + changes).sorted()
    }

    /// The territories the prices name (the others follow the base territory).
    package var territories: Set<String> { Set(rows.map(\.territory)) }

    /// The current base price.
    package var basePrice: String? { baseSteps.first?.customerPrice }

    /// The prices of a catalog price, and whether a legacy tier had to be read as its U.S. price.
    static func of(_ price: Price?) -> (DesiredPrices?, Bool) {
        guard let price else { return (nil, false) }
        let base = price.baseTerritory ?? Price.defaultBaseTerritory
        var manual = Dictionary(price.storefronts.map { ($0.storefront, $0.amount) }, uniquingKeysWith: { first, _ in first })
        var steps: [PriceStep] = []
        var usedTier = false
        if let explicit = manual.removeValue(forKey: base) {
            steps = [PriceStep(customerPrice: explicit)]
        } else if base == LegacyPriceTiers.storefront {
            let tiers: [(Int, CalendarDate?)] =
                price.tiers.schedule.isEmpty
                ? price.tiers.tier.map { [($0, nil)] } ?? [] : price.tiers.schedule.map { ($0.tier, $0.startDate) }
            for (tier, start) in tiers {
                guard let usd = LegacyPriceTiers.usdPrice(ofTier: tier) else { continue }
                steps.append(PriceStep(customerPrice: usd, startDate: steps.isEmpty ? nil : start?.description))
                usedTier = true
            }
        }
        var changes: [PriceRow] = []
        for change in price.changes {
            let row = PriceRow(
                territory: change.storefront, customerPrice: change.amount, startDate: change.startDate?.description,
                endDate: change.endDate?.description)
            // A dated, open-ended base price is a step of the base price: the one others equalize from.
            if row.territory == base, let start = row.startDate, row.endDate == nil, !steps.isEmpty {
                steps.append(PriceStep(customerPrice: row.customerPrice, startDate: start))
            } else {
                changes.append(row)
            }
        }
        steps = steps.prefix(1) + steps.dropFirst().sorted { ($0.startDate ?? "") < ($1.startDate ?? "") }
        guard !steps.isEmpty || !manual.isEmpty || !changes.isEmpty else { return (nil, usedTier) }
        return (DesiredPrices(baseTerritory: base, baseSteps: steps, manual: manual, changes: changes), usedTier)
    }
}
