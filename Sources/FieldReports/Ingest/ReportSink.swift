/// Where accepted reports go: the ingest queue (`ReportWriter`), which writes them to the
/// database in batches off the request path. Called on the server's event loops: never blocks.
public protocol ReportSink: Sendable {
    /// Queues `record`; false when the queue is full (the report is answered 503 and counted as dropped).
    func offer(_ record: ReportRecord) -> Bool
}
