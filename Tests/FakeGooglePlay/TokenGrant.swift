import Crypto
import Foundation
import _CryptoExtras

/// The checks Google's token endpoint makes of a JWT-bearer grant
/// (developers.google.com/identity/protocols/oauth2/service-account).
enum TokenGrant {
    struct Refusal: Error {
        var error: String
        var description: String
    }

    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    static let scope = "https://www.googleapis.com/auth/androidpublisher"

    static func check(
        form: String, contentType: String?, accounts: [String: _RSA.Signing.PublicKey], audience: String, now: Date
    ) -> Result<String, Refusal> {
        guard contentType?.hasPrefix("application/x-www-form-urlencoded") == true else {
            return .failure(Refusal(error: "invalid_request", description: "Bad Request"))
        }
        var fields: [String: String] = [:]
        for pair in form.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let key = parts[0].removingPercentEncoding, let value = parts[1].removingPercentEncoding else {
                continue
            }
            fields[key] = value
        }
        guard fields["grant_type"] == grantType else {
            return .failure(Refusal(error: "unsupported_grant_type", description: "Invalid grant_type: \(fields["grant_type"] ?? "")"))
        }
        let parts = (fields["assertion"] ?? "").split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = decode(parts[0]), let claimsData = decode(parts[1]), let signature = decode(parts[2]),
            let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
            let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        else { return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT: not a signed JWT")) }
        guard header["alg"] as? String == "RS256" else {
            return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT: algorithm must be RS256"))
        }
        guard let issuer = claims["iss"] as? String, let key = accounts[issuer] else {
            return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT Signature."))
        }
        let signingInput = Data((parts[0] + "." + parts[1]).utf8)
        guard key.isValidSignature(.init(rawRepresentation: signature), for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5)
        else { return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT Signature.")) }
        guard claims["aud"] as? String == audience else {
            return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT: aud must be \(audience)"))
        }
        let scopes = (claims["scope"] as? String ?? "").split(separator: " ")
        guard scopes.contains(Substring(scope)) else {
            return .failure(Refusal(error: "invalid_scope", description: "Invalid OAuth scope or ID token audience provided."))
        }
        guard let iat = (claims["iat"] as? NSNumber)?.doubleValue, let exp = (claims["exp"] as? NSNumber)?.doubleValue else {
            return .failure(Refusal(error: "invalid_grant", description: "Invalid JWT: iat and exp are required"))
        }
        let seconds = now.timeIntervalSince1970
        guard exp - iat <= 3_600, iat <= seconds + 60, exp > seconds else {
            return .failure(
                Refusal(
                    error: "invalid_grant",
                    description:
                        "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."
                ))
        }
        return .success(issuer)
    }

    private static func decode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
