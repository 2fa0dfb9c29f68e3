import Logging

/// Opens the reports database a location names: a `postgres://` or `postgresql://` URL is
/// PostgreSQL (``PostgresReportDatabase``), anything else a SQLite file path
/// (``SQLiteReportDatabase``, created when absent). Either way the schema is brought to this
/// version. A failure is a ``ReportDatabaseError``: one line, ready to print.
public enum ReportDatabases {
    public static func open(_ location: String, logger: Logger) async throws -> any ReportDatabase {
        if PostgresURL.isPostgres(location) {
            return try await PostgresReportDatabase.open(url: location, logger: logger)
        }
        return try await SQLiteReportDatabase.open(path: location, logger: logger)
    }
}
