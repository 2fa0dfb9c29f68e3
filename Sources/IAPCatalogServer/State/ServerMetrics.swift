import Atomics

/// Counters for `/metrics` (Prometheus text format), updated without locks.
package final class ServerMetrics: Sendable {
    static let statuses = [200, 202, 304, 400, 404, 405, 411, 412, 413, 415, 429, 431, 503]
    private let requests: [ManagedAtomic<Int>] = ServerMetrics.statuses.map { _ in ManagedAtomic(0) }
    private let otherStatus = ManagedAtomic(0)
    let reloadSuccesses = ManagedAtomic(0)
    let reloadFailures = ManagedAtomic(0)
    let openConnections = ManagedAtomic(0)

    package init() {}

    func count(status: Int) {
        if let index = Self.statuses.firstIndex(of: status) {
            requests[index].wrappingIncrement(ordering: .relaxed)
        } else {
            otherStatus.wrappingIncrement(ordering: .relaxed)
        }
    }

    func requests(status: Int) -> Int {
        Self.statuses.firstIndex(of: status).map { requests[$0].load(ordering: .relaxed) } ?? otherStatus.load(ordering: .relaxed)
    }

    /// The exposition, with the store's reload state.
    func render(health: CatalogStore.Health) -> String {
        var text = "# HELP iapcat_http_requests_total HTTP responses sent, by status.\n# TYPE iapcat_http_requests_total counter\n"
        for status in Self.statuses {
            text += "iapcat_http_requests_total{status=\"\(status)\"} \(requests(status: status))\n"
        }
        text += "iapcat_http_requests_total{status=\"other\"} \(otherStatus.load(ordering: .relaxed))\n"
        let ok = requests(status: 200), notModified = requests(status: 304)
        let ratio = ok + notModified == 0 ? 0 : Double(notModified) / Double(ok + notModified)
        text +=
            "# HELP iapcat_http_not_modified_ratio Share of 304 among 200 and 304 responses.\n# TYPE iapcat_http_not_modified_ratio gauge\n"
        text += "iapcat_http_not_modified_ratio \(ratio)\n"
        text += "# HELP iapcat_http_connections_open Client connections open now.\n# TYPE iapcat_http_connections_open gauge\n"
        text += "iapcat_http_connections_open \(openConnections.load(ordering: .relaxed))\n"
        text += "# HELP iapcat_catalog_reloads_total Catalog reloads, by result.\n# TYPE iapcat_catalog_reloads_total counter\n"
        text += "iapcat_catalog_reloads_total{result=\"success\"} \(reloadSuccesses.load(ordering: .relaxed))\n"
        text += "iapcat_catalog_reloads_total{result=\"failure\"} \(reloadFailures.load(ordering: .relaxed))\n"
        text +=
            "# HELP iapcat_catalog_last_reload_success Whether the last reload served the new catalog (1) or kept the previous one (0).\n"
        text += "# TYPE iapcat_catalog_last_reload_success gauge\n"
        text += "iapcat_catalog_last_reload_success \(health.problems.isEmpty ? 1 : 0)\n"
        text +=
            "# HELP iapcat_catalog_last_modified_seconds Last-Modified of the served catalog.\n# TYPE iapcat_catalog_last_modified_seconds gauge\n"
        text += "iapcat_catalog_last_modified_seconds \(health.lastModified)\n"
        return text
    }
}
