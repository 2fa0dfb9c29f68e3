import IAPCatalog

/// How `iapcat serve` runs.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (the log says which).
    public var port = 8080
    public var catalogPath = Catalog.defaultPath
    /// `Cache-Control: max-age`; 0 sends `no-cache` (store, but revalidate every time).
    public var maxAge = 0
    /// How often the catalog and its screenshots are checked for changes, in milliseconds.
    public var reloadIntervalMilliseconds = 1_000
    /// A connection that sends nothing for this long is closed.
    public var idleTimeoutSeconds = 60
    /// A whole request head must arrive within this time of the connection opening or of the
    /// previous response, so slow-header (slowloris) and idle keep-alive clients cannot hold connections.
    public var headerTimeoutSeconds = 10
    /// Event-loop threads; 0 is one per core.
    public var threads = 0

    public init() {}

    /// The `Cache-Control` value for the lists.
    public var cacheControl: String { maxAge > 0 ? "max-age=\(maxAge), must-revalidate" : "no-cache" }
}
