import ArgumentParser
import Dispatch
import FieldReports
import IAPCatalog
import IAPCatalogServer
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IAPCat {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Host products_v1.json, products_v2.json and product_ids.plist over HTTP, with correct caching.",
            discussion: """
                Serves the catalog's lists (at /NAME in the environment the catalog's lists: declare for that \
                format, production when they declare none; the sandbox ones at /sandbox/NAME), /livez, /readyz, \
                /healthz and /metrics, with strong content-hash ETags, Last-Modified from the catalog's history, \
                If-None-Match and If-Modified-Since (304), gzip, HEAD, 405 and 404. The catalog is watched and \
                reloaded off the request path; a catalog with errors is never served (the last good one stays, \
                /readyz answers 503 and /healthz says degraded); SIGHUP loads a changed catalog at once, and --reload signal loads one only then. \
                SIGTERM or SIGINT stops accepting and lets requests in flight finish. It logs "listening on HOST:PORT" once it listens.

                Options marked with a variable take it from the environment when the option is not given.

                Examples:
                  iapcat serve --catalog catalogs/example.yaml --port 8080
                  curl -i http://127.0.0.1:8080/products_v2.json
                """
        )

        /// The defaults, stated once: the server's own, and the log level.
        private static let defaults = ServerConfiguration()
        private static let defaultLogLevel = Logger.Level.info

        @Option(name: .long, help: "Address to listen on (IAPCAT_HOST; default \(defaults.host)).")
        var host: String?

        @Option(name: .long, help: "Port; 0 picks a free one and logs it (IAPCAT_PORT; default \(defaults.port)).")
        var port: Int?

        @Option(
            name: .long, help: ArgumentHelp("The master catalog (IAPCAT_CATALOG; default \(defaults.catalogPath)).", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var catalog: String?

        @Option(
            name: .long,
            help:
                "Cache-Control max-age in seconds; 0 sends no-cache, revalidating every time (IAPCAT_MAX_AGE; default \(defaults.maxAge)).")
        var maxAge: Int?

        @Option(
            name: .long,
            help:
                "\(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")) (IAPCAT_LOG_LEVEL; default \(defaultLogLevel.rawValue)).")
        var logLevel: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "When to load a changed catalog: watch (every --reload-interval, once it has stayed the same for 0.3 s, and on SIGHUP) or signal (only on SIGHUP, sent once the catalog is whole) (IAPCAT_RELOAD; default \(defaults.reload.rawValue)).",
                valueName: "watch|signal"))
        var reload: String?

        @Option(name: .long, help: "How often to check the catalog for changes, in milliseconds (--reload watch).")
        var reloadInterval = defaults.reloadIntervalMilliseconds

        @Option(name: .long, help: "Event-loop threads (0: one per core).")
        var threads = defaults.threads

        @Option(name: .long, help: "Close a connection that sends nothing for this many seconds.")
        var idleTimeout = defaults.idleTimeoutSeconds

        @Option(
            name: .long,
            help:
                "Close a connection that has not delivered a whole request head this many seconds after opening or after its previous response (slow clients, idle keep-alive)."
        )
        var headerTimeout = defaults.headerTimeoutSeconds

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Take reports from apps at POST /v1/reports into this database: a SQLite file (created if absent) or a postgres:// URL (IAPCAT_REPORTS_DB; default: off, /v1/reports is 404). Keep a password out of it: see --reports-db-password-file.",
                valueName: "path|url"))
        var reportsDb: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The postgres:// URL's password, alone in this file, when the URL holds none; else PGPASSWORD, else PGPASSFILE or ~/.pgpass, as libpq (IAPCAT_REPORTS_DB_PASSWORD_FILE).",
                valueName: "file"))
        var reportsDbPasswordFile: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Serve the reports page at /reports to requests that carry the token in this file (HTTP Basic password or Bearer; at least 16 characters) (IAPCAT_REPORTS_TOKEN_FILE; default: no page).",
                valueName: "file"))
        var reportsTokenFile: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A catalog `iapcat asc pull` or `iapcat play pull` wrote, that the reports page explains with, as `iapcat reports --observed` (repeatable; read at start).",
                valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var reportsObserved: [String] = []

        @Option(
            name: .long,
            help: "Reports (and page requests) per client per minute; 0: no limit (default \(defaults.reportsPerClientPerMinute)).")
        var reportsRate = defaults.reportsPerClientPerMinute

        @Option(
            name: .long,
            help:
                "Reports accepted and not yet written, at most; past it reports get 503, and a crash loses at most this many (default \(ReportWriter.Configuration().capacity))."
        )
        var reportsQueue = ReportWriter.Configuration().capacity

        @Option(
            name: .long,
            help:
                "The memory those reports may take, in MiB, at most; past it reports get 503 (default \(ReportWriter.Configuration().capacityBytes >> 20))."
        )
        var reportsQueueMemory = ReportWriter.Configuration().capacityBytes >> 20

        @Option(
            name: .long,
            help:
                "Rows of the reports database the page reads at most: the newest days that fit, the page saying so; its memory grows with them (default \(ReportService.defaultPageRows))."
        )
        var reportsPageRows = ReportService.defaultPageRows

        func validate() throws {
            _ = try resolve()
        }

        /// The server's configuration and the log level from the options, else the environment,
        /// else the defaults.
        private func resolve() throws(ValidationError) -> (configuration: ServerConfiguration, level: Logger.Level) {
            func environment(_ name: String) -> String? { Console.current.environment[name] }
            func number(_ option: Int?, _ variable: String) throws(ValidationError) -> Int? {
                if let option { return option }
                guard let text = environment(variable) else { return nil }
                guard let value = Int(text) else { throw ValidationError("\(variable) must be a whole number, not '\(text)'") }
                return value
            }
            var resolved = Self.defaults
            resolved.host = host ?? environment("IAPCAT_HOST") ?? resolved.host
            resolved.catalogPath = catalog ?? environment("IAPCAT_CATALOG") ?? resolved.catalogPath
            resolved.port = try number(port, "IAPCAT_PORT") ?? resolved.port
            resolved.maxAge = try number(maxAge, "IAPCAT_MAX_AGE") ?? resolved.maxAge
            let reloadName = reload ?? environment("IAPCAT_RELOAD") ?? resolved.reload.rawValue
            guard let reloadMode = ServerConfiguration.Reload(rawValue: reloadName) else {
                throw ValidationError("--reload must be watch or signal, not '\(ServerText.printable(reloadName))'")
            }
            resolved.reload = reloadMode
            resolved.reloadIntervalMilliseconds = reloadInterval
            resolved.threads = threads
            resolved.idleTimeoutSeconds = idleTimeout
            resolved.headerTimeoutSeconds = headerTimeout
            guard reportsRate >= 0 else { throw ValidationError("--reports-rate must be 0 or more") }
            resolved.reportsPerClientPerMinute = reportsRate
            guard (1...10_000_000).contains(reportsQueue) else { throw ValidationError("--reports-queue must be 1-10000000") }
            guard (1...65_536).contains(reportsQueueMemory) else { throw ValidationError("--reports-queue-memory must be 1-65536") }
            guard (1...100_000_000).contains(reportsPageRows) else { throw ValidationError("--reports-page-rows must be 1-100000000") }
            let levelName = logLevel ?? environment("IAPCAT_LOG_LEVEL") ?? Self.defaultLogLevel.rawValue
            guard let level = Logger.Level(rawValue: levelName) else { throw ValidationError("unknown log level '\(levelName)'") }
            guard (0...65_535).contains(resolved.port) else { throw ValidationError("the port must be 0-65535") }
            guard resolved.maxAge >= 0 else { throw ValidationError("--max-age must be 0 or more") }
            guard reloadInterval > 0, idleTimeout > 0, headerTimeout > 0, threads >= 0 else {
                throw ValidationError("the reload interval and the timeouts must be 1 or more, the threads 0 or more")
            }
            return (resolved, level)
        }

        func run() throws(CommandFailure) {
            var configuration: ServerConfiguration, resolvedLevel: Logger.Level
            do {
                (configuration, resolvedLevel) = try resolve()
            } catch {
                throw CommandFailure(status: .usageOrIO, message: error.message)
            }
            let level = resolvedLevel
            // Read before anything starts: a pulled catalog that cannot be read stops the start.
            let observed = try reportsObserved.map(IAPCat.Reports.loadObserved)
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = level
                return handler
            }
            let logger = Logger(label: "iapcat")
            let reports = try openReports(observed: observed, logger: logger)
            if reports?.service.page != nil, !Self.isLoopback(configuration.host) {
                logger.warning("\(Self.publicPageWarning(host: configuration.host))")
            }
            configuration.reportService = reports?.service
            let server = CatalogServer(configuration: configuration, logger: logger)
            defer {
                // What was accepted is written before the process ends (bounded: the writer's timeout).
                if let reports {
                    Self.wait {
                        await reports.writer.shutdown()
                        await reports.service.database.close()
                    }
                }
            }
            do {
                try server.run()
            } catch let error as CatalogServer.StartupError {
                throw CommandFailure(status: error.reason == .catalogHasErrors ? .inputErrors : .usageOrIO, message: "\(error)")
            } catch {
                throw .io(error)
            }
        }

        /// The reports database, its writer and the routes, when `--reports-db` (or IAPCAT_REPORTS_DB) names one.
        private func openReports(observed: [ObservedCatalog], logger: Logger) throws(CommandFailure) -> (
            service: ReportService, writer: ReportWriter
        )? {
            func environment(_ name: String) -> String? { Console.current.environment[name] }
            guard let location = reportsDb ?? environment("IAPCAT_REPORTS_DB"), !location.isEmpty else { return nil }
            var page: ReportPageRoute?
            let tokenFile = reportsTokenFile ?? environment("IAPCAT_REPORTS_TOKEN_FILE")
            if let tokenFile {
                let token: String
                do {
                    token = String(decoding: try InputFile.read(tokenFile, sizeLimit: 4_096), as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                } catch {
                    throw CommandFailure(status: .usageOrIO, message: "\(error)")
                }
                guard token.utf8.count >= 16, token.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                    throw CommandFailure(
                        status: .usageOrIO,
                        message:
                            "\(ServerText.printable(tokenFile)): the reports token must be at least 16 printable characters, without spaces"
                    )
                }
                page = ReportPageRoute(token: token)
            }
            if reportsDb != nil, ReportDatabases.holdsPassword(location) {
                logger.warning("\(Self.passwordWarning)")
            }
            let postgres = PostgresEnvironment(
                variables: Console.current.environment,
                passwordFile: reportsDbPasswordFile ?? environment("IAPCAT_REPORTS_DB_PASSWORD_FILE").flatMap { $0.isEmpty ? nil : $0 })
            let opened = Self.wait { () async -> Result<any ReportDatabase, any Error> in
                do {
                    return .success(
                        try await ReportDatabases.open(location, environment: postgres, logger: logger) { logger.warning("\($0)") })
                } catch {
                    return .failure(error)
                }
            }
            let database: any ReportDatabase
            switch opened {
            case .success(let value): database = value
            case .failure(let error as ReportDatabaseError): throw CommandFailure(status: .usageOrIO, message: "\(error)")
            case .failure(let error): throw CommandFailure(status: .usageOrIO, message: "reports database: \(error)")
            }
            logger.info("\(Self.reportsLine(location: location, tokenFile: tokenFile))")
            let writer = ReportWriter(
                database: database, configuration: .init(capacity: reportsQueue, capacityBytes: reportsQueueMemory << 20), logger: logger)
            var service = ReportService(
                intake: ReportIntake(sink: writer), metrics: { writer.metrics() }, page: page, database: database)
            service.observed = observed
            service.written = { writer.counts.written }
            service.pageRows = reportsPageRows
            return (service, writer)
        }

        /// What the server logs once at start when reports are on: where they go (a PostgreSQL
        /// URL without its password) and whether the page is served.
        /// Said at start when the page is served on an address other machines reach: its token
        /// travels as the request carries it, in clear unless TLS ends in front of the server.
        static func publicPageWarning(host: String) -> String {
            "the reports page at /reports is served on \(ServerText.printable(host)), which other machines reach: its token "
                + "travels in clear unless TLS ends in front of iapcat (a proxy); serve the page on a loopback address, or behind TLS"
        }

        /// Whether `host` is a loopback address (or `localhost`): only this machine reaches it.
        static func isLoopback(_ host: String) -> Bool {
            host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
        }

        static func reportsLine(location: String, tokenFile: String?) -> String {
            let database = ServerText.printable(ReportDatabases.redacted(location))
            let page =
                tokenFile.map { "the page at \(ReportPageRoute.path) for the token in \(ServerText.printable($0))" }
                ?? "no page at \(ReportPageRoute.path) (no --reports-token-file)"
            return "reports on: POST /v1/reports into \(database); \(page)"
        }

        /// Said once at start when `--reports-db` holds a password.
        static let passwordWarning =
            "the --reports-db URL holds a password, which every user of this machine can read in the process list (ps, /proc/PID/cmdline); give it in --reports-db-password-file, PGPASSWORD or PGPASSFILE (~/.pgpass) instead, or the whole URL in IAPCAT_REPORTS_DB"

        /// Runs `work` on Swift's threads and waits for it here (the command's own thread, which
        /// the server's loop then blocks on anyway).
        private static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
            let done = DispatchSemaphore(value: 0)
            let box = ResultBox<T>()
            Task {
                box.value = await work()
                done.signal()
            }
            done.wait()
            return box.value!
        }
    }
}

/// A value handed from a task to the thread that waits for it (the semaphore orders the two).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
