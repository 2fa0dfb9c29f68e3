import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides what a request gets, with no socket involved: the catalog's lists (GET and HEAD, paths
/// matched exactly against the artifact table, answered from ``PreparedResponses`` after encoding
/// negotiation and preconditions, all on the head's bytes in place), then the ``RouteTable``'s
/// routes; 405 with `Allow` for another method on a known path, 404 for every other path.
///
/// For a route that takes a body, the checks that need no body come first — 411 for a
/// `Transfer-Encoding` (the length must be known before anything is read), 413 past the route's
/// bound, 415 for a media type or content coding it does not take, 429 past its rate limit — and
/// only then is the body read (``Decision/readBody(route:length:)``) and the handler called.
/// One per event loop: its prepared responses are that loop's.
final class Router {
    /// What to do with a request whose head has arrived.
    enum Decision {
        /// Answer now; any body is not read.
        case reply(ServerReply)
        /// Read the body, `length` bytes, then call ``answer(_:route:)`` with it.
        case readBody(route: Int, length: Int)
    }

    let table: RouteTable
    let prepared: PreparedResponses
    let store: CatalogStore

    init(table: RouteTable, prepared: PreparedResponses, store: CatalogStore) {
        self.table = table
        self.prepared = prepared
        self.store = store
    }

    /// The whole answer to `request`, whose body (if its route takes one) is already in it:
    /// what the connection does, without one. `now` is a monotonic clock's nanoseconds for rate
    /// limits (default: `NIODeadline.now()`).
    func reply(to request: ServerRequest, now: UInt64? = nil) -> ServerReply {
        switch decide(request, now: now) {
        case .reply(let reply): reply
        case .readBody(let route, _): answer(request, route: route)
        }
    }

    /// What `request` gets, decided from its head.
    func decide(_ request: ServerRequest, now: UInt64? = nil) -> Decision {
        if let list = listReply(request) { return .reply(list) }
        let index = request.withField(request.head.path) { path in table.entries.firstIndex { FieldBytes.equal(path!, $0.path) } }
        guard let index else { return .reply(ServerReply(status: 404, text: "not found\n")) }
        let entry = table.entries[index]
        let route = entry.route
        if let refusal = refusal(request, entry, now: now) { return .reply(Self.reply(refusal, by: route)) }
        guard route.maximumBodyBytes != nil else { return .reply(route.handler(request)) }
        return .readBody(route: index, length: request.contentLength ?? 0)
    }

    /// Why `request` may not reach its route's handler, in the order the checks are made; nil
    /// when it may.
    private func refusal(_ request: ServerRequest, _ entry: RouteTable.Entry, now: UInt64?) -> RouteRefusal? {
        let route = entry.route
        guard route.methods.contains(request.method) else { return .methodNotAllowed(allow: route.allow) }
        if let maximum = route.maximumBodyBytes {
            if request.hasTransferEncoding { return .lengthRequired }
            if let length = request.contentLength, length > maximum { return .contentTooLarge(maximumBytes: maximum) }
            if let refusal = Self.unsupportedMedia(request, route) { return refusal }
        }
        if let limiter = entry.limiter,
            case .limited(let seconds) = limiter.admit(
                request.client ?? Self.unknownClient, now: now ?? NIODeadline.now().uptimeNanoseconds)
        {
            return .rateLimited(retryAfterSeconds: seconds)
        }
        return nil
    }

    /// The route's reply to `refusal`, with the refusal's status and the header fields it needs
    /// whatever the route put in it.
    private static func reply(_ refusal: RouteRefusal, by route: Route) -> ServerReply {
        var reply = route.refuse(refusal)
        reply.status = refusal.status
        for (name, value) in refusal.headers where reply.header(name) == nil { reply.headers.append((name, value)) }
        return reply
    }

    /// Calls the handler of the route at `route` with `request`, its body read.
    func answer(_ request: ServerRequest, route: Int) -> ServerReply {
        table.entries[route].route.handler(request)
    }

    /// Where requests whose client is not known are counted: together.
    private static let unknownClient = ClientAddress(ipv4: 0)

    static func methodNotAllowed(allow: String) -> ServerReply {
        RouteRefusal.methodNotAllowed(allow: allow).plainText
    }

    /// 415 when the body's media type or content coding is not one the route takes.
    private static func unsupportedMedia(_ request: ServerRequest, _ route: Route) -> RouteRefusal? {
        if !route.contentTypes.isEmpty {
            let mediaType = request.contentType.map {
                String(decoding: $0.utf8.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self).trimmingSpaces().lowercased()
            }
            guard let mediaType, route.contentTypes.contains(mediaType) else {
                return .unsupportedMediaType(accepted: route.contentTypes)
            }
        }
        if let coding = request.contentEncoding?.trimmingSpaces().lowercased(), coding != "identity",
            !route.contentEncodings.contains(coding)
        {
            return .unsupportedContentEncoding(accepted: route.contentEncodings)
        }
        return nil
    }

    // MARK: The lists

    private static let listAllow = "GET, HEAD"

    /// The reply for a path of the artifact table, negotiated and evaluated on the head's bytes;
    /// nil for any other path.
    private func listReply(_ request: ServerRequest) -> ServerReply? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: store)
        let head = request.head
        return request.headBytes.withUnsafeReadableBytes { bytes -> ServerReply? in
            guard let index = prepared.artifactIndex(path: UnsafeRawBufferPointer(rebasing: bytes[head.path])) else { return nil }
            guard head.method == .get || head.method == .head else { return Self.methodNotAllowed(allow: Self.listAllow) }
            let artifact = prepared.artifact(at: index)
            let gzip = RequestHead.field(head.acceptEncoding, in: bytes).map { AcceptEncoding.acceptsGzip($0) } ?? false
            let representation = gzip ? artifact.gzip : artifact.identity
            let outcome = ConditionalRequest.evaluate(
                ifMatch: RequestHead.field(head.ifMatch, in: bytes),
                ifUnmodifiedSince: RequestHead.field(head.ifUnmodifiedSince, in: bytes),
                ifNoneMatch: RequestHead.field(head.ifNoneMatch, in: bytes),
                ifModifiedSince: RequestHead.field(head.ifModifiedSince, in: bytes),
                etag: representation.etag, etagOpaque: representation.etagOpaque, lastModified: artifact.lastModified,
                lastModifiedText: artifact.lastModifiedBytes)
            let kind: PreparedResponses.Kind =
                switch outcome {
                case .proceed: head.method == .head ? .head : .ok
                case .notModified: .notModified
                case .preconditionFailed: .preconditionFailed
                }
            return ServerReply(prepared: .init(index: index, gzip: gzip, kind: kind))
        }
    }
}
