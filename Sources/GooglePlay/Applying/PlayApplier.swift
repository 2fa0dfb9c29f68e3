import IAPCatalog

/// Carries out a ``PlayPlan`` step after step, each one request; the first failure stops it (run
/// again, apply re-reads Play and plans what is left). Every write sends `regionsVersion`; creates
/// and updates send complete lists built from what Play held (``PlayBodies``); activation is a step
/// of its own.
package struct PlayApplier: Sendable {
    /// A step that failed.
    package struct Failure: Error, Sendable {
        /// Its index in the plan.
        package var stepIndex: Int
        /// Its summary.
        package var step: String
        /// Why.
        package var error: PlayAPIError
    }

    /// Play's latency tolerance for every write: changes reach customers within minutes.
    static let latencyTolerance = "PRODUCT_UPDATE_LATENCY_TOLERANCE_LATENCY_SENSITIVE"

    private let api: any PlayTransport
    private let remote: PlayRemoteState
    private let packageName: String

    /// An applier writing through `api` to `packageName`, whose state when planned was `remote`.
    package init(api: any PlayTransport, remote: PlayRemoteState, packageName: String) {
        self.api = api
        self.remote = remote
        self.packageName = packageName
    }

    /// Carries out `plan`, calling `progress` before each step.
    package func apply(_ plan: PlayPlan, progress: (Int, PlayStep) -> Void = { _, _ in }) async throws(Failure) {
        for (index, step) in plan.steps.enumerated() {
            progress(index, step)
            do {
                _ = try await api.send(request(for: step, version: plan.regionsVersion))
            } catch {
                throw Failure(stepIndex: index, step: step.summary, error: error)
            }
        }
    }

    /// The request carrying out `step`.
    package func request(for step: PlayStep, version: String) -> PlayRequest {
        let id = step.productID
        let region = (name: "regionsVersion.version", value: version)
        switch step.action {
        case .createOneTimeProduct(let target):
            return PlayRequest(
                .patch, ["onetimeproducts", id],
                query: [
                    ("updateMask", "listings,purchaseOptions"), region, ("allowMissing", "true"),
                    ("latencyTolerance", Self.latencyTolerance),
                ],
                body: PlayBodies.oneTimeProduct(target, remote: nil, package: packageName, version: version))
        case .updateOneTimeProduct(let target, _):
            return PlayRequest(
                .patch, ["onetimeproducts", id],
                query: [("updateMask", "listings,purchaseOptions"), region, ("latencyTolerance", Self.latencyTolerance)],
                body: PlayBodies.oneTimeProduct(target, remote: remote.oneTimeProduct(id), package: packageName, version: version))
        case .createSubscription(let target):
            return PlayRequest(
                .post, ["subscriptions"], query: [("productId", id), region],
                body: PlayBodies.subscription(target, remote: nil, package: packageName, version: version))
        case .updateSubscription(let target, _):
            return PlayRequest(
                .patch, ["subscriptions", id],
                query: [("updateMask", "listings,basePlans"), region, ("latencyTolerance", Self.latencyTolerance)],
                body: PlayBodies.subscription(target, remote: remote.subscription(id), package: packageName, version: version))
        case .createOffer(let plan, let offer, let basePlan, let newRegions):
            return PlayRequest(
                .post, ["subscriptions", id, "basePlans", plan, "offers"], query: [("offerId", offer.id), region],
                body: PlayBodies.offer(
                    offer, of: basePlan, remote: nil, package: packageName, productID: id,
                    newRegions: newRegions, version: version))
        case .updateOffer(let plan, let offer, let basePlan, let newRegions, _):
            let current = remote.offers(of: id, basePlan: plan).first { $0["offerId"]?.string == offer.id }
            return PlayRequest(
                .patch, ["subscriptions", id, "basePlans", plan, "offers", offer.id],
                query: [
                    ("updateMask", "phases,targeting,regionalConfigs,otherRegionsConfig"), region,
                    ("latencyTolerance", Self.latencyTolerance),
                ],
                body: PlayBodies.offer(
                    offer, of: basePlan, remote: current, package: packageName, productID: id,
                    newRegions: newRegions, version: version))
        case .setPurchaseOptionState(let option, let active):
            let request: JSONValue = .object([
                ("packageName", .string(packageName)), ("productId", .string(id)), ("purchaseOptionId", .string(option)),
                ("latencyTolerance", .string(Self.latencyTolerance)),
            ])
            let key = active ? "activatePurchaseOptionRequest" : "deactivatePurchaseOptionRequest"
            return PlayRequest(
                .post, ["oneTimeProducts", id, "purchaseOptions"], verb: "batchUpdateStates",
                body: .object([("requests", .array([.object([(key, request)])]))]))
        case .setBasePlanState(let plan, let active):
            return PlayRequest(
                .post, ["subscriptions", id, "basePlans", plan], verb: active ? "activate" : "deactivate",
                body: .object([
                    ("packageName", .string(packageName)), ("productId", .string(id)), ("basePlanId", .string(plan)),
                    ("latencyTolerance", .string(Self.latencyTolerance)),
                ]))
        case .setOfferState(let plan, let offer, let active):
            return PlayRequest(
                .post, ["subscriptions", id, "basePlans", plan, "offers", offer], verb: active ? "activate" : "deactivate",
                body: .object([
                    ("packageName", .string(packageName)), ("productId", .string(id)), ("basePlanId", .string(plan)),
                    ("offerId", .string(offer)), ("latencyTolerance", .string(Self.latencyTolerance)),
                ]))
        }
    }
}
