/// The exchange took longer than its deadline.
package struct DeadlineExceeded: Error {
    /// The error.
    package init() {}
}

/// `body`, abandoned (cancelled) when it takes longer than `limit`: a server that trickles its
/// answer cannot hold a run for longer than the deadline, whatever the HTTP client's timeouts do.
package func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw DeadlineExceeded() }
        return value
    }
}

extension Duration {
    /// The duration as NIO's `TimeAmount` (nanoseconds), for the HTTP client's own timeout.
    package var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
