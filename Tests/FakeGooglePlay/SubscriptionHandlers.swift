/// `monetization.subscriptions`: list, get, create, patch, and `basePlans.activate` / `.deactivate`.
extension PlayState {
    mutating func listSubscriptions(_ call: PlayCall) throws(PlayError) -> PlayJSON {
        _ = try call.query.flag("showArchived", field: "show_archived")
        let items = app(call).subscriptions.map { (key: [$0.key], value: PlayJSON.object($0.value)) }
        return try page(items, list: "subscriptions:" + call.packageName, key: "subscriptions", call.query)
    }

    func getSubscription(_ id: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        guard let subscription = app(call).subscriptions[id] else { throw .notFound() }
        return .object(subscription)
    }

    /// `POST subscriptions?productId=…&regionsVersion.version=…`: new base plans are DRAFT.
    mutating func createSubscription(_ call: PlayCall) throws(PlayError) -> PlayJSON {
        guard let id = call.query["productId"], !id.isEmpty else { throw .invalid("Product ID must be specified.") }
        let version = try call.query.regionsVersion(known: knownVersions)
        let body = try call.object()
        try Field.matching(body["packageName"], at: "packageName", expected: call.packageName)
        try Field.matching(body["productId"], at: "productId", expected: id)
        try Self.checkNewProductId(id, maxLength: 40)
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            guard app.subscriptions[id] == nil else { throw .alreadyExists("Subscription already exists: \(id).") }
            return try Self.store(body, written: Set(body.keys).union(SubscriptionRules.maskFields), id: id, in: &app, call, version)
        }
    }

    /// `PATCH subscriptions/{productId}?updateMask=…&regionsVersion.version=…[&allowMissing=true]`.
    /// Leaving a draft base plan out of a masked `basePlans` deletes it, with its offers.
    mutating func patchSubscription(_ id: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let mask = try call.query.updateMask(fields: SubscriptionRules.maskFields)
        let version = try call.query.regionsVersion(known: knownVersions)
        let allowMissing = try call.query.flag("allowMissing", field: "allow_missing")
        let body = try call.object()
        try Field.matching(body["packageName"], at: "packageName", expected: call.packageName)
        try Field.matching(body["productId"], at: "productId", expected: id)
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            guard let previous = app.subscriptions[id] else {
                guard allowMissing else { throw .notFound() }
                try Self.checkNewProductId(id, maxLength: 40)
                return try Self.store(body, written: Set(body.keys).union(SubscriptionRules.maskFields), id: id, in: &app, call, version)
            }
            let subscription = FieldMask.apply(mask, from: body, to: previous)
            let answer = try Self.store(subscription, written: Set(mask), previous: previous, id: id, in: &app, call, version)
            let removed = SubscriptionRules.removedBasePlans(subscription["basePlans"], previous: previous["basePlans"])
            app.offers = app.offers.filter { !($0.key.productId == id && removed.contains($0.key.basePlanId)) }
            return answer
        }
    }

    /// Checks the fields `written` of `subscription`, and stores it as Google would.
    private static func store(
        _ subscription: [String: PlayJSON], written: Set<String>, previous: [String: PlayJSON]? = nil, id: String, in app: inout PlayApp,
        _ call: PlayCall, _ version: String
    ) throws(PlayError) -> PlayJSON {
        try SubscriptionRules.check(subscription, written: written, previous: previous, version: version)
        var stored = FieldMask.storing(written, of: subscription)
        if written.contains("basePlans") {
            stored["basePlans"] = SubscriptionRules.carryingStates(stored["basePlans"], previous: previous?["basePlans"])
        }
        stored["archived"] = previous?["archived"]
        stored["packageName"] = .string(call.packageName)
        stored["productId"] = .string(id)
        app.subscriptions[id] = stored
        return .object(stored)
    }

    /// `POST subscriptions/{productId}/basePlans/{basePlanId}:activate` (a region must be available
    /// to new subscribers with a price) or `:deactivate` (only an ACTIVE base plan).
    mutating func setBasePlanState(_ id: String, _ planId: String, activate: Bool, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let body = try call.object()
        try Field.matching(body["packageName"], at: "packageName", expected: call.packageName)
        try Field.matching(body["productId"], at: "productId", expected: id)
        try Field.matching(body["basePlanId"], at: "basePlanId", expected: planId)
        try Self.checkLatencyTolerance(body["latencyTolerance"], at: "latencyTolerance")
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            guard var subscription = app.subscriptions[id] else { throw .notFound("Subscription not found: \(id).") }
            guard let found = SubscriptionRules.basePlan(planId, of: subscription) else {
                throw .notFound("Base plan not found: \(id)/\(planId).")
            }
            let (index, plan) = found
            var changed = plan
            let state = plan["state"]?.string ?? "STATE_UNSPECIFIED"
            if activate {
                guard SubscriptionRules.isSellable(plan) else {
                    throw .precondition(
                        "Base plan \(id)/\(planId) cannot be activated: no region is available to new subscribers with a price.")
                }
                changed["state"] = "ACTIVE"
            } else {
                guard state == "ACTIVE" else {
                    throw .precondition("Base plan \(id)/\(planId) is \(state): only an ACTIVE base plan can be deactivated.")
                }
                changed["state"] = "INACTIVE"
            }
            var plans = subscription["basePlans"]?.array ?? []
            plans[index] = .object(changed)
            subscription["basePlans"] = .array(plans)
            app.subscriptions[id] = subscription
            return .object(subscription)
        }
    }
}
