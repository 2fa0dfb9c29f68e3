import NIOConcurrencyHelpers

/// A ``RateLimit`` per client, in memory only: one token bucket per ``ClientAddress`` in a table
/// of at most `capacity` clients, where a new client past that replaces the one that entered the
/// table first (a client dropped so is treated as new: it gets a full bucket). Nothing in it is
/// logged or written anywhere. Shared by every event loop of a server, behind one lock, and used
/// only by the routes that have a limit, never by the lists.
package final class RateLimiter: Sendable {
    /// The most clients the table holds (about 4 MB at most).
    package static let defaultCapacity = 65_536

    /// What a request gets.
    package enum Admission: Equatable, Sendable {
        case admitted
        /// Refused; a token is due after this many whole seconds (`Retry-After`, at least 1).
        case limited(retryAfterSeconds: Int)
    }

    private struct Bucket {
        var tokens: Double
        var updated: UInt64
    }

    private struct Table {
        var buckets: [ClientAddress: Bucket] = [:]
        /// The clients in the order they entered the table; once full, a ring whose next slot to
        /// reuse is `oldest`.
        var order: [ClientAddress] = []
        var oldest = 0
    }

    package let limit: RateLimit
    private let capacity: Int
    /// Tokens gained per nanosecond.
    private let rate: Double
    private let table = NIOLockedValueBox(Table())

    package init(_ limit: RateLimit, capacity: Int = RateLimiter.defaultCapacity) {
        precondition(limit.perMinute > 0 && limit.burst > 0 && capacity > 0, "a rate limit admits at least one request")
        self.limit = limit
        self.capacity = capacity
        self.rate = Double(limit.perMinute) / 60e9
    }

    /// Takes a token from `client`'s bucket at `now` (nanoseconds of a monotonic clock).
    package func admit(_ client: ClientAddress, now: UInt64) -> Admission {
        table.withLockedValue { table in
            var bucket: Bucket
            if let known = table.buckets[client] {
                bucket = known
                let elapsed = now > bucket.updated ? Double(now - bucket.updated) : 0
                bucket.tokens = min(Double(limit.burst), bucket.tokens + elapsed * rate)
            } else {
                bucket = Bucket(tokens: Double(limit.burst), updated: now)
                if table.order.count < capacity {
                    table.order.append(client)
                } else {
                    table.buckets[table.order[table.oldest]] = nil
                    table.order[table.oldest] = client
                    table.oldest = (table.oldest + 1) % capacity
                }
            }
            bucket.updated = max(bucket.updated, now)
            let admission: Admission
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                admission = .admitted
            } else {
                let seconds = ((1 - bucket.tokens) / (rate * 1e9)).rounded(.up)
                admission = .limited(retryAfterSeconds: max(1, Int(seconds)))
            }
            table.buckets[client] = bucket
            return admission
        }
    }

    /// Clients in the table now.
    package var clients: Int { table.withLockedValue { $0.buckets.count } }
}
