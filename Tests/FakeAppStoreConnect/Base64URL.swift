import Foundation

/// base64url without padding, for the fake's opaque ids (price points, automatic prices).
enum Base64URL {
    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        JWTVerifier.base64URLDecode(Substring(text))
    }
}
