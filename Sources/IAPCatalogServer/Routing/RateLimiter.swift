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

    /// A bucket's tokens as nanoseconds of credit (a token is `interval` of it), so the
    /// arithmetic is exact.
    private struct Bucket {
        var credit: UInt64
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
    /// Nanoseconds per token: a minute over `perMinute`.
    private let interval: UInt64
    /// A full bucket's credit: `burst` tokens.
    private let full: UInt64
    private let table = NIOLockedValueBox(Table())

    package init(_ limit: RateLimit, capacity: Int = RateLimiter.defaultCapacity) {
        precondition(limit.perMinute > 0 && limit.burst > 0 && capacity > 0, "a rate limit admits at least one request")
        self.limit = limit
        self.capacity = capacity
        self.interval = max(1, 60_000_000_000 / UInt64(limit.perMinute))
        let (full, overflow) = interval.multipliedReportingOverflow(by: UInt64(limit.burst))
        self.full = overflow ? UInt64.max / 2 : full
    }

    /// Takes a token from `client`'s bucket at `now` (nanoseconds of a monotonic clock).
    package func admit(_ client: ClientAddress, now: UInt64) -> Admission {
        table.withLockedValue { table in
            var bucket: Bucket
            if let known = table.buckets[client] {
                bucket = known
                let elapsed = now > bucket.updated ? now - bucket.updated : 0
                bucket.credit = min(full, bucket.credit + min(elapsed, full))
            } else {
                bucket = Bucket(credit: full, updated: now)
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
            if bucket.credit >= interval {
                bucket.credit -= interval
                admission = .admitted
            } else {
                let wait = interval - bucket.credit
                admission = .limited(retryAfterSeconds: max(1, Int((wait + 999_999_999) / 1_000_000_000)))
            }
            table.buckets[client] = bucket
            return admission
        }
    }

    /// Clients in the table now.
    package var clients: Int { table.withLockedValue { $0.buckets.count } }
}
