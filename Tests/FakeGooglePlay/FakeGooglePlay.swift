import Crypto
import Foundation
import LoopbackHTTP
import _CryptoExtras

/// A fake of Google's side on loopback: the OAuth 2.0 token endpoint (`POST /token`, the
/// JWT-bearer grant), checking each assertion as Google documents — RS256 by a registered service
/// account, scope `androidpublisher`, audience this endpoint, issued now, at most one hour — and
/// handing out bearer tokens the API endpoints accept.
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
}

/// The fake's request pipeline and state, behind one lock.
final class PlayBackend: HTTPHandling, @unchecked Sendable {
    private let lock = NSLock()
    private let accounts: [String: _RSA.Signing.PublicKey]
    private let now: @Sendable () -> Date
    private var tokenURL = ""
    private var issued: [String: Date] = [:]
    private var log: [String] = []

    init(accounts: [String: _RSA.Signing.PublicKey], now: @escaping @Sendable () -> Date) {
        self.accounts = accounts
        self.now = now
    }

    func setTokenURL(_ url: String) {
        lock.withLock { tokenURL = url }
    }

    var tokenLog: [String] { lock.withLock { log } }

    func handle(_ request: HTTPRequest) -> HTTPOutcome {
        lock.withLock {
            switch (request.method, request.path) {
            case ("POST", "/token"): .respond(token(request))
            default: .respond(Self.error(404, "NOT_FOUND", "Requested entity was not found."))
            }
        }
    }

    // MARK: The token endpoint

    private func token(_ request: HTTPRequest) -> HTTPResponse {
        let outcome = TokenGrant.check(
            form: String(decoding: request.body, as: UTF8.self), contentType: request.header("Content-Type"), accounts: accounts,
            audience: tokenURL, now: now())
        switch outcome {
        case .failure(let refusal):
            log.append(refusal.error)
            return Self.json(400, ["error": refusal.error, "error_description": refusal.description])
        case .success:
            let token = "ya29.fake-\(issued.count + 1)"
            issued[token] = now().addingTimeInterval(3_599)
            log.append("issued")
            return Self.json(200, ["access_token": token, "expires_in": 3_599, "token_type": "Bearer"])
        }
    }

    static func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=UTF-8")], body: data)
    }

    /// Google's error document (`{"error": {"code", "message", "status", "errors": [...]}}`).
    static func error(_ code: Int, _ status: String, _ message: String, reason: String = "badRequest") -> HTTPResponse {
        json(
            code,
            [
                "error": [
                    "code": code, "message": message, "status": status,
                    "errors": [["message": message, "domain": "global", "reason": reason]],
                ] as [String: Any]
            ])
    }
}
