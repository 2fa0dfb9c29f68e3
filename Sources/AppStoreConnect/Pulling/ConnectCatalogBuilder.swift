import IAPCatalog

/// Turns what App Store Connect holds into a catalog (`asc pull`): every field the API holds —
/// offers of every kind, promotion, hosted content, images by checksum, the monthly billing plan —
/// and nothing it does not (client data, product lists, screenshot and image paths, bonus
/// durations stay as the base catalog has them).
package struct ConnectCatalogBuilder: Sendable {
    /// `YYYY-MM-DD` of today, to tell current prices from scheduled ones.
    package var today: String

    /// A builder.
    package init(today: String) {
        self.today = today
    }

    /// Notes about what could not be expressed (shown on stderr by `asc pull`).
    package struct Result: Sendable {
        /// The catalog.
        package var catalog: Catalog
        /// What was left out, and why.
        package var notes: [PlanNote]
    }

    /// The catalog of `remote`. `base` supplies what App Store Connect does not hold (app fields,
    /// lists, client data, screenshot paths, content hosting when the API does not say); nil starts
    /// from nothing.
    package func build(_ remote: ConnectRemoteState, app: AppInfo, base: Catalog? = nil) -> Result {
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
            let (cleared, availability) = Self.availability(remoteProduct.availability, universe: remote.territories)
            var product = Product(
                id: remoteProduct.productID, type: kind.catalogType, referenceName: remoteProduct.name,
                status: remoteProduct.storeState.catalogStatus, clearedForSale: cleared, familySharing: remoteProduct.familySharable)
            product.availability = availability
            // The state App Review gave, beside the catalog's intent: written unless it is plain APPROVED.
            if remoteProduct.storeState != .approved { product.appStore.storeState = remoteProduct.storeState }
            product.localizations = remoteProduct.localizations.sorted(by: Self.localeOrder(app.defaultLocale)).map {
                Localization(locale: $0.locale, displayName: $0.name, description: $0.description)
            }
            if remoteProduct.reviewNote?.isEmpty == false || previous?.appStore.review?.screenshot != nil {
                product.appStore.review = ReviewInfo(
                    notes: remoteProduct.reviewNote.flatMap { $0.isEmpty ? nil : $0 }, screenshot: previous?.appStore.review?.screenshot)
            }
            product.price = price(of: remoteProduct)
            var skipped: [String] = []
            let held = SaleExtras(remote: remoteProduct, today: today, universe: remote.territories, skipped: &skipped)
                .sayingFreeTerritories(soldIn: remoteProduct.availability?.territories ?? [], universe: remote.territories)
            notes += skipped.map { PlanNote(resource: remoteProduct.productID, message: "\($0) is unknown to iapcat; left out") }
            product.appStore.promotion = held.promotion
            product.appStore.offerCodes = held.purchaseOfferCodes
            product.clientData = previous?.clientData
            // Google Play's part is the Play commands' to pull: kept as the base catalog has it.
            product.googlePlay = previous?.googlePlay
            product.stores = Array(Set(previous?.stores ?? []).union([.appStore])).sorted()
            product.appStore.hostedContent = held.hostedContent ?? previous?.appStore.hostedContent ?? false
            // Images by checksum; a path of the base catalog stays with the image of its checksum
            // (or, for a path without one, of its file name).
            product.appStore.images = remoteProduct.images.map { image in
                let base = previous?.appStore.images.filter { $0.path != nil } ?? []
                let path =
                    base.first { $0.checksum == image.checksum }?.path
                    ?? base.first { $0.checksum == nil && $0.path?.split(separator: "/").last.map(String.init) == image.fileName }?.path
                return ProductImage(path: path, fileName: image.fileName, checksum: image.checksum)
            }
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
                (terms.introductoryOffer, terms.introductoryOffers) = introductoryOffers(
                    of: remoteProduct, universe: remote.territories, notes: &notes)
                let monthlyRows = remoteProduct.priceRows(today: today, planType: "MONTHLY")
                if remoteProduct.monthlyAvailability != nil || !monthlyRows.isEmpty {
                    terms.monthlyBilling = BillingPlanTerms(
                        price: Self.price(rows: monthlyRows, preserved: [], baseTerritory: nil),
                        availability: remoteProduct.monthlyAvailability.map { Availability($0, universe: remote.territories) })
                }
                terms.promotionalOffers = held.promotionalOffers
                terms.offerCodes = held.offerCodes
                terms.winBackOffers = held.winBackOffers
                terms.bonusDuration = previous?.subscription?.bonusDuration
                terms.multiseat = Self.multiseat(of: remoteProduct, notes: &notes)
                product.subscription = terms
            }
            catalog.products.append(product)
        }
        // Tombstones of the base catalog stay: App Store Connect never frees a product id. So do
        // the products only Google Play sells.
        for product in base?.products ?? []
        where (product.status == .removed || !product.isSold(on: .appStore)) && remote.products[product.id] == nil {
            catalog.products.append(product)
        }
        return Result(catalog: catalog, notes: notes)
    }

    /// The subscription's multiseat setting as App Store Connect holds it, stated explicitly
    /// (its default is on); nil when the API does not say. Multiseat off in no market is written
    /// without markets; a market iapcat does not know is named in a note.
    private static func multiseat(of remote: RemoteProduct, notes: inout [PlanNote]) -> Multiseat? {
        guard let status = remote.multiSeatStatus else { return nil }
        let enabled = status == "ENABLED"
        var markets = remote.marketSettings.map { $0.compactMap(MultiseatMarket.init(apiName:)).sorted() }
        if !enabled && markets == [] { markets = nil }
        let unknown = remote.marketSettings?.filter { MultiseatMarket(apiName: $0) == nil } ?? []
        if !unknown.isEmpty {
            notes.append(
                PlanNote(
                    resource: remote.productID,
                    message: "multiseat market \(unknown.joined(separator: ", ")) is unknown to iapcat; left out"))
        }
        return Multiseat(enabled: enabled, markets: markets)
    }

    private static func localeOrder(_ first: String) -> (RemoteLocalization, RemoteLocalization) -> Bool {
        { lhs, rhs in
            if lhs.locale == first || rhs.locale == first { return lhs.locale == first && rhs.locale != first }
            return lhs.locale < rhs.locale
        }
    }

    /// `cleared_for_sale` and, where the store holds more than "everywhere and new territories" or
    /// "nowhere", the availability. No availability at all is "nowhere".
    static func availability(_ remote: RemoteAvailability?, universe: [String]) -> (Bool, Availability?) {
        guard let remote else { return (false, nil) }
        let territories = Set(remote.territories)
        if remote.availableInNewTerritories, territories == Set(universe) { return (true, nil) }
        if !remote.availableInNewTerritories, territories.isEmpty { return (false, nil) }
        return (!territories.isEmpty, Availability(remote, universe: universe))
    }

    /// Every price row customers pay now or will pay: the prices in effect as `storefronts` (the
    /// base territory first), the other rows as dated `changes`, and (subscriptions) the prices
    /// existing subscribers are kept on as `preserved`.
    private func price(of product: RemoteProduct) -> Price? {
        let preserved = product.prices.filter { $0.preserved && ($0.planType ?? "UPFRONT") == "UPFRONT" }
        return Self.price(rows: product.priceRows(today: today), preserved: preserved, baseTerritory: product.baseTerritory)
    }

    /// A catalog price of price rows: those in effect as `storefronts` (the base territory first),
    /// the others as dated `changes`, and `preserved` ones; nil when there are none.
    static func price(rows: [PriceRow], preserved: [RemotePrice], baseTerritory: String?) -> Price? {
        guard !rows.isEmpty || !preserved.isEmpty else { return nil }
        let current = rows.filter { $0.startDate == nil && $0.endDate == nil }
        let base =
            baseTerritory
            ?? (current.contains { $0.territory == Price.defaultBaseTerritory }
                ? Price.defaultBaseTerritory : current.map(\.territory).sorted().first)
        var price = Price()
        if let base, base != Price.defaultBaseTerritory { price.baseTerritory = base }
        let order = { (row: PriceRow) in row.territory == base ? "" : row.territory }
        price.storefronts = current.sorted { order($0) < order($1) }.map {
            StorefrontPrice(storefront: $0.territory, amount: $0.customerPrice)
        }
        price.changes = rows.filter { $0.startDate != nil || $0.endDate != nil }.map {
            PriceChange(
                storefront: $0.territory, amount: $0.customerPrice, startDate: $0.startDate.flatMap(CalendarDate.init),
                endDate: $0.endDate.flatMap(CalendarDate.init))
        }
        price.preserved = preserved.sorted { ($0.territory, $0.startDate ?? "") < ($1.territory, $1.startDate ?? "") }.map {
            PriceChange(storefront: $0.territory, amount: $0.customerPrice, startDate: $0.startDate.flatMap(CalendarDate.init))
        }
        return price
    }

    /// The introductory offers that run now or will: the simple `introductory_offer` where one
    /// undated offer of the usual plan runs wherever the product is sold (a free trial) or wherever
    /// it has a price (a paid one); `introductory_offers` rows, one per offer, otherwise.
    private func introductoryOffers(of product: RemoteProduct, universe: [String], notes: inout [PlanNote]) -> (
        SubscriptionOffer?, [SubscriptionOffer]
    ) {
        var groups: [String: [OfferRow]] = [:]
        for (_, row) in product.offerRows(universe: universe, today: today) { groups[row.terms, default: []].append(row) }
        var offers: [SubscriptionOffer] = []
        for terms in groups.keys.sorted() {
            let rows = groups[terms]!.sorted()
            guard case .known(let mode) = rows[0].mode,
                let duration = SubscriptionPeriod(apiName: rows[0].duration)
            else {
                notes.append(
                    PlanNote(
                        resource: product.productID,
                        message: "introductory offer \(rows[0].mode) \(rows[0].duration) is unknown to iapcat; left out"
                    ))
                continue
            }
            var offer = SubscriptionOffer(mode: mode, duration: duration, periods: rows[0].periods)
            if mode == .freeTrial {
                offer.territories = .compact(rows.map(\.territory), in: universe)
            } else {
                offer.prices = rows.compactMap { row in row.customerPrice.map { StorefrontPrice(storefront: row.territory, amount: $0) } }
            }
            offer.startDate = rows[0].startDate.flatMap(CalendarDate.init)
            offer.endDate = rows[0].endDate.flatMap(CalendarDate.init)
            offer.plan = rows[0].planType == "MONTHLY" ? .monthly : nil
            offers.append(offer)
        }
        if offers.count == 1, var only = offers.first, only.startDate == nil, only.endDate == nil, only.plan == nil {
            let soldIn = Set(product.availability?.territories ?? [])
            if only.mode != .freeTrial || Set(only.territories?.resolved(in: universe) ?? []) == soldIn {
                only.territories = nil
                return (only, [])
            }
        }
        return (nil, offers)
    }
}

extension Availability {
    /// The store's availability, its territories written compactly against `universe`.
    init(_ remote: RemoteAvailability, universe: [String]) {
        self.init(
            territories: .compact(remote.territories, in: universe), availableInNewTerritories: remote.availableInNewTerritories)
    }
}
