import Foundation

/// One app's monetization catalog, each resource stored as the JSON object the API answers.
struct PlayApp {
    /// productId → OneTimeProduct.
    var oneTimeProducts: [String: [String: PlayJSON]] = [:]
    /// productId → Subscription.
    var subscriptions: [String: [String: PlayJSON]] = [:]
    var offers: [OfferKey: [String: PlayJSON]] = [:]

    /// `{"oneTimeProducts": [...], "subscriptions": [...], "subscriptionOffers": [...]}`, each list by ids.
    var snapshot: PlayJSON {
        .object([
            "oneTimeProducts": .array(oneTimeProducts.sorted { $0.key < $1.key }.map { .object($0.value) }),
            "subscriptions": .array(subscriptions.sorted { $0.key < $1.key }.map { .object($0.value) }),
            "subscriptionOffers": .array(offers.sorted { $0.key < $1.key }.map { .object($0.value) }),
        ])
    }
}

/// A request to a method, once routed: the app, the query, the body.
struct PlayCall {
    var packageName: String
    var query: PlayQuery
    var body: Data

    /// The body as a JSON object; an empty body is an empty object.
    func object() throws(PlayError) -> [String: PlayJSON] {
        if body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return [:] }
        guard let object = PlayJSON.parse(body)?.object else { throw .invalidJSON }
        return object
    }
}

/// Everything the API serves, and the settings tests change; kept by ``PlayBackend`` behind its lock.
struct PlayState {
    var apps: [String: PlayApp] = [:]
    /// The largest page a list answers, whatever `pageSize` asks for.
    var maximumPageSize = 1000
    /// The regions version `convertRegionPrices` reports; writes accept it and `2022/02`.
    var regionsVersion = "2025/03"
    /// The page tokens handed out: token → the list and the last key of the page it follows.
    var pageTokens: [String: PageMark] = [:]

    /// The regions versions a write may name.
    var knownVersions: [String] { [PlayRegionTable.legacyVersion, regionsVersion] }

    /// Answers `route` for `call` (the app exists); the JSON answer of a 200.
    mutating func answer(_ route: PlayRoute, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        switch route {
        case .listOneTimeProducts: return try listOneTimeProducts(call)
        case .getOneTimeProduct(let id): return try getOneTimeProduct(id, call)
        case .patchOneTimeProduct(let id): return try patchOneTimeProduct(id, call)
        case .updatePurchaseOptionStates(let id): return try updatePurchaseOptionStates(productId: id, call)
        case .listSubscriptions: return try listSubscriptions(call)
        case .createSubscription: return try createSubscription(call)
        case .getSubscription(let id): return try getSubscription(id, call)
        case .patchSubscription(let id): return try patchSubscription(id, call)
        case .setBasePlanState(let id, let plan, let activate): return try setBasePlanState(id, plan, activate: activate, call)
        case .listOffers(let id, let plan): return try listOffers(productId: id, basePlanId: plan, call)
        case .createOffer(let id, let plan): return try createOffer(productId: id, basePlanId: plan, call)
        case .getOffer(let key): return try getOffer(key, call)
        case .patchOffer(let key): return try patchOffer(key, call)
        case .setOfferState(let key, let activate): return try setOfferState(key, activate: activate, call)
        case .convertRegionPrices: return try convertRegionPrices(call)
        }
    }

    /// Runs `body` on the app of `call` and stores what it leaves; nothing is stored when it throws.
    mutating func withApp<T>(_ call: PlayCall, _ body: (inout PlayApp) throws(PlayError) -> T) throws(PlayError) -> T {
        var app = apps[call.packageName] ?? PlayApp()
        let result = try body(&app)
        apps[call.packageName] = app
        return result
    }

    /// The app of `call`.
    func app(_ call: PlayCall) -> PlayApp {
        apps[call.packageName] ?? PlayApp()
    }
}
