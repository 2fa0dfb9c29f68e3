import FieldReports
import Foundation
import Logging
import Testing

@testable import IAPCatalogServer

/// `GET /reports` with a filter: on an `EmbeddedChannel` byte for byte (the token first, then the
/// query; a page from memory or 503 while it is made), and ``ReportService`` making the pages off
/// the request path, from the reports last read even while the database stalls.
@Suite struct ReportPageRouteTests {
    static let token = "page-test-token-0123456789"
    static let authorization = "Authorization: Bearer \(token)\r\n"
    static let pageFields =
        "Content-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n"
        + "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'\r\n"
        + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"

    static func get(_ target: String, method: String = "GET", authorized: Bool = true) -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: x\r\n\(authorized ? authorization : "")\r\n"
    }

    @Test func aFilteredPageIsAskedForThenServedFromMemoryHoweverTheQueryIsWritten() throws {
        let route = ReportPageRoute(token: Self.token)
        let client = try HTTPConnectionTests.Client(extraRoutes: [route.route(limit: nil)])
        let preparing = String(decoding: ReportPageRoute.preparing, as: UTF8.self)
        #expect(preparing.contains("<meta http-equiv=\"refresh\" content=\"1\">") && !preparing.contains("<script"))
        try client.send(Self.get("/reports?store=google_play&period=7d"))
        #expect(
            try client.received()
                == "HTTP/1.1 503 Service Unavailable\r\nDate: <date>\r\nContent-Length: \(preparing.utf8.count)\r\n" + Self.pageFields
                + "Retry-After: 1\r\n\r\n" + preparing)
        let play = ReportFilter(store: .googlePlay, period: .lastDays(7))
        #expect(route.pages.takeWanted() == [play])
        route.pages.store(Array("<p>play</p>".utf8), for: play, generation: 0)
        for target in [
            "/reports?store=google_play&period=7d", "/reports?period=7d&store=google_play", "/reports?&store=google%5Fplay&period=7d&",
        ] {
            try client.send(Self.get(target))
            #expect(
                try client.received() == "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Length: 11\r\n" + Self.pageFields + "\r\n<p>play</p>",
                "\(target)")
        }
        try client.send(Self.get("/reports?store=google_play&period=7d", method: "HEAD"))
        #expect(try client.received() == "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Length: 11\r\n" + Self.pageFields + "\r\n")
        // No query, an empty one and the page's whole period are one page.
        route.pages.store(Array("<p>all</p>".utf8), for: ReportPageRoute.unfiltered, generation: 0)
        for target in ["/reports", "/reports?", "/reports?period=30d"] {
            try client.send(Self.get(target))
            #expect(
                try client.received() == "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Length: 10\r\n" + Self.pageFields + "\r\n<p>all</p>",
                "\(target)")
        }
        #expect(route.pages.takeWanted() == [])
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func theQueryIsReadOnlyWithTheTokenAndOneThatBreaksARuleIs400() throws {
        let route = ReportPageRoute(token: Self.token)
        let client = try HTTPConnectionTests.Client(extraRoutes: [route.route(limit: nil)])
        try client.send(Self.get("/reports?%ZZ=<script>", authorized: false))
        #expect(
            try client.received()
                == "HTTP/1.1 401 Unauthorized\r\nDate: <date>\r\nContent-Length: 24\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "WWW-Authenticate: Basic realm=\"iapcat reports\", charset=\"UTF-8\"\r\nCache-Control: no-store\r\n\r\nauthentication required\n"
        )
        let refused = [
            ("env=production", ReportPageQuery.Problem.unknownName), ("period=90d", .invalidValue("period")),
            ("version=%ZZ", .badEncoding), ("store=google_play&store=app_store", .repeated("store")),
            ("environment=<script>", .invalidValue("environment")), (String(repeating: "x", count: 2_000), .tooLong),
        ]
        for (query, problem) in refused {
            try client.send(Self.get("/reports?" + query))
            let body = "This filter cannot be read: \(problem.detail) (docs/reports.md, \"The page\").\n"
            #expect(
                try client.received()
                    == "HTTP/1.1 400 Bad Request\r\nDate: <date>\r\nContent-Length: \(body.utf8.count)\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n" + body, "\(query)")
            #expect(!body.contains("script") && !body.contains("env="))
        }
        #expect(route.pages.takeWanted() == [])
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    /// Polls `route`'s page of `filter` (asking for it) until it is made.
    static func page(_ route: ReportPageRoute, _ filter: ReportFilter) async throws -> String {
        // Generous: the page is made on Swift's cooperative threads, which a full test run keeps busy.
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            if case .page(let html) = route.pages.lookup(filter) { return String(decoding: html, as: UTF8.self) }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw FilterPageTimeout()
    }

    struct FilterPageTimeout: Error {}

    @Test func pagesAreMadeOffTheRequestPathFromTheReportsLastReadEvenWhileTheDatabaseStalls() async throws {
        let today = ReportDay(secondsSince1970: Int64(Date().timeIntervalSince1970))
        func row(_ id: String, _ store: ReportedStore, _ count: Int64) -> MissingRow {
            let dimensions = ReportDimensions(
                appVersion: "3.0", store: store, environment: .production, storefront: "US",
                storefrontRaw: store == .appStore ? "USA" : "US", list: "products_v2.json")
            let start = Int64(today.value) * 86_400
            return MissingRow(
                day: today, dimensions: dimensions, productID: id, status: "", count: count, firstSeen: start, lastSeen: start)
        }
        let missing = [row("typo.on.the.app.store", .appStore, 2), row("typo.on.google.play", .googlePlay, 1)]
        let tallies = missing.map {
            TallyRow(day: $0.day, dimensions: $0.dimensions, reports: $0.count, allMissing: 0, firstSeen: 0, lastSeen: 0)
        }
        let database = StallingDatabase(ReportSnapshot(missing: missing, tallies: tallies))
        let route = ReportPageRoute(token: Self.token)
        var service = ReportService(
            intake: ReportIntake(sink: NoSink()), metrics: { "" }, page: route, database: database)
        service.pageInterval = .milliseconds(20)
        service.idleReadInterval = .milliseconds(20)
        let making = Task { [service] in
            await service.refreshPage(
                store: HTTPConnectionTests.example, catalogName: "example.yaml",
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        let whole = try await Self.page(route, ReportPageRoute.unfiltered)
        #expect(whole.contains("typo.<wbr>on.<wbr>the.<wbr>app.<wbr>store") && whole.contains("typo.<wbr>on.<wbr>google.<wbr>play"))
        #expect(whole.contains("<p class=\"current\">Showing every report of the last 30 days.</p>"))
        // The database stops answering; a filter asked for now is made from what was read.
        while database.reads < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let play = try await Self.page(route, ReportFilter(store: .googlePlay, period: .lastDays(7)))
        #expect(play.contains("typo.<wbr>on.<wbr>google.<wbr>play") && !play.contains("typo.<wbr>on.<wbr>the"))
        #expect(play.contains("<span class=\"name\">Store</span> <a href=\"?period=7d\">both</a> <a "))
        #expect(play.contains("<strong aria-current=\"true\">google_play</strong>"))
        #expect(database.reads == 2)
        making.cancel()
        database.release()
        await making.value
    }
}

/// Idle, the page costs nothing: the database is read again only when this server wrote reports
/// (or the idle interval passed) and its fingerprint changed, not every time the page looks.
@Suite struct ReportPageReadTests {
    @Test func theDatabaseIsReadAgainOnlyWhenReportsWereWritten() async throws {
        let database = CountingDatabase()
        let written = CountingDatabase()  // its reads stand for reports written
        var service = ReportService(
            intake: ReportIntake(sink: NoSink()), metrics: { "" }, page: ReportPageRoute(token: "a-token-of-sixteen-bytes"),
            database: database)
        service.pageInterval = .milliseconds(10)
        service.written = { written.reads }
        let making = Task { [service] in
            await service.refreshPage(
                store: HTTPConnectionTests.example, catalogName: "example.yaml",
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        defer { making.cancel() }
        // Generous: a full run keeps the cooperative threads busy, and a slow read spaces the next.
        let deadline = ContinuousClock.now + .seconds(120)
        while database.reads < 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        // 30 looks (300 ms) with nothing written: no read.
        try await Task.sleep(for: .milliseconds(300))
        #expect(database.reads == 1)
        // Written, but nothing the page reads changed (another day's rows, say): a look, no read.
        let looks = database.fingerprints
        _ = try await written.read(ReportQuery())
        while database.fingerprints == looks, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(database.reads == 1)
        database.touch()
        _ = try await written.read(ReportQuery())
        while database.reads < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(database.reads == 2)
        try await Task.sleep(for: .milliseconds(200))
        #expect(database.reads == 2)
    }
}

/// The page reads at most ``ReportService/pageRows`` rows: the newest days that fit, and says so.
@Suite struct ReportPageRowsTests {
    @Test func thePageReadsTheNewestDaysThatFitItsRowsAndSaysSo() async throws {
        let today = ReportDay(secondsSince1970: Int64(Date().timeIntervalSince1970))
        let folder = NSTemporaryDirectory() + "iapcat-page-rows-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try await ReportDatabases.open(
            folder + "/reports.sqlite", logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let dimensions = ReportDimensions(
            appVersion: "3.0", store: .appStore, environment: .production, storefront: "US", storefrontRaw: "USA", list: "products_v2.json")
        // Each day: one tally row and three ids' rows, 4 rows; three days, 12 rows.
        for back in 0..<3 {
            let at = Int64(today.value - back) * 86_400 + 3_600
            _ = try await database.write(
                (0..<3).map {
                    ReportRecord(
                        reportID: "d\(back)-\($0)", receivedAt: at, dimensions: dimensions, allMissing: false,
                        missing: [MissingProduct(id: "typo.day\(back).n\($0)")])
                })
        }
        #expect(try await database.rowsPerDay(ReportQuery()) == [today: 4, ReportDay(today.value - 1): 4, ReportDay(today.value - 2): 4])
        let route = ReportPageRoute(token: "a-token-of-sixteen-bytes")
        var service = ReportService(intake: ReportIntake(sink: NoSink()), metrics: { "" }, page: route, database: database)
        service.pageInterval = .milliseconds(10)
        service.pageRows = 9
        let making = Task { [service] in
            await service.refreshPage(
                store: HTTPConnectionTests.example, catalogName: "example.yaml",
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        let page = try await ReportPageRouteTests.page(route, ReportPageRoute.unfiltered)
        making.cancel()
        await making.value
        await database.close()
        #expect(page.contains("typo.<wbr>day0.<wbr>n0") && page.contains("typo.<wbr>day1.<wbr>n2"))
        #expect(!page.contains("day2"))
        #expect(
            page.contains(
                "<p class=\"cut\">The last 30 days hold 12 rows, more than this page reads (--reports-page-rows 9): it shows the "
                    + "reports from \(ReportDay(today.value - 1)) on. iapcat reports --since 30d reads them all.</p>"),
            "\(page.prefix(1500))")
    }
}

/// A database that counts its reads and its fingerprints and holds nothing, its fingerprint
/// changed by ``touch()`` (also a counter of its own: the reports "written" in the test above).
final class CountingDatabase: ReportDatabase, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var looks = 0
    private var version: Int64 = 0
    var reads: Int { lock.withLock { count } }
    var fingerprints: Int { lock.withLock { looks } }
    func touch() { lock.withLock { version += 1 } }
    func write(_ records: [ReportRecord]) async throws -> Int { 0 }
    func read(_ query: ReportQuery) async throws -> ReportSnapshot {
        lock.withLock { count += 1 }
        return ReportSnapshot(missing: [], tallies: [])
    }
    func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint {
        lock.withLock {
            looks += 1
            return ReportFingerprint(rows: version, reports: 0, lastSeen: 0)
        }
    }
    func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64] { [:] }
    func close() async {}
}

/// Reports accepted nowhere: the page's tests send none.
struct NoSink: ReportSink {
    func offer(_ record: ReportRecord) -> Bool { false }
}

/// A database that answers its first read with `snapshot`, then holds every later read until
/// ``release()`` (then fails it): a database that stopped answering.
final class StallingDatabase: ReportDatabase, @unchecked Sendable {
    let snapshot: ReportSnapshot
    private let lock = NSLock()
    private var count = 0
    private var released = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ snapshot: ReportSnapshot) { self.snapshot = snapshot }

    var reads: Int { lock.withLock { count } }

    /// Another each time: every look reads.
    func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint {
        ReportFingerprint(rows: Int64(reads), reports: 0, lastSeen: 0)
    }

    func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64] { [:] }

    func read(_ query: ReportQuery) async throws -> ReportSnapshot {
        let first = lock.withLock {
            count += 1
            return count == 1
        }
        if first { return snapshot }
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if released { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        throw CancellationError()
    }

    func release() {
        let continuations = lock.withLock {
            released = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in continuations { continuation.resume() }
    }

    func write(_ records: [ReportRecord]) async throws -> Int { 0 }

    func close() async {}
}
