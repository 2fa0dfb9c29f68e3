import Foundation
import LoopbackHTTP

/// The fake's request pipeline and all its mutable state, behind one lock: injected faults, then
/// (for everything but upload PUTs) the bearer token, the rate limit, routing, the query, the handler.
final class Backend: HTTPHandling, @unchecked Sendable {
    typealias Outcome = HTTPOutcome

    private let lock = NSLock()
    private let state: FakeState
    private let verifier: JWTVerifier
    private var limiter: RateLimiter
    private var faults = FaultQueue()
    private var log: [FakeRequestRecord] = []
    private let router = Router.appStoreConnect

    init(keys: [FakeAPIKey], territories: [String], rateLimitPerHour: Int) {
        state = FakeState(territories: territories)
        verifier = JWTVerifier(keys: keys)
        limiter = RateLimiter(limit: rateLimitPerHour)
    }

    /// Runs `body` with the state, under the lock.
    func withState<T>(_ body: (FakeState) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(state)
    }

    func inject(_ fault: FakeFault, onRequest n: Int, matching matcher: FakeRequestMatcher) {
        lock.lock()
        defer { lock.unlock() }
        faults.add(fault, onRequest: n, matching: matcher)
    }

    var requests: [FakeRequestRecord] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    func resetRequestLog() {
        lock.lock()
        defer { lock.unlock() }
        log.removeAll()
    }

    func handle(_ request: HTTPRequest) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let fault = faults.fault(method: request.method, path: request.path)
        let outcome: Outcome
        switch fault {
        case .dropConnection:
            outcome = .drop
        case .status(let status, let retryAfter):
            let error = APIError.injected(status: status, retryAfter: retryAfter)
            outcome = .respond(.json(status, error.document, headers: error.headers))
        case .dropConnectionAfterHandling:
            _ = process(request)
            outcome = .drop
        case nil:
            outcome = .respond(process(request))
        }
        let status: Int
        if case .respond(let response) = outcome { status = response.status } else { status = 0 }
        log.append(FakeRequestRecord(method: request.method, path: request.path, query: request.query, status: status))
        return outcome
    }

    private func process(_ request: HTTPRequest) -> HTTPResponse {
        let now = Date()
        if request.path.hasPrefix("/upload/") {
            let parts = request.path.split(separator: "/")
            guard request.method == "PUT", parts.count == 3 else {
                return .json(405, APIError.methodNotAllowed(request.method, request.path).document)
            }
            return state.receiveUpload(request, token: String(parts[1]), part: String(parts[2]))
        }
        var headers: [(name: String, value: String)] = []
        do throws(APIError) {
            let key = try verifier.verify(authorization: request.header("Authorization"), now: now)
            headers.append(("X-Rate-Limit", try limiter.admit(keyID: key.keyID, now: now)))
            let (route, parameters) = try router.route(method: request.method, path: request.path)
            let query = try Query(raw: request.query, rules: route.rules)
            if request.method == "GET" { state.finishProcessing() }
            switch try route.handler(Context(state: state, request: request, parameters: parameters, query: query)) {
            case .document(let status, let document): return .json(status, document, headers: headers)
            case .noContent: return HTTPResponse(status: 204, headers: headers)
            }
        } catch {
            return .json(error.status, error.document, headers: headers + error.headers)
        }
    }
}
