/// The routes of one server besides the catalog's lists, each with the rate limiter its limit
/// needs: made once per server and shared by every event loop (the limiters count a client's
/// requests whichever loop its connections land on).
package final class RouteTable: Sendable {
    struct Entry: Sendable {
        let route: Route
        let path: [UInt8]
        let limiter: RateLimiter?
    }

    let entries: [Entry]

    /// `routes` must have distinct paths; a route's rate limit gets a table of at most
    /// `clientsPerLimit` clients.
    package init(_ routes: [Route], clientsPerLimit: Int = RateLimiter.defaultCapacity) {
        precondition(Set(routes.map(\.path)).count == routes.count, "two routes with one path")
        entries = routes.map { route in
            Entry(route: route, path: Array(route.path.utf8), limiter: route.rateLimit.map { RateLimiter($0, capacity: clientsPerLimit) })
        }
    }

    /// The routes, in the order given.
    package var routes: [Route] { entries.map(\.route) }
}
