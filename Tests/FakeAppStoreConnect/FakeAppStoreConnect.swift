import Crypto
import Foundation

/// A fake App Store Connect API on loopback, for tests and benchmarks: the in-app purchase and
/// subscription endpoints of the 4.4.1 spec, with Apple's authentication (ES256 JWT), hourly rate
/// limit, JSON:API documents, paging, `include`, request validation and error codes, price points
/// and the screenshot upload protocol. Faults can be injected per request.
///
/// Thread-safe: one lock guards all state.
public final class FakeAppStoreConnect: @unchecked Sendable {
    /// The territories a fake has unless told otherwise.
    public static let defaultTerritories = ["USA", "DEU", "JPN", "GBR", "FRA", "CAN", "AUS", "BRA"]

    private let backend: Backend
    private let server: HTTPServer

    private init(backend: Backend, server: HTTPServer) {
        self.backend = backend
        self.server = server
    }

    /// Starts a fake on 127.0.0.1 with an OS-chosen port, accepting tokens of `keys`, serving
    /// `territories`, and allowing each key `rateLimitPerHour` requests in any rolling hour.
    public static func start(
        keys: [FakeAPIKey], territories: [String] = FakeAppStoreConnect.defaultTerritories, rateLimitPerHour: Int = 3600
    ) async throws -> FakeAppStoreConnect {
        let backend = Backend(keys: keys, territories: territories, rateLimitPerHour: rateLimitPerHour)
        let server = try await HTTPServer.start(backend: backend)
        backend.withState { $0.baseURL = "http://127.0.0.1:\(server.port)" }
        return FakeAppStoreConnect(backend: backend, server: server)
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String {
        "http://127.0.0.1:\(server.port)"
    }

    /// Stops the server and closes every connection.
    public func shutdown() async throws {
        try await server.shutdown()
    }

    /// Adds an app (`GET /v1/apps/{id}`) that products and groups can be created in.
    public func addApp(id: String, bundleID: String) {
        backend.withState { state in
            if state.apps[id] == nil { state.apps[id] = AppRecord(id: id, bundleID: bundleID) }
        }
    }

    /// Makes the `n`-th request from now (1: the next one) that `matching` accepts get `fault`
    /// instead of its normal handling. Several faults may be pending at once.
    public func inject(_ fault: FakeFault, onRequest n: Int = 1, matching: FakeRequestMatcher = .any) {
        backend.inject(fault, onRequest: n, matching: matching)
    }

    /// Every request received since the start (or the last ``resetRequestLog()``), in order.
    public var requests: [FakeRequestRecord] {
        backend.requests
    }

    /// Forgets the requests received so far.
    public func resetRequestLog() {
        backend.resetRequestLog()
    }

    /// Does what App Review would: every product of the app, its newest version and that version's
    /// localizations become APPROVED (a version approved before is REPLACED_WITH_NEW_VERSION), and
    /// every group's newest version too. A product removed from sale (DEVELOPER_REMOVED_FROM_SALE,
    /// REMOVED_FROM_SALE) keeps that state; its versions are approved.
    public func approveAll(app: String) {
        backend.withState { $0.approveAll(app: app) }
    }

    /// Sets the `state` of the in-app purchase or subscription of `app` whose product id is
    /// `productID` (`DEVELOPER_REMOVED_FROM_SALE`, `IN_REVIEW`, `REJECTED`… or any other string) as
    /// App Store Connect would have. The state stays as set when later writes change the product,
    /// unless it is MISSING_METADATA or READY_TO_SUBMIT, which the next write to the product
    /// recomputes from what it holds. ``approveAll(app:)`` makes it APPROVED unless it is
    /// DEVELOPER_REMOVED_FROM_SALE or REMOVED_FROM_SALE. Does nothing when there is no such product.
    public func setProductState(app: String, productID: String, state: String) {
        backend.withState { fake in
            guard let owner = fake.product(app: app, productID: productID) else { return }
            fake.setProductState(state, of: owner)
        }
    }

    /// Makes the subscription of `app` whose product id is `productID` look like an older one: its
    /// plan availabilities are removed and it gets the deprecated `subscriptionAvailabilities`
    /// resource instead, sold in `territories` (unknown ones and repeats are dropped). Creating an
    /// UPFRONT plan availability for it later removes that resource. Does nothing when there is no
    /// such subscription.
    public func useLegacySubscriptionAvailability(app: String, productID: String, territories: [String], availableInNewTerritories: Bool) {
        backend.withState { fake in
            guard case .subscription(let id) = fake.product(app: app, productID: productID) else { return }
            fake.useLegacyAvailability(subscriptionID: id, territories: territories, availableInNewTerritories: availableInNewTerritories)
        }
    }

    /// Gives the subscription of `app` whose product id is `productID` a grandfathered price: a
    /// price row with `preserved: true` and start date 2024-03-01, of the usual plan (no plan
    /// type), at its price point in `territory` whose customer price is exactly `customerPrice`
    /// ("4.99", "800" in Japan). Returns false, changing nothing, when there is no such subscription,
    /// territory or price point.
    @discardableResult
    public func setSubscriptionPricePreserved(app: String, productID: String, territory: String, customerPrice: String) -> Bool {
        backend.withState { fake in
            guard case .subscription(let id) = fake.product(app: app, productID: productID) else { return false }
            return fake.addPreservedSubscriptionPrice(subscriptionID: id, territory: territory, customerPrice: customerPrice)
        }
    }

    /// Counts of what `app` holds, for assertions.
    public func state(app: String) -> FakeAppSummary {
        backend.withState { $0.summary(app: app) }
    }
}
