/// `/v1/apps/{id}/inAppPurchasesV2`, `/v2/inAppPurchases` and the product's related lists.
enum InAppPurchaseHandlers {
    static let states = [
        "MISSING_METADATA", "WAITING_FOR_UPLOAD", "PROCESSING_CONTENT", "READY_TO_SUBMIT", "WAITING_FOR_REVIEW", "IN_REVIEW",
        "DEVELOPER_ACTION_NEEDED", "PENDING_BINARY_APPROVAL", "APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE", "REJECTED",
    ]
    static let types = ["CONSUMABLE", "NON_CONSUMABLE", "NON_RENEWING_SUBSCRIPTION"]

    /// States in which a product can no longer be deleted (it was submitted or is on sale).
    static let undeletableStates: Set<String> = ["WAITING_FOR_REVIEW", "IN_REVIEW", "PENDING_BINARY_APPROVAL", "APPROVED"]

    static func list(_ c: Context) throws(APIError) -> Reply {
        let app = try c.state.app(c.id)
        let records = app.inAppPurchaseIDs.compactMap { c.state.inAppPurchases[$0] }.filter { record in
            (c.query.filter("productId")?.contains(record.productID) ?? true) && (c.query.filter("name")?.contains(record.name) ?? true)
                && (c.query.filter("state")?.contains(record.state) ?? true)
                && (c.query.filter("inAppPurchaseType")?.contains(record.type) ?? true)
        }
        return c.list(records.map { Ref(.inAppPurchase, $0.id) })
    }

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.inAppPurchaseCreate).data
        let appID = entity.one("app")!
        guard let app = c.state.apps[appID] else { throw entity.invalidRelationship("app", "There is no app with id '\(appID)'.") }
        let productID = entity.string("productId")!
        try checkProductID(productID, in: app, entity: entity)
        let record = InAppPurchaseRecord(
            id: c.state.newProductID(), appID: appID, name: entity.string("name")!, productID: productID,
            type: entity.string("inAppPurchaseType")!, reviewNote: entity.string("reviewNote"),
            familySharable: entity.bool("familySharable") ?? false)
        c.state.inAppPurchases[record.id] = record
        c.state.apps[appID]?.usedProductIDs.insert(productID)
        c.state.apps[appID]?.inAppPurchaseIDs.append(record.id)
        return c.created(Ref(.inAppPurchase, record.id))
    }

    /// A product id is letters, digits, periods and underscores, and never used before in the app
    /// (by an in-app purchase or a subscription, even a deleted one).
    static func checkProductID(_ productID: String, in app: AppRecord, entity: RequestEntity) throws(APIError) {
        guard !productID.isEmpty, productID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_") }) else {
            throw entity.invalidAttribute(
                "productId", "The product ID '\(productID)' can only contain alphanumeric characters, periods, and underscores.")
        }
        guard !app.usedProductIDs.contains(productID) else {
            throw entity.invalidAttribute(
                "productId", "The product ID '\(productID)' has already been used in this app.",
                code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
    }

    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.inAppPurchase(c.id)
        return c.one(Ref(.inAppPurchase, c.id))
    }

    static func update(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        let entity = try c.body(.inAppPurchaseUpdate).data
        if record.familySharable, entity.bool("familySharable") == false {
            throw entity.invalidAttribute("familySharable", "Family Sharing cannot be turned off once it is on.")
        }
        if let name = entity.string("name") { c.state.inAppPurchases[c.id]?.name = name }
        if entity.has("reviewNote") { c.state.inAppPurchases[c.id]?.reviewNote = entity.string("reviewNote") }
        if let familySharable = entity.bool("familySharable") { c.state.inAppPurchases[c.id]?.familySharable = familySharable }
        return c.one(Ref(.inAppPurchase, c.id))
    }

    static func delete(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        guard !undeletableStates.contains(record.state) else {
            throw .stateError("An in-app purchase in state \(record.state) cannot be deleted.")
        }
        c.state.deleteProduct(.inAppPurchase(c.id))
        return .noContent
    }

    static func pricePoints(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.inAppPurchase(c.id)
        return c.pricePointList { c.state.pricePoints(of: c.id, kind: .inAppPurchasePricePoint, in: c.query.filter("territory")) }
    }

    static func priceSchedule(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        return c.one(record.schedule == nil ? nil : Ref(.inAppPurchasePriceSchedule, c.id))
    }

    static func availability(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        return c.one(record.availability.map { Ref(.inAppPurchaseAvailability, $0.id) })
    }

    static func screenshot(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.inAppPurchase(c.id)
        return c.one(record.screenshotID.map { Ref(.inAppPurchaseScreenshot, $0) })
    }
}

extension FakeState {
    /// Removes a product and everything that belongs to it; its product id stays taken.
    func deleteProduct(_ owner: Owner) {
        deleteOffersAndPromotion(of: owner)
        for versionID in versionIDs(of: owner) {
            for localizationID in versions[versionID]?.localizationIDs ?? [] { localizations[localizationID] = nil }
            versions[versionID] = nil
        }
        switch owner {
        case .inAppPurchase(let id):
            guard let record = inAppPurchases[id] else { return }
            if let screenshotID = record.screenshotID { deleteScreenshot(screenshotID) }
            for price in record.schedule?.manualPrices ?? [] { inAppPurchasePriceOwners[price.id] = nil }
            apps[record.appID]?.inAppPurchaseIDs.removeAll { $0 == id }
            inAppPurchases[id] = nil
        case .subscription(let id):
            guard let record = subscriptions[id] else { return }
            if let screenshotID = record.screenshotID { deleteScreenshot(screenshotID) }
            for priceID in record.priceIDs { subscriptionPrices[priceID] = nil }
            for offerID in record.introductoryOfferIDs { introductoryOffers[offerID] = nil }
            for availability in record.planAvailabilities { planAvailabilityOwners[availability.id] = nil }
            groups[record.groupID]?.subscriptionIDs.removeAll { $0 == id }
            subscriptions[id] = nil
        case .group(let id):
            guard let record = groups[id] else { return }
            apps[record.appID]?.groupIDs.removeAll { $0 == id }
            groups[id] = nil
        }
    }
}
