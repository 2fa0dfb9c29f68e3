/// `monetization.subscriptions.basePlans.offers`: list, get, create, patch, activate, deactivate.
/// Offers are stored per subscription and base plan.
extension PlayState {
    /// `GET subscriptions/{productId}/basePlans/{basePlanId}/offers`: either id may be `-` (all),
    /// but `basePlanId` must be `-` when `productId` is.
    mutating func listOffers(productId: String, basePlanId: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let app = app(call)
        if productId == "-" {
            guard basePlanId == "-" else { throw .invalid("basePlanId must be '-' when productId is '-'.") }
        } else {
            guard let subscription = app.subscriptions[productId] else { throw .notFound("Subscription not found: \(productId).") }
            if basePlanId != "-", SubscriptionRules.basePlan(basePlanId, of: subscription) == nil {
                throw .notFound("Base plan not found: \(productId)/\(basePlanId).")
            }
        }
        let items = app.offers.filter { key, _ in
            (productId == "-" || key.productId == productId) && (basePlanId == "-" || key.basePlanId == basePlanId)
        }.map { (key: [$0.key.productId, $0.key.basePlanId, $0.key.offerId], value: PlayJSON.object($0.value)) }
        let list = "offers:\(call.packageName)/\(productId)/\(basePlanId)"
        return try page(items, list: list, key: "subscriptionOffers", call.query)
    }

    func getOffer(_ key: OfferKey, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        guard let offer = app(call).offers[key] else { throw .notFound() }
        return .object(offer)
    }

    /// `POST …/offers?offerId=…&regionsVersion.version=…`: only on auto-renewing base plans; new offers are DRAFT.
    mutating func createOffer(productId: String, basePlanId: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        guard let offerId = call.query["offerId"], !offerId.isEmpty else { throw .invalid("Offer ID must be specified.") }
        let version = try call.query.regionsVersion(known: knownVersions)
        let key = OfferKey(productId: productId, basePlanId: basePlanId, offerId: offerId)
        let body = try Self.offerBody(call, key)
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            let plan = try Self.planForNewOffer(key, in: app)
            guard app.offers[key] == nil else { throw .alreadyExists("Offer already exists: \(productId)/\(basePlanId)/\(offerId).") }
            return try Self.store(body, written: Set(body.keys).union(OfferRules.maskFields), plan: plan, key: key, in: &app, call, version)
        }
    }

    /// `PATCH …/offers/{offerId}?updateMask=…&regionsVersion.version=…[&allowMissing=true]`; the state is kept.
    mutating func patchOffer(_ key: OfferKey, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let mask = try call.query.updateMask(fields: OfferRules.maskFields)
        let version = try call.query.regionsVersion(known: knownVersions)
        let allowMissing = try call.query.flag("allowMissing", field: "allow_missing")
        let body = try Self.offerBody(call, key)
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            guard let previous = app.offers[key] else {
                guard allowMissing else { throw .notFound() }
                let plan = try Self.planForNewOffer(key, in: app)
                return try Self.store(
                    body, written: Set(body.keys).union(OfferRules.maskFields), plan: plan, key: key, in: &app, call, version)
            }
            guard let subscription = app.subscriptions[key.productId],
                let plan = SubscriptionRules.basePlan(key.basePlanId, of: subscription)?.plan
            else { throw .notFound("Base plan not found: \(key.productId)/\(key.basePlanId).") }
            let offer = FieldMask.apply(mask, from: body, to: previous)
            return try Self.store(offer, written: Set(mask), previous: previous, plan: plan, key: key, in: &app, call, version)
        }
    }

    /// `POST …/offers/{offerId}:activate` (DRAFT or INACTIVE → ACTIVE) or `:deactivate` (ACTIVE → INACTIVE).
    mutating func setOfferState(_ key: OfferKey, activate: Bool, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let body = try Self.offerBody(call, key)
        try Self.checkLatencyTolerance(body["latencyTolerance"], at: "latencyTolerance")
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            guard var offer = app.offers[key] else { throw .notFound() }
            let state = offer["state"]?.string ?? "STATE_UNSPECIFIED"
            if !activate, state != "ACTIVE" {
                throw .precondition(
                    "Offer \(key.productId)/\(key.basePlanId)/\(key.offerId) is \(state): only an ACTIVE offer can be deactivated.")
            }
            offer["state"] = activate ? "ACTIVE" : "INACTIVE"
            app.offers[key] = offer
            return .object(offer)
        }
    }

    /// The body, whose ids must be those of the URL when given.
    private static func offerBody(_ call: PlayCall, _ key: OfferKey) throws(PlayError) -> [String: PlayJSON] {
        let body = try call.object()
        try Field.matching(body["packageName"], at: "packageName", expected: call.packageName)
        try Field.matching(body["productId"], at: "productId", expected: key.productId)
        try Field.matching(body["basePlanId"], at: "basePlanId", expected: key.basePlanId)
        try Field.matching(body["offerId"], at: "offerId", expected: key.offerId)
        return body
    }

    /// The base plan a new offer `key` goes in: it exists and is auto-renewing; the offer id is valid.
    private static func planForNewOffer(_ key: OfferKey, in app: PlayApp) throws(PlayError) -> [String: PlayJSON] {
        guard let subscription = app.subscriptions[key.productId] else { throw .notFound("Subscription not found: \(key.productId).") }
        guard let plan = SubscriptionRules.basePlan(key.basePlanId, of: subscription)?.plan else {
            throw .notFound("Base plan not found: \(key.productId)/\(key.basePlanId).")
        }
        guard plan["autoRenewingBasePlanType"]?.object != nil else {
            throw .invalid("Only auto-renewing base plans can have subscription offers.")
        }
        guard PlayRules.isResourceId(key.offerId) else {
            throw .invalid(
                "Invalid offer id '\(key.offerId)': it must start with a lowercase letter or a digit and contain only lowercase letters, "
                    + "digits and '-', at most 63 characters.")
        }
        return plan
    }

    /// Checks the fields `written` of `offer` and stores it as Google would (a new offer DRAFT).
    private static func store(
        _ offer: [String: PlayJSON], written: Set<String>, previous: [String: PlayJSON]? = nil, plan: [String: PlayJSON], key: OfferKey,
        in app: inout PlayApp, _ call: PlayCall, _ version: String
    ) throws(PlayError) -> PlayJSON {
        try OfferRules.check(offer, written: written, plan: plan, version: version)
        // A region's code is immutable in an offer's regional configs: once there, never removed.
        if written.contains("regionalConfigs"), let previous {
            let now = Set((offer["regionalConfigs"]?.array ?? []).compactMap { $0.object?["regionCode"]?.string })
            for config in previous["regionalConfigs"]?.array ?? [] {
                guard let region = config.object?["regionCode"]?.string, !now.contains(region) else { continue }
                throw .invalid("Cannot remove region once it has been added: \(region)")
            }
        }
        var stored = FieldMask.storing(written, of: offer)
        stored["state"] = previous == nil ? "DRAFT" : previous?["state"]
        stored["packageName"] = .string(call.packageName)
        stored["productId"] = .string(key.productId)
        stored["basePlanId"] = .string(key.basePlanId)
        stored["offerId"] = .string(key.offerId)
        app.offers[key] = stored
        return .object(stored)
    }
}
