#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What time it is, and how to wait: the report's day and `sent_at`, `Retry-After`'s HTTP-date,
/// and the waits between attempts. ``system`` in apps; tests pass a clock they set and a sleep
/// that records instead of waiting.
public struct ReportClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date
    /// Waits `seconds` without blocking a thread (suspends the task); throws when the task is
    /// cancelled, which ends the sending.
    public let sleep: @Sendable (_ seconds: Double) async throws -> Void

    /// A clock of `now` and `sleep`.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ seconds: Double) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock, and `Task.sleep` (a suspension, not a blocked thread).
    public static let system = ReportClock(
        now: { Date() },
        sleep: { seconds in
            try await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 86_400) * 1_000_000_000))
        })
}
