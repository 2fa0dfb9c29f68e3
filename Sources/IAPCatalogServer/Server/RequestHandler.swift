import NIOCore
import NIOExtras

#if canImport(Glibc)
    import Glibc
#endif

/// Answers HTTP/1.1 requests on one connection from ``PreparedResponses``: GET and HEAD for the
/// catalog's lists, `/healthz` and `/metrics`; 405 with `Allow` for other methods on those paths;
/// 404 for everything else (the path is matched exactly, so `..` or `%2e%2e` can never reach a
/// file). Closes connections whose request head does not arrive in time, that stay idle, or that
/// send malformed requests (400) or oversized heads (431). Request heads are parsed from the
/// bytes by ``RequestHead`` (no per-request header objects); pipelined requests are answered in order.
final class RequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Request heads larger than this get 431.
    static let maximumHeadBytes = 16 * 1024

    private let store: CatalogStore
    private let prepared: PreparedResponses
    private let headerTimeout: TimeAmount
    /// Bytes received and not yet parsed into a request.
    private var received: ByteBuffer?
    /// Set once the connection is to close: nothing more is read.
    private var closing = false
    /// Reading is paused until the client reads its responses.
    private var pausedForWritability = false
    /// One repeating check per connection, rather than a timer per request.
    private var deadlineCheck: RepeatedTask?
    /// When the connection opened or last finished a response: the next head is due within `headerTimeout`.
    private var waitingSince = NIODeadline.now()
    /// Part of a request head has arrived (graceful shutdown waits for it, up to the deadline).
    private var inRequest = false
    private var closeWhenIdle = false

    init(store: CatalogStore, prepared: PreparedResponses, headerTimeout: TimeAmount) {
        self.store = store
        self.prepared = prepared
        self.headerTimeout = headerTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        store.metrics.openConnections.wrappingIncrement(ordering: .relaxed)
        waitingSince = .now()
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let period = TimeAmount.nanoseconds(max(headerTimeout.nanoseconds / 4, TimeAmount.milliseconds(100).nanoseconds))
        deadlineCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let (handler, context) = loopBound.value
            // Answers are written as soon as a head is complete, so any wait this long is a client
            // that is idle or sending its head too slowly.
            if NIODeadline.now() - handler.waitingSince > handler.headerTimeout {
                context.close(promise: nil)
            }
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        store.metrics.openConnections.wrappingDecrement(ordering: .relaxed)
        deadlineCheck?.cancel()
        deadlineCheck = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadlineCheck?.cancel()
        deadlineCheck = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        var bytes = unwrapInboundIn(data)
        if received == nil {
            received = bytes
        } else {
            received!.writeBuffer(&bytes)
        }
        answerReceived(context: context)
    }

    /// Resumes answering pipelined requests once the client reads again.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable && pausedForWritability {
            pausedForWritability = false
            context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            answerReceived(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    /// Answers the complete requests among the received bytes, in order. When the client stops
    /// reading its responses (the channel is not writable), stops reading from it too and waits:
    /// a pipelining client cannot make the server buffer without bound.
    private func answerReceived(context: ChannelHandlerContext) {
        while !closing, let buffer = received, buffer.readableBytes > 0 {
            guard context.channel.isWritable else {
                if !pausedForWritability {
                    pausedForWritability = true
                    context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
                }
                return
            }
            let result = buffer.withUnsafeReadableBytes { RequestHead.parse($0, maximumHeadBytes: Self.maximumHeadBytes) }
            switch result {
            case .incomplete:
                inRequest = true
                return
            case .invalid(let status):
                closing = true
                store.metrics.count(status: status)
                let line = status == 431 ? "431 Request Header Fields Too Large" : "400 Bad Request"
                writeSimple(status: line, body: line.dropFirst(4) + "\n", extraHeaders: "", head: false, close: true, context: context)
            case .request(let head, let consumed):
                received!.moveReaderIndex(forwardBy: consumed)
                if received!.readableBytes == 0 { received = nil }
                inRequest = true
                // A body is never read: answer, then close rather than misread it as a request.
                if head.hasBody { closing = true }
                respond(to: head, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else if event is ChannelShouldQuiesceEvent {
            // Graceful shutdown: finish the request in flight, then close. A response already
            // answered may still be queued behind a slow reader: close once an empty write queued
            // after it completes, so that it goes out whole.
            if inRequest {
                closeWhenIdle = true
            } else {
                let written = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: written)
                written.futureResult.whenComplete { _ in context.close(promise: nil) }
            }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Responding

    private func respond(to head: RequestHead, context: ChannelHandlerContext) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: store)
        let close = !head.keepAlive || closing || closeWhenIdle
        let isHead = head.method == .head
        let readable = head.method != .other

        if let artifact = prepared.artifact(path: head.path) {
            guard readable else { return methodNotAllowed(close: close, context: context) }
            let gzip = AcceptEncoding.acceptsGzip(head.acceptEncoding)
            let representation = gzip ? artifact.gzip : artifact.identity
            let condition = head.conditions
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
        switch String(decoding: head.path, as: UTF8.self) {
        case "/healthz":
            guard readable else { return methodNotAllowed(close: close, context: context) }
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
            guard readable else { return methodNotAllowed(close: close, context: context) }
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

    private func methodNotAllowed(close: Bool, context: ChannelHandlerContext) {
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
