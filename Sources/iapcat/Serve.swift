import ArgumentParser
import IAPCatalogServer
import Logging

#if canImport(Glibc)
    import Glibc
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Host products_v1.json, products_v2.json and product_ids.plist over HTTP, with correct caching.",
        discussion: """
            Serves the catalog's lists (production at /NAME, sandbox at /sandbox/NAME), /healthz and /metrics, \
            with strong content-hash ETags, Last-Modified from the catalog's history, If-None-Match and \
            If-Modified-Since (304), gzip, HEAD, 405 and 404. The catalog is watched and reloaded off the \
            request path; a catalog with errors is never served (the last good one stays, /healthz says \
            degraded). SIGTERM or SIGINT stops accepting and lets requests in flight finish.

            Every option has an environment variable, used when the option is not given: \
            IAPCAT_HOST, IAPCAT_PORT, IAPCAT_CATALOG, IAPCAT_MAX_AGE, IAPCAT_LOG_LEVEL.

            Examples:
              iapcat serve --catalog catalogs/example.yaml --port 8080
              curl -i http://127.0.0.1:8080/products_v2.json
            """
    )

    @Option(name: .long, help: "Address to listen on (IAPCAT_HOST; default 127.0.0.1).")
    var host: String?

    @Option(name: .long, help: "Port; 0 picks a free one and logs it (IAPCAT_PORT; default 8080).")
    var port: Int?

    @Option(
        name: .long, help: ArgumentHelp("The master catalog (IAPCAT_CATALOG; default catalogs/catalog.yaml).", valueName: "file"),
        completion: .file(extensions: ["yaml", "yml"]))
    var catalog: String?

    @Option(name: .long, help: "Cache-Control max-age in seconds; 0 sends no-cache, revalidating every time (IAPCAT_MAX_AGE; default 0).")
    var maxAge: Int?

    @Option(name: .long, help: "trace, debug, info, notice, warning, error or critical (IAPCAT_LOG_LEVEL; default info).")
    var logLevel: String?

    @Option(name: .long, help: "How often to check the catalog for changes, in milliseconds.")
    var reloadInterval = 1_000

    @Option(name: .long, help: "Event-loop threads (default: one per core).")
    var threads = 0

    @Option(name: .long, help: "Close a connection that sends nothing for this many seconds.")
    var idleTimeout = 60

    @Option(
        name: .long,
        help:
            "Close a connection that has not delivered a whole request head this many seconds after opening or after its previous response (slow clients, idle keep-alive)."
    )
    var headerTimeout = 10

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    func run() throws {
        var configuration = ServerConfiguration()
        configuration.host = host ?? Self.environment("IAPCAT_HOST") ?? configuration.host
        configuration.catalogPath = catalog ?? Self.environment("IAPCAT_CATALOG") ?? configuration.catalogPath
        configuration.reloadIntervalMilliseconds = reloadInterval
        configuration.threads = threads
        configuration.idleTimeoutSeconds = idleTimeout
        configuration.headerTimeoutSeconds = headerTimeout
        if let value = port ?? Self.environment("IAPCAT_PORT").flatMap({ Int($0) }) { configuration.port = value }
        if let value = maxAge ?? Self.environment("IAPCAT_MAX_AGE").flatMap({ Int($0) }) { configuration.maxAge = value }
        let levelName = logLevel ?? Self.environment("IAPCAT_LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            Output.error("iapcat: error: unknown log level '\(levelName)'")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        guard (0...65_535).contains(configuration.port), configuration.maxAge >= 0, idleTimeout > 0, headerTimeout > 0 else {
            Output.error("iapcat: error: the port must be 0-65535, max-age 0 or more, and the timeouts 1 or more")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let server = CatalogServer(configuration: configuration, logger: Logger(label: "iapcat"))
        do {
            try server.run()
        } catch let error as CatalogServer.StartupError {
            Output.error("iapcat: error: \(error)")
            throw ExitCode(ExitStatus.inputErrors)
        } catch {
            Output.error("iapcat: error: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
    }
}
