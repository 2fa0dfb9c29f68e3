import FieldReports
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

    package init(intake: ReportIntake, metrics: @escaping @Sendable () -> String, page: ReportPageRoute?) {
        self.intake = intake
        self.metrics = metrics
        self.page = page
    }

    /// The handler of `POST /v1/reports`: the catalog being served decides what is valid. Before
    /// any catalog is served (never, once the server listens) every report gets 503.
    func handler(store: CatalogStore) -> RouteHandler {
        let intake = self.intake
        return { request in
            guard let facts = store.artifacts?.reportFacts else {
                return ServerReply(status: 503, text: "no catalog is served yet\n", headers: [("Retry-After", "1")])
            }
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let outcome = intake.handle(
                ReportRequest(
                    contentType: request.contentType, contentEncoding: request.contentEncoding, body: request.body,
                    receivedAt: Int64(now.tv_sec)),
                facts: facts)
            return ServerReply(status: outcome.status, headers: outcome.headers.map { ($0.name, $0.value) }, body: outcome.body)
        }
    }
}
