import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOExtras
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `iapcat serve`: hosts the catalog's lists over HTTP/1.1 on SwiftNIO, with RFC 9110 caching,
/// hot reload and graceful shutdown.
public final class CatalogServer: Sendable {
    /// Where and how the server listens, and which catalog it serves.
    public let configuration: ServerConfiguration
    package let store: CatalogStore
    private let logger: Logger

    /// Why the server did not start.
    public struct StartupError: Error, CustomStringConvertible {
        /// The kinds of reasons, which the CLI maps to its exit statuses.
        public enum Reason: Sendable {
            /// The catalog is missing, unreadable or too large.
            case catalogUnreadable
            /// The catalog was read and has errors.
            case catalogHasErrors
            /// The address or port cannot be listened on (taken, not this machine's, not permitted).
            case cannotListen
        }

        /// What kind of failure it is.
        public var reason: Reason
        /// What went wrong, with the catalog's problems one per line.
        public var description: String
    }

    /// Creates a server for `configuration` that logs to `logger`; nothing is read or bound until ``run()``.
    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.store = CatalogStore(catalogPath: configuration.catalogPath, logger: logger, metrics: ServerMetrics())
    }

    /// Loads the catalog, listens, says where, and serves until SIGTERM or SIGINT; then stops
    /// accepting, lets requests in flight finish, and returns. Throws ``StartupError`` when the
    /// catalog cannot be served or the address cannot be listened on (nothing is announced then).
    public func run() throws {
        store.reloadIfChanged()
        guard store.artifacts != nil else {
            let health = store.health
            if health.unreadable {
                throw StartupError(reason: .catalogUnreadable, description: health.problems.joined(separator: "\n"))
            }
            throw StartupError(
                reason: .catalogHasErrors,
                description: "the catalog has errors; nothing to serve:\n" + health.problems.joined(separator: "\n"))
        }
        let threads = configuration.threads > 0 ? configuration.threads : System.coreCount
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let reloader = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer {
            try? group.syncShutdownGracefully()
            try? reloader.syncShutdownGracefully()
        }
        try serve(group: group, reloader: reloader)
        logger.info("stopped")
    }

    /// Binds and serves until a termination signal has drained every connection. The quiescing
    /// helper is released when this returns, before the loops shut down (its deinit uses its loop).
    private func serve(group: MultiThreadedEventLoopGroup, reloader: MultiThreadedEventLoopGroup) throws {
        // Signals are handled from before the server listens: a SIGTERM sent as soon as it says
        // "listening" must not be lost. The handler only reports the signal: the helper must not
        // be owned by a Dispatch source, which may release its handler late, on its own thread,
        // after the loops stopped.
        let terminated = group.next().makePromise(of: String.self)
        let reported = NIOLockedValueBox(false)
        let signalQueue = DispatchQueue(label: "iapcat.signals")
        let signals = Self.onTermination(queue: signalQueue) { signal in
            if reported.withLockedValue({ flag in
                defer { flag = true }; return !flag
            }) {
                terminated.succeed(signal)
            }
        }
        // SIGHUP: look at the catalog now, on the reload thread (a signal handler does nothing else).
        let reloadLoop = reloader.next()
        let hangUp = Self.onSignal(SIGHUP, queue: signalQueue) { [store] in
            reloadLoop.execute { Self.lookUntilSettled(store, on: reloadLoop) }
        }
        let quiesce = ServerQuiescingHelper(group: group)
        let channel: Channel
        do {
            channel = try bootstrap(group: group, quiesce: quiesce).bind(host: configuration.host, port: configuration.port).wait()
        } catch {
            signals.forEach { $0.cancel() }
            hangUp.cancel()
            terminated.fail(error)
            throw StartupError(
                reason: .cannotListen,
                description: "cannot listen on \(Self.hostAndPort(configuration.host, configuration.port)): \(Self.reason(error))")
        }
        // Announced only now that the socket listens, with the port it got (`--port 0`).
        let bound = channel.localAddress
        let health = store.health
        logger.info(
            "listening on \(Self.hostAndPort(bound?.ipAddress ?? configuration.host, bound?.port ?? configuration.port))",
            metadata: [
                "catalog": "\(configuration.catalogPath)", "products": "\(health.products)",
                "last_modified": "\(HTTPDate.format(health.lastModified))", "last_modified_source": "\(health.lastModifiedSource)",
            ])

        let reloading: RepeatedTask? =
            configuration.reload == .watch
            ? reloadLoop.scheduleRepeatedTask(
                initialDelay: .milliseconds(Int64(configuration.reloadIntervalMilliseconds)),
                delay: .milliseconds(Int64(configuration.reloadIntervalMilliseconds))
            ) { [store] _ in
                store.reloadIfChanged()
            } : nil

        // The reports page is made off the request path, on Swift's own threads.
        let pageTask = configuration.reportService.map { service in
            Task { [store, logger, catalogPath = configuration.catalogPath] in
                await service.refreshPage(store: store, catalogName: catalogPath, logger: logger)
            }
        }
        defer { pageTask?.cancel() }

        let signal = try terminated.futureResult.wait()
        logger.info("stopping on \(signal): finishing requests in flight")
        let stopped = group.next().makePromise(of: Void.self)
        quiesce.initiateShutdown(promise: stopped)
        try stopped.futureResult.wait()
        // Cancelling is asynchronous: wait, so no reload reschedules itself onto a stopped loop.
        hangUp.cancel()
        signalQueue.sync {}  // a SIGHUP handled before the cancel has queued its reload by now
        if let reloading {
            let cancelled = reloadLoop.makePromise(of: Void.self)
            reloading.cancel(promise: cancelled)
            try cancelled.futureResult.wait()
        }
        signals.forEach { $0.cancel() }
    }

    private func bootstrap(group: EventLoopGroup, quiesce: ServerQuiescingHelper?) throws -> ServerBootstrap {
        // One router, with its prepared responses, per event loop, made on that loop: no locks on
        // the request path. The route table (and so each route's rate limiter) is the server's.
        let store = self.store
        let configuration = self.configuration
        let table = RouteTable(ServerRoutes.make(configuration: configuration, store: store))
        var routers: [ObjectIdentifier: NIOLoopBound<Router>] = [:]
        let cacheControl = configuration.cacheControl
        for loop in group.makeIterator() {
            routers[ObjectIdentifier(loop)] = try loop.submit {
                NIOLoopBound(Router(table: table, prepared: PreparedResponses(cacheControl: cacheControl), store: store), eventLoop: loop)
            }.wait()
        }
        let routerByLoop = routers
        return ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Weakly: a server channel that failed to bind is freed on its loop, possibly only as the
            // loops stop; holding the helper through it would free the helper then too, and its
            // deinit uses its loop ("Cannot schedule tasks on an EventLoop that has already shut down").
            .serverChannelInitializer { [weak quiesce] channel in
                channel.eventLoop.makeCompletedFuture {
                    guard let quiesce else { return }
                    try channel.pipeline.syncOperations.addHandler(quiesce.makeServerChannelHandler(channel: channel))
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelOption(Self.unsentLowWatermark, value: configuration.unsentBytesPerConnection)
            .childChannelInitializer { channel in
                let router = routerByLoop[ObjectIdentifier(channel.eventLoop)]!.value
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        HTTPConnection(
                            router: router, headerTimeout: .seconds(Int64(configuration.headerTimeoutSeconds)),
                            idleTimeout: .seconds(Int64(configuration.idleTimeoutSeconds))))
                }
            }
    }

    /// A server started by ``start()``: the port it listens on, until ``stop()``.
    package final class Started {
        package let port: Int
        private let channel: Channel
        private let group: MultiThreadedEventLoopGroup

        fileprivate init(port: Int, channel: Channel, group: MultiThreadedEventLoopGroup) {
            self.port = port
            self.channel = channel
            self.group = group
        }

        /// Stops listening, closes every connection and ends the event loops.
        package func stop() throws {
            try? channel.close().wait()
            try group.syncShutdownGracefully()
        }
    }

    /// Loads the catalog and listens, with no signal handling and no reload timer: for running a
    /// server inside a test process. Throws ``StartupError`` as ``run()`` does.
    package func start() throws -> Started {
        store.reloadIfChanged()
        guard store.artifacts != nil else {
            throw StartupError(reason: .catalogHasErrors, description: store.health.problems.joined(separator: "\n"))
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: configuration.threads > 0 ? configuration.threads : 1)
        do {
            let channel = try bootstrap(group: group, quiesce: nil).bind(host: configuration.host, port: configuration.port).wait()
            return Started(port: channel.localAddress?.port ?? configuration.port, channel: channel, group: group)
        } catch {
            try? group.syncShutdownGracefully()
            throw StartupError(reason: .cannotListen, description: "\(error)")
        }
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    static func hostAndPort(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Why a bind failed, in the system's words (`address already in use`), without NIO's call details.
    static func reason(_ error: any Error) -> String {
        if let error = error as? IOError {
            let text = String(cString: strerror(error.errnoCode))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
        if error is SocketAddressError || error is SocketAddressError.UnknownHost { return "no such host" }
        return "\(error)"
    }

    /// `TCP_NOTSENT_LOWAT`: a connection takes more bytes only while fewer than this many are
    /// still unsent (``ServerConfiguration/unsentBytesPerConnection``). Bytes in flight are not
    /// limited: TCP still sizes its window to the path.
    private static let unsentLowWatermark = ChannelOptions.Types.SocketOption(level: Int(IPPROTO_TCP), name: TCP_NOTSENT_LOWAT)

    /// Loads a changed catalog, and looks again every half second while a change is still not
    /// loaded (not settled yet, changed while read, or in the same second as the catalog it
    /// replaces): a SIGHUP is never lost, though no periodic look may follow (`--reload signal`).
    private static func lookUntilSettled(_ store: CatalogStore, on loop: any EventLoop) {
        store.reloadIfChanged()
        guard store.hasUnloadedChange else { return }
        loop.scheduleTask(in: .milliseconds(500)) { lookUntilSettled(store, on: loop) }
    }

    /// Calls `handler` on `queue` for SIGTERM or SIGINT, instead of dying.
    private static func onTermination(queue: DispatchQueue, _ handler: @escaping @Sendable (String) -> Void) -> [DispatchSourceSignal] {
        [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { number, name in onSignal(number, queue: queue) { handler(name) } }
    }

    /// Calls `handler` on `queue` for `number`, instead of the signal's default action.
    private static func onSignal(_ number: Int32, queue: DispatchQueue, _ handler: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        return source
    }
}
