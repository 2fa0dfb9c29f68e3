/// The routes every server has besides the catalog's lists — the probes and `/metrics` — and
/// those its caller registers: `POST /v1/reports` when a report handler is set, and any others.
///
/// | path | methods | body |
/// |---|---|---|
/// | the lists (``ArtifactSet``) | GET, HEAD | none |
/// | `/livez`, `/readyz`, `/healthz`, `/metrics` | GET, HEAD | none |
/// | `/v1/reports` (with a handler) | POST | `application/json`, identity or `gzip`, at most ``ServerConfiguration/reportBodyLimitBytes``, rate-limited per client |
enum ServerRoutes {
    /// The report route's path.
    static let reportsPath = "/v1/reports"

    static func make(configuration: ServerConfiguration, store: CatalogStore) -> [Route] {
        let service = configuration.reportService
        var appendices: [@Sendable () -> String] = []
        if let appendix = configuration.metricsAppendix { appendices.append(appendix) }
        if let appendix = service?.metrics { appendices.append(appendix) }
        let lines = appendices
        let appendix: (@Sendable () -> String)? =
            lines.isEmpty
            ? nil
            : { @Sendable () -> String in
                var text = ""
                for line in lines { text += line() }
                return text
            }
        var routes: [Route] = [
            probe("/livez", .live, store), probe("/readyz", .ready, store), probe("/healthz", .health, store),
            metrics(store, appendix: appendix),
        ]
        let limit =
            configuration.reportsPerClientPerMinute > 0
            ? RateLimit(perMinute: configuration.reportsPerClientPerMinute, burst: max(1, configuration.reportBurst)) : nil
        if let page = service?.page { routes.append(page.route(limit: limit)) }
        if let handler = service?.handler(store: store) ?? configuration.reportHandler {
            routes.append(
                Route(
                    path: reportsPath, methods: [.post], maximumBodyBytes: configuration.reportBodyLimitBytes,
                    contentTypes: ["application/json"], contentEncodings: ["gzip", "x-gzip"], rateLimit: limit,
                    refuse: ReportRefusals.reply, handler: handler))
        }
        return routes + configuration.extraRoutes
    }

    /// The health paths, as Kubernetes' probes use them.
    enum Probe {
        /// `/livez`: 200 while the process answers; a restart would not help a bad catalog.
        case live
        /// `/readyz`: 503 while degraded, so a replica serving an older catalog leaves the rotation.
        case ready
        /// `/healthz`: 200 with the state in the body, as before `/livez` and `/readyz` existed.
        case health
    }

    private static func probe(_ path: String, _ probe: Probe, _ store: CatalogStore) -> Route {
        Route(path: path, methods: [.get, .head]) { _ in
            let problems = probe == .live ? [] : store.health.problems
            let body =
                problems.isEmpty
                ? "ok\n"
                : "degraded: serving the last good catalog; the current one has errors:\n" + problems.map { "  " + $0 + "\n" }.joined()
            let ready = probe != .ready || problems.isEmpty
            return ServerReply(status: ready ? 200 : 503, text: body, headers: [("Cache-Control", "no-store")])
        }
    }

    private static func metrics(_ store: CatalogStore, appendix: (@Sendable () -> String)?) -> Route {
        Route(path: "/metrics", methods: [.get, .head]) { _ in
            ServerReply(
                status: 200, text: store.metrics.render(health: store.health) + (appendix?() ?? ""),
                headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")])
        }
    }
}
