import IAPCatalog

/// What a product has on sale beside its product, texts, prices, territories and introductory
/// offers: promotional offers, offer codes (their configuration, never the codes), win-back
/// offers, its promoted purchase, whether Apple hosts its content, and the monthly billing plan's
/// prices and availability. In catalog terms, so that `asc pull` writes it and a plan compares it
/// (``ConnectPlanner/planExtras(_:product:remote:state:into:)``): offers and promotions become steps
/// where App Store Connect lets the API make them; hosted content and the monthly billing plan
/// are notes.
package struct SaleExtras: Sendable, Equatable {
    /// Promotional offers, by offer identifier.
    package var promotionalOffers: [SubscriptionOffer] = []
    /// Offer codes, by reference name.
    package var offerCodes: [SubscriptionOffer] = []
    /// Win-back offers, by offer id.
    package var winBackOffers: [WinBackOffer] = []
    /// In-app purchases: offer codes, by reference name.
    package var purchaseOfferCodes: [PurchaseOfferCode] = []
    /// The promoted purchase; nil when the product is not promoted.
    package var promotion: Promotion?
    /// In-app purchases: Apple hosts the content; nil when App Store Connect did not say.
    package var hostedContent: Bool?
    /// Subscriptions: the monthly billing plan (12 months billed monthly), when there is one.
    package var monthlyBilling: MonthlyBilling?
    /// Promotional images, by checksum (a catalog image given by path gets the checksum of its
    /// file when ``DesiredState/readScreenshots(catalogDirectory:)`` reads it).
    package var images: [ProductImage] = []

    /// A monthly billing plan in the terms both sides compare: its price rows and availability.
    package struct MonthlyBilling: Sendable, Equatable {
        /// The instalments, as rows.
        package var prices: [PriceRow]
        /// Where the plan is offered; nil when nothing says.
        package var availability: DesiredAvailability?
    }

    /// Nothing: what App Store Connect holds for a product it does not have.
    package init() {}

    /// What the catalog says of `product`.
    package init(product: Product) {
        promotionalOffers = product.subscription?.promotionalOffers ?? []
        offerCodes = product.subscription?.offerCodes ?? []
        winBackOffers = product.subscription?.winBackOffers ?? []
        purchaseOfferCodes = product.appStore.offerCodes
        promotion = product.appStore.promotion
        hostedContent = product.appStore.hostedContent
        images = product.appStore.images.map { ProductImage(path: $0.path, fileName: $0.fileName, checksum: $0.checksum) }
        monthlyBilling = product.subscription?.monthlyBilling.map { plan in
            MonthlyBilling(
                prices: (plan.price.flatMap { DesiredPrices.of($0).0?.rows } ?? []).sorted(),
                availability: plan.availability.map(DesiredAvailability.init))
        }
    }

    /// What App Store Connect holds for `remote`; offers of a mode or duration iapcat does not
    /// know are left out and named in `skipped`.
    package init(remote: RemoteProduct, today: String, universe: [String], skipped: inout [String]) {
        promotionalOffers = remote.promotionalOffers.compactMap { offer in
            guard var read = Self.offer(offer, skipped: &skipped, what: "promotional offer \(offer.offerCode ?? offer.name)") else {
                return nil
            }
            read.id = offer.offerCode
            return read
        }
        .sorted { ($0.id ?? "") < ($1.id ?? "") }
        offerCodes = remote.offerCodes.compactMap { offer in
            guard var read = Self.offer(offer, skipped: &skipped, what: "offer code \(offer.name)") else { return nil }
            read.eligibility = OfferEligibility.allCases.filter { offer.customerEligibilities.contains($0.rawValue.uppercased()) }
            read.stackable = offer.offerEligibility.flatMap { ["STACK_WITH_INTRO_OFFERS": true, "REPLACE_INTRO_OFFERS": false][$0] }
            read.active = offer.active
            read.autoRenew = offer.autoRenewEnabled
            return read
        }
        .sorted { ($0.referenceName ?? "") < ($1.referenceName ?? "") }
        winBackOffers = remote.winBackOffers.compactMap { Self.winBackOffer($0, skipped: &skipped) }.sorted { $0.id < $1.id }
        purchaseOfferCodes = remote.purchaseOfferCodes.map { Self.purchaseOfferCode($0, skipped: &skipped) }
            .sorted { $0.referenceName < $1.referenceName }
        promotion = remote.promotedPurchase.map { purchase in
            var promotion = Promotion(visible: purchase.visibleForAllUsers, order: purchase.position)
            promotion.enabled = purchase.enabled
            return promotion
        }
        hostedContent = remote.contentHosting
        images = remote.images.map { ProductImage(fileName: $0.fileName, checksum: $0.checksum) }
        let monthlyRows = remote.priceRows(today: today, planType: "MONTHLY")
        if remote.monthlyAvailability != nil || !monthlyRows.isEmpty {
            monthlyBilling = MonthlyBilling(
                prices: monthlyRows.sorted(),
                availability: remote.monthlyAvailability.map { DesiredAvailability(Availability($0, universe: universe)) })
        }
    }

    /// The mode and duration the store names, when iapcat knows both; otherwise `what` is named in `skipped`.
    private static func terms(mode: APIOfferMode, duration: String, skipped: inout [String], what: String) -> (
        OfferMode, SubscriptionPeriod
    )? {
        guard case .known(let known) = mode, let period = SubscriptionPeriod(apiName: duration) else {
            skipped.append("\(what) (\(mode) \(duration))")
            return nil
        }
        return (known, period)
    }

    private static func offer(_ offer: RemoteSubscriptionOffer, skipped: inout [String], what: String) -> SubscriptionOffer? {
        guard let (mode, duration) = terms(mode: offer.mode, duration: offer.duration, skipped: &skipped, what: what) else { return nil }
        var read = SubscriptionOffer(
            referenceName: offer.name, mode: mode, duration: duration, periods: offer.periods, prices: prices(offer.prices))
        read.plan = offer.planType == "MONTHLY" ? .monthly : nil
        if mode == .freeTrial { read.territories = .only(offer.territories.sorted()) }
        return read
    }

    private static func winBackOffer(_ offer: RemoteWinBackOffer, skipped: inout [String]) -> WinBackOffer? {
        let what = "win-back offer \(offer.offerID)"
        guard let (mode, duration) = terms(mode: offer.mode, duration: offer.duration, skipped: &skipped, what: what) else { return nil }
        var read = WinBackOffer(
            id: offer.offerID, referenceName: offer.referenceName, mode: mode, duration: duration, periods: offer.periods)
        read.prices = prices(offer.prices)
        read.paidMonths = offer.paidMonths
        if offer.lapsedMinimum != nil || offer.lapsedMaximum != nil {
            read.lapsedMonths = MonthRange(minimum: offer.lapsedMinimum, maximum: offer.lapsedMaximum)
        }
        read.waitMonths = offer.waitMonths
        read.startDate = offer.startDate.flatMap(CalendarDate.init)
        read.endDate = offer.endDate.flatMap(CalendarDate.init)
        read.priority = offer.priority.flatMap { WinBackPriority(rawValue: $0.lowercased()) }
        read.promotion = offer.promotionIntent.flatMap {
            ["NOT_PROMOTED": WinBackPromotion.notPromoted, "USE_AUTO_GENERATED_ASSETS": .autoGeneratedAssets][$0]
        }
        read.plan = offer.planType == "MONTHLY" ? .monthly : nil
        if mode == .freeTrial { read.territories = .only(offer.territories.sorted()) }
        return read
    }

    /// An in-app purchase's offer code in catalog terms: `active` only when it is off, custom
    /// codes by code; an eligibility iapcat does not know is named in `skipped`.
    private static func purchaseOfferCode(_ code: RemotePurchaseOfferCode, skipped: inout [String]) -> PurchaseOfferCode {
        let eligibility = code.customerEligibilities.compactMap { name in
            let known = SpenderEligibility(apiName: name)
            if known == nil { skipped.append("eligibility \(name) of offer code \(code.name)") }
            return known
        }
        let customCodes = code.customCodes.compactMap { custom -> CustomOfferCode? in
            // A count the catalog cannot say (none, or under 1) is left out and named.
            guard custom.count >= 1 else {
                skipped.append("custom code \(custom.code) of offer code \(code.name) (\(custom.count) redemptions)")
                return nil
            }
            return CustomOfferCode(
                code: custom.code, count: custom.count, expires: custom.expirationDate.flatMap { CalendarDate(String($0.prefix(10))) },
                active: custom.active == false ? false : nil)
        }
        return PurchaseOfferCode(
            referenceName: code.name, eligibility: Array(Set(eligibility)).sorted(), prices: prices(code.prices),
            active: code.active == false ? false : nil, customCodes: customCodes.sorted { $0.code < $1.code })
    }

    /// Customer prices, the U.S. first and then by territory code.
    private static func prices(_ byTerritory: [String: String]) -> [StorefrontPrice] {
        let order = { (territory: String) in territory == Price.defaultBaseTerritory ? "" : territory }
        return byTerritory.keys.sorted { order($0) < order($1) }.map { StorefrontPrice(storefront: $0, amount: byTerritory[$0]!) }
    }

    // MARK: Where free offers run

    /// The extras with each free offer's territories as a sorted list of `universe`'s codes, an
    /// offer that names none taking `soldIn` (where the subscription is sold): the terms a plan
    /// compares and creates.
    func resolvingFreeTerritories(soldIn: [String], universe: [String]) -> SaleExtras {
        mappingFreeTerritories { .only($0?.resolved(in: universe) ?? soldIn.sorted()) }
    }

    /// The extras as a catalog says them: a free offer that runs exactly where the subscription is
    /// sold names no territories, another names them compactly against `universe`.
    func sayingFreeTerritories(soldIn: [String], universe: [String]) -> SaleExtras {
        mappingFreeTerritories { territories in
            let codes = territories?.resolved(in: universe) ?? soldIn
            return Set(codes) == Set(soldIn) ? nil : .compact(codes, in: universe)
        }
    }

    private func mappingFreeTerritories(_ transform: (TerritorySelection?) -> TerritorySelection?) -> SaleExtras {
        var extras = self
        for index in extras.promotionalOffers.indices where extras.promotionalOffers[index].mode == .freeTrial {
            extras.promotionalOffers[index].territories = transform(extras.promotionalOffers[index].territories)
        }
        for index in extras.offerCodes.indices where extras.offerCodes[index].mode == .freeTrial {
            extras.offerCodes[index].territories = transform(extras.offerCodes[index].territories)
        }
        for index in extras.winBackOffers.indices where extras.winBackOffers[index].mode == .freeTrial {
            extras.winBackOffers[index].territories = transform(extras.winBackOffers[index].territories)
        }
        return extras
    }

    // MARK: Comparing

    /// Notes for what the catalog (`self`) says differently from App Store Connect (`remote`)
    /// that no step can change: content hosting (the API cannot set it) and images (not uploaded yet).
    func differences(from remote: SaleExtras, productID: String) -> [PlanNote] {
        var notes: [PlanNote] = []
        if let remoteHosted = remote.hostedContent, remoteHosted != (hostedContent ?? false) {
            notes.append(
                PlanNote(
                    resource: productID,
                    message:
                        "hosted content differs from App Store Connect, whose API cannot change it: change it in App Store Connect"))
        }
        let checksums = images.compactMap(\.checksum).sorted()
        if checksums.count == images.count, checksums != remote.images.compactMap(\.checksum).sorted() {
            notes.append(
                PlanNote(
                    resource: productID,
                    message:
                        "images differ from App Store Connect (\(images.count) in the catalog, \(remote.images.count) there, by checksum): iapcat does not upload images yet; upload them in App Store Connect"
                ))
        }
        return notes
    }

    /// A store offer code with the fields the catalog's code of the same reference name leaves out cleared.
    static func asSaid(_ code: SubscriptionOffer, by catalog: [SubscriptionOffer]) -> SubscriptionOffer {
        guard let said = catalog.first(where: { $0.referenceName == code.referenceName }) else { return code }
        var code = code
        if said.eligibility.isEmpty { code.eligibility = [] }
        if said.stackable == nil { code.stackable = nil }
        if said.active == nil { code.active = nil }
        if said.autoRenew == nil { code.autoRenew = nil }
        return code
    }

    /// Offers without source positions, prices and eligibility in a fixed order, `active: true`
    /// and the usual plan as unsaid, sorted by id and reference name.
    static func comparable(_ offers: [SubscriptionOffer]) -> [SubscriptionOffer] {
        offers.map { offer in
            var offer = offer
            offer.positions = SubscriptionOffer.Positions()
            offer.prices = comparable(offer.prices)
            offer.eligibility = OfferEligibility.allCases.filter(offer.eligibility.contains)
            if offer.active == true { offer.active = nil }
            if offer.plan == .upfront { offer.plan = nil }
            return offer
        }
        .sorted { ($0.id ?? "", $0.referenceName ?? "") < ($1.id ?? "", $1.referenceName ?? "") }
    }

    static func comparable(_ offers: [WinBackOffer]) -> [WinBackOffer] {
        offers.map { offer in
            var offer = offer
            offer.positions = WinBackOffer.Positions()
            offer.prices = comparable(offer.prices)
            if offer.plan == .upfront { offer.plan = nil }
            return offer
        }
        .sorted { $0.id < $1.id }
    }

    /// Prices without source positions, by storefront.
    private static func comparable(_ prices: [StorefrontPrice]) -> [StorefrontPrice] {
        prices.map { StorefrontPrice(storefront: $0.storefront, amount: $0.amount) }.sorted { $0.storefront < $1.storefront }
    }
}
