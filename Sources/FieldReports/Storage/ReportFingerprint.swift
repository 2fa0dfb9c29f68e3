/// What tells a reader, cheaply, whether the rows a query selects may have changed since it last
/// read them: the `report_counts` rows the query selects, how many reports they count, and the
/// latest of them. Every report counted adds to a `report_counts` row (its tally), so counting one
/// changes the fingerprint; reading it is one aggregate over the smaller table, not every row of
/// both. The reports page reads the database again only when it changed (or the day turned).
public struct ReportFingerprint: Sendable, Equatable {
    /// `report_counts` rows.
    public var rows: Int64
    /// Their reports, added up (wrapping: only equality matters).
    public var reports: Int64
    /// Their latest `last_seen`.
    public var lastSeen: Int64

    public init(rows: Int64, reports: Int64, lastSeen: Int64) {
        self.rows = rows
        self.reports = reports
        self.lastSeen = lastSeen
    }

    /// The statement, over `report_counts` rows matching `condition` (SQL, empty for all).
    static func select(where condition: String) -> String {
        // PostgreSQL sums a bigint column as numeric: cast back (SQLite reads the cast as an integer affinity).
        "SELECT count(*), CAST(coalesce(sum(reports), 0) AS BIGINT), coalesce(max(last_seen), 0) FROM \(ReportSchema.reportCounts.name)"
            + (condition.isEmpty ? "" : " WHERE \(condition)")
    }
}
