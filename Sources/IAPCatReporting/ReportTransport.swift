/// How a report reaches the server: one HTTP exchange, no retries (``FieldReporter`` decides those).
/// ``URLSessionReportTransport`` in apps; tests pass their own.
public protocol ReportTransport: Sendable {
    /// Sends `request` and returns the server's answer, whatever its status; throws for a network
    /// failure (no answer), which is tried again, or when the task is cancelled. Must not block a
    /// thread while it waits.
    func send(_ request: ReportHTTPRequest) async throws -> ReportHTTPResponse
}
