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
    private let document = OpenAPIDocument.appStoreConnect
    /// Answers found to follow the document, by operation, status and body, in every fake of the
    /// process: the same answer (a page of price points, above all) is checked once.
    private static let conforming = LockedSet()

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
        var route: Route?
        do throws(APIError) {
            let key = try verifier.verify(authorization: request.header("Authorization"), now: now)
            headers.append(("X-Rate-Limit", try limiter.admit(keyID: key.keyID, now: now)))
            let (found, parameters) = try router.route(method: request.method, path: request.path)
            route = found
            try document.checkQuery(Query.items(request.query), found.method, found.template)
            // Parsed once; a body that is not JSON is the handler's to refuse (415, 422).
            let body = Context.isJSON(request) ? JSON.parse(request.body) : nil
            if let body { try document.checkBody(body, found.method, found.template) }
            let query = try Query(raw: request.query, rules: found.rules)
            if request.method == "GET" { state.finishProcessing() }
            let context = Context(state: state, request: request, parameters: parameters, query: query, json: body)
            switch try found.handler(context) {
            case .document(let status, let answer):
                return checked(.json(status, answer, headers: headers), answer, found)
            case .prepared(let status, let answer, let body):
                let response = HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
                return checked(response, answer, found)
            case .raw(let status, let contentType, let body):
                let response = HTTPResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: body)
                return checked(response, contentType: contentType, found)
            case .noContent: return HTTPResponse(status: 204, headers: headers)
            }
        } catch {
            let response = HTTPResponse.json(error.status, error.document, headers: headers + error.headers)
            return route.map { checked(response, error.document, $0) } ?? response
        }
    }

    /// `response`, or a 500 naming where the fake's own answer strays from the document's
    /// response schema (a defect of the fake, shown loudly).
    private func checked(_ response: HTTPResponse, _ answer: JSON, _ route: Route) -> HTTPResponse {
        var hasher = Hasher()
        hasher.combine(route.method)
        hasher.combine(route.template)
        hasher.combine(response.status)
        hasher.combine(response.body)
        let key = hasher.finalize()
        if Self.conforming.withLock({ $0.contains(key) }) { return response }
        let problems = document.answerProblems(answer, status: response.status, route.method, route.template)
        guard !problems.isEmpty else {
            Self.conforming.withLock { _ = $0.insert(key) }
            return response
        }
        FileHandle.standardError.write(Data("fake App Store Connect: \(route.method) \(route.template): \(problems)\n".utf8))
        let error = APIError(
            status: 500, code: "UNEXPECTED_ERROR", title: "The fake's answer does not follow the OpenAPI document",
            detail: "\(route.method) \(route.template) answered \(response.status) with: " + problems.prefix(5).joined(separator: "; "))
        return .json(500, error.document)
    }
}

extension Backend {
    /// `response` (bytes that are not JSON), or a 500 when the document does not declare
    /// `contentType` for the operation's answer with that status.
    private func checked(_ response: HTTPResponse, contentType: String, _ route: Route) -> HTTPResponse {
        let declared = document.answerMediaTypes(status: response.status, route.method, route.template)
        guard !declared.contains(contentType) else { return response }
        let problem = "the document declares \(declared.sorted().joined(separator: ", ")), not \(contentType)"
        FileHandle.standardError.write(Data("fake App Store Connect: \(route.method) \(route.template): \(problem)\n".utf8))
        let error = APIError(
            status: 500, code: "UNEXPECTED_ERROR", title: "The fake's answer does not follow the OpenAPI document",
            detail: "\(route.method) \(route.template) answered \(response.status) as \(contentType): \(problem)")
        return .json(500, error.document)
    }
}

/// A set of hashes behind a lock.
private final class LockedSet: @unchecked Sendable {
    private let lock = NSLock()
    private var members = Set<Int>()

    func withLock<T>(_ body: (inout Set<Int>) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&members)
    }
}
