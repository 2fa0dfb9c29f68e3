import Foundation

/// The exchange took longer than its deadline.
package struct DeadlineExceeded: Error {
    /// The error.
    package init() {}
}

/// `body`, abandoned when it takes longer than `limit`: a server that trickles its answer cannot
/// hold a run for longer than the deadline, whatever the HTTP client's timeouts do. At the deadline
/// `body` is cancelled and `within` throws ``DeadlineExceeded`` at once, without waiting for `body`
/// to wind down: a body that does not notice its cancellation (a read the client does not
/// interrupt) cannot hold the caller past the deadline, only itself.
package func within<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = FirstOutcome<T>()
    let work = Task {
        do {
            outcome.settle(.success(try await body()))
        } catch {
            outcome.settle(.failure(error))
        }
    }
    let timer = Task {
        // Cancelled once the outcome is known: settling then changes nothing.
        try? await Task.sleep(for: limit)
        outcome.settle(.failure(DeadlineExceeded()))
    }
    defer {
        work.cancel()
        timer.cancel()
    }
    return try await withTaskCancellationHandler {
        try await outcome.value()
    } onCancel: {
        outcome.settle(.failure(CancellationError()))
    }
}

/// The first of several results that race, handed to the one caller waiting for it.
private final class FirstOutcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    private var waiting: CheckedContinuation<T, any Error>?

    /// Records `result` unless one was recorded already, and hands it to the caller if it waits.
    func settle(_ result: Result<T, any Error>) {
        let waiting: CheckedContinuation<T, any Error>? = lock.withLock {
            guard self.result == nil else { return nil }
            self.result = result
            defer { self.waiting = nil }
            return self.waiting
        }
        waiting?.resume(with: result)
    }

    /// The first result, once there is one.
    func value() async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let known: Result<T, any Error>? = lock.withLock {
                if let result { return result }
                waiting = continuation
                return nil
            }
            if let known { continuation.resume(with: known) }
        }
    }
}

extension Duration {
    /// The duration as NIO's `TimeAmount` (nanoseconds), for the HTTP client's own timeout.
    package var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
