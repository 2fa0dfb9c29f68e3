import IAPCatalog

/// Carries out a ``ConnectPlan`` serially, one API call after another, and stops at the first failure.
///
/// Every step is safe to repeat through a new plan: a re-run reads the real state again, and what
/// a failed run created is found by product id (groups by reference name), so nothing is created
/// twice.
package final class ConnectApplier {
    /// Options of an apply.
    package struct Options: Sendable {
        /// Keep existing subscribers on their current price when a subscription price changes
        /// (`preserveCurrentPrice`). Only an explicit flag turns it off.
        package var preserveCurrentPrice: Bool
        /// How long to wait between checks of an uploaded screenshot's processing.
        package var pollInterval: Duration

        /// Options.
        package init(preserveCurrentPrice: Bool = true, pollInterval: Duration = .seconds(2)) {
            self.preserveCurrentPrice = preserveCurrentPrice
            self.pollInterval = pollInterval
        }
    }

    /// Why an apply stopped.
    package struct Failure: Error, Sendable {
        /// The step that failed (0-based).
        package var stepIndex: Int
        /// The step itself (for the catalog position of an error's `source.pointer`).
        package var failedStep: ConnectStep
        /// The step's summary.
        package var step: String
        /// The API error, when the API refused or did not answer.
        package var apiError: ConnectAPIError?
        /// One line for the diagnostic.
        package var message: String
    }

    private let api: any ConnectTransport
    private let remote: ConnectRemoteState
    private let options: Options
    private var productIDs: [String: String] = [:]
    private var groupIDs: [String: String] = [:]
    private var versionIDs: [PlanOwner: String] = [:]
    private var localizationIDs: [PlanOwner: [String: String]] = [:]

    /// An applier for the app of `remote`, which is the state the plan was made against.
    package init(api: any ConnectTransport, remote: ConnectRemoteState, desired: DesiredState, options: Options = Options()) {
        self.api = api
        self.remote = remote
        self.options = options
        for product in remote.products.values {
            productIDs[product.productID] = product.id
            let owner: PlanOwner = product.isSubscription ? .subscription(product.productID) : .inAppPurchase(product.productID)
            if let version = product.version { versionIDs[owner] = version.id }
            localizationIDs[owner] = Dictionary(product.localizations.map { ($0.locale, $0.id) }, uniquingKeysWith: { first, _ in first })
        }
        for group in desired.groups {
            guard let existing = remote.group(named: group.referenceName) else { continue }
            groupIDs[group.key] = existing.id
            if let version = existing.version { versionIDs[.group(group.key)] = version.id }
            localizationIDs[.group(group.key)] = Dictionary(
                existing.localizations.map { ($0.locale, $0.id) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Runs every step, calling `progress` before each.
    package func apply(_ plan: ConnectPlan, progress: (Int, ConnectStep) -> Void) async throws(Failure) {
        for (index, step) in plan.steps.enumerated() {
            progress(index, step)
            do {
                try await perform(step)
            } catch let error as ConnectAPIError {
                throw Failure(stepIndex: index, failedStep: step, step: step.summary, apiError: error, message: error.message)
            } catch let error as PricePoints.NoMatch {
                throw Failure(stepIndex: index, failedStep: step, step: step.summary, apiError: nil, message: error.message)
            } catch {
                throw Failure(stepIndex: index, failedStep: step, step: step.summary, apiError: nil, message: String(describing: error))
            }
        }
    }

    // MARK: Steps

    private func perform(_ step: ConnectStep) async throws {
        let owner = step.owner
        switch step.action {
        case .createGroup(let group):
            let created = try await create(
                Resource(
                    type: "subscriptionGroups", attributes: ["referenceName": .string(group.referenceName)], relationships: ["app": app]),
                at: "/v1/subscriptionGroups")
            groupIDs[group.key] = created
        case .updateGroup(let group, _):
            let id = try resourceID(owner)
            _ = try await api.send(
                ConnectRequest(
                    .patch, "/v1/subscriptionGroups/\(id: id)",
                    body: Resource(type: "subscriptionGroups", id: id, attributes: ["referenceName": .string(group.referenceName)])))
        case .createProduct(let product):
            productIDs[product.productID] = try await create(productResource(product, fields: nil), at: ResourceFamily.of(owner).path)
        case .updateProduct(let product, let fields):
            let id = try resourceID(owner)
            var resource = productResource(product, fields: fields)
            resource.id = id
            _ = try await api.send(ConnectRequest(.patch, "\(ResourceFamily.of(owner).path)/\(id: id)", body: resource))
        case .createVersion:
            try await createVersion(owner)
        case .createLocalization(let locale, let name, let description, let appName):
            let type = ResourceFamily.of(owner).localizationType
            var attributes: [String: APIValue] = ["locale": .string(locale), "name": .string(name)]
            if let description { attributes["description"] = .string(description) }
            if let appName { attributes["customAppName"] = .string(appName) }
            let version = try versionID(owner)
            let id = try await create(
                Resource(
                    type: type, attributes: attributes,
                    relationships: ["version": .one(ResourceIdentifier(type: ResourceFamily.of(owner).versionType, id: version))]),
                at: "/v2/\(type)")
            localizationIDs[owner, default: [:]][locale] = id
        case .updateLocalization(let locale, let name, let description, let appName, let fields):
            let type = ResourceFamily.of(owner).localizationType
            guard let id = localizationIDs[owner]?[locale] else { throw StepError("no \(locale) localization to update") }
            var attributes: [String: APIValue] = [:]
            if fields.contains(.name) { attributes["name"] = .string(name) }
            if fields.contains(.description) { attributes["description"] = description.map(APIValue.string) ?? .null }
            if fields.contains(.customAppName) { attributes["customAppName"] = appName.map(APIValue.string) ?? .null }
            _ = try await api.send(
                ConnectRequest(.patch, "/v2/\(type)/\(id: id)", body: Resource(type: type, id: id, attributes: attributes)))
        case .setPrices(let prices, let diff, let equalize, _):
            if case .subscription = owner {
                try await setSubscriptionPrices(owner, prices, diff: diff, equalize: equalize)
            } else {
                try await setInAppPurchasePrices(owner, prices)
            }
        case .setAvailability(let territories, let availableInNewTerritories, _):
            try await setAvailability(owner, territories: territories, availableInNewTerritories: availableInNewTerritories)
        case .setIntroductoryOffers(let diff):
            try await setIntroductoryOffers(owner, diff)
        case .uploadScreenshot(let file):
            try await ScreenshotUpload(api: api, pollInterval: options.pollInterval).upload(
                file, owner: owner, productResourceID: try resourceID(owner))
        case .setPromotion(let visible, let enabled, let existingID, _):
            try await setPromotion(owner, visible: visible, enabled: enabled, existingID: existingID)
        case .createOffer(let kind, let offer):
            try await createOffer(owner, kind, offer)
        case .deactivateOfferCode(let id, _):
            let body = Resource(type: "subscriptionOfferCodes", id: id, attributes: ["active": .bool(false)])
            _ = try await api.send(ConnectRequest(.patch, "/v1/subscriptionOfferCodes/\(id: id)", body: body))
        case .createWinBackOffer(let offer):
            try await createWinBackOffer(owner, offer)
        case .createPurchaseOfferCode(let code):
            try await createPurchaseOfferCode(owner, code)
        case .deactivatePurchaseOfferCode(let id, _):
            let body = Resource(type: "inAppPurchaseOfferCodes", id: id, attributes: ["active": .bool(false)])
            _ = try await api.send(ConnectRequest(.patch, "/v1/inAppPurchaseOfferCodes/\(id: id)", body: body))
        case .createCustomCodes(let offerCodeID, _, let codes):
            for code in codes { try await createCustomCode(code, offerCodeID: offerCodeID) }
        case .deactivateCustomCode(let id, _, _):
            let body = Resource(type: "inAppPurchaseOfferCodeCustomCodes", id: id, attributes: ["active": .bool(false)])
            _ = try await api.send(ConnectRequest(.patch, "/v1/inAppPurchaseOfferCodeCustomCodes/\(id: id)", body: body))
        case .setMonthlyBilling(let diff, let territories, let availableInNewTerritories, _):
            try await setMonthlyPrices(owner, diff: diff)
            if let territories {
                try await setAvailability(
                    owner, territories: territories, availableInNewTerritories: availableInNewTerritories, planType: "MONTHLY")
            }
        case .setMultiseat(let enabled, let markets, _):
            let id = try resourceID(owner)
            var attributes: [String: APIValue] = ["multiSeatStatus": .string(enabled ? "ENABLED" : "DISABLED")]
            if let markets { attributes["marketSettings"] = .array(markets.sorted().map { .string($0.apiName) }) }
            _ = try await api.send(
                ConnectRequest(.patch, "/v1/subscriptions/\(id: id)", body: Resource(type: "subscriptions", id: id, attributes: attributes))
            )
        case .updateWinBackOffer(let id, let offer, _):
            var attributes = Self.winBackEligibility(offer)
            attributes["startDate"] = offer.startDate.map { .string($0.description) } ?? .null
            attributes["endDate"] = offer.endDate.map { .string($0.description) } ?? .null
            attributes["priority"] = offer.priority.map { .string($0.apiName) } ?? .null
            attributes["promotionIntent"] = offer.promotion.map { .string($0.apiName) } ?? .null
            _ = try await api.send(
                ConnectRequest(.patch, "/v1/winBackOffers/\(id: id)", body: Resource(type: "winBackOffers", id: id, attributes: attributes))
            )
        }
    }

    private var app: Relationship { .one(ResourceIdentifier(type: "apps", id: remote.appID)) }

    private func create(_ resource: Resource, at path: String, included: [Resource] = []) async throws -> String {
        let document = try await api.send(ConnectRequest(.post, path, body: resource, included: included))
        guard let id = document.data.first?.id else { throw StepError("the API created \(resource.type) without answering its id") }
        return id
    }

    private func resourceID(_ owner: PlanOwner) throws -> String {
        let id: String? =
            switch owner {
            case .group(let key): groupIDs[key]
            case .inAppPurchase(let productID), .subscription(let productID): productIDs[productID]
            }
        guard let id else { throw StepError("\(owner.noun) \(owner.key) does not exist") }
        return id
    }

    private func versionID(_ owner: PlanOwner) throws -> String {
        guard let id = versionIDs[owner] else { throw StepError("\(owner.noun) \(owner.key) has no version to localize") }
        return id
    }

    private func productResource(_ product: DesiredProduct, fields: [ProductField]?) -> Resource {
        func wanted(_ field: ProductField) -> Bool { fields?.contains(field) ?? true }
        var attributes: [String: APIValue] = [:]
        if wanted(.name) { attributes["name"] = .string(product.referenceName) }
        if wanted(.reviewNote), let note = product.reviewNote { attributes["reviewNote"] = .string(note) }
        if wanted(.reviewNote), product.reviewNote == nil, fields != nil { attributes["reviewNote"] = .null }
        if wanted(.familySharable) { attributes["familySharable"] = .bool(product.familySharable) }
        guard let subscription = product.subscription else {
            if fields == nil {
                attributes["productId"] = .string(product.productID)
                attributes["inAppPurchaseType"] = .string(product.kind.rawValue)
                return Resource(type: "inAppPurchases", attributes: attributes, relationships: ["app": app])
            }
            return Resource(type: "inAppPurchases", attributes: attributes)
        }
        if wanted(.subscriptionPeriod) { attributes["subscriptionPeriod"] = .string(subscription.period.apiName) }
        if wanted(.groupLevel), let level = subscription.level { attributes["groupLevel"] = .int(level) }
        guard fields == nil else { return Resource(type: "subscriptions", attributes: attributes) }
        attributes["productId"] = .string(product.productID)
        let group = groupIDs[subscription.groupKey].map { ResourceIdentifier(type: "subscriptionGroups", id: $0) }
        return Resource(type: "subscriptions", attributes: attributes, relationships: ["group": .one(group)])
    }

    // MARK: Versions and localizations

    private func createVersion(_ owner: PlanOwner) async throws {
        let family = ResourceFamily.of(owner)
        let type = family.versionType
        let (relationship, relatedType) = (family.versionOwnerRelationship, family.type)
        let parent = try resourceID(owner)
        let isFirst = versionIDs[owner] == nil && (localizationIDs[owner] ?? [:]).isEmpty
        let id = try await create(
            Resource(type: type, relationships: [relationship: .one(ResourceIdentifier(type: relatedType, id: parent))]), at: "/v1/\(type)")
        versionIDs[owner] = id
        // A first version has nothing to copy; a new one starts with a copy of the previous one's
        // localizations: learn their ids.
        guard !isFirst else {
            localizationIDs[owner] = [:]
            return
        }
        let copied = try await api.all("/v1/\(type)/\(id: id)/localizations").data
        localizationIDs[owner] = Dictionary(
            copied.compactMap { resource in resource.string("locale").flatMap { locale in resource.id.map { (locale, $0) } } },
            uniquingKeysWith: { first, _ in first })
    }

    // MARK: Prices

    /// A new schedule with every row of the catalog (a POST replaces the whole schedule).
    private func setInAppPurchasePrices(_ owner: PlanOwner, _ prices: DesiredPrices) async throws {
        let id = try resourceID(owner)
        let rows = prices.rows
        let territories = [prices.baseTerritory] + prices.territories.subtracting([prices.baseTerritory]).sorted()
        let points = try await PricePoints(api: api).points(of: owner, productResourceID: id, territories: territories)
        var included: [Resource] = []
        for (index, row) in rows.enumerated() {
            let point = try PricePoints.match(row.customerPrice, in: row.territory, points: points, product: owner.key).get()
            var attributes: [String: APIValue] = [:]
            if let start = row.startDate { attributes["startDate"] = .string(start) }
            if let end = row.endDate { attributes["endDate"] = .string(end) }
            included.append(
                Resource(
                    type: "inAppPurchasePrices", id: "${price-\(index + 1)}", attributes: attributes,
                    relationships: [
                        "inAppPurchaseV2": .one(ResourceIdentifier(type: "inAppPurchases", id: id)),
                        "inAppPurchasePricePoint": .one(ResourceIdentifier(type: "inAppPurchasePricePoints", id: point)),
                    ]))
        }
        let schedule = Resource(
            type: "inAppPurchasePriceSchedules",
            relationships: [
                "inAppPurchase": .one(ResourceIdentifier(type: "inAppPurchases", id: id)),
                "baseTerritory": .one(ResourceIdentifier(type: "territories", id: prices.baseTerritory)),
                "manualPrices": .many(included.map(\.identifier)),
            ])
        _ = try await api.send(ConnectRequest(.post, "/v1/inAppPurchasePriceSchedules", body: schedule, included: included))
    }

    /// Only the rows that differ: the catalog's new rows, the territories it does not name
    /// equalized from the base price when that changes (`equalize`), all in one update of the
    /// subscription (inline creates); then scheduled rows the catalog dropped are deleted.
    private func setSubscriptionPrices(_ owner: PlanOwner, _ prices: DesiredPrices, diff: PriceDiff, equalize: Bool) async throws {
        let id = try resourceID(owner)
        let lookup = PricePoints(api: api)
        let named = prices.territories
        let points = try await lookup.points(
            of: owner, productResourceID: id, territories: [prices.baseTerritory] + named.subtracting([prices.baseTerritory]).sorted())
        var rows: [(territory: String, point: String, start: String?)] = []
        for row in diff.added {
            rows.append(
                (
                    row.territory, try PricePoints.match(row.customerPrice, in: row.territory, points: points, product: owner.key).get(),
                    row.startDate
                ))
        }
        if equalize {
            for step in prices.baseSteps {
                let base = try PricePoints.match(step.customerPrice, in: prices.baseTerritory, points: points, product: owner.key).get()
                for (territory, byPrice) in try await lookup.equalizations(of: owner, pointID: base).sorted(by: { $0.key < $1.key })
                where !named.contains(territory) {
                    guard let point = byPrice.values.first else { continue }
                    rows.append((territory, point, step.startDate))
                }
            }
        }
        try await addSubscriptionPrices(subscriptionID: id, rows: rows, planType: nil)
        try await deleteDroppedScheduledPrices(owner, diff: diff, planType: "UPFRONT")
    }

    /// New price rows of a subscription (of the billing plan `planType`, when given), in one
    /// update of the subscription (inline creates).
    private func addSubscriptionPrices(
        subscriptionID id: String, rows: [(territory: String, point: String, start: String?)], planType: String?
    ) async throws {
        guard !rows.isEmpty else { return }
        var included: [Resource] = []
        for row in rows {
            var attributes: [String: APIValue] = ["preserveCurrentPrice": .bool(options.preserveCurrentPrice)]
            if let start = row.start { attributes["startDate"] = .string(start) }
            if let planType { attributes["planType"] = .string(planType) }
            included.append(
                Resource(
                    type: "subscriptionPrices", id: "${price-\(included.count + 1)}", attributes: attributes,
                    relationships: [
                        "subscription": .one(ResourceIdentifier(type: "subscriptions", id: id)),
                        "territory": .one(ResourceIdentifier(type: "territories", id: row.territory)),
                        "subscriptionPricePoint": .one(ResourceIdentifier(type: "subscriptionPricePoints", id: row.point)),
                    ]))
        }
        let update = Resource(type: "subscriptions", id: id, relationships: ["prices": .many(included.map(\.identifier))])
        _ = try await api.send(ConnectRequest(.patch, "/v1/subscriptions/\(id: id)", body: update, included: included))
    }

    /// Deletes the scheduled rows of the plan `planType` that `diff` drops; a scheduled row
    /// replaced by one of the same date is gone already.
    private func deleteDroppedScheduledPrices(_ owner: PlanOwner, diff: PriceDiff, planType: String) async throws {
        let remoteRows = remote.products[owner.key]?.salePrices(planType: planType) ?? []
        for row in diff.removed where row.startDate != nil {
            guard !diff.added.contains(where: { $0.territory == row.territory && $0.startDate == row.startDate }) else { continue }
            for price in remoteRows
            where price.territory == row.territory && price.startDate == row.startDate && price.customerPrice == row.customerPrice {
                _ = try await api.send(ConnectRequest(.delete, "/v1/subscriptionPrices/\(id: price.id)"))
            }
        }
    }

    /// The monthly plan's new rows (prices of its own price points, `planType: MONTHLY`), then its
    /// scheduled rows the catalog dropped deleted.
    private func setMonthlyPrices(_ owner: PlanOwner, diff: PriceDiff) async throws {
        let id = try resourceID(owner)
        if !diff.added.isEmpty {
            let points = try await PricePoints(api: api).points(
                of: owner, productResourceID: id, territories: Set(diff.added.map(\.territory)).sorted(), planType: "MONTHLY")
            let rows = try diff.added.map { row in
                (
                    row.territory, try PricePoints.match(row.customerPrice, in: row.territory, points: points, product: owner.key).get(),
                    row.startDate
                )
            }
            try await addSubscriptionPrices(subscriptionID: id, rows: rows, planType: "MONTHLY")
        }
        try await deleteDroppedScheduledPrices(owner, diff: diff, planType: "MONTHLY")
    }

    // MARK: Availability and offers

    /// Exactly `territories`: a POST replaces the previous availability (of the usual plan, for a subscription).
    private func setAvailability(
        _ owner: PlanOwner, territories: [String], availableInNewTerritories: Bool, planType: String = "UPFRONT"
    ) async throws {
        let id = try resourceID(owner)
        let list = Relationship.many(territories.map { ResourceIdentifier(type: "territories", id: $0) })
        if case .subscription = owner {
            let resource = Resource(
                type: "subscriptionPlanAvailabilities",
                attributes: ["availableInNewTerritories": .bool(availableInNewTerritories), "planType": .string(planType)],
                relationships: ["subscription": .one(ResourceIdentifier(type: "subscriptions", id: id)), "availableTerritories": list])
            _ = try await create(resource, at: "/v1/subscriptionPlanAvailabilities")
        } else {
            let resource = Resource(
                type: "inAppPurchaseAvailabilities", attributes: ["availableInNewTerritories": .bool(availableInNewTerritories)],
                relationships: ["inAppPurchase": .one(ResourceIdentifier(type: "inAppPurchases", id: id)), "availableTerritories": list])
            _ = try await create(resource, at: "/v1/inAppPurchaseAvailabilities")
        }
    }

    /// Deletes the offers the catalog no longer has (first: a territory runs one offer at a time),
    /// then creates the new rows in one update of the subscription (inline creates).
    private func setIntroductoryOffers(_ owner: PlanOwner, _ diff: OfferDiff) async throws {
        let id = try resourceID(owner)
        for offerID in diff.removedIDs {
            _ = try await api.send(ConnectRequest(.delete, "/v1/subscriptionIntroductoryOffers/\(id: offerID)"))
        }
        guard !diff.added.isEmpty else { return }
        let paid = diff.added.filter { $0.customerPrice != nil }
        let points =
            paid.isEmpty
            ? [:]
            : try await PricePoints(api: api).points(of: owner, productResourceID: id, territories: Set(paid.map(\.territory)).sorted())
        var included: [Resource] = []
        for row in diff.added {
            var relationships: [String: Relationship] = [
                "subscription": .one(ResourceIdentifier(type: "subscriptions", id: id)),
                "territory": .one(ResourceIdentifier(type: "territories", id: row.territory)),
            ]
            if let price = row.customerPrice {
                let point = try PricePoints.match(price, in: row.territory, points: points, product: owner.key).get()
                relationships["subscriptionPricePoint"] = .one(ResourceIdentifier(type: "subscriptionPricePoints", id: point))
            }
            var attributes: [String: APIValue] = [
                "offerMode": .string(row.mode.apiName), "duration": .string(row.duration), "numberOfPeriods": .int(row.periods),
            ]
            if let start = row.startDate { attributes["startDate"] = .string(start) }
            if let end = row.endDate { attributes["endDate"] = .string(end) }
            if let plan = row.planType { attributes["targetSubscriptionPlanType"] = .string(plan) }
            included.append(
                Resource(
                    type: "subscriptionIntroductoryOffers", id: "${offer-\(included.count + 1)}", attributes: attributes,
                    relationships: relationships))
        }
        let update = Resource(type: "subscriptions", id: id, relationships: ["introductoryOffers": .many(included.map(\.identifier))])
        _ = try await api.send(ConnectRequest(.patch, "/v1/subscriptions/\(id: id)", body: update, included: included))
    }

    // MARK: Promotions and offers

    /// Creates the product's promoted purchase (App Store Connect adds it at the end of the
    /// app's list), or changes whether it shows.
    private func setPromotion(_ owner: PlanOwner, visible: Bool, enabled: Bool, existingID: String?) async throws {
        let attributes: [String: APIValue] = ["visibleForAllUsers": .bool(visible), "enabled": .bool(enabled)]
        if let existingID {
            let body = Resource(type: "promotedPurchases", id: existingID, attributes: attributes)
            _ = try await api.send(ConnectRequest(.patch, "/v1/promotedPurchases/\(id: existingID)", body: body))
            return
        }
        let family = ResourceFamily.of(owner)
        let product = ResourceIdentifier(type: family.type, id: try resourceID(owner))
        _ = try await create(
            Resource(
                type: "promotedPurchases", attributes: attributes, relationships: ["app": app, family.ownerRelationship: .one(product)]),
            at: "/v1/promotedPurchases")
    }

    /// Creates a promotional offer or an offer code with its prices (inline creates).
    private func createOffer(_ owner: PlanOwner, _ kind: SubscriptionOfferKind, _ offer: SubscriptionOffer) async throws {
        let id = try resourceID(owner)
        var attributes: [String: APIValue] = [
            "name": .string(offer.referenceName ?? ""), "offerMode": .string(offer.mode.apiName),
            "duration": .string(offer.duration.apiName), "numberOfPeriods": .int(offer.periods),
        ]
        if let plan = offer.plan, plan == .monthly { attributes["targetSubscriptionPlanType"] = "MONTHLY" }
        let (type, path, priceType) =
            switch kind {
            case .promotionalOffer:
                ("subscriptionPromotionalOffers", "/v1/subscriptionPromotionalOffers", "subscriptionPromotionalOfferPrices")
            case .offerCode: ("subscriptionOfferCodes", "/v1/subscriptionOfferCodes", "subscriptionOfferCodePrices")
            }
        switch kind {
        case .promotionalOffer:
            attributes["offerCode"] = .string(offer.id ?? "")
        case .offerCode:
            // The planner creates only codes that say who may redeem them and whether they stack.
            attributes["customerEligibilities"] = .array(offer.eligibility.map { .string($0.rawValue.uppercased()) })
            attributes["offerEligibility"] = .string(offer.stackable ?? false ? "STACK_WITH_INTRO_OFFERS" : "REPLACE_INTRO_OFFERS")
            if let autoRenew = offer.autoRenew { attributes["autoRenewEnabled"] = .bool(autoRenew) }
        }
        let prices = try await offerPrices(offer, type: priceType, owner: owner, subscriptionID: id)
        let resource = Resource(
            type: type, attributes: attributes,
            relationships: [
                "subscription": .one(ResourceIdentifier(type: "subscriptions", id: id)), "prices": .many(prices.map(\.identifier)),
            ])
        _ = try await create(resource, at: path, included: prices)
    }

    /// Creates an offer code of an in-app purchase with its prices (inline creates, each a price
    /// point of the product's own ladder), then its custom codes.
    private func createPurchaseOfferCode(_ owner: PlanOwner, _ code: PurchaseOfferCode) async throws {
        let id = try resourceID(owner)
        let territories = code.prices.map(\.storefront)
        let points = try await PricePoints(api: api).points(of: owner, productResourceID: id, territories: territories)
        let prices = try code.prices.enumerated().map { index, price in
            let point = try PricePoints.match(price.amount, in: price.storefront, points: points, product: owner.key).get()
            return Resource(
                type: "inAppPurchaseOfferPrices", id: "${price-\(index + 1)}",
                relationships: [
                    "territory": .one(ResourceIdentifier(type: "territories", id: price.storefront)),
                    "pricePoint": .one(ResourceIdentifier(type: "inAppPurchasePricePoints", id: point)),
                ])
        }
        let resource = Resource(
            type: "inAppPurchaseOfferCodes",
            attributes: [
                "name": .string(code.referenceName), "customerEligibilities": .array(code.eligibility.map { .string($0.apiName) }),
            ],
            relationships: [
                "inAppPurchase": .one(ResourceIdentifier(type: "inAppPurchases", id: id)), "prices": .many(prices.map(\.identifier)),
            ])
        let created = try await create(resource, at: "/v1/inAppPurchaseOfferCodes", included: prices)
        for custom in code.customCodes { try await createCustomCode(custom, offerCodeID: created) }
    }

    /// Creates a custom code of an in-app purchase's offer code.
    private func createCustomCode(_ code: CustomOfferCode, offerCodeID: String) async throws {
        var attributes: [String: APIValue] = ["customCode": .string(code.code), "numberOfCodes": .int(code.count)]
        if let expires = code.expires { attributes["expirationDate"] = .string(expires.description) }
        let resource = Resource(
            type: "inAppPurchaseOfferCodeCustomCodes", attributes: attributes,
            relationships: ["offerCode": .one(ResourceIdentifier(type: "inAppPurchaseOfferCodes", id: offerCodeID))])
        _ = try await create(resource, at: "/v1/inAppPurchaseOfferCodeCustomCodes")
    }

    /// Creates a win-back offer with its prices (inline creates).
    private func createWinBackOffer(_ owner: PlanOwner, _ offer: WinBackOffer) async throws {
        let id = try resourceID(owner)
        var attributes = Self.winBackEligibility(offer)
        attributes["referenceName"] = .string(offer.referenceName ?? offer.id)
        attributes["offerId"] = .string(offer.id)
        attributes["offerMode"] = .string(offer.mode.apiName)
        attributes["duration"] = .string(offer.duration.apiName)
        attributes["periodCount"] = .int(offer.periods)
        attributes["startDate"] = .string(offer.startDate?.description ?? "")
        if let end = offer.endDate { attributes["endDate"] = .string(end.description) }
        attributes["priority"] = .string((offer.priority ?? .normal).apiName)
        if let promotion = offer.promotion { attributes["promotionIntent"] = .string(promotion.apiName) }
        if offer.plan == .monthly { attributes["targetSubscriptionPlanType"] = "MONTHLY" }
        let prices = try await offerPrices(offer, type: "winBackOfferPrices", owner: owner, subscriptionID: id)
        let resource = Resource(
            type: "winBackOffers", attributes: attributes,
            relationships: [
                "subscription": .one(ResourceIdentifier(type: "subscriptions", id: id)), "prices": .many(prices.map(\.identifier)),
            ])
        _ = try await create(resource, at: "/v1/winBackOffers", included: prices)
    }

    /// The eligibility attributes of a win-back offer.
    private static func winBackEligibility(_ offer: WinBackOffer) -> [String: APIValue] {
        var lapsed: [String: APIValue] = [:]
        if let minimum = offer.lapsedMonths?.minimum { lapsed["minimum"] = .int(minimum) }
        if let maximum = offer.lapsedMonths?.maximum { lapsed["maximum"] = .int(maximum) }
        return [
            "customerEligibilityPaidSubscriptionDurationInMonths": offer.paidMonths.map(APIValue.int) ?? .null,
            "customerEligibilityTimeSinceLastSubscribedInMonths": .object(lapsed),
            "customerEligibilityWaitBetweenOffersInMonths": offer.waitMonths.map(APIValue.int) ?? .null,
        ]
    }

    /// An offer's prices as inline creates of `type`: a paid offer's territories each with the
    /// subscription's price point of its customer price; a free trial's territories (the planner
    /// resolved them) each with no price point, as App Store Connect requires of free offers.
    private func offerPrices(
        _ offer: some OfferTerms & FreeOfferPlacement, type: String, owner: PlanOwner, subscriptionID: String
    ) async throws -> [Resource] {
        let territory = { (code: String) in Relationship.one(ResourceIdentifier(type: "territories", id: code)) }
        guard offer.mode.isPaid else {
            guard case .only(let codes)? = offer.territories else { throw StepError("the plan gave no territories to a free offer") }
            return codes.enumerated().map { index, code in
                Resource(type: type, id: "${price-\(index + 1)}", relationships: ["territory": territory(code)])
            }
        }
        let territories = offer.prices.map(\.storefront)
        let points = try await PricePoints(api: api).points(of: owner, productResourceID: subscriptionID, territories: territories)
        return try offer.prices.enumerated().map { index, price in
            let point = try PricePoints.match(price.amount, in: price.storefront, points: points, product: owner.key).get()
            return Resource(
                type: type, id: "${price-\(index + 1)}",
                relationships: [
                    "territory": territory(price.storefront),
                    "subscriptionPricePoint": .one(ResourceIdentifier(type: "subscriptionPricePoints", id: point)),
                ])
        }
    }
}

extension WinBackPriority {
    /// The API's name: `HIGH`, `NORMAL`.
    var apiName: String { rawValue.uppercased() }
}

extension WinBackPromotion {
    /// The API's name: `NOT_PROMOTED`, `USE_AUTO_GENERATED_ASSETS`.
    var apiName: String {
        switch self {
        case .notPromoted: "NOT_PROMOTED"
        case .autoGeneratedAssets: "USE_AUTO_GENERATED_ASSETS"
        }
    }
}

/// A step that cannot go on (an id the plan expected is missing).
struct StepError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
