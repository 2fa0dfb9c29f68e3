import Foundation

/// The `X-Rate-Limit` header: `user-hour-lim:3600;user-hour-rem:3541;` (a rolling hour per key).
package struct RateLimit: Sendable, Equatable {
    /// Requests allowed per hour.
    package var limit: Int
    /// Requests left in the current hour.
    package var remaining: Int

    /// A rate limit.
    package init(limit: Int, remaining: Int) {
        self.limit = limit
        self.remaining = remaining
    }

    /// Parses the header; nil when it has neither field.
    package init?(header: String) {
        var limit: Int?
        var remaining: Int?
        for field in header.split(separator: ";") {
            let pair = field.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, let value = Int(pair[1]) else { continue }
            switch pair[0] {
            case "user-hour-lim": limit = value
            case "user-hour-rem": remaining = value
            default: continue
            }
        }
        guard let limit, let remaining else { return nil }
        self.init(limit: limit, remaining: remaining)
    }
}
