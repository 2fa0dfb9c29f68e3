import NIOCore
import NIOExtras

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Answers HTTP/1.1 requests on one connection from ``PreparedResponses``: GET and HEAD for the
/// catalog's lists, the probes (`/livez`, `/readyz`, `/healthz`) and `/metrics`; 405 with
/// `Allow` for other methods on those paths; 404 for everything else (the path is matched
/// exactly, so `..` or `%2e%2e` can never reach a file). Closes connections whose request head
/// does not arrive in time, that stay idle, or that send malformed requests (400) or oversized
/// heads (431). Request heads are parsed from the bytes by ``RequestHead`` and answered from
/// those bytes in place (no per-request header objects or strings); pipelined requests are
/// answered in order, and the responses to one read go out in one flush.
final class RequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Request heads larger than this get 431.
    static let maximumHeadBytes = 16 * 1024

    private let store: CatalogStore
    private let prepared: PreparedResponses
    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
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
    /// When the last read ended: a connection that sends nothing for `idleTimeout` is closed.
    private var lastRead = NIODeadline.now()
    /// Between a read and the end of its batch (`channelReadComplete`), which flushes.
    private var reading = false
    /// Responses written and not flushed yet.
    private var unflushed = false
    /// Part of a request head has arrived (graceful shutdown waits for it, up to the deadline).
    private var inRequest = false
    private var closeWhenIdle = false

    init(store: CatalogStore, prepared: PreparedResponses, headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.store = store
        self.prepared = prepared
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        store.metrics.openConnections.wrappingIncrement(ordering: .relaxed)
        waitingSince = .now()
        lastRead = waitingSince
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let shortest = min(headerTimeout, idleTimeout)
        let period = TimeAmount.nanoseconds(max(shortest.nanoseconds / 4, TimeAmount.milliseconds(100).nanoseconds))
        deadlineCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let (handler, context) = loopBound.value
            let now = NIODeadline.now()
            // Answers are written as soon as a head is complete, so any wait this long is a client
            // that is idle or sending its head too slowly; and one that sends nothing at all for
            // the idle timeout is closed even while its responses are still going out.
            if now - handler.waitingSince > handler.headerTimeout || (!handler.reading && now - handler.lastRead >= handler.idleTimeout) {
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
        reading = true
        guard !closing else { return }
        var bytes = unwrapInboundIn(data)
        if received == nil {
            received = bytes
        } else {
            received!.writeBuffer(&bytes)
        }
        answerReceived(context: context)
    }

    /// The end of a read batch: one flush for every response it produced.
    func channelReadComplete(context: ChannelHandlerContext) {
        if reading {
            reading = false
            lastRead = .now()
        }
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    /// Resumes answering pipelined requests once the client reads again.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable && pausedForWritability {
            pausedForWritability = false
            context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            answerReceived(context: context)
            if !reading { flushIfNeeded(context: context) }
        }
        context.fireChannelWritabilityChanged()
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
    }

    /// What a request gets, decided from its head while its bytes are at hand.
    private enum Reply {
        case artifact(index: Int, gzip: Bool, kind: PreparedResponses.Kind)
        case probe(Probe), metrics, notFound, methodNotAllowed
    }

    /// The health paths, as Kubernetes' probes use them.
    private enum Probe {
        /// `/livez`: 200 while the process answers; a restart would not help a bad catalog.
        case live
        /// `/readyz`: 503 while degraded, so a replica serving an older catalog leaves the rotation.
        case ready
        /// `/healthz`: 200 with the state in the body, as before `/livez` and `/readyz` existed.
        case health
    }

    /// A request head, parsed and decided.
    private enum Step {
        case incomplete
        case invalid(status: Int)
        case request(Reply, method: RequestHead.Method, keepAlive: Bool, hasBody: Bool, consumed: Int)
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
                // What was answered must go out before the channel can become writable again.
                flushIfNeeded(context: context)
                return
            }
            let step = buffer.withUnsafeReadableBytes { bytes -> Step in
                switch RequestHead.parse(bytes, maximumHeadBytes: Self.maximumHeadBytes) {
                case .incomplete: return .incomplete
                case .invalid(let status): return .invalid(status: status)
                case .request(let head, let consumed):
                    return .request(
                        reply(to: head, in: bytes), method: head.method, keepAlive: head.keepAlive, hasBody: head.hasBody,
                        consumed: consumed)
                }
            }
            switch step {
            case .incomplete:
                inRequest = true
                return
            case .invalid(let status):
                closing = true
                store.metrics.count(status: status)
                let line = status == 431 ? "431 Request Header Fields Too Large" : "400 Bad Request"
                writeSimple(status: line, body: line.dropFirst(4) + "\n", extraHeaders: "", head: false, close: true, context: context)
            case .request(let reply, let method, let keepAlive, let hasBody, let consumed):
                received!.moveReaderIndex(forwardBy: consumed)
                if received!.readableBytes == 0 { received = nil }
                inRequest = true
                // A body is never read: answer, then close rather than misread it as a request.
                if hasBody { closing = true }
                respond(reply, isHead: method == .head, close: !keepAlive || closing || closeWhenIdle, context: context)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            // Graceful shutdown: finish the request in flight, then close. A response already
            // answered may still be queued behind a slow reader: close once an empty write queued
            // after it completes, so that it goes out whole.
            if inRequest {
                closeWhenIdle = true
            } else {
                let written = context.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: written)
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Responding

    /// Routes a request and, for a list, negotiates its encoding and evaluates its preconditions,
    /// all on the bytes of its head.
    private func reply(to head: RequestHead, in bytes: UnsafeRawBufferPointer) -> Reply {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: store)
        let path = UnsafeRawBufferPointer(rebasing: bytes[head.path])
        if let index = prepared.artifactIndex(path: path) {
            guard head.method != .other else { return .methodNotAllowed }
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
            switch outcome {
            case .proceed: return .artifact(index: index, gzip: gzip, kind: head.method == .head ? .head : .ok)
            case .notModified: return .artifact(index: index, gzip: gzip, kind: .notModified)
            case .preconditionFailed: return .artifact(index: index, gzip: gzip, kind: .preconditionFailed)
            }
        }
        let known: Reply? =
            if FieldBytes.equal(path, Self.livePath) {
                .probe(.live)
            } else if FieldBytes.equal(path, Self.readyPath) {
                .probe(.ready)
            } else if FieldBytes.equal(path, Self.healthPath) {
                .probe(.health)
            } else if FieldBytes.equal(path, Self.metricsPath) {
                .metrics
            } else {
                nil
            }
        guard let known else { return .notFound }
        return head.method == .other ? .methodNotAllowed : known
    }

    private static let livePath = Array("/livez".utf8)
    private static let readyPath = Array("/readyz".utf8)
    private static let healthPath = Array("/healthz".utf8)
    private static let metricsPath = Array("/metrics".utf8)

    private func respond(_ reply: Reply, isHead: Bool, close: Bool, context: ChannelHandlerContext) {
        switch reply {
        case .artifact(let index, let gzip, let kind):
            store.metrics.count(status: kind == .notModified ? 304 : kind == .preconditionFailed ? 412 : 200)
            let response = prepared.response(index, gzip: gzip, kind: kind, close: close)
            write(response.head, body: response.body, close: close, context: context)
        case .probe(let probe):
            let problems = probe == .live ? [] : store.health.problems
            let body =
                problems.isEmpty
                ? "ok\n"
                : "degraded: serving the last good catalog; the current one has errors:\n" + problems.map { "  " + $0 + "\n" }.joined()
            let ready = probe != .ready || problems.isEmpty
            store.metrics.count(status: ready ? 200 : 503)
            writeSimple(
                status: ready ? "200 OK" : "503 Service Unavailable", body: body, extraHeaders: "Cache-Control: no-store\r\n", head: isHead,
                close: close, context: context)
        case .metrics:
            store.metrics.count(status: 200)
            writeSimple(
                status: "200 OK", body: store.metrics.render(health: store.health),
                extraHeaders: "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\nCache-Control: no-store\r\n", head: isHead,
                close: close, context: context)
        case .notFound:
            store.metrics.count(status: 404)
            writeSimple(status: "404 Not Found", body: "not found\n", extraHeaders: "", head: isHead, close: close, context: context)
        case .methodNotAllowed:
            methodNotAllowed(close: close, context: context)
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
        write(context.channel.allocator.buffer(string: text), body: nil, close: close, context: context)
    }

    /// Writes a response whose header block already says `Connection: close` when `close`; it
    /// goes out with the other responses of this read, or at once when the connection then closes.
    private func write(_ head: ByteBuffer, body: ByteBuffer?, close: Bool, context: ChannelHandlerContext) {
        inRequest = false
        if close {
            let done = context.eventLoop.makePromise(of: Void.self)
            if let body {
                context.write(wrapOutboundOut(head), promise: nil)
                context.writeAndFlush(wrapOutboundOut(body), promise: done)
            } else {
                context.writeAndFlush(wrapOutboundOut(head), promise: done)
            }
            unflushed = false
            done.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        context.write(wrapOutboundOut(head), promise: nil)
        if let body { context.write(wrapOutboundOut(body), promise: nil) }
        unflushed = true
        waitingSince = .now()
    }
}
