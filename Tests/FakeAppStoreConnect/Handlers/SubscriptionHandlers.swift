/// `/v1/subscriptionGroups/{id}/subscriptions` and `/v1/subscriptions`. A PATCH may carry inline
/// creates of prices and introductory offers (`relationships.prices` / `introductoryOffers` with
/// local ids `${…}` resolved in `included`): how a client sets every territory's price at once.
enum SubscriptionHandlers {
    static let states = [
        "MISSING_METADATA", "READY_TO_SUBMIT", "WAITING_FOR_REVIEW", "IN_REVIEW", "DEVELOPER_ACTION_NEEDED", "PENDING_BINARY_APPROVAL",
        "APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE", "REJECTED",
    ]

    static func list(_ c: Context) throws(APIError) -> Reply {
        let group = try c.state.group(c.id)
        let records = group.subscriptionIDs.compactMap { c.state.subscriptions[$0] }.filter { record in
            (c.query.filter("productId")?.contains(record.productID) ?? true) && (c.query.filter("name")?.contains(record.name) ?? true)
                && (c.query.filter("state")?.contains(record.state) ?? true)
        }
        return c.list(records.map { Ref(.subscription, $0.id) })
    }

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.subscriptionCreate).data
        let groupID = entity.one("group")!
        guard let group = c.state.groups[groupID], let app = c.state.apps[group.appID] else {
            throw entity.invalidRelationship("group", "There is no subscription group with id '\(groupID)'.")
        }
        let productID = entity.string("productId")!
        try InAppPurchaseHandlers.checkProductID(productID, in: app, entity: entity)
        let levels = group.subscriptionIDs.compactMap { c.state.subscriptions[$0]?.groupLevel }
        let groupLevel = entity.int("groupLevel") ?? (levels.max() ?? 0) + 1
        guard groupLevel >= 1 else { throw entity.invalidAttribute("groupLevel", "The group level must be 1 or more.") }
        var record = SubscriptionRecord(
            id: c.state.newProductID(), appID: app.id, groupID: groupID, name: entity.string("name")!, productID: productID,
            familySharable: entity.bool("familySharable") ?? false, subscriptionPeriod: entity.string("subscriptionPeriod"),
            reviewNote: entity.string("reviewNote"), groupLevel: groupLevel)
        if record.familySharable { (record.multiSeatStatus, record.marketSettings) = ("DISABLED", []) }
        c.state.subscriptions[record.id] = record
        c.state.groups[groupID]?.subscriptionIDs.append(record.id)
        c.state.apps[app.id]?.usedProductIDs.insert(productID)
        return c.created(Ref(.subscription, record.id))
    }

    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.subscription(c.id)
        return c.one(Ref(.subscription, c.id))
    }

    static func update(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.subscription(c.id)
        let document = try c.body(.subscriptionUpdate)
        let entity = document.data
        if entity.many("promotionalOffers") != nil {
            throw .unprocessable("The fake does not model promotional offers.")
        }
        if record.familySharable, entity.bool("familySharable") == false {
            throw entity.invalidAttribute("familySharable", "Family Sharing cannot be turned off once it is on.")
        }
        if let level = entity.int("groupLevel"), level < 1 {
            throw entity.invalidAttribute("groupLevel", "The group level must be 1 or more.")
        }
        // Family Sharing turns multiseat off (Apple: "Turning on Family Sharing for the subscription
        // automatically sets this value to DISABLED"); the fake refuses turning it on beside Family Sharing.
        let shared = entity.bool("familySharable") ?? record.familySharable
        if shared, entity.string("multiSeatStatus") == "ENABLED" {
            throw entity.invalidAttribute("multiSeatStatus", "A subscription with Family Sharing cannot be sold in multiple seats.")
        }
        // Check every inline create before changing anything.
        var referenced = Set<String>()
        var prices: [SubscriptionPriceHandlers.Pending] = []
        for id in entity.many("prices") ?? [] {
            referenced.insert(id)
            if record.priceIDs.contains(id) { continue }
            guard let item = document.included("subscriptionPrices", id: id) else {
                throw entity.invalidRelationship(
                    "prices", "'\(id)' is neither a price of this subscription nor an included subscriptionPrices.")
            }
            let price = try SubscriptionPriceHandlers.check(item, subscriptionID: c.id, c)
            if prices.contains(where: { $0.point.territory == price.point.territory && $0.startDate == price.startDate }) {
                throw item.invalidRelationship(
                    "territory", "Two prices for \(price.point.territory) start on \(price.startDate ?? "the same date").")
            }
            prices.append(price)
        }
        var offers: [IntroductoryOfferRecord] = []
        for id in entity.many("introductoryOffers") ?? [] {
            referenced.insert(id)
            if record.introductoryOfferIDs.contains(id) { continue }
            guard let item = document.included("subscriptionIntroductoryOffers", id: id) else {
                throw entity.invalidRelationship(
                    "introductoryOffers", "'\(id)' is neither an offer of this subscription nor an included subscriptionIntroductoryOffers."
                )
            }
            offers.append(try IntroductoryOfferHandlers.check(item, subscriptionID: c.id, pending: offers, c))
        }
        if let stray = document.included.first(where: { !referenced.contains($0.id ?? "") }) {
            throw .entity(
                "ENTITY_ERROR.INCLUDED.INVALID", stray.pointer,
                "The included resource '\(stray.id ?? "")' is not referenced by a relationship.")
        }
        if let name = entity.string("name") { c.state.subscriptions[c.id]?.name = name }
        if let familySharable = entity.bool("familySharable") { c.state.subscriptions[c.id]?.familySharable = familySharable }
        if let status = entity.string("multiSeatStatus") { c.state.subscriptions[c.id]?.multiSeatStatus = status }
        if let markets = entity.attributes["marketSettings"]?.array?.compactMap(\.string) {
            c.state.subscriptions[c.id]?.marketSettings = markets
        }
        if entity.bool("familySharable") == true, !record.familySharable {
            c.state.subscriptions[c.id]?.multiSeatStatus = "DISABLED"
            c.state.subscriptions[c.id]?.marketSettings = []
        }
        if entity.has("subscriptionPeriod") { c.state.subscriptions[c.id]?.subscriptionPeriod = entity.string("subscriptionPeriod") }
        if entity.has("reviewNote") { c.state.subscriptions[c.id]?.reviewNote = entity.string("reviewNote") }
        if let level = entity.int("groupLevel") { c.state.subscriptions[c.id]?.groupLevel = level }
        for price in prices { c.state.applySubscriptionPrice(price, to: c.id) }
        for offer in offers {
            c.state.introductoryOffers[offer.id] = offer
            c.state.subscriptions[c.id]?.introductoryOfferIDs.append(offer.id)
        }
        return c.one(Ref(.subscription, c.id))
    }

    static func delete(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.subscription(c.id)
        guard !InAppPurchaseHandlers.undeletableStates.contains(record.state) else {
            throw .stateError("A subscription in state \(record.state) cannot be deleted.")
        }
        c.state.deleteProduct(.subscription(c.id))
        return .noContent
    }

    static func screenshot(_ c: Context) throws(APIError) -> Reply {
        let record = try c.state.subscription(c.id)
        return c.one(record.screenshotID.map { Ref(.subscriptionScreenshot, $0) })
    }
}
