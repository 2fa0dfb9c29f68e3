import Foundation
import NIOConcurrencyHelpers

/// `GET /reports`: the reports page, only for a request that carries the token — as the password
/// of HTTP Basic authentication (any user name; what a browser asks for) or as
/// `Authorization: Bearer TOKEN`. Without it, 401 with a `WWW-Authenticate` challenge and nothing
/// of the reports. The page is rendered off the request path (``update(_:)``) and served from
/// memory, so neither a flood of requests nor a slow database reaches the other.
package final class ReportPageRoute: Sendable {
    package static let path = "/reports"

    private let token: [UInt8]
    private let page = NIOLockedValueBox<[UInt8]?>(nil)

    /// `token` is the secret the page asks for (at least 16 bytes: the caller checks).
    package init(token: String) {
        self.token = Array(token.utf8)
    }

    /// Serves `html` from now on.
    package func update(_ html: [UInt8]) {
        page.withLockedValue { $0 = html }
    }

    /// The route, GET and HEAD, rate-limited per client like the reports themselves (`limit`) so
    /// that the token cannot be guessed at speed.
    func route(limit: RateLimit?) -> Route {
        Route(path: Self.path, methods: [.get, .head], rateLimit: limit) { [self] request in
            guard authorized(request.authorization) else {
                return ServerReply(
                    status: 401, text: "authentication required\n",
                    headers: [("WWW-Authenticate", #"Basic realm="iapcat reports", charset="UTF-8""#), ("Cache-Control", "no-store")])
            }
            guard let html = page.withLockedValue({ $0 }) else {
                return ServerReply(
                    status: 503, text: "the page is being prepared\n", headers: [("Retry-After", "2"), ("Cache-Control", "no-store")])
            }
            return ServerReply(status: 200, headers: Self.pageHeaders, body: html)
        }
    }

    /// No script, nothing from elsewhere, never cached or framed, no referrer.
    static let pageHeaders: [(name: String, value: String)] = [
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
    ]

    /// Whether `authorization` carries the token, compared in constant time.
    func authorized(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let scheme = parts[0].lowercased()
        let credentials = parts[1].trimmingCharacters(in: .whitespaces)
        let secret: [UInt8]
        switch scheme {
        case "bearer":
            secret = Array(credentials.utf8)
        case "basic":
            guard credentials.utf8.count <= 4_096, let decoded = Data(base64Encoded: credentials) else { return false }
            let bytes = [UInt8](decoded)
            guard let colon = bytes.firstIndex(of: 58) else { return false }  // user ":" password
            secret = Array(bytes[(colon + 1)...])
        default:
            return false
        }
        return Self.equalInConstantTime(secret, token)
    }

    /// Equal bytes, in a time that depends only on the lengths.
    static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0xFF)
        }
        return difference == 0
    }
}
