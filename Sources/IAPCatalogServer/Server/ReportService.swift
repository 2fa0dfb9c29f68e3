import FieldReports
import IAPCatalog
import Logging
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The closed loop on the server: `POST /v1/reports` through the report intake into the writer's
/// queue (checked against the catalog being served, whichever version that is), the writer's
/// counters on `/metrics`, and `GET /reports`, the page, behind a token. Off unless the server
/// is started with a reports database; the lists are served the same either way.
package struct ReportService: Sendable {
    package let intake: ReportIntake
    /// The writer's counters, as whole lines of the Prometheus text format.
    package let metrics: @Sendable () -> String
    /// The page, when a token is set (`--reports-token-file`); nil: `/reports` is 404.
    package let page: ReportPageRoute?
    /// What the page is made from.
    package let database: any ReportDatabase
    /// How often the database is read again for the page (it shows the last ``pageDays`` days).
    package var pageInterval: Duration = .seconds(2)
    package static let pageDays = ReportPageRoute.days
    /// The pulled catalogs the page explains with (`serve --reports-observed`), as `iapcat reports --observed`.
    package var observed: [ObservedCatalog] = []
    /// How many reports this server's writer has written so far: the page reads the database again
    /// when it changed (and the day turned), not every ``pageInterval`` whatever happened.
    package var written: @Sendable () -> Int = { 0 }
    /// How often the page reads the database when this server wrote nothing: what other replicas
    /// wrote shows within it.
    package var idleReadInterval: Duration = .seconds(60)
    /// A read and its analysis may take at most a tenth of the time between reads: after one that
    /// took `t`, the next waits at least `readCostFactor × t` (at most ``idleReadInterval``).
    static let readCostFactor = 10
    /// Rows the page reads at most (`serve --reports-page-rows`): the newest days that fit. The
    /// server's memory grows with them, about 1 KB a row (docs/reliability.md).
    package var pageRows = ReportService.defaultPageRows
    package static let defaultPageRows = 250_000

    package init(intake: ReportIntake, metrics: @escaping @Sendable () -> String, page: ReportPageRoute?, database: any ReportDatabase) {
        self.intake = intake
        self.metrics = metrics
        self.page = page
        self.database = database
    }

    /// The reports the pages are made from: the last ``pageDays`` days as last read, the day
    /// they end on, and the values the filters offer. ``serial`` changes only with them.
    struct PageData: Sendable {
        var snapshot: ReportSnapshot
        var today: ReportDay
        var choices: ReportPageFilter.Choices
        var serial: Int
        /// Set when the page's days held more rows than ``pageRows``.
        var cut: PageCut?
    }

    /// The days the page read when its days held more rows than it reads.
    struct PageCut: Sendable, Equatable {
        /// The oldest day read.
        var firstDay: ReportDay
        /// The rows the page's days hold.
        var rows: Int64
        /// ``ReportService/pageRows``.
        var limit: Int

        /// What the page says of it.
        var notice: String {
            "The last \(ReportService.pageDays) days hold \(rows) rows, more than this page reads (--reports-page-rows \(limit)): "
                + "it shows the reports from \(firstDay) on. iapcat reports --since \(ReportService.pageDays)d reads them all."
        }
    }

    /// `query` starting at the newest days whose rows fit ``pageRows`` (the newest day with rows
    /// at least), and what was left out; `query` itself when everything fits.
    private func bounded(_ query: ReportQuery) async throws -> (ReportQuery, PageCut?) {
        let perDay = try await database.rowsPerDay(query)
        let total = perDay.values.reduce(0, &+)
        guard total > Int64(pageRows) else { return (query, nil) }
        var kept: Int64 = 0
        var first: ReportDay?
        for day in perDay.keys.sorted(by: >) {
            let rows = perDay[day] ?? 0
            if first != nil, kept + rows > Int64(pageRows) { break }
            kept += rows
            first = day
        }
        guard let first else { return (query, nil) }
        var bounded = query
        bounded.since = first
        return (bounded, PageCut(firstDay: first, rows: total, limit: pageRows))
    }

    /// Makes the pages until cancelled, off the request path: one task reads the database every
    /// ``pageInterval``, another makes the unfiltered page again whenever the reports or the
    /// catalog being served changed, and each filtered page when it is asked for
    /// (``ReportPages``), from the reports last read. A slow or absent database only leaves the
    /// pages as they were (and says so in the log); it never holds up a filtered page of the
    /// reports already read. Returns at once without a page.
    package func refreshPage(store: CatalogStore, catalogName: String, logger: Logger) async {
        guard let page else { return }
        let latest = NIOLockedValueBox<PageData?>(nil)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await readForPages(into: latest, pages: page.pages, logger: logger) }
            group.addTask { await makePages(from: latest, pages: page.pages, store: store, catalogName: catalogName) }
        }
    }

    /// Reads the last ``pageDays`` days into `latest` when they may have changed — this server
    /// wrote reports, the UTC day turned, ``idleReadInterval`` passed, or the last read failed —
    /// looking every ``pageInterval``, and wakes the maker. Before reading them all it asks the
    /// database for their ``ReportFingerprint`` (one aggregate of the smaller table): unchanged, on
    /// the same day, nothing is read. After a read that took `t` the next waits at least
    /// ``readCostFactor`` × `t` (at most ``idleReadInterval``): reading is at most a tenth of a
    /// core. Idle, the database is asked for the fingerprint once a minute, and read only when
    /// another replica counted reports.
    private func readForPages(into latest: NIOLockedValueBox<PageData?>, pages: ReportPages, logger: Logger) async {
        var failing = false
        var last: (written: Int, day: ReportDay, at: ContinuousClock.Instant, fingerprint: ReportFingerprint)?
        var earliest = ContinuousClock.now
        while !Task.isCancelled {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let today = ReportDay(secondsSince1970: Int64(now.tv_sec))
            let written = self.written()
            let started = ContinuousClock.now
            let due = failing || last.map { $0.written != written || $0.day != today || started - $0.at >= idleReadInterval } ?? true
            if due, started >= earliest {
                do {
                    let query = ReportPageRoute.unfiltered.query(today: today)
                    let fingerprint = try await database.fingerprint(query)
                    if !failing, let seen = last, seen.day == today, seen.fingerprint == fingerprint {
                        last = (written, today, started, fingerprint)
                        pages.ring()
                        try? await Task.sleep(for: pageInterval)
                        continue
                    }
                    let (readQuery, cut) = try await bounded(query)
                    let snapshot = try await database.read(readQuery)
                    latest.withLockedValue { data in
                        guard data?.snapshot != snapshot || data?.today != today || data?.cut != cut else { return }
                        let choices = ReportPageFilter.Choices(
                            snapshot: snapshot, periods: ReportPageRoute.periods, defaultDays: Self.pageDays)
                        data = PageData(snapshot: snapshot, today: today, choices: choices, serial: (data?.serial ?? 0) + 1, cut: cut)
                    }
                    last = (written, today, started, fingerprint)
                    if failing { logger.info("reports page: the database answers again") }
                    failing = false
                } catch {
                    if !failing { logger.warning("reports page: cannot read the reports database; the page stays as it was: \(error)") }
                    failing = true
                }
                earliest = started + min((ContinuousClock.now - started) * Self.readCostFactor, idleReadInterval)
            }
            pages.ring()
            try? await Task.sleep(for: pageInterval)
        }
    }

    /// Makes pages whenever woken: the unfiltered one when the reports or the catalog changed
    /// since it was made, then every filter asked for, one at a time.
    private func makePages(
        from latest: NIOLockedValueBox<PageData?>, pages: ReportPages, store: CatalogStore, catalogName: String
    ) async {
        // The context (the lists read from disk) is built once per reports read and catalog, not per page.
        var made: (serial: Int, artifacts: ArtifactSet, context: ReportContext)?
        var generation = 0
        for await _ in pages.wakeups {
            guard let data = latest.withLockedValue({ $0 }), let artifacts = store.artifacts else { continue }
            if made?.serial != data.serial || made?.artifacts !== artifacts {
                generation = pages.advance()
                let context = ReportContext.load(catalog: artifacts.catalog, catalogFile: catalogName, observed: observed)
                made = (data.serial, artifacts, context)
                pages.store(Self.page(pages.pinned, data: data, context: context), for: pages.pinned, generation: generation)
            }
            guard let context = made?.context else { continue }
            for filter in pages.takeWanted() where filter != pages.pinned {
                await Task.yield()
                pages.store(Self.page(filter, data: data, context: context), for: filter, generation: generation)
            }
        }
    }

    /// The page of `filter`: the reports it keeps, explained with `context`.
    static func page(_ filter: ReportFilter, data: PageData, context: ReportContext) -> [UInt8] {
        let analysis = Self.analysis(filter, snapshot: data.snapshot, today: data.today, context: context)
        var page = ReportPage()
        page.filter = ReportPageFilter(filter: filter, today: data.today, choices: data.choices)
        page.notice = data.cut?.notice
        return Array(page.render(analysis).utf8)
    }

    /// What the page of `filter` explains: the reports of `snapshot` it keeps, explained with the
    /// context `iapcat reports` builds too (``ReportContext/load(catalog:catalogFile:observed:)``:
    /// the catalog, its lists as their files hold them, the pulled catalogs).
    package static func analysis(_ filter: ReportFilter, snapshot: ReportSnapshot, today: ReportDay, context: ReportContext)
        -> ReportAnalysis
    {
        ReportAnalyzer(context: context).analyze(filter.apply(to: snapshot, today: today))
    }

    /// The handler of `POST /v1/reports`: the catalog being served decides what is valid. Before
    /// any catalog is served (never, once the server listens) every report gets 503.
    func handler(store: CatalogStore) -> RouteHandler {
        let intake = self.intake
        return { request in
            guard let facts = store.artifacts?.reportFacts else {
                let problem = ReportProblem(.storageUnavailable, detail: "No catalog is served yet; send the report again later.")
                return ServerReply(ReportOutcome(problem, retryAfterSeconds: 1))
            }
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let outcome = intake.handle(
                ReportRequest(
                    contentType: request.contentType, contentEncoding: request.contentEncoding, body: request.body,
                    receivedAt: Int64(now.tv_sec)),
                facts: facts)
            return ServerReply(outcome)
        }
    }
}
