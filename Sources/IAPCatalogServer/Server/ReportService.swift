import FieldReports
import IAPCatalog
import Logging

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
    /// How often the page is made again (it shows the last ``pageDays`` days).
    package var pageInterval: Duration = .seconds(2)
    package static let pageDays = 30
    /// The pulled catalogs the page explains with (`serve --reports-observed`), as `iapcat reports --observed`.
    package var observed: [ObservedCatalog] = []

    package init(intake: ReportIntake, metrics: @escaping @Sendable () -> String, page: ReportPageRoute?, database: any ReportDatabase) {
        self.intake = intake
        self.metrics = metrics
        self.page = page
        self.database = database
    }

    /// Makes the page again every ``pageInterval`` from the database and the catalog being served,
    /// until cancelled: off the request path, so a slow or absent database only leaves the page
    /// as it was (and says so in the log). Returns at once without a page.
    package func refreshPage(store: CatalogStore, catalogName: String, logger: Logger) async {
        guard let page else { return }
        var failing = false
        while !Task.isCancelled {
            if let catalog = store.artifacts?.catalog {
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                do {
                    let html = try await Self.pageHTML(
                        database: database, catalog: catalog, catalogFile: catalogName, observed: observed,
                        today: ReportDay(secondsSince1970: Int64(now.tv_sec)))
                    page.update(Array(html.utf8))
                    if failing { logger.info("reports page: the database answers again") }
                    failing = false
                } catch {
                    if !failing { logger.warning("reports page: cannot read the reports database; the page stays as it was: \(error)") }
                    failing = true
                }
            }
            try? await Task.sleep(for: pageInterval)
        }
    }

    /// The page for `today`: the last ``pageDays`` days of reports in `database`, explained with
    /// the context `iapcat reports` builds (``ReportContext/load(catalog:catalogFile:observed:)``).
    package static func pageHTML(
        database: any ReportDatabase, catalog: Catalog, catalogFile: String, observed: [ObservedCatalog], today: ReportDay
    ) async throws -> String {
        let snapshot = try await database.read(ReportQuery(since: ReportDay(today.value - Self.pageDays + 1)))
        let context = ReportContext.load(catalog: catalog, catalogFile: catalogFile, observed: observed)
        return ReportPage().render(ReportAnalyzer(context: context).analyze(snapshot))
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
