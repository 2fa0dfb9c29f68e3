import Crypto
import Foundation
import IAPCatalog
import NIOConcurrencyHelpers

/// Signs the JSON Web Tokens the API asks for (ES256), and reuses one until it nears expiry.
///
/// Header `{"alg":"ES256","kid":KEY,"typ":"JWT"}`; claims `iss` (team keys) or `sub: "user"`
/// (individual keys), `iat`, `exp` (``lifetime`` after `iat`: the API refuses more than 20
/// minutes) and `aud: "appstoreconnect-v1"`. The signature is the raw r‖s, base64url.
package final class TokenProvider: Sendable {
    /// How long a token is valid: 19 minutes, a minute inside the API's limit for clock skew.
    package static let lifetime: TimeInterval = 19 * 60
    /// A cached token is replaced when it has less than this left.
    package static let renewalMargin: TimeInterval = 2 * 60

    private let key: APIKey
    private let clock: @Sendable () -> Date
    private let cache = NIOLockedValueBox<(token: String, expiry: Date)?>(nil)

    /// A provider for `key`; `clock` is for tests.
    package init(key: APIKey, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.key = key
        self.clock = clock
    }

    /// A valid token: the cached one, or a new one.
    package func token() -> String {
        let now = clock()
        return cache.withLockedValue { cached in
            if let cached, cached.expiry.timeIntervalSince(now) > Self.renewalMargin { return cached.token }
            let fresh = sign(issuedAt: now)
            // Redacted by shape (a JWT) too; by value whatever a server does to it.
            ServerText.mask(fresh)
            cached = (fresh, now.addingTimeInterval(Self.lifetime))
            return fresh
        }
    }

    /// A new token issued at `issuedAt`.
    func sign(issuedAt: Date) -> String {
        let iat = Int(issuedAt.timeIntervalSince1970)
        var claims: [(String, String)] = []
        if let issuer = key.issuerID {
            claims.append(("iss", Self.quoted(issuer)))
        } else {
            claims.append(("sub", "\"user\""))
        }
        claims += [("iat", String(iat)), ("exp", String(iat + Int(Self.lifetime))), ("aud", "\"appstoreconnect-v1\"")]
        let header = "{\"alg\":\"ES256\",\"kid\":\(Self.quoted(key.keyID)),\"typ\":\"JWT\"}"
        let payload = "{" + claims.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        let signingInput = Self.base64URL(Array(header.utf8)) + "." + Self.base64URL(Array(payload.utf8))
        // swift-crypto cannot fail to sign with a valid P-256 key.
        let signature = try! key.privateKey.signature(for: Array(signingInput.utf8))
        return signingInput + "." + Self.base64URL(Array(signature.rawRepresentation))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
