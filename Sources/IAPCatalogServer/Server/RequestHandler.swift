import NIOCore
import NIOExtras
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#endif

/// Answers HTTP/1.1 requests on one connection from ``PreparedResponses``: GET and HEAD for the
/// catalog's lists, `/healthz` and `/metrics`; 405 with `Allow` for other methods on those paths;
/// 404 for everything else (the path is matched exactly, so `..` or `%2e%2e` can never reach a
/// file). Closes connections whose request head does not arrive in time, that stay idle, or that
/// send malformed requests (400) or oversized heads (431).
final class RequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    private let store: CatalogStore
    private let prepared: PreparedResponses
    private let headerTimeout: TimeAmount
    private var head: HTTPRequestHead?
    /// One repeating check per connection, rather than a timer per request.
    private var deadlineCheck: RepeatedTask?
    /// When the connection opened or last finished a response: the next head is due within `headerTimeout`.
    private var waitingSince = NIODeadline.now()
    private var inRequest = false
    private var closeWhenIdle = false

    init(store: CatalogStore, prepared: PreparedResponses, headerTimeout: TimeAmount) {
        self.store = store
        self.prepared = prepared
        self.headerTimeout = headerTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        waitingSince = .now()
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let period = TimeAmount.nanoseconds(max(headerTimeout.nanoseconds / 4, TimeAmount.milliseconds(100).nanoseconds))
        deadlineCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let (handler, context) = loopBound.value
            if !handler.inRequest && NIODeadline.now() - handler.waitingSince > handler.headerTimeout {
                context.close(promise: nil)
            }
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadlineCheck?.cancel()
        deadlineCheck = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadlineCheck?.cancel()
        deadlineCheck = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            inRequest = true
        case .body:
            break  // GET and HEAD have no body worth reading; other methods get 405 or 404.
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard let parserError = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        let status = parserError == .headerOverflow ? "431 Request Header Fields Too Large" : "400 Bad Request"
        store.metrics.count(status: parserError == .headerOverflow ? 431 : 400)
        writeSimple(status: status, body: status.dropFirst(4) + "\n", extraHeaders: "", head: false, close: true, context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else if event is ChannelShouldQuiesceEvent {
            // Graceful shutdown: finish the request in flight, then close.
            if inRequest { closeWhenIdle = true } else { context.close(promise: nil) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Responding

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: store)
        let close = !head.isKeepAlive || closeWhenIdle
        let path = head.uri.contains("?") ? String(head.uri[..<head.uri.firstIndex(of: "?")!]) : head.uri
        let isHead = head.method == .HEAD
        let readable = head.method == .GET || isHead

        if let artifact = prepared.artifacts?.artifacts[path] {
            guard readable else { return methodNotAllowed(head: head, close: close, context: context) }
            let (acceptEncoding, condition) = Self.relevantHeaders(head.headers)
            let gzip = AcceptEncoding.acceptsGzip(acceptEncoding)
            let representation = gzip ? artifact.gzip : artifact.identity
            let outcome: ConditionalRequest.Outcome =
                condition.isEmpty
                ? .proceed
                : condition.evaluate(
                    etag: representation.etag, etagText: representation.etagText, lastModified: artifact.lastModified,
                    lastModifiedText: artifact.lastModifiedText)
            let kind: PreparedResponses.Kind
            switch outcome {
            case .proceed: kind = isHead ? .head : .ok
            case .notModified: kind = .notModified
            case .preconditionFailed: kind = .preconditionFailed
            }
            let response = prepared.response(artifact, gzip: gzip, kind: kind)
            store.metrics.count(status: kind == .notModified ? 304 : kind == .preconditionFailed ? 412 : 200)
            write(response.header, body: response.body, close: close, context: context)
            return
        }
        switch path {
        case "/healthz":
            guard readable else { return methodNotAllowed(head: head, close: close, context: context) }
            let health = store.health
            let degraded = !health.problems.isEmpty
            let body =
                degraded
                ? "degraded: serving the last good catalog; the current one has errors:\n"
                    + health.problems.map { "  " + $0 + "\n" }.joined() : "ok\n"
            store.metrics.count(status: 200)
            writeSimple(
                status: "200 OK", body: body, extraHeaders: "Cache-Control: no-store\r\n", head: isHead, close: close, context: context)
        case "/metrics":
            guard readable else { return methodNotAllowed(head: head, close: close, context: context) }
            store.metrics.count(status: 200)
            writeSimple(
                status: "200 OK", body: store.metrics.render(health: store.health),
                extraHeaders: "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\nCache-Control: no-store\r\n", head: isHead,
                close: close, context: context)
        default:
            store.metrics.count(status: 404)
            writeSimple(status: "404 Not Found", body: "not found\n", extraHeaders: "", head: isHead, close: close, context: context)
        }
    }

    /// `Accept-Encoding` and the precondition headers, found in one pass over the request's headers.
    private static func relevantHeaders(_ headers: HTTPHeaders) -> (acceptEncoding: String?, condition: ConditionalRequest) {
        var acceptEncoding: String?
        var condition = ConditionalRequest()
        for (name, value) in headers {
            switch name.utf8.count {
            case 15 where name.lowercased() == "accept-encoding": acceptEncoding = value
            case 13 where name.lowercased() == "if-none-match": condition.ifNoneMatch = value
            case 17 where name.lowercased() == "if-modified-since": condition.ifModifiedSince = value
            case 8 where name.lowercased() == "if-match": condition.ifMatch = value
            case 19 where name.lowercased() == "if-unmodified-since": condition.ifUnmodifiedSince = value
            default: continue
            }
        }
        return (acceptEncoding, condition)
    }

    private func methodNotAllowed(head: HTTPRequestHead, close: Bool, context: ChannelHandlerContext) {
        store.metrics.count(status: 405)
        writeSimple(
            status: "405 Method Not Allowed", body: "method not allowed\n", extraHeaders: "Allow: GET, HEAD\r\n", head: false,
            close: close, context: context)
    }

    private func writeSimple(status: String, body: String, extraHeaders: String, head: Bool, close: Bool, context: ChannelHandlerContext) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: store)
        var text = "HTTP/1.1 \(status)\r\n\(prepared.date)Content-Length: \(body.utf8.count)\r\n"
        if !extraHeaders.contains("Content-Type") { text += "Content-Type: text/plain; charset=utf-8\r\n" }
        text += extraHeaders
        if close { text += "Connection: close\r\n" }
        text += "\r\n"
        if !head { text += body }
        write(context.channel.allocator.buffer(string: text), body: nil, close: close, context: context, headerComplete: true)
    }

    /// Writes a prepared response; `header` ends with its blank line unless `headerComplete` says
    /// the caller already added `Connection: close`.
    private func write(_ header: ByteBuffer, body: ByteBuffer?, close: Bool, context: ChannelHandlerContext, headerComplete: Bool = false) {
        if close && !headerComplete {
            var closing = header
            closing.moveWriterIndex(to: closing.writerIndex - 2)
            closing.writeString("Connection: close\r\n\r\n")
            context.write(wrapOutboundOut(closing), promise: nil)
        } else {
            context.write(wrapOutboundOut(header), promise: nil)
        }
        let done: EventLoopPromise<Void>? = close ? context.eventLoop.makePromise() : nil
        if let body {
            context.writeAndFlush(wrapOutboundOut(body), promise: done)
        } else {
            context.flush()
            done.map { context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: $0) }
        }
        inRequest = false
        if let done {
            done.futureResult.whenComplete { _ in context.close(promise: nil) }
        } else {
            waitingSince = .now()
        }
    }
}
