/// What answers a route's requests. It runs on an event loop: it must not block (hand slow work,
/// such as writing to a database, to a queue and answer at once).
package typealias RouteHandler = @Sendable (ServerRequest) -> ServerReply

/// A route that takes a body (`POST /v1/reports`), registered by the server's caller.
package typealias BodyRouteHandler = RouteHandler

/// One path the server answers besides the catalog's lists, declared as data: which methods it
/// takes, whether it takes a body and how large, which media types and content codings that body
/// may have, and a per-client rate limit. ``Router`` applies all of it before calling the handler,
/// which therefore sees only requests that fit; the connection reads a body only for a route that
/// takes one, and never more than its bound.
package struct Route: Sendable {
    /// The path, matched exactly (bytes, no decoding: `..` or `%2e` never reach anything).
    package var path: String
    /// The methods it takes; any other gets 405 with `Allow` listing these.
    package var methods: [HTTPMethod]
    /// The largest body it takes, in bytes as sent (before any decompression); nil when it takes
    /// no body (a body sent anyway is not read, and the connection closes after the answer).
    package var maximumBodyBytes: Int?
    /// The media types its body may have (`application/json`), compared without case and without
    /// parameters (kept lowercased); empty: any, or none. Another gets 415.
    package let contentTypes: [String]
    /// The content codings its body may have besides none (`gzip`); another gets 415 with
    /// `Accept-Encoding` listing these.
    package let contentEncodings: [String]
    /// At most this many requests per client; past it, 429 with `Retry-After`.
    package var rateLimit: RateLimit?
    /// The reply to a request refused before the handler (405, 411, 413, 415, 429); by default
    /// plain text. Its status and the headers the refusal carries are kept whatever it returns.
    package var refuse: @Sendable (RouteRefusal) -> ServerReply
    package var handler: RouteHandler

    package init(
        path: String, methods: [HTTPMethod], maximumBodyBytes: Int? = nil, contentTypes: [String] = [], contentEncodings: [String] = [],
        rateLimit: RateLimit? = nil, refuse: @escaping @Sendable (RouteRefusal) -> ServerReply = { $0.plainText },
        handler: @escaping RouteHandler
    ) {
        self.path = path
        self.methods = methods
        self.maximumBodyBytes = maximumBodyBytes
        self.contentTypes = contentTypes.map { $0.lowercased() }
        self.contentEncodings = contentEncodings.map { $0.lowercased() }
        self.rateLimit = rateLimit
        self.refuse = refuse
        self.handler = handler
    }

    /// `Allow`'s value: the methods, in the order declared.
    var allow: String { methods.map(\.name).joined(separator: ", ") }
}
