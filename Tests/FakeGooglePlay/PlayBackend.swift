import Crypto
import Foundation
import LoopbackHTTP
import _CryptoExtras

/// The fake's request pipeline and state, behind one lock. The token endpoint; then, for every
/// other request (an API request): injected throttling, injected write faults, the bearer token,
/// the route, the app, the query, the method.
final class PlayBackend: HTTPHandling, @unchecked Sendable {
    private let lock = NSLock()
    private let accounts: [String: _RSA.Signing.PublicKey]
    private let now: @Sendable () -> Date
    private var tokenURL = ""
    /// What the access tokens handed out start with (a number follows).
    private var tokenPrefix = "ya29.fake-"
    private var issued: [String: Date] = [:]
    private var log: [String] = []
    private var state = PlayState()
    private var faults = PlayFaults()
    private var requests: [String] = []
    private var writes: [String] = []

    init(accounts: [String: _RSA.Signing.PublicKey], now: @escaping @Sendable () -> Date) {
        self.accounts = accounts
        self.now = now
    }

    func setTokenURL(_ url: String) {
        lock.withLock { tokenURL = url }
    }

    var tokenPrefixValue: String { lock.withLock { tokenPrefix } }

    func setTokenPrefix(_ prefix: String) {
        lock.withLock { tokenPrefix = prefix }
    }

    var tokenLog: [String] { lock.withLock { log } }
    var requestLog: [String] { lock.withLock { requests } }
    var writeLog: [String] { lock.withLock { writes } }

    /// Runs `body` with the state, under the lock.
    func withState<T>(_ body: (inout PlayState) -> T) -> T {
        lock.withLock { body(&state) }
    }

    /// Runs `body` with the injected faults, under the lock.
    func withFaults(_ body: (inout PlayFaults) -> Void) {
        lock.withLock { body(&faults) }
    }

    func handle(_ request: HTTPRequest) -> HTTPOutcome {
        lock.withLock {
            if request.path == "/token" {
                return .respond(request.method == "POST" ? token(request) : PlayError.notFound().response)
            }
            let outcome = api(request)
            let status: Int
            if case .respond(let response) = outcome { status = response.status } else { status = 0 }
            requests.append("\(request.method) \(request.path) \(status)")
            return outcome
        }
    }

    // MARK: The API

    /// Throttling first (a throttled request is not counted as a write), then the write faults.
    private func api(_ request: HTTPRequest) -> HTTPOutcome {
        if faults.throttled > 0 {
            faults.throttled -= 1
            return .respond(PlayFaults.throttledError.response)
        }
        guard request.method != "GET" else { return .respond(process(request)) }
        faults.writes += 1
        switch faults.pending.removeValue(forKey: faults.writes) {
        case nil:
            return .respond(process(request))
        case .fail(let afterApplying):
            if afterApplying { _ = process(request) }
            return .respond(PlayFaults.internalError.response)
        case .drop(let afterApplying):
            if afterApplying { _ = process(request) }
            return .drop
        }
    }

    private func process(_ request: HTTPRequest) -> HTTPResponse {
        do throws(PlayError) {
            if faults.tokenQuoted > 0 {
                faults.tokenQuoted -= 1
                let header = request.header("Authorization") ?? ""
                throw PlayFaults.tokenQuotedError(header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : header)
            }
            try authorize(request.header("Authorization"))
            guard let target = PlayRoute.target(of: request.path),
                let route = PlayRoute.match(method: request.method, segments: target.segments, verb: target.verb)
            else { throw .notFound() }
            guard state.apps[target.packageName] != nil else { throw .notFound("Package not found: \(target.packageName).") }
            if let bytes = faults.endlessPageBytes, let key = route.listKey {
                faults.endlessPages += 1
                return Self.json(200, PlayFaults.endlessPage(key: key, number: faults.endlessPages, bytes: bytes))
            }
            let query = try PlayQuery(raw: request.query, allowed: route.parameters)
            if !request.body.isEmpty, let body = PlayJSON.parse(request.body) {
                try DiscoveryDocument.androidPublisher.checkBody(body, method: route.discoveryMethod)
            }
            let answer = try state.answer(route, PlayCall(packageName: target.packageName, query: query, body: request.body))
            do throws(PlayError) {
                try DiscoveryDocument.androidPublisher.checkAnswer(answer, method: route.discoveryMethod)
            } catch {
                // A defect of the fake, not of the client: loud, and never a 4xx the client might handle.
                return PlayError(
                    code: 500, status: "INTERNAL",
                    message: "the fake's answer is not what the discovery document describes: \(error.message)",
                    reason: "backendError"
                ).response
            }
            if route.changesState {
                writes.append("\(request.method) \(request.path)" + (request.query.isEmpty ? "" : "?" + request.query))
            }
            return Self.json(200, answer)
        } catch {
            return error.response
        }
    }

    /// A bearer token this fake issued that has not expired.
    private func authorize(_ header: String?) throws(PlayError) {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Self.unauthenticated("Request is missing required authentication credential.", reason: "required", invalid: false)
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer",
            let expiry = issued[parts[1].trimmingCharacters(in: .whitespaces)], expiry > now()
        else { throw Self.unauthenticated("Request had invalid authentication credentials.", reason: "authError", invalid: true) }
    }

    private static func unauthenticated(_ message: String, reason: String, invalid: Bool) -> PlayError {
        let challenge = "Bearer realm=\"https://accounts.google.com/\"" + (invalid ? ", error=\"invalid_token\"" : "")
        return PlayError(code: 401, status: "UNAUTHENTICATED", message: message, reason: reason, headers: [("WWW-Authenticate", challenge)])
    }

    // MARK: The token endpoint

    private func token(_ request: HTTPRequest) -> HTTPResponse {
        let outcome = TokenGrant.check(
            form: String(decoding: request.body, as: UTF8.self), contentType: request.header("Content-Type"), accounts: accounts,
            audience: tokenURL, now: now())
        switch outcome {
        case .failure(let refusal):
            log.append(refusal.error)
            return Self.json(400, .object(["error": .string(refusal.error), "error_description": .string(refusal.description)]))
        case .success:
            let token = tokenPrefix + "\(issued.count + 1)"
            issued[token] = now().addingTimeInterval(3_599)
            log.append("issued")
            return Self.json(200, .object(["access_token": .string(token), "expires_in": 3_599, "token_type": "Bearer"]))
        }
    }

    /// A JSON answer (sorted keys).
    static func json(_ status: Int, _ value: PlayJSON) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=UTF-8")], body: value.serialized)
    }
}
