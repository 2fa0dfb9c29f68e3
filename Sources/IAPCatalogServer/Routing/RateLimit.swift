/// How many requests a client may make to a route: `perMinute` on average, and up to `burst` at
/// once (a token bucket per client that holds `burst` tokens and gains `perMinute` a minute).
package struct RateLimit: Sendable, Equatable {
    package var perMinute: Int
    package var burst: Int

    package init(perMinute: Int, burst: Int) {
        self.perMinute = perMinute
        self.burst = burst
    }
}
