import FieldReports
import Foundation
import IAPCatReporting
import IAPCatTestSupport
import IAPCatalogServer
import Logging
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against the real server, in process: `IAPCatalogServer` on loopback with a SQLite
/// reports database and the example catalog, reports sent through `URLSession`
/// (FoundationNetworking on Linux), and what the database counted, exactly.
@Suite struct LoopbackServerTests {
    /// A server with a reports database of its own, in a folder removed at ``finish()``.
    final class ReportServer: @unchecked Sendable {
        let folder: String
        let database: SQLiteReportDatabase
        let writer: ReportWriter
        let started: CatalogServer.Started
        var endpoint: URL { URL(string: "http://127.0.0.1:\(started.port)/v1/reports")! }

        private init(folder: String, database: SQLiteReportDatabase, writer: ReportWriter, configuration: ServerConfiguration) throws {
            self.folder = folder
            self.database = database
            self.writer = writer
            started = try CatalogServer(configuration: configuration, logger: Logger(label: "test")).start()
        }

        static func start(perMinute: Int = 600, burst: Int = 60) async throws -> ReportServer {
            let folder = FileManager.default.temporaryDirectory.path + "/iapcat-reporting-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let logger = Logger(label: "test")
            let database = try await SQLiteReportDatabase.open(path: folder + "/reports.sqlite", logger: logger)
            // One report a batch, written within 5 ms: each is in the database before the next arrives.
            let writer = ReportWriter(database: database, configuration: .init(batchSize: 1, interval: .milliseconds(5)), logger: logger)
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            configuration.catalogPath = packageRoot + "/catalogs/example.yaml"
            configuration.reportsPerClientPerMinute = perMinute
            configuration.reportBurst = burst
            configuration.reportService = ReportService(
                intake: ReportIntake(sink: writer), metrics: { writer.metrics() }, page: nil, database: database)
            let settings = configuration
            // The server binds its port off Swift concurrency's threads.
            return try await offThePool { try ReportServer(folder: folder, database: database, writer: writer, configuration: settings) }
        }

        /// Stops the server, writes every accepted report, and returns the writer's counts and
        /// what the database holds.
        func finish() async throws -> (counts: ReportWriter.Counts, snapshot: ReportSnapshot) {
            try await offThePool { try self.started.stop() }
            let left = await writer.shutdown()
            #expect(left == 0)
            let snapshot = try await database.read(ReportQuery())
            await database.close()
            try? FileManager.default.removeItem(atPath: folder)
            return (writer.counts, snapshot)
        }
    }

    /// A transport that counts what it forwards to the real one, and can lose the first answer.
    final class Forwarding: ReportTransport, @unchecked Sendable {
        private let real = URLSessionReportTransport()
        private let lock = NSLock()
        private var loseFirstAnswer: Bool
        private(set) var bodies: [String] = []

        init(loseFirstAnswer: Bool = false) {
            self.loseFirstAnswer = loseFirstAnswer
        }

        func send(_ request: ReportHTTPRequest) async throws -> ReportHTTPResponse {
            lock.withLock { bodies.append(String(decoding: request.body, as: UTF8.self)) }
            let response = try await real.send(request)
            let lose = lock.withLock {
                defer { loseFirstAnswer = false }
                return loseFirstAnswer
            }
            // The server took it; the app never heard (a dropped connection, a timeout).
            if lose { throw URLError(.networkConnectionLost) }
            return response
        }

        var count: Int { lock.withLock { bodies.count } }
    }

    static func reporter(
        _ server: ReportServer, _ transport: any ReportTransport = URLSessionReportTransport(), clock: TestClock = TestClock(),
        app: ReportApp = Example.app, random: ReportRandom = .system, retry: ReportRetryPolicy = ReportRetryPolicy()
    ) -> FieldReporter {
        FieldReporter(
            endpoint: server.endpoint, app: app, sentReports: InMemorySentReportLog(), transport: transport, retry: retry,
            clock: clock.clock,
            random: random)
    }

    @Test func reportsAreSentOncePerDayAndCountedExactly() async throws {
        let server = try await ReportServer.start()
        let clock = TestClock()
        let reporter = Self.reporter(server, clock: clock)
        let context = StoreContext(environment: .production, storefront: "USA", sdk: "storekit2")
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: context) == .sent(status: 202, attempts: 1))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: context) == .alreadySent)
        let all = MissingProducts(requested: [Example.small, Example.monthly], returned: [Example.small, Example.monthly])
        #expect(await reporter.check(all, list: Example.list, context: context) == .nothingMissing)
        // The list changed (a new ETag): a new report, the same day.
        let newList = ReportedList(name: "products_v2.json", etag: "\"abc\"")
        let both = MissingProducts(requested: [Example.small, Example.monthly], returned: [])
        #expect(await reporter.check(both, list: newList, context: context) == .sent(status: 202, attempts: 1))
        // The next day: the first list again.
        clock.advance(86_400)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: context) == .sent(status: 202, attempts: 1))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: context) == .alreadySent)

        let (counts, snapshot) = try await server.finish()
        #expect(counts.accepted == 3 && counts.written == 3 && counts.duplicate == 0 && counts.dropped == 0)
        // The server counts by the day it received them (today), by app version × store × environment × storefront × list.
        #expect(snapshot.tallies.count == 1)
        let tally = try #require(snapshot.tallies.first)
        #expect(tally.reports == 3 && tally.allMissing == 1)
        #expect(
            tally.dimensions.appVersion == "3.1.0" && tally.dimensions.store == .appStore && tally.dimensions.environment == .production)
        #expect(
            tally.dimensions.storefront == "US" && tally.dimensions.storefrontRaw == "USA" && tally.dimensions.list == "products_v2.json")
        let missing = Dictionary(snapshot.missing.map { ($0.productID + "|" + $0.status, $0.count) }, uniquingKeysWith: +)
        #expect(missing == ["\(Example.typo)|": 2, "\(Example.small)|": 1, "\(Example.monthly)|": 1])
    }

    @Test func aLostAnswerIsSentAgainWithTheSameIDAndCountedOnce() async throws {
        let server = try await ReportServer.start()
        let transport = Forwarding(loseFirstAnswer: true)
        let clock = TestClock()
        let reporter = Self.reporter(server, transport, clock: clock, random: .counting())
        let context = StoreContext(environment: .sandbox, storefront: "gbr", sdk: "storekit2")
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: context) == .sent(status: 202, attempts: 2))
        #expect(transport.count == 2)
        #expect(Set(transport.bodies.map { $0.prefix(52) }).count == 1)
        // Jitter 0 (the counting randomness): the full-jitter wait is 0 s, and nothing really waited.
        #expect(clock.waits == [0])

        let (counts, snapshot) = try await server.finish()
        #expect(counts.accepted == 2 && counts.written == 1 && counts.duplicate == 1)
        #expect(snapshot.tallies.map(\.reports) == [1])
        #expect(snapshot.tallies.map(\.dimensions.environment) == [.sandbox])
        #expect(snapshot.tallies.map(\.dimensions.storefront) == ["GB"])
        #expect(snapshot.missing.map(\.productID) == [Example.typo] && snapshot.missing.map(\.count) == [1])
    }

    @Test func aReportTheServerRefusesIsNeitherRepeatedNorCounted() async throws {
        let server = try await ReportServer.start()
        let transport = Forwarding()
        var otherApp = Example.app
        otherApp.bundleID = "com.other.app"
        let clock = TestClock()
        let reporter = Self.reporter(server, transport, clock: clock, app: otherApp)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .refused(status: 400))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        // A list the server does not serve: 400 as well.
        let unserved = ReportedList(name: "nowhere.json", etag: nil)
        #expect(await reporter.check(Example.oneMissing, list: unserved, context: Example.context) == .refused(status: 400))
        #expect(transport.count == 2)
        #expect(clock.waits.isEmpty)

        let (counts, snapshot) = try await server.finish()
        #expect(counts.accepted == 0 && counts.written == 0)
        #expect(snapshot.tallies.isEmpty && snapshot.missing.isEmpty)
    }

    @Test func pastTheRateLimitTheReporterWaitsWhatRetryAfterSays() async throws {
        // One report a minute, no burst: the second is told to come back in 60 s.
        let server = try await ReportServer.start(perMinute: 1, burst: 1)
        let first = Self.reporter(server)
        #expect(await first.check(Example.oneMissing, list: Example.list, context: Example.context) == .sent(status: 202, attempts: 1))
        var other = Example.app
        other.appVersion = "3.2.0"
        let transport = Forwarding()
        let clock = TestClock()
        let second = Self.reporter(
            server, transport, clock: clock, app: other, random: .counting(), retry: ReportRetryPolicy(maximumAttempts: 3))
        #expect(await second.check(Example.oneMissing, list: Example.list, context: Example.context) == .gaveUp(status: 429, attempts: 3))
        #expect(transport.count == 3)
        // What the server said (60 s, or 59 if a second passed since the first report), jitter 0.
        #expect(clock.waits.count == 2 && clock.waits.allSatisfy { $0 == 60 || $0 == 59 }, "\(clock.waits)")

        let (counts, snapshot) = try await server.finish()
        #expect(counts.accepted == 1 && counts.written == 1)
        #expect(snapshot.tallies.map(\.dimensions.appVersion) == ["3.1.0"])
    }
}
