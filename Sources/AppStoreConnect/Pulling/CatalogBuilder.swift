import IAPCatalog

/// Turns what App Store Connect holds into a catalog (`asc pull`): every field the API holds,
/// nothing it does not (client data, promotion, product lists stay as the base catalog has them).
public struct CatalogBuilder: Sendable {
    /// `YYYY-MM-DD` of today, to tell current prices from scheduled ones.
    public var today: String

    /// A builder.
    public init(today: String) {
        self.today = today
    }

    /// Notes about what could not be expressed (shown on stderr by `asc pull`).
    public struct Result: Sendable {
        /// The catalog.
        public var catalog: Catalog
        /// What was left out, and why.
        public var notes: [PlanNote]
    }

    /// The catalog of `remote`. `base` supplies what App Store Connect does not hold (app fields,
    /// lists, client data, promotion, screenshot paths); nil starts from nothing.
    public func build(_ remote: RemoteState, app: AppInfo, base: Catalog? = nil) -> Result {
        var notes: [PlanNote] = []
        var catalog = Catalog(app: app)
        catalog.lists = base?.lists ?? []
        var groupKeys: [String: String] = [:]
        var used: Set<String> = []
        for group in remote.groups.sorted(by: { $0.referenceName < $1.referenceName }) {
            let existing = base?.subscriptionGroups.first { ($0.referenceName ?? $0.id) == group.referenceName }?.id
            var key = existing ?? SubscriptionGroup.key(fromName: group.referenceName)
            var suffix = 2
            while used.contains(key) {
                key = SubscriptionGroup.key(fromName: group.referenceName) + "-\(suffix)"
                suffix += 1
            }
            used.insert(key)
            groupKeys[group.id] = key
            catalog.subscriptionGroups.append(
                SubscriptionGroup(
                    id: key, referenceName: group.referenceName,
                    localizations: group.localizations.sorted(by: Self.localeOrder(app.defaultLocale)).map {
                        GroupLocalization(locale: $0.locale, name: $0.name, appName: $0.customAppName)
                    }))
        }
        let baseProducts = Dictionary((base?.products ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for remoteProduct in remote.products.values.sorted(by: { $0.productID < $1.productID }) {
            guard let kind = remoteProduct.kind else {
                notes.append(
                    PlanNote(resource: remoteProduct.productID, message: "type \(remoteProduct.type) is unknown to iapcat; left out"))
                continue
            }
            let previous = baseProducts[remoteProduct.productID]
            var product = Product(
                id: remoteProduct.productID, type: kind.catalogType, referenceName: remoteProduct.name,
                status: ProductStatus(rawValue: remoteProduct.catalogStatusName) ?? .draft,
                clearedForSale: !(remoteProduct.availability?.territories.isEmpty ?? true), familySharing: remoteProduct.familySharable)
            product.localizations = remoteProduct.localizations.sorted(by: Self.localeOrder(app.defaultLocale)).map {
                Localization(locale: $0.locale, displayName: $0.name, description: $0.description)
            }
            if remoteProduct.reviewNote?.isEmpty == false || previous?.review?.screenshot != nil {
                product.review = ReviewInfo(
                    notes: remoteProduct.reviewNote.flatMap { $0.isEmpty ? nil : $0 }, screenshot: previous?.review?.screenshot)
            }
            product.price = price(of: remoteProduct, notes: &notes)
            product.promotion = previous?.promotion
            product.clientData = previous?.clientData
            product.hostedContent = previous?.hostedContent ?? false
            if remoteProduct.isSubscription {
                guard let period = remoteProduct.period.flatMap(SubscriptionPeriod.init(apiName:)),
                    let group = remoteProduct.groupID.flatMap({ groupKeys[$0] })
                else {
                    notes.append(
                        PlanNote(
                            resource: remoteProduct.productID,
                            message: "subscription period \(remoteProduct.period ?? "none") is unknown; left out"))
                    continue
                }
                var terms = SubscriptionTerms(group: group, duration: period, rank: remoteProduct.groupLevel)
                terms.introductoryOffer = introductoryOffer(of: remoteProduct, notes: &notes)
                if let previous = previous?.subscription {
                    terms.promotionalOffers = previous.promotionalOffers
                    terms.offerCodes = previous.offerCodes
                    terms.bonusDuration = previous.bonusDuration
                }
                product.subscription = terms
            }
            catalog.products.append(product)
        }
        // Tombstones of the base catalog stay: App Store Connect never frees a product id.
        for product in base?.products ?? [] where product.status == .removed && remote.products[product.id] == nil {
            catalog.products.append(product)
        }
        return Result(catalog: catalog, notes: notes)
    }

    private static func localeOrder(_ first: String) -> (RemoteLocalization, RemoteLocalization) -> Bool {
        { lhs, rhs in
            if lhs.locale == first || rhs.locale == first { return lhs.locale == first && rhs.locale != first }
            return lhs.locale < rhs.locale
        }
    }

    /// The base territory's price (as a tier schedule when it has dated steps that are all legacy
    /// tiers in U.S. dollars) and the manual prices of an in-app purchase.
    private func price(of product: RemoteProduct, notes: inout [PlanNote]) -> Price? {
        let current = product.currentPrices(today: today)
        let base =
            product.baseTerritory ?? (current[Price.defaultBaseTerritory] != nil ? Price.defaultBaseTerritory : current.keys.sorted().first)
        guard let base else { return nil }
        var price = Price()
        if base != Price.defaultBaseTerritory { price.baseTerritory = base }
        let scheduled = product.scheduledPrices(in: base, today: today)
        let manual = product.isSubscription ? current.filter { $0.key == base } : current
        if !scheduled.isEmpty, base == LegacyPriceTiers.storefront, let now = current[base], let tier = Self.tier(ofUSD: now),
            let steps = Optional(
                scheduled.compactMap { step in
                    Self.tier(ofUSD: step.customerPrice).map {
                        PriceInterval(tier: $0, startDate: step.startDate.flatMap(CalendarDate.init))
                    }
                }),
            steps.count == scheduled.count
        {
            price.schedule = [PriceInterval(tier: tier)] + steps
            price.storefronts = manual.filter { $0.key != base }.sorted { $0.key < $1.key }.map {
                StorefrontPrice(storefront: $0.key, amount: $0.value)
            }
            return price
        }
        if !scheduled.isEmpty {
            notes.append(
                PlanNote(
                    resource: product.productID,
                    message: "scheduled \(base) prices are not legacy tiers and cannot be written in the catalog; left out"))
        }
        price.storefronts = manual.sorted { ($0.key == base ? "" : $0.key) < ($1.key == base ? "" : $1.key) }.map {
            StorefrontPrice(storefront: $0.key, amount: $0.value)
        }
        return price.storefronts.isEmpty ? nil : price
    }

    private static func tier(ofUSD price: String) -> Int? {
        (1...87).first { LegacyPriceTiers.usdPrice(ofTier: $0) == price }
    }

    private func introductoryOffer(of product: RemoteProduct, notes: inout [PlanNote]) -> SubscriptionOffer? {
        guard let first = product.introductoryOffers.first else { return nil }
        guard let mode = OfferMode.allCases.first(where: { $0.apiName == first.mode }),
            let duration = SubscriptionPeriod(apiName: first.duration)
        else {
            notes.append(
                PlanNote(
                    resource: product.productID,
                    message: "introductory offer \(first.mode) \(first.duration) is unknown to iapcat; left out"))
            return nil
        }
        var offer = SubscriptionOffer(mode: mode, duration: duration, periods: first.periods)
        if mode != .freeTrial {
            offer.prices = product.introductoryOffers.compactMap { row in
                guard let territory = row.territory, let price = row.customerPrice else { return nil }
                return StorefrontPrice(storefront: territory, amount: price)
            }.sorted { $0.storefront < $1.storefront }
        }
        return offer
    }
}
