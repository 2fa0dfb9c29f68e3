/// Where reports are counted: SQLite (a file, the default) or PostgreSQL (by URL, for several
/// replicas). Writes come in batches from the ingest queue, never from a request.
public protocol ReportDatabase: Sendable {
    /// Counts `records` in one transaction: a record whose `reportID` the database has seen before
    /// is not counted again. Returns how many were new. Throws when nothing was written (the
    /// caller keeps the batch and tries again).
    func write(_ records: [ReportRecord]) async throws -> Int
    /// The rows `query` selects.
    func read(_ query: ReportQuery) async throws -> ReportSnapshot
    /// Whether the rows `query` selects may have changed since a read, cheaply (``ReportFingerprint``).
    func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint
    /// How many rows `query` selects, both tables together, per day: what a reader bounded in rows
    /// reads of them (the reports page reads the newest days that fit).
    func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64]
    /// Closes connections; the database is not used afterwards.
    func close() async
}
