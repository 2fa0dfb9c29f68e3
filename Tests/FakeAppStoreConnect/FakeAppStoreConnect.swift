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
    /// every group's newest version too.
    public func approveAll(app: String) {
        backend.withState { $0.approveAll(app: app) }
    }

    /// Counts of what `app` holds, for assertions.
    public func state(app: String) -> FakeAppSummary {
        backend.withState { $0.summary(app: app) }
    }
}
