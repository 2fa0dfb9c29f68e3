/// Where a product is sold: an in-app purchase's availability and a subscription's plan
/// availabilities (one per plan type). A POST replaces the previous one. Older subscriptions have
/// the deprecated `subscriptionAvailabilities` resource instead (read-only here; a test sets it up
/// with ``FakeAppStoreConnect/useLegacySubscriptionAvailability(app:productID:territories:availableInNewTerritories:)``);
/// an UPFRONT plan availability supersedes it.
enum AvailabilityHandlers {
    // MARK: In-app purchases

    static func createInAppPurchaseAvailability(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.inAppPurchaseAvailabilityCreate).data
        let inAppPurchaseID = entity.one("inAppPurchase")!
        guard c.state.inAppPurchases[inAppPurchaseID] != nil else {
            throw entity.invalidRelationship("inAppPurchase", "There is no in-app purchase with id '\(inAppPurchaseID)'.")
        }
        let territories = try checkTerritories(entity, c)
        c.state.inAppPurchases[inAppPurchaseID]?.availability = AvailabilityRecord(
            id: inAppPurchaseID, owner: .inAppPurchase(inAppPurchaseID),
            availableInNewTerritories: entity.bool("availableInNewTerritories")!,
            territories: territories)
        c.state.refreshState(of: .inAppPurchase(inAppPurchaseID))
        return c.created(Ref(.inAppPurchaseAvailability, inAppPurchaseID))
    }

    private static func inAppPurchaseAvailability(_ c: Context) throws(APIError) -> AvailabilityRecord {
        guard let availability = c.state.inAppPurchases[c.id]?.availability else {
            throw .resourceNotFound("inAppPurchaseAvailabilities", c.id)
        }
        return availability
    }

    static func getInAppPurchaseAvailability(_ c: Context) throws(APIError) -> Reply {
        _ = try inAppPurchaseAvailability(c)
        return c.one(Ref(.inAppPurchaseAvailability, c.id))
    }

    static func inAppPurchaseTerritories(_ c: Context) throws(APIError) -> Reply {
        c.list(try inAppPurchaseAvailability(c).territories.map { Ref(.territory, $0) })
    }

    // MARK: Subscription plans

    static func createPlanAvailability(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.subscriptionPlanAvailabilityCreate).data
        let subscriptionID = entity.one("subscription")!
        guard let subscription = c.state.subscriptions[subscriptionID] else {
            throw entity.invalidRelationship("subscription", "There is no subscription with id '\(subscriptionID)'.")
        }
        let territories = try checkTerritories(entity, c)
        let planType = entity.string("planType")!
        let previous = subscription.planAvailabilities.first { $0.planType == planType }
        let record = AvailabilityRecord(
            id: previous?.id ?? c.state.newUUID(), owner: .subscription(subscriptionID),
            availableInNewTerritories: entity.bool("availableInNewTerritories") ?? false, territories: territories, planType: planType)
        c.state.subscriptions[subscriptionID]?.planAvailabilities.removeAll { $0.planType == planType }
        c.state.subscriptions[subscriptionID]?.planAvailabilities.append(record)
        c.state.planAvailabilityOwners[record.id] = subscriptionID
        if planType == "UPFRONT" { c.state.subscriptions[subscriptionID]?.legacyAvailability = nil }
        c.state.refreshState(of: .subscription(subscriptionID))
        return c.created(Ref(.planAvailability, record.id))
    }

    private static func planAvailability(_ c: Context) throws(APIError) -> AvailabilityRecord {
        guard let availability = c.state.planAvailability(c.id) else { throw .resourceNotFound("subscriptionPlanAvailabilities", c.id) }
        return availability
    }

    static func getPlanAvailability(_ c: Context) throws(APIError) -> Reply {
        _ = try planAvailability(c)
        return c.one(Ref(.planAvailability, c.id))
    }

    static func updatePlanAvailability(_ c: Context) throws(APIError) -> Reply {
        var record = try planAvailability(c)
        let entity = try c.body(.subscriptionPlanAvailabilityUpdate).data
        if entity.many("availableTerritories") != nil { record.territories = try checkTerritories(entity, c) }
        if let availableInNewTerritories = entity.bool("availableInNewTerritories") {
            record.availableInNewTerritories = availableInNewTerritories
        }
        guard case .subscription(let subscriptionID) = record.owner else { return c.one(Ref(.planAvailability, c.id)) }
        if let index = c.state.subscriptions[subscriptionID]?.planAvailabilities.firstIndex(where: { $0.id == record.id }) {
            c.state.subscriptions[subscriptionID]?.planAvailabilities[index] = record
        }
        c.state.refreshState(of: record.owner)
        return c.one(Ref(.planAvailability, c.id))
    }

    static func subscriptionPlanAvailabilities(_ c: Context) throws(APIError) -> Reply {
        let subscription = try c.state.subscription(c.id)
        return c.list(subscription.planAvailabilities.map { Ref(.planAvailability, $0.id) })
    }

    static func planTerritories(_ c: Context) throws(APIError) -> Reply {
        c.list(try planAvailability(c).territories.map { Ref(.territory, $0) })
    }

    // MARK: Subscriptions (deprecated availability)

    /// `GET /v1/subscriptions/{id}/subscriptionAvailability`: `data: null` for a subscription without one.
    static func subscriptionAvailability(_ c: Context) throws(APIError) -> Reply {
        let subscription = try c.state.subscription(c.id)
        return c.one(subscription.legacyAvailability.map { Ref(.subscriptionAvailability, $0.id) })
    }

    private static func legacyAvailability(_ c: Context) throws(APIError) -> AvailabilityRecord {
        guard let availability = c.state.subscriptions[c.id]?.legacyAvailability else {
            throw .resourceNotFound("subscriptionAvailabilities", c.id)
        }
        return availability
    }

    /// `GET /v1/subscriptionAvailabilities/{id}`.
    static func getSubscriptionAvailability(_ c: Context) throws(APIError) -> Reply {
        _ = try legacyAvailability(c)
        return c.one(Ref(.subscriptionAvailability, c.id))
    }

    /// `GET /v1/subscriptionAvailabilities/{id}/availableTerritories`.
    static func subscriptionAvailabilityTerritories(_ c: Context) throws(APIError) -> Reply {
        c.list(try legacyAvailability(c).territories.map { Ref(.territory, $0) })
    }

    /// The `availableTerritories` of a request, each a known territory.
    private static func checkTerritories(_ entity: RequestEntity, _ c: Context) throws(APIError) -> [String] {
        let territories = entity.many("availableTerritories") ?? []
        if let unknown = territories.first(where: { !c.state.isTerritory($0) }) {
            throw entity.invalidRelationship("availableTerritories", "'\(unknown)' is not a territory.")
        }
        var seen = Set<String>()
        return territories.filter { seen.insert($0).inserted }
    }
}

extension FakeState {
    /// Gives a subscription the deprecated availability resource in place of its plan
    /// availabilities (known territories only, each once), as an older subscription has.
    func useLegacyAvailability(subscriptionID: String, territories: [String], availableInNewTerritories: Bool) {
        guard let subscription = subscriptions[subscriptionID] else { return }
        for availability in subscription.planAvailabilities { planAvailabilityOwners[availability.id] = nil }
        var seen = Set<String>()
        subscriptions[subscriptionID]?.planAvailabilities = []
        subscriptions[subscriptionID]?.legacyAvailability = AvailabilityRecord(
            id: subscriptionID, owner: .subscription(subscriptionID), availableInNewTerritories: availableInNewTerritories,
            territories: territories.filter { isTerritory($0) && seen.insert($0).inserted })
        refreshState(of: .subscription(subscriptionID))
    }
}
