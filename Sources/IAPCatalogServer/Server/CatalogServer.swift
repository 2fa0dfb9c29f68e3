import Dispatch
import Logging
import NIOCore
import NIOExtras
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// `iapcat serve`: hosts the catalog's lists over HTTP/1.1 on SwiftNIO, with RFC 9110 caching,
/// hot reload and graceful shutdown.
public final class CatalogServer: Sendable {
    public let configuration: ServerConfiguration
    public let store: CatalogStore
    private let logger: Logger

    /// Why the server did not start.
    public struct StartupError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        self.store = CatalogStore(catalogPath: configuration.catalogPath, logger: logger, metrics: ServerMetrics())
    }

    /// Serves until SIGTERM or SIGINT, then stops accepting, lets requests in flight finish, and returns.
    public func run() throws {
        store.reloadIfChanged()
        guard store.artifacts != nil else {
            throw StartupError(description: "the catalog has errors; nothing to serve:\n" + store.health.problems.joined(separator: "\n"))
        }
        let threads = configuration.threads > 0 ? configuration.threads : System.coreCount
        let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
        let reloader = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer {
            try? group.syncShutdownGracefully()
            try? reloader.syncShutdownGracefully()
        }
        let quiesce = ServerQuiescingHelper(group: group)
        let channel = try bootstrap(group: group, quiesce: quiesce).bind(host: configuration.host, port: configuration.port).wait()
        let address = channel.localAddress.map { "\($0.ipAddress ?? configuration.host):\($0.port ?? configuration.port)" } ?? "?"
        logger.info("listening on \(address)", metadata: ["catalog": "\(configuration.catalogPath)", "threads": "\(threads)"])

        let reloading = reloader.next().scheduleRepeatedTask(
            initialDelay: .milliseconds(Int64(configuration.reloadIntervalMilliseconds)),
            delay: .milliseconds(Int64(configuration.reloadIntervalMilliseconds))
        ) { [store] _ in
            store.reloadIfChanged()
        }

        let stopped = group.next().makePromise(of: Void.self)
        let signals = Self.onTermination { [logger] signal in
            logger.info("stopping on \(signal): finishing requests in flight")
            quiesce.initiateShutdown(promise: stopped)
        }
        try stopped.futureResult.wait()
        reloading.cancel()
        signals.forEach { $0.cancel() }
        logger.info("stopped")
    }

    private func bootstrap(group: EventLoopGroup, quiesce: ServerQuiescingHelper) throws -> ServerBootstrap {
        // One set of prepared responses per event loop, made on that loop: no locks on the request path.
        var prepared: [ObjectIdentifier: NIOLoopBound<PreparedResponses>] = [:]
        let cacheControl = configuration.cacheControl
        for loop in group.makeIterator() {
            prepared[ObjectIdentifier(loop)] = try loop.submit {
                NIOLoopBound(PreparedResponses(cacheControl: cacheControl), eventLoop: loop)
            }.wait()
        }
        let store = self.store
        let configuration = self.configuration
        return ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.pipeline.addHandler(quiesce.makeServerChannelHandler(channel: channel))
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 16)
            .childChannelInitializer { channel in
                let responses = prepared[ObjectIdentifier(channel.eventLoop)]!.value
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        IdleStateHandler(readTimeout: .seconds(Int64(configuration.idleTimeoutSeconds))),
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)),
                        RequestHandler(
                            store: store, prepared: responses, headerTimeout: .seconds(Int64(configuration.headerTimeoutSeconds))),
                    ])
                }
            }
    }

    /// Calls `handler` on SIGTERM or SIGINT (once), instead of dying.
    private static func onTermination(_ handler: @escaping @Sendable (String) -> Void) -> [DispatchSourceSignal] {
        let queue = DispatchQueue(label: "iapcat.signals")
        return [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(name) }
            source.resume()
            return source
        }
    }
}
