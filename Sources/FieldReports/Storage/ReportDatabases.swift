import Logging

/// Opens the reports database a location names: a `postgres://` or `postgresql://` URL is
/// PostgreSQL (``PostgresReportDatabase``), anything else a SQLite file path
/// (``SQLiteReportDatabase``, created when absent). Either way the schema is brought to this
/// version. A failure is a ``ReportDatabaseError``: one line, ready to print.
public enum ReportDatabases {
    /// Whether `location` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgres(_ location: String) -> Bool { PostgresURL.isPostgres(location) }

    public static func open(_ location: String, logger: Logger) async throws -> any ReportDatabase {
        if isPostgres(location) {
            return try await PostgresReportDatabase.open(url: location, logger: logger)
        }
        return try await SQLiteReportDatabase.open(path: location, logger: logger)
    }

    /// Opens the database `location` names for reading only (`iapcat reports`): a SQLite file must
    /// exist and is neither created, converted nor migrated (``SQLiteReportDatabase/openForReading(path:busyTimeout:logger:)``).
    public static func openForReading(_ location: String, logger: Logger) async throws -> any ReportDatabase {
        if isPostgres(location) {
            return try await PostgresReportDatabase.open(url: location, logger: logger)
        }
        return try await SQLiteReportDatabase.openForReading(path: location, logger: logger)
    }
}
