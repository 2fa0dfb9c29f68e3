import AsyncHTTPClient
import Crypto
import Foundation
import IAPCatalog
import NIOCore
import NIOHTTP1
import _CryptoExtras

/// OAuth 2.0 access tokens for the Play Developer API from a service account: a JWT assertion
/// signed RS256 (issuer the account, scope `androidpublisher`, audience the token URI, one hour),
/// exchanged at the key's `token_uri` with the JWT-bearer grant. A token is reused until a minute
/// before it expires. Neither the assertion nor a token ever appears in a message: each token is
/// registered with ``ServerText/mask(_:)`` as it arrives, so an answer quoting it is redacted.
package actor AccessTokenProvider {
    /// The Play Developer API's only scope.
    package static let scope = "https://www.googleapis.com/auth/androidpublisher"
    /// How long an assertion is valid (Google allows at most one hour).
    static let assertionLifetime: TimeInterval = 3_600

    private let key: ServiceAccountKey
    private let http: HTTPClient
    private let now: @Sendable () -> Date
    private var cached: (token: String, expires: Date)?
    /// The fetch under way, which concurrent callers wait for rather than start their own.
    private var inFlight: Task<Result<(token: String, expires: Date), Failure>, Never>?
    private var requests = 0

    /// A provider signing with `key`, fetching over `http`; `now` is replaceable in tests.
    package init(key: ServiceAccountKey, http: HTTPClient, now: @escaping @Sendable () -> Date = Date.init) {
        self.key = key
        self.http = http
        self.now = now
    }

    /// How many tokens were fetched.
    package var fetched: Int { requests }

    /// Why no token could be had.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The token endpoint answered with an error (`error`, `error_description`, made safe to print).
        case refused(status: Int, error: String, description: String)
        /// No usable answer (unreachable, timed out, not a token).
        case noToken(String)

        package var description: String {
            switch self {
            case .refused(let status, let error, let description):
                "Google refused the service account (HTTP \(status)): \(error)" + (description.isEmpty ? "" : ": \(description)")
            case .noToken(let reason): "no access token from Google: \(reason)"
            }
        }
    }

    /// A valid access token, fetched when none is cached or the cached one expires within a
    /// minute; callers that ask while a fetch is under way share it.
    package func token() async throws(Failure) -> String {
        let current = now()
        if let cached, cached.expires.timeIntervalSince(current) > 60 { return cached.token }
        let task =
            inFlight
            ?? Task { () async -> Result<(token: String, expires: Date), Failure> in
                do throws(Failure) { return .success(try await self.fetch(issuedAt: current)) } catch { return .failure(error) }
            }
        inFlight = task
        let result = await task.value
        if inFlight == task { inFlight = nil }
        let fresh = try result.get()
        cached = fresh
        return fresh.token
    }

    /// The signed assertion (`header.claims.signature`, base64url) issued at `issuedAt`.
    package func assertion(issuedAt: Date) throws(Failure) -> String {
        let iat = Int(issuedAt.timeIntervalSince1970)
        var header = #"{"alg":"RS256","typ":"JWT""#
        if let keyID = key.keyID { header += #","kid":"# + Self.jsonString(keyID) }
        header += "}"
        let claims =
            #"{"iss":"# + Self.jsonString(key.clientEmail) + #","scope":"# + Self.jsonString(Self.scope) + #","aud":"#
            + Self.jsonString(key.tokenURI) + #","iat":\#(iat),"exp":\#(iat + Int(Self.assertionLifetime))}"#
        let signingInput = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(Data(claims.utf8))
        guard let signature = try? key.privateKey.signature(for: SHA256.hash(data: Data(signingInput.utf8)), padding: .insecurePKCS1v1_5)
        else { throw .noToken("the service-account key could not sign the assertion") }
        return signingInput + "." + Self.base64URL(signature.rawRepresentation)
    }

    private func fetch(issuedAt: Date) async throws(Failure) -> (token: String, expires: Date) {
        requests += 1
        var request = HTTPClientRequest(url: key.tokenURI)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + (try assertion(issuedAt: issuedAt))
        request.body = .bytes(ByteBuffer(string: form))
        let status: Int
        let body: ByteBuffer
        do {
            // The whole exchange, body included, within 30 s: a trickling endpoint is abandoned.
            (status, body) = try await withThrowingTaskGroup(of: (Int, ByteBuffer)?.self) { [http, request] group in
                group.addTask {
                    let response = try await http.execute(request, timeout: .seconds(30))
                    return (Int(response.status.code), try await response.body.collect(upTo: 1 << 20))
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(30))
                    return nil
                }
                guard let first = try await group.next(), let value = first else { throw HTTPClientError.deadlineExceeded }
                group.cancelAll()
                return value
            }
        } catch {
            throw .noToken(ServerText.shown(String(describing: error), limit: 200))
        }
        // Strict JSON, as Play's answers: an answer giving a member twice is no answer.
        let json = try? JSONValueReader.read(Array(body.readableBytesView))
        guard status == 200 else {
            let error = json?["error"]?.string ?? "HTTP \(status)"
            let description = json?["error_description"]?.string ?? ""
            throw .refused(
                status: status, error: ServerText.shown(error, limit: 100), description: ServerText.shown(description, limit: 300))
        }
        guard let token = json?["access_token"]?.string, !token.isEmpty, let lifetime = json?["expires_in"]?.int,
            lifetime > 0
        else {
            throw .noToken("the token endpoint answered without access_token and expires_in")
        }
        // Every text printed from a server's answer from now on has this token masked.
        ServerText.mask(token)
        return (token, issuedAt.addingTimeInterval(TimeInterval(min(lifetime, 86_400))))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A JSON string literal of `text` (quotes, backslashes and control characters escaped).
    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
