import Crypto
import Foundation
import LoopbackHTTP
import _CryptoExtras

/// A fake of Google's side on loopback: the OAuth 2.0 token endpoint (`POST /token`, the
/// JWT-bearer grant), checking each assertion as Google documents — RS256 by a registered service
/// account, scope `androidpublisher`, audience this endpoint, issued now, at most one hour — and
/// handing out bearer tokens the API endpoints accept; and the Play Developer API's monetization
/// endpoints below `/androidpublisher/v3/applications/{packageName}`: one-time products (list, get,
/// patch, `purchaseOptions:batchUpdateStates`), subscriptions (list, get, create, patch, base plan
/// activate/deactivate), subscription offers (list, get, create, patch, activate/deactivate) and
/// `pricing:convertRegionPrices`, with Google's checks, error documents, paging and field masks.
/// Tests can seed resources, throttle requests, fail or drop writes, quote the bearer token back in
/// errors and serve lists without end.
///
/// Thread-safe: one lock guards all state.
public final class FakeGooglePlay: Sendable {
    private let server: HTTPServer
    private let backend: PlayBackend

    /// The token endpoint's URL (a service-account key's `token_uri`).
    public var tokenURL: String { "http://127.0.0.1:\(server.port)/token" }
    /// The API's base URL.
    public var baseURL: String { "http://127.0.0.1:\(server.port)" }

    private init(server: HTTPServer, backend: PlayBackend) {
        self.server = server
        self.backend = backend
    }

    /// Starts the fake with the service accounts it knows (e-mail → public key).
    public static func start(accounts: [String: _RSA.Signing.PublicKey], now: @escaping @Sendable () -> Date = Date.init) async throws
        -> FakeGooglePlay
    {
        let backend = PlayBackend(accounts: accounts, now: now)
        let server = try await HTTPServer.start(handler: backend)
        backend.setTokenURL("http://127.0.0.1:\(server.port)/token")
        return FakeGooglePlay(server: server, backend: backend)
    }

    /// Every token request so far, with what the endpoint answered (`issued` or the OAuth error).
    public var tokenRequests: [String] { backend.tokenLog }

    /// Stops the server.
    public func stop() async throws {
        try await server.shutdown()
    }

    // MARK: Test controls

    /// Adds an app: API requests for any other package name answer 404 `Package not found: NAME.`.
    public func addApp(packageName: String) {
        backend.withState { state in
            if state.apps[packageName] == nil { state.apps[packageName] = PlayApp() }
        }
    }

    /// The most items a list answers per page, whatever `pageSize` asks for (default 1000, Google's
    /// own maximum; at least 1), so tests can force paging.
    public var maximumPageSize: Int {
        get { backend.withState { $0.maximumPageSize } }
        set { backend.withState { $0.maximumPageSize = max(1, newValue) } }
    }

    /// The regions version `convertRegionPrices` reports (default `2025/03`). Writes must name it or
    /// `2022/02` in `regionsVersion.version`; prices are checked against that version's currencies.
    public var regionsVersion: String {
        get { backend.withState { $0.regionsVersion } }
        set { backend.withState { $0.regionsVersion = newValue } }
    }

    /// Puts a one-time product (a OneTimeProduct JSON object with a `productId`) into the app
    /// `package` as given, states, unknown fields and all, without any check; adds the app if
    /// needed. False when `json` is not an object with a `productId`.
    @discardableResult
    public func seedOneTimeProduct(package: String, json: Data) -> Bool {
        seed(package, json) { app, object in
            guard let id = object["productId"]?.string else { return false }
            app.oneTimeProducts[id] = object
            return true
        }
    }

    /// Puts a subscription (a Subscription JSON object with a `productId`) into the app `package` as
    /// given, without any check; adds the app if needed. False when `json` is not an object with a `productId`.
    @discardableResult
    public func seedSubscription(package: String, json: Data) -> Bool {
        seed(package, json) { app, object in
            guard let id = object["productId"]?.string else { return false }
            app.subscriptions[id] = object
            return true
        }
    }

    /// Puts a subscription offer (a SubscriptionOffer JSON object with `productId`, `basePlanId` and
    /// `offerId`) into the app `package` as given, without any check (its subscription need not
    /// exist); adds the app if needed. False when `json` is not such an object.
    @discardableResult
    public func seedOffer(package: String, json: Data) -> Bool {
        seed(package, json) { app, object in
            guard let product = object["productId"]?.string, let plan = object["basePlanId"]?.string,
                let offer = object["offerId"]?.string
            else { return false }
            app.offers[OfferKey(productId: product, basePlanId: plan, offerId: offer)] = object
            return true
        }
    }

    private func seed(_ package: String, _ json: Data, _ store: (inout PlayApp, [String: PlayJSON]) -> Bool) -> Bool {
        guard let object = PlayJSON.parse(json)?.object else { return false }
        return backend.withState { state in
            var app = state.apps[package] ?? PlayApp()
            guard store(&app, object) else { return false }
            state.apps[package] = app
            return true
        }
    }

    /// Makes the next `count` API requests (not token requests) answer 429 RESOURCE_EXHAUSTED,
    /// reason `rateLimitExceeded`, with `Retry-After: 0`, without doing anything. A throttled
    /// request does not count as a write for ``failWrite(number:afterApplying:)``.
    public func throttle(next count: Int) {
        backend.withFaults { $0.throttled += max(0, count) }
    }

    /// Makes the next `count` API requests answer 401 UNAUTHENTICATED with a message quoting the
    /// bearer token each carried, and someone else's Google access token (`ya29.…`):
    /// `invalid credentials: token TOKEN is not valid for this app; expected ya29.…`.
    public func quoteTokenInErrors(next count: Int) {
        backend.withFaults { $0.tokenQuoted += max(0, count) }
    }

    /// Makes every list (one-time products, subscriptions, offers) answer pages without end from
    /// now on, each one item padded to about `bytes` bytes with a page token never sent before;
    /// nil ends that.
    public func serveEndlessPages(bytes: Int?) {
        backend.withFaults { $0.endlessPageBytes = bytes }
    }

    /// How many endless pages were answered (``serveEndlessPages(bytes:)``).
    public var endlessPagesServed: Int {
        var count = 0
        backend.withFaults { count = $0.endlessPages }
        return count
    }

    /// What the access tokens the token endpoint hands out start with (a number follows); default
    /// `ya29.fake-`, Google's shape.
    public var tokenPrefix: String {
        get { backend.tokenPrefixValue }
        set { backend.setTokenPrefix(newValue) }
    }

    /// Makes the `n`-th write from now (1: the next; a write is any API request but a GET)
    /// answer 500 INTERNAL `Internal error encountered.`. With `afterApplying` the write is carried
    /// out first (the client cannot know it succeeded); otherwise nothing is done, not even the
    /// token check.
    public func failWrite(number n: Int, afterApplying: Bool) {
        backend.withFaults { $0.add(.fail(afterApplying: afterApplying), onWrite: n) }
    }

    /// Makes the `n`-th write from now close the connection without answering, as
    /// ``failWrite(number:afterApplying:)`` counts and applies.
    public func dropWrite(number n: Int, afterApplying: Bool) {
        backend.withFaults { $0.add(.drop(afterApplying: afterApplying), onWrite: n) }
    }

    /// Every write that changed state, in order, as received:
    /// `PATCH /androidpublisher/v3/applications/P/onetimeproducts/ID?updateMask=…` (method, path,
    /// `?` and the raw query when there is one). Only writes that succeeded, including those an
    /// after-applying fault answered with 500 or dropped; `convertRegionPrices` changes nothing and
    /// is not listed.
    public var writeLog: [String] { backend.writeLog }

    /// Every API request (not token requests), in order, as `METHOD path status`
    /// (`GET /androidpublisher/v3/applications/P/oneTimeProducts 200`); the status is 0 when the
    /// connection was dropped.
    public var requestLog: [String] { backend.requestLog }

    /// Everything the app `package` holds, as JSON with sorted keys:
    /// `{"oneTimeProducts": [...], "subscriptionOffers": [...], "subscriptions": [...]}`, each list
    /// in the order of its ids (offers by product, base plan, offer), each resource as the API
    /// answers it. Empty lists for an unknown package.
    public func snapshot(package: String) -> Data {
        backend.withState { ($0.apps[package] ?? PlayApp()).snapshot.serialized }
    }
}
