import FieldReports
import Foundation

/// `GET /reports`: the reports page, only for a request that carries the token — as the password
/// of HTTP Basic authentication (any user name; what a browser asks for) or as
/// `Authorization: Bearer TOKEN`. Without it, 401 with a `WWW-Authenticate` challenge and nothing
/// of the reports, whatever the query. With it, the query is the filter (``ReportPageQuery``): one
/// it refuses gets 400 naming the rule broken; one without a page yet gets 503 with
/// `Retry-After: 1` and a page that reloads itself after a second. Pages are made off the request
/// path (``ReportPages``, ``ReportService``) and served from memory, so neither a flood of
/// requests nor a slow database reaches the other.
package final class ReportPageRoute: Sendable {
    package static let path = "/reports"
    /// The days the page holds, the last ones: its period when none is asked for.
    package static let days = 30
    /// The periods offered as links, in days.
    package static let periods = [1, 7, 30]
    /// The filter of the page without a query.
    package static let unfiltered = ReportFilter(period: .lastDays(days))

    private let token: [UInt8]
    /// The pages made so far, and the filters asked for.
    package let pages: ReportPages

    /// `token` is the secret the page asks for (at least 16 bytes: the caller checks).
    package init(token: String, pages: ReportPages = ReportPages(pinned: ReportPageRoute.unfiltered)) {
        self.token = Array(token.utf8)
        self.pages = pages
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
            let filter: ReportFilter
            switch ReportPageQuery.parse(request.query.map { Substring($0) }, defaultDays: Self.days) {
            case .success(let parsed): filter = parsed
            case .failure(let problem):
                return ServerReply(
                    status: 400, text: "This filter cannot be read: \(problem.detail) (docs/reports.md, \"The page\").\n",
                    headers: [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")])
            }
            switch pages.lookup(filter) {
            case .page(let html): return ServerReply(status: 200, headers: Self.pageHeaders, body: html)
            case .preparing: return ServerReply(status: 503, headers: Self.pageHeaders + [("Retry-After", "1")], body: Self.preparing)
            }
        }
    }

    /// What a filter without a page yet gets: a page that asks for itself again after a second
    /// (`<meta http-equiv="refresh">`, no script).
    static let preparing = Array(
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="refresh" content="1">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>iapcat reports</title>
        </head>
        <body>
        <p>This view of the reports is being prepared; it shows in a second.</p>
        </body>
        </html>

        """.utf8)

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
