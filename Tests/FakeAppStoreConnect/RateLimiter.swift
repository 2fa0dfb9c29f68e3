import Foundation
import LoopbackHTTP

/// App Store Connect's per-key hourly budget: a rolling hour of requests per key, reported on every
/// answer as `X-Rate-Limit: user-hour-lim:3600;user-hour-rem:3541;`.
struct RateLimiter {
    static let window: TimeInterval = 3600

    let limit: Int
    private var served: [String: [Date]] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a request by `keyID` at `now`: the `X-Rate-Limit` value, or a 429 (with `Retry-After`)
    /// when the key has used its hour.
    mutating func admit(keyID: String, now: Date) throws(APIError) -> String {
        var times = served[keyID, default: []]
        times.removeAll { now.timeIntervalSince($0) >= Self.window }
        if times.count >= limit {
            served[keyID] = times
            let oldest = times.first ?? now
            let wait = max(1, Int((Self.window - now.timeIntervalSince(oldest)).rounded(.up)))
            var error = APIError.rateLimitExceeded(retryAfter: wait)
            error.headers.append(("X-Rate-Limit", Self.header(limit: limit, remaining: 0)))
            throw error
        }
        times.append(now)
        served[keyID] = times
        return Self.header(limit: limit, remaining: limit - times.count)
    }

    static func header(limit: Int, remaining: Int) -> String {
        "user-hour-lim:\(limit);user-hour-rem:\(remaining);"
    }
}
