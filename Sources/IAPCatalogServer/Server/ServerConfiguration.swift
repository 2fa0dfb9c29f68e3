import IAPCatalog

/// How `iapcat serve` runs.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (default `127.0.0.1`, this machine only).
    public var host = "127.0.0.1"
    /// 0 picks a free port (the log says which).
    public var port = 8080
    /// The catalog to serve (default `catalogs/catalog.yaml`).
    public var catalogPath = Catalog.defaultPath
    /// `Cache-Control: max-age`; 0 sends `no-cache` (store, but revalidate every time).
    public var maxAge = 0
    /// When a changed catalog is loaded.
    public enum Reload: String, Sendable, CaseIterable {
        /// The catalog and its screenshots are looked at every ``reloadIntervalMilliseconds`` and on
        /// SIGHUP; a change is loaded once it has stayed the same for the settle time.
        case watch
        /// Only on SIGHUP: what a deploy pipeline sends once the catalog is whole.
        case signal
    }
    /// When a changed catalog is loaded (default: watched, and on SIGHUP).
    public var reload = Reload.watch
    /// How often the catalog and its screenshots are checked for changes, in milliseconds.
    public var reloadIntervalMilliseconds = 1_000
    /// A connection that sends nothing for this long is closed.
    public var idleTimeoutSeconds = 60
    /// A whole request head must arrive within this time of the connection opening or of the
    /// previous response, so slow-header (slowloris) and idle keep-alive clients cannot hold connections.
    public var headerTimeoutSeconds = 10
    /// Event-loop threads; 0 is one per core.
    public var threads = 0
    /// A connection is given more of a response only while fewer than this many of its bytes wait
    /// unsent in the kernel (`TCP_NOTSENT_LOWAT`): 4 MiB, Linux's default ceiling of a socket's
    /// send buffer, so it bounds what a response held in memory can queue without cutting a large
    /// list sent from a file into small sendfile calls (docs/serving.md).
    public var unsentBytesPerConnection = 4 * 1024 * 1024

    /// The closed loop: `POST /v1/reports` into a reports database, its counters on `/metrics`,
    /// and the page at `/reports` behind a token; nil: those paths are 404, like any other.
    package var reportService: ReportService?
    /// What answers `POST /v1/reports` when there is no ``reportService`` (tests of the route).
    package var reportHandler: BodyRouteHandler?
    /// The largest report body taken, in bytes as sent (compressed or not); a larger one gets 413
    /// without being read. The handler bounds what a compressed body may grow to.
    public var reportBodyLimitBytes = 256 * 1024
    /// Reports taken per client (IP address; an IPv6 client by its /64) per minute, on average;
    /// 0: no limit. Past it, 429 with `Retry-After`. Clients behind one NAT share one allowance.
    public var reportsPerClientPerMinute = 600
    /// Reports a client may send at once, before the per-minute rate applies.
    public var reportBurst = 60
    /// Routes besides the lists, the probes, `/metrics` and `/v1/reports` (paths of their own).
    package var extraRoutes: [Route] = []
    /// Text appended to `/metrics` (whole lines of the Prometheus text format), e.g. the report
    /// writer's counters; called on an event loop for each scrape.
    package var metricsAppendix: (@Sendable () -> String)?

    /// Creates the defaults: `127.0.0.1:8080`, the default catalog, `no-cache`, reload every second.
    public init() {}

    /// The `Cache-Control` value for the lists.
    public var cacheControl: String { maxAge > 0 ? "max-age=\(maxAge), must-revalidate" : "no-cache" }
}
