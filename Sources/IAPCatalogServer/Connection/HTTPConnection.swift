import IAPCatalog
import NIOCore
import NIOExtras

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 connection: reads request heads (``RequestHead``, parsed from the bytes in place),
/// asks the ``Router`` what each gets, reads a body only when the router says its route takes
/// one (its whole `Content-Length`, already checked against the route's bound), and writes the
/// replies in order, the responses to one read in one flush. Closes connections whose request
/// (head, and body when one is read) does not arrive in time, that stay idle, or that send
/// malformed requests (400) or oversized heads (431); a body that is not read (a route that takes
/// none, or a request refused before its body) is answered and the connection closed, rather than
/// the body misread as requests. `Expect: 100-continue` gets `100 Continue` only when the body
/// will be read; otherwise the final status, without waiting for the body.
final class HTTPConnection: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = IOData

    /// Request heads larger than this get 431.
    static let maximumHeadBytes = 16 * 1024

    private let router: Router
    private let prepared: PreparedResponses
    private let metrics: ServerMetrics
    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    /// The peer, for rate limits.
    private var client: ClientAddress?
    /// Bytes received and not yet parsed into a request.
    private var received: ByteBuffer?
    /// A request whose body is being read, for the route at `route`.
    private var pendingBody: (request: ServerRequest, route: Int, length: Int)?
    /// Set once the connection is to close: nothing more is read.
    private var closing = false
    /// Reading is paused until the client reads its responses.
    private var pausedForWritability = false
    /// One repeating check per connection, rather than a timer per request.
    private var deadlineCheck: RepeatedTask?
    /// When the connection opened or last finished a response: the next request (its head, and
    /// its body when one is read) is due within `headerTimeout`.
    private var waitingSince = NIODeadline.now()
    /// When the last read ended: a connection that sends nothing for `idleTimeout` is closed.
    private var lastRead = NIODeadline.now()
    /// Between a read and the end of its batch (`channelReadComplete`), which flushes.
    private var reading = false
    /// Responses written and not flushed yet.
    private var unflushed = false
    /// Part of a request has arrived (graceful shutdown waits for it, up to the deadline).
    private var inRequest = false
    private var closeWhenIdle = false
    /// Responses whose body is a file, written and not yet all sent: the socket is corked while
    /// there are any (``corkOption``).
    private var filesInFlight = 0

    /// Holds partial segments back while a file is sent after its headers (Linux `TCP_CORK`, as
    /// nginx's `tcp_nopush`): without it the headers left alone in a small packet before the file,
    /// and loopback carried about 15% fewer 250 KB responses per second.
    private static let corkOption = SystemCalls.tcpCorkOption.map {
        ChannelOptions.Types.SocketOption(level: Int(IPPROTO_TCP), name: $0)
    }

    init(router: Router, headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        self.router = router
        self.prepared = router.prepared
        self.metrics = router.store.metrics
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        client = context.channel.remoteAddress.flatMap(ClientAddress.init)
        metrics.openConnections.wrappingIncrement(ordering: .relaxed)
        waitingSince = context.eventLoop.now
        lastRead = waitingSince
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let shortest = min(headerTimeout, idleTimeout)
        let period = TimeAmount.nanoseconds(max(shortest.nanoseconds / 4, TimeAmount.milliseconds(100).nanoseconds))
        deadlineCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { _ in
            let (handler, context) = loopBound.value
            // The loop's clock: the system's on a real loop, the test's on an embedded one.
            let now = context.eventLoop.now
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
        metrics.openConnections.wrappingDecrement(ordering: .relaxed)
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
            lastRead = context.eventLoop.now
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

    /// Answers the complete requests among the received bytes, in order. When the client stops
    /// reading its responses (the channel is not writable), stops reading from it too and waits:
    /// a pipelining client cannot make the server buffer without bound.
    private func answerReceived(context: ChannelHandlerContext) {
        while !closing {
            if let pending = pendingBody {
                guard (received?.readableBytes ?? 0) >= pending.length else { return }
                var request = pending.request
                if pending.length > 0 {
                    request.body = received!.readBytes(length: pending.length)!
                    if received!.readableBytes == 0 { received = nil }
                }
                pendingBody = nil
                respond(
                    router.answer(request, route: pending.route), isHead: false, close: !request.head.keepAlive || closeWhenIdle,
                    context: context)
                continue
            }
            guard let buffer = received, buffer.readableBytes > 0 else { return }
            guard context.channel.isWritable else {
                if !pausedForWritability {
                    pausedForWritability = true
                    context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
                }
                // What was answered must go out before the channel can become writable again.
                flushIfNeeded(context: context)
                return
            }
            let parsed = buffer.withUnsafeReadableBytes { RequestHead.parse($0, maximumHeadBytes: Self.maximumHeadBytes) }
            switch parsed {
            case .incomplete:
                inRequest = true
                return
            case .invalid(let status):
                closing = true
                let reply = ServerReply(status: status, text: HTTPStatus.reason(status) + "\n")
                respond(reply, isHead: false, close: true, context: context)
            case .request(let head, let consumed):
                let request = ServerRequest(head: head, headBytes: received!.readSlice(length: consumed)!, client: client)
                if received!.readableBytes == 0 { received = nil }
                inRequest = true
                switch router.decide(request) {
                case .reply(let reply):
                    // A body is not read: answer, then close rather than misread it as requests.
                    if head.hasBody { closing = true }
                    respond(reply, isHead: head.method == .head, close: !head.keepAlive || closing || closeWhenIdle, context: context)
                case .readBody(let route, let length):
                    if head.expectsContinue, length > 0, (received?.readableBytes ?? 0) < length {
                        context.writeAndFlush(
                            wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(staticString: "HTTP/1.1 100 Continue\r\n\r\n"))),
                            promise: nil)
                        unflushed = false
                    }
                    pendingBody = (request, route, length)
                }
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
                context.writeAndFlush(wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(capacity: 0))), promise: written)
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Responding

    /// Writes `reply` (without its body for HEAD), counted by status.
    private func respond(_ reply: ServerReply, isHead: Bool, close: Bool, context: ChannelHandlerContext) {
        metrics.count(status: reply.status)
        if let list = reply.prepared {
            let response = prepared.response(list.index, gzip: list.gzip, kind: list.kind, close: close)
            write(response.head, body: response.body, close: close, context: context)
            return
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        prepared.refresh(now: Int64(now.tv_sec), store: router.store)
        let head = ReplyHead.text(reply, date: prepared.date, close: close)
        var buffer = context.channel.allocator.buffer(capacity: head.utf8.count + (isHead ? 0 : reply.body.count))
        buffer.writeString(head)
        if !isHead { buffer.writeBytes(reply.body) }
        write(buffer, body: nil, close: close, context: context)
    }

    /// Writes a response whose header block already says `Connection: close` when `close`; it
    /// goes out with the other responses of this read, or at once when the connection then closes.
    private func write(_ head: ByteBuffer, body: PreparedResponses.Body?, close: Bool, context: ChannelHandlerContext) {
        inRequest = false
        let done: EventLoopPromise<Void>? = close ? context.eventLoop.makePromise(of: Void.self) : nil
        switch body {
        case nil:
            context.write(wrapOutboundOut(.byteBuffer(head)), promise: done)
        case .buffer(let buffer)?:
            context.write(wrapOutboundOut(.byteBuffer(head)), promise: nil)
            context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: done)
        case .file(let file)?:
            setCork(true, context: context)
            context.write(wrapOutboundOut(.byteBuffer(head)), promise: nil)
            // The write holds the file until it is done, so a reload never closes it mid-send.
            let sent = done ?? context.eventLoop.makePromise(of: Void.self)
            sent.futureResult.assumeIsolated().whenComplete { _ in
                withExtendedLifetime(file) {}
                self.setCork(false, context: context)
            }
            context.write(wrapOutboundOut(.fileRegion(file.region)), promise: sent)
        }
        if let done {
            // Nothing after a response that closes the connection is read or answered (RFC 9112
            // §9.6): requests pipelined behind it would otherwise still reach their handlers.
            closing = true
            context.flush()
            unflushed = false
            done.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        unflushed = true
        waitingSince = context.eventLoop.now
    }

    /// Corks the socket for the first file in flight (`true`), uncorks it after the last (`false`).
    private func setCork(_ on: Bool, context: ChannelHandlerContext) {
        filesInFlight += on ? 1 : -1
        guard let option = Self.corkOption, filesInFlight == (on ? 1 : 0) else { return }
        // A connection already closed has nothing left to hold back.
        try? context.channel.syncOptions?.setOption(option, value: on ? 1 : 0)
    }
}
