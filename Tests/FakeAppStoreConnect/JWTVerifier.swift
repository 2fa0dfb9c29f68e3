import Crypto
import Foundation

/// Checks `Authorization: Bearer <JWT>` as App Store Connect does: an ES256 token signed by a
/// registered key, for the audience `appstoreconnect-v1`, expiring within 20 minutes.
struct JWTVerifier: Sendable {
    /// The longest lifetime a token may have left (seconds).
    static let maximumLifetime: TimeInterval = 20 * 60
    /// How far in the future `iat` may be (clock skew, seconds).
    static let allowedSkew: TimeInterval = 60

    let keys: [String: FakeAPIKey]

    init(keys: [FakeAPIKey]) {
        self.keys = Dictionary(keys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The key that signed the request's token; a 401 otherwise.
    func verify(authorization: String?, now: Date) throws(APIError) -> FakeAPIKey {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            throw .notAuthorized("The request has no 'Authorization: Bearer' header.")
        }
        let token = authorization.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Self.base64URLDecode(parts[0]), let claimsData = Self.base64URLDecode(parts[1]),
            let signatureData = Self.base64URLDecode(parts[2]), let header = JSON.parse(headerData)?.object,
            let claims = JSON.parse(claimsData)?.object
        else { throw .notAuthorized("The token is not a well-formed JWT.") }

        guard header["alg"]?.string == "ES256" else { throw .notAuthorized("The token's 'alg' must be ES256.") }
        guard header["typ"]?.string == "JWT" else { throw .notAuthorized("The token's 'typ' must be JWT.") }
        guard let keyID = header["kid"]?.string, let key = keys[keyID] else {
            throw .notAuthorized("The token's 'kid' names no known key.")
        }
        guard signatureData.count == 64, let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { throw .notAuthorized("The token's signature is not valid for key '\(keyID)'.") }

        guard claims["aud"]?.string == "appstoreconnect-v1" else {
            throw .notAuthorized("The token's 'aud' must be appstoreconnect-v1.")
        }
        guard let expiry = Self.seconds(claims["exp"]) else { throw .notAuthorized("The token has no 'exp'.") }
        let current = now.timeIntervalSince1970
        guard expiry > current else { throw .notAuthorized("The token has expired.") }
        guard expiry - current <= Self.maximumLifetime else {
            throw .notAuthorized("The token expires more than 20 minutes from now.")
        }
        if let issued = claims["iat"] {
            guard let issuedAt = Self.seconds(issued), issuedAt <= current + Self.allowedSkew else {
                throw .notAuthorized("The token's 'iat' is in the future.")
            }
        }
        if let issuerID = key.issuerID {
            guard claims["iss"]?.string == issuerID else {
                throw .notAuthorized("The token's 'iss' is not the issuer of key '\(keyID)'.")
            }
        } else {
            guard claims["sub"]?.string == "user", claims["iss"] == nil else {
                throw .notAuthorized("An individual key's token must say 'sub: user' and have no 'iss'.")
            }
        }
        return key
    }

    private static func seconds(_ value: JSON?) -> TimeInterval? {
        switch value {
        case .int(let seconds): TimeInterval(seconds)
        case .double(let seconds): seconds
        default: nil
        }
    }

    static func base64URLDecode(_ text: Substring) -> Data? {
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
