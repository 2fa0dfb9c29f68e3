import IAPCatalog

/// Reads an app's in-app purchases and subscriptions from App Store Connect into a ``ConnectRemoteState``.
///
/// One paged list per family with `include` for what the API can include (versions, availability,
/// the price schedule, the review screenshot, images, promotional offers, offer codes, win-back offers),
/// then per product what it cannot: the current version's localizations, prices, available
/// territories, introductory offers, each paid offer's prices; and the app's promoted purchases
/// in one paged list. Localizations come
/// from the latest version (4.4.1); a product without versions is read through the older
/// product-level resource.
package struct ConnectRemoteReader: Sendable {
    let api: any ConnectTransport

    /// A reader over `api`.
    package init(api: any ConnectTransport) {
        self.api = api
    }

    /// Reads the whole state of `appID`; with `productIDs`, the groups and only those products
    /// (`filter[productId]`), as apply's read-back does.
    package func read(appID: String, productIDs: Set<String>? = nil) async throws(ConnectAPIError) -> ConnectRemoteState {
        var state = ConnectRemoteState(appID: appID)
        let filter = productIDs.map { [("filter[productId]", $0.sorted().joined(separator: ","))] } ?? []
        state.territories = try await api.all("/v1/territories").data.compactMap(\.id).sorted()
        if productIDs?.isEmpty != true {
            for product in try await readInAppPurchases(appID: appID, filter: filter) { state.products[product.productID] = product }
        }
        let (groups, subscriptions) = try await readSubscriptions(appID: appID, filter: productIDs?.isEmpty == true ? nil : filter)
        state.groups = groups
        for product in subscriptions { state.products[product.productID] = product }
        if productIDs?.isEmpty != true { try await readPromotedPurchases(appID: appID, into: &state) }
        return state
    }

    // MARK: Promoted purchases

    /// The app's promoted purchases (`GET /v1/apps/{id}/promotedPurchases`), in the app's order:
    /// each becomes the ``RemoteProduct/promotedPurchase`` of the product it promotes, if read.
    func readPromotedPurchases(appID: String, into state: inout ConnectRemoteState) async throws(ConnectAPIError) {
        let list = try await all(
            "/v1/apps/\(id: appID)/promotedPurchases",
            query: [
                ("include", "inAppPurchaseV2,subscription"), ("fields[inAppPurchases]", "productId"),
                ("fields[subscriptions]", "productId"),
            ], absentIsEmpty: true)
        let productIDs = Dictionary(state.products.values.map { ($0.id, $0.productID) }, uniquingKeysWith: { first, _ in first })
        state.promotedPurchaseCount = 0
        for (index, resource) in list.data.enumerated() {
            guard let id = resource.id else { continue }
            let target = resource.relationships["inAppPurchaseV2"]?.identifier ?? resource.relationships["subscription"]?.identifier
            guard let target, let productID = productIDs[target.id] ?? list.included(target)?.string("productId") else { continue }
            // Counted whether or not its product was read: a scoped read places new ones as the full read does.
            state.promotedPurchaseCount? += 1
            guard state.products[productID] != nil else { continue }
            state.products[productID]?.promotedPurchase = RemotePromotedPurchase(
                id: id, visibleForAllUsers: resource.bool("visibleForAllUsers") ?? false, enabled: resource.bool("enabled") ?? false,
                position: index + 1)
        }
    }

    // MARK: In-app purchases

    func readInAppPurchases(appID: String, filter: [(String, String)] = []) async throws(ConnectAPIError) -> [RemoteProduct] {
        let list = try await api.all(
            "/v1/apps/\(id: appID)/inAppPurchasesV2",
            query: [
                ("include", "versions,inAppPurchaseAvailability,iapPriceSchedule,appStoreReviewScreenshot,images,offerCodes"),
                ("limit[versions]", "50"), ("limit[images]", "50"), ("limit[offerCodes]", "50"),
            ] + filter)
        var products: [RemoteProduct] = []
        for resource in list.data {
            guard let id = resource.id, let productID = resource.string("productId") else { continue }
            var product = RemoteProduct(resource, id: id, productID: productID, type: resource.string("inAppPurchaseType") ?? "UNKNOWN")
            product.contentHosting = resource.bool("contentHosting")
            product.version = Self.latestVersion(list.included(resource.relationships["versions"]))
            if let version = product.version {
                product.localizations = try await localizations("/v1/inAppPurchaseVersions/\(id: version.id)/localizations")
            } else {
                product.localizations = try await localizations(
                    "/v2/inAppPurchases/\(id: id)/inAppPurchaseLocalizations", absentIsEmpty: true)
            }
            if let schedule = resource.relationships["iapPriceSchedule"]?.identifier?.id {
                product.baseTerritory = try await one("/v1/inAppPurchasePriceSchedules/\(id: schedule)/baseTerritory")?.id
                let prices = try await all(
                    "/v1/inAppPurchasePriceSchedules/\(id: schedule)/manualPrices",
                    query: [("include", "inAppPurchasePricePoint,territory")],
                    absentIsEmpty: true)
                product.prices = Self.prices(prices, pointRelationship: "inAppPurchasePricePoint")
            }
            if let availability = list.included(resource.relationships["inAppPurchaseAvailability"]?.identifier) {
                product.availability = try await self.availability(availability, path: "/v1/inAppPurchaseAvailabilities")
            }
            if let screenshot = list.included(resource.relationships["appStoreReviewScreenshot"]?.identifier) {
                product.screenshotChecksum = Self.deliveredChecksum(screenshot)
            }
            product.images = Self.images(try await included("images", of: resource, in: list, else: "/v2/inAppPurchases/\(id: id)/images"))
            for code in try await included("offerCodes", of: resource, in: list, else: "/v2/inAppPurchases/\(id: id)/offerCodes") {
                if let read = try await purchaseOfferCode(code) { product.purchaseOfferCodes.append(read) }
            }
            products.append(product)
        }
        return products
    }

    /// An in-app purchase's offer code with its prices (each price point's customer price) and
    /// custom codes: two requests per offer code, none for a product without one.
    private func purchaseOfferCode(_ resource: Resource) async throws(ConnectAPIError) -> RemotePurchaseOfferCode? {
        guard let id = resource.id else { return nil }
        var code = RemotePurchaseOfferCode(
            id: id, name: resource.string("name") ?? "",
            customerEligibilities: resource.attributes["customerEligibilities"]?.array?.compactMap(\.string) ?? [],
            active: resource.bool("active"))
        let prices = try await all(
            "/v1/inAppPurchaseOfferCodes/\(id: id)/prices",
            query: [("include", "territory,pricePoint"), ("fields[inAppPurchasePricePoints]", "customerPrice")], absentIsEmpty: true)
        for price in prices.data {
            guard let territory = price.related("territory"),
                let point = prices.included(price.relationships["pricePoint"]?.identifier),
                let customerPrice = point.string("customerPrice")
            else { continue }
            code.prices[territory] = customerPrice
        }
        code.customCodes = try await all("/v1/inAppPurchaseOfferCodes/\(id: id)/customCodes", absentIsEmpty: true).data.compactMap {
            custom in
            guard let id = custom.id, let text = custom.string("customCode") else { return nil }
            return RemoteCustomCode(
                id: id, code: text, count: custom.int("numberOfCodes") ?? 0, expirationDate: custom.string("expirationDate"),
                active: custom.bool("active"))
        }
        return code
    }

    // MARK: Subscriptions

    /// What the subscriptions list includes: everything of a subscription the API can include that iapcat reads.
    static let subscriptionIncludes = [
        "versions", "planAvailabilities", "subscriptionAvailability", "appStoreReviewScreenshot", "promotionalOffers", "offerCodes",
        "winBackOffers", "images",
    ].joined(separator: ",")

    /// Groups and their subscriptions (none when `filter` is nil: groups only; `filter[productId]` otherwise).
    func readSubscriptions(appID: String, filter: [(String, String)]? = []) async throws(ConnectAPIError) -> (
        [RemoteGroup], [RemoteProduct]
    ) {
        let list = try await api.all(
            "/v1/apps/\(id: appID)/subscriptionGroups", query: [("include", "versions"), ("limit[versions]", "50")])
        var groups: [RemoteGroup] = []
        var products: [RemoteProduct] = []
        for resource in list.data {
            guard let id = resource.id else { continue }
            let version = Self.latestVersion(list.included(resource.relationships["versions"]))
            let localizations =
                if let version {
                    try await self.localizations("/v1/subscriptionGroupVersions/\(id: version.id)/localizations")
                } else {
                    try await self.localizations("/v1/subscriptionGroups/\(id: id)/subscriptionGroupLocalizations", absentIsEmpty: true)
                }
            groups.append(
                RemoteGroup(id: id, referenceName: resource.string("referenceName") ?? "", version: version, localizations: localizations))
            guard let filter else { continue }
            let subscriptions = try await api.all(
                "/v1/subscriptionGroups/\(id: id)/subscriptions",
                query: filter + [
                    ("include", Self.subscriptionIncludes),
                    ("limit[versions]", "50"), ("limit[promotionalOffers]", "50"), ("limit[offerCodes]", "50"),
                    ("limit[winBackOffers]", "50"), ("limit[images]", "50"),
                ])
            for subscription in subscriptions.data {
                if let product = try await readSubscription(subscription, groupID: id, document: subscriptions) { products.append(product) }
            }
        }
        return (groups, products)
    }

    private func readSubscription(_ resource: Resource, groupID: String, document: APIDocument) async throws(ConnectAPIError)
        -> RemoteProduct?
    {
        guard let id = resource.id, let productID = resource.string("productId") else { return nil }
        var product = RemoteProduct(resource, id: id, productID: productID, type: ProductKind.autoRenewable.rawValue)
        product.groupID = groupID
        product.period = resource.string("subscriptionPeriod")
        product.groupLevel = resource.int("groupLevel")
        product.multiSeatStatus = resource.string("multiSeatStatus")
        product.marketSettings = resource.attributes["marketSettings"]?.array.map { $0.compactMap(\.string) }
        product.version = Self.latestVersion(document.included(resource.relationships["versions"]))
        if let version = product.version {
            product.localizations = try await localizations("/v1/subscriptionVersions/\(id: version.id)/localizations")
        } else {
            product.localizations = try await localizations("/v1/subscriptions/\(id: id)/subscriptionLocalizations", absentIsEmpty: true)
        }
        let prices = try await api.all("/v1/subscriptions/\(id: id)/prices", query: [("include", "territory,subscriptionPricePoint")])
        product.prices = Self.prices(prices, pointRelationship: "subscriptionPricePoint")
        let offers = try await api.all(
            "/v1/subscriptions/\(id: id)/introductoryOffers", query: [("include", "territory,subscriptionPricePoint")])
        product.introductoryOffers = offers.data.compactMap { offer in
            guard let offerID = offer.id else { return nil }
            return RemoteIntroductoryOffer(
                id: offerID, territory: offer.related("territory"), mode: APIOfferMode(apiName: offer.string("offerMode") ?? "UNKNOWN"),
                duration: offer.string("duration") ?? "UNKNOWN", periods: offer.int("numberOfPeriods") ?? 1,
                customerPrice: offers.included(offer.relationships["subscriptionPricePoint"]?.identifier)?.string("customerPrice"),
                startDate: offer.string("startDate"), endDate: offer.string("endDate"),
                planType: Self.planType(offer))
        }
        // One availability per plan type; a subscription without any has only the older one.
        for availability in document.included(resource.relationships["planAvailabilities"]) {
            let read = try await self.availability(availability, path: "/v1/subscriptionPlanAvailabilities")
            if availability.string("planType") == "MONTHLY" {
                product.monthlyAvailability = read
            } else {
                product.availability = read
            }
        }
        if product.availability == nil, let legacy = document.included(resource.relationships["subscriptionAvailability"]?.identifier) {
            product.availability = try await self.availability(legacy, path: "/v1/subscriptionAvailabilities")
        }
        if let screenshot = document.included(resource.relationships["appStoreReviewScreenshot"]?.identifier) {
            product.screenshotChecksum = Self.deliveredChecksum(screenshot)
        }
        try await readOffers(of: resource, document: document, into: &product)
        product.images = Self.images(try await included("images", of: resource, in: document, else: "/v1/subscriptions/\(id: id)/images"))
        return product
    }

    /// The images the store holds: those uploaded and not failed, with their checksums.
    private static func images(_ resources: [Resource]) -> [RemoteImage] {
        resources.compactMap { image in
            guard let id = image.id, let checksum = image.string("sourceFileChecksum"), let state = image.string("state"),
                state != "AWAITING_UPLOAD", state != "FAILED"
            else { return nil }
            return RemoteImage(id: id, fileName: image.string("fileName") ?? "", checksum: checksum, state: state)
        }
    }

    /// The included promotional offers, offer codes and win-back offers of a subscription, each
    /// with its prices: a paid offer's price points, a free trial's territories (one request per offer).
    private func readOffers(of resource: Resource, document: APIDocument, into product: inout RemoteProduct) async throws(ConnectAPIError) {
        let id = product.id
        let promotional = try await included(
            "promotionalOffers", of: resource, in: document, else: "/v1/subscriptions/\(id: id)/promotionalOffers")
        let codes = try await included("offerCodes", of: resource, in: document, else: "/v1/subscriptions/\(id: id)/offerCodes")
        let winBack = try await included("winBackOffers", of: resource, in: document, else: "/v1/subscriptions/\(id: id)/winBackOffers")
        for offer in promotional {
            guard let id = offer.id else { continue }
            var read = Self.subscriptionOffer(offer, id: id)
            read.offerCode = offer.string("offerCode")
            (read.prices, read.territories) = try await offerPrices("/v1/subscriptionPromotionalOffers/\(id: id)/prices", mode: read.mode)
            product.promotionalOffers.append(read)
        }
        for offer in codes {
            guard let id = offer.id else { continue }
            var read = Self.subscriptionOffer(offer, id: id)
            read.customerEligibilities = offer.attributes["customerEligibilities"]?.array?.compactMap(\.string) ?? []
            read.offerEligibility = offer.string("offerEligibility")
            read.active = offer.bool("active")
            read.autoRenewEnabled = offer.bool("autoRenewEnabled")
            (read.prices, read.territories) = try await offerPrices("/v1/subscriptionOfferCodes/\(id: id)/prices", mode: read.mode)
            product.offerCodes.append(read)
        }
        for offer in winBack {
            guard let id = offer.id else { continue }
            let lapsed = offer.attributes["customerEligibilityTimeSinceLastSubscribedInMonths"]
            let mode = APIOfferMode(apiName: offer.string("offerMode") ?? "UNKNOWN")
            let (prices, territories) = try await offerPrices("/v1/winBackOffers/\(id: id)/prices", mode: mode)
            product.winBackOffers.append(
                RemoteWinBackOffer(
                    id: id, offerID: offer.string("offerId") ?? "", referenceName: offer.string("referenceName"), mode: mode,
                    duration: offer.string("duration") ?? "UNKNOWN", periods: offer.int("periodCount") ?? 1, prices: prices,
                    territories: territories,
                    paidMonths: offer.int("customerEligibilityPaidSubscriptionDurationInMonths"), lapsedMinimum: lapsed?["minimum"]?.int,
                    lapsedMaximum: lapsed?["maximum"]?.int, waitMonths: offer.int("customerEligibilityWaitBetweenOffersInMonths"),
                    startDate: offer.string("startDate"), endDate: offer.string("endDate"), priority: offer.string("priority"),
                    promotionIntent: offer.string("promotionIntent"), planType: Self.planType(offer)))
        }
    }

    /// The resources `document` includes for `relationship` of `resource`; when as many as the
    /// include limit came (50), possibly not all: then every page of `path`.
    private func included(_ relationship: String, of resource: Resource, in document: APIDocument, else path: String)
        async throws(ConnectAPIError) -> [Resource]
    {
        let resources = document.included(resource.relationships[relationship])
        return resources.count < Self.includeLimit ? resources : try await api.all(path).data
    }

    /// `limit[…]` of the lists a product's list includes.
    static let includeLimit = 50

    /// What promotional offers and offer codes share, read from their attributes.
    private static func subscriptionOffer(_ offer: Resource, id: String) -> RemoteSubscriptionOffer {
        RemoteSubscriptionOffer(
            id: id, name: offer.string("name") ?? "", mode: APIOfferMode(apiName: offer.string("offerMode") ?? "UNKNOWN"),
            duration: offer.string("duration") ?? "UNKNOWN", periods: offer.int("numberOfPeriods") ?? 1, planType: planType(offer))
    }

    /// `targetSubscriptionPlanType`, nil for the usual plan.
    private static func planType(_ offer: Resource) -> String? {
        offer.string("targetSubscriptionPlanType").flatMap { $0 == "UPFRONT" ? nil : $0 }
    }

    /// An offer's prices (`territory` and, for a paid offer, `subscriptionPricePoint` included): the
    /// customer price per territory of a paid offer, the territories of a free trial (whose prices
    /// name a territory and no price point).
    private func offerPrices(_ path: String, mode: APIOfferMode) async throws(ConnectAPIError) -> (
        prices: [String: String], territories: [String]
    ) {
        let free = mode.isFree
        let include = free ? "territory" : "territory,subscriptionPricePoint"
        let prices = try await all(path, query: [("include", include)], absentIsEmpty: true)
        var byTerritory: [String: String] = [:]
        var territories: Set<String> = []
        for price in prices.data {
            guard let territory = price.related("territory") else { continue }
            territories.insert(territory)
            guard let point = prices.included(price.relationships["subscriptionPricePoint"]?.identifier),
                let customerPrice = point.string("customerPrice")
            else { continue }
            byTerritory[territory] = customerPrice
        }
        return (free ? [:] : byTerritory, free ? territories.sorted() : [])
    }

    // MARK: Shared

    /// Every page of a list; with `absentIsEmpty`, a 404 (a product without a schedule, an older
    /// resource a server no longer serves) reads as an empty list.
    private func all(_ path: String, query: [(name: String, value: String)] = [], absentIsEmpty: Bool = false) async throws(ConnectAPIError)
        -> APIDocument
    {
        do {
            return try await api.all(path, query: query)
        } catch  where absentIsEmpty && error.status == 404 {
            return APIDocument()
        }
    }

    /// One resource, or nil when there is none (`data: null` or 404).
    private func one(_ path: String) async throws(ConnectAPIError) -> Resource? {
        do {
            return try await api.send(ConnectRequest(.get, path)).data.first
        } catch  where error.status == 404 {
            return nil
        }
    }

    private func localizations(_ path: String, absentIsEmpty: Bool = false) async throws(ConnectAPIError) -> [RemoteLocalization] {
        try await all(path, absentIsEmpty: absentIsEmpty).data.compactMap { resource in
            guard let id = resource.id, let locale = resource.string("locale") else { return nil }
            return RemoteLocalization(
                id: id, locale: locale, name: resource.string("name") ?? "", description: resource.string("description"),
                customAppName: resource.string("customAppName"))
        }
    }

    private func availability(_ resource: Resource, path: String) async throws(ConnectAPIError) -> RemoteAvailability? {
        guard let id = resource.id else { return nil }
        let territories = try await api.all("\(path)/\(id: id)/availableTerritories").data.compactMap(\.id)
        return RemoteAvailability(
            id: id, availableInNewTerritories: resource.bool("availableInNewTerritories") ?? false, territories: territories.sorted())
    }

    /// The newest version that has not been replaced.
    static func latestVersion(_ versions: [Resource]) -> RemoteVersion? {
        versions.compactMap { resource -> RemoteVersion? in
            guard let id = resource.id else { return nil }
            return RemoteVersion(id: id, number: resource.int("version") ?? 0, state: resource.string("state") ?? "UNKNOWN")
        }
        .filter { $0.state != "REPLACED_WITH_NEW_VERSION" }
        .max { $0.number < $1.number }
    }

    static func prices(_ document: APIDocument, pointRelationship: String) -> [RemotePrice] {
        document.data.compactMap { price in
            guard let id = price.id, let territory = price.related("territory"),
                let point = document.included(price.relationships[pointRelationship]?.identifier),
                let customerPrice = point.string("customerPrice")
            else { return nil }
            return RemotePrice(
                id: id, territory: territory, customerPrice: customerPrice, startDate: price.string("startDate"),
                endDate: price.string("endDate"), preserved: price.bool("preserved") ?? false, planType: price.string("planType"))
        }
    }

    /// The checksum of a screenshot whose upload completed (a failed or unfinished one counts as none).
    static func deliveredChecksum(_ screenshot: Resource) -> String? {
        let state = screenshot.attributes["assetDeliveryState"]?["state"]?.string
        guard state == "COMPLETE" || state == "UPLOAD_COMPLETE" else { return nil }
        return screenshot.string("sourceFileChecksum")
    }
}

extension ConnectRemoteReader {
    /// The app's bundle id, SKU and primary locale (`GET /v1/apps/{id}`), for a pulled catalog.
    package func readApp(appID: String) async throws(ConnectAPIError) -> (bundleID: String?, sku: String?, primaryLocale: String?) {
        let app = try await api.send(ConnectRequest(.get, "/v1/apps/\(id: appID)", query: [("fields[apps]", "bundleId,sku,primaryLocale")]))
            .data
            .first
        return (app?.string("bundleId"), app?.string("sku"), app?.string("primaryLocale"))
    }
}

extension RemoteProduct {
    /// The attributes in-app purchases and subscriptions share; the rest is read afterwards.
    init(_ resource: Resource, id: String, productID: String, type: String) {
        self.init(
            id: id, productID: productID, type: type, name: resource.string("name") ?? "", state: resource.string("state") ?? "UNKNOWN",
            reviewNote: resource.string("reviewNote"), familySharable: resource.bool("familySharable") ?? false, version: nil,
            localizations: [], baseTerritory: nil, prices: [], availability: nil, groupID: nil, period: nil, groupLevel: nil,
            introductoryOffers: [], screenshotChecksum: nil)
    }
}

extension ConnectRemoteReader {
    /// The states of a review submission that is still open.
    static let openSubmissionStates = [
        "READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING", "COMPLETING",
    ]

    /// Only the state of each of `productIDs`, in-app purchases and subscriptions alike (sparse
    /// fieldsets, `filter[productId]`): what a read-back after sending to App Review needs, in two
    /// requests and one per subscription group, where ``read(appID:productIDs:)`` reads everything.
    package func readStates(appID: String, productIDs: Set<String>) async throws(ConnectAPIError) -> [String: String] {
        var states: [String: String] = [:]
        guard !productIDs.isEmpty else { return states }
        let filter = ("filter[productId]", productIDs.sorted().joined(separator: ","))
        func collect(_ resources: [Resource]) {
            for resource in resources {
                if let productID = resource.string("productId") { states[productID] = resource.string("state") ?? "UNKNOWN" }
            }
        }
        collect(
            try await api.all("/v1/apps/\(id: appID)/inAppPurchasesV2", query: [filter, ("fields[inAppPurchases]", "productId,state")])
                .data)
        let groups = try await api.all("/v1/apps/\(id: appID)/subscriptionGroups", query: [("fields[subscriptionGroups]", "referenceName")])
        for group in groups.data {
            guard let id = group.id else { continue }
            collect(
                try await api.all(
                    "/v1/subscriptionGroups/\(id: id)/subscriptions", query: [filter, ("fields[subscriptions]", "productId,state")]
                )
                .data)
        }
        return states
    }

    /// The app's open review submissions for `platform`, each with its items, and its app versions
    /// in preparation: two lists and one more per open submission (one or two in practice).
    package func readReview(appID: String, platform: String = "IOS") async throws(ConnectAPIError) -> RemoteReview {
        var review = RemoteReview(platform: platform)
        let submissions = try await api.all(
            "/v1/reviewSubmissions",
            query: [
                ("filter[app]", appID), ("filter[platform]", platform),
                ("filter[state]", Self.openSubmissionStates.joined(separator: ",")), ("limit", "200"),
            ])
        for resource in submissions.data {
            guard let id = resource.id else { continue }
            // Linkage comes with what is included: the versions are asked for so that each item names its version.
            let include = "appStoreVersion,inAppPurchaseVersion,subscriptionVersion,subscriptionGroupVersion"
            let items = try await api.all("/v1/reviewSubmissions/\(id: id)/items", query: [("include", include), ("limit", "200")]).data
                .compactMap { item in
                    item.id.map { itemID in
                        RemoteReview.Item(
                            id: itemID, state: item.string("state") ?? "UNKNOWN",
                            versionID: item.related("inAppPurchaseVersion") ?? item.related("subscriptionVersion")
                                ?? item.related("subscriptionGroupVersion"),
                            appVersionID: item.related("appStoreVersion"))
                    }
                }
            review.submissions.append(RemoteReview.Submission(id: id, state: resource.string("state") ?? "UNKNOWN", items: items))
        }
        let versions = try await api.all(
            "/v1/apps/\(id: appID)/appStoreVersions",
            query: [("filter[platform]", platform), ("filter[appVersionState]", "PREPARE_FOR_SUBMISSION"), ("limit", "200")])
        review.appVersions = versions.data.compactMap { resource in
            guard let id = resource.id else { return nil }
            return RemoteReview.AppVersion(id: id, versionString: resource.string("versionString") ?? "")
        }
        return review
    }
}
