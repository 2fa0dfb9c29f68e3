import NIOConcurrencyHelpers

/// Runs an operation for at most a given time: past it, the operation is cancelled and left to
/// end on its own, and the caller gets `nil` at once (a statement sent to a server that stopped
/// answering may never return). Whatever the operation did meanwhile stands: a write that
/// commits after its deadline is retried, and the retry's report ids are then seen and not
/// counted twice.
enum Deadline {
    static func run<Result: Sendable>(within limit: Duration, _ operation: @escaping @Sendable () async throws -> Result)
        async throws -> Result?
    {
        let waiting = NIOLockedValueBox<CheckedContinuation<Result?, any Error>?>(nil)
        @Sendable func finish(_ result: Swift.Result<Result?, any Error>) {
            waiting.withLockedValue { continuation in
                defer { continuation = nil }
                return continuation
            }?.resume(with: result)
        }
        return try await withCheckedThrowingContinuation { continuation in
            waiting.withLockedValue { $0 = continuation }
            let work = Task { try await operation() }
            let timer = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                work.cancel()
                finish(.success(nil))
            }
            Task {
                let result = await work.result
                timer.cancel()
                finish(result.map { $0 })
            }
        }
    }
}
