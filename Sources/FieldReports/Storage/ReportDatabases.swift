import Logging

/// Opens the reports database a location names: a `postgres://` or `postgresql://` URL is
/// PostgreSQL (``PostgresReportDatabase``), anything else a SQLite file path
/// (``SQLiteReportDatabase``, created when absent). Either way the schema is brought to this
/// version. A failure is a ``ReportDatabaseError``: one line, ready to print.
public enum ReportDatabases {
    /// Whether `location` names a PostgreSQL database rather than a SQLite file.
    public static func isPostgres(_ location: String) -> Bool { PostgresURL.isPostgres(location) }

    /// `location` as a log may show it: a PostgreSQL URL without its password or parameters
    /// (`postgres://USER@HOST:PORT/DATABASE`, ``PostgresURL/redacted``; what cannot be parsed is
    /// cut as ``PostgresURL/redact(_:)`` cuts it), a SQLite path as it is.
    public static func redacted(_ location: String) -> String {
        guard isPostgres(location) else { return location }
        return (try? PostgresURL(location))?.redacted ?? PostgresURL.redact(location)
    }

    /// Whether `location` is a PostgreSQL URL that holds a password (which a command line would
    /// show every user in the process list).
    public static func holdsPassword(_ location: String) -> Bool {
        guard isPostgres(location), let url = try? PostgresURL(location) else { return false }
        return !(url.password ?? "").isEmpty
    }

    /// Opens the database at `location`; a PostgreSQL URL without a password takes one from
    /// `environment` (``PostgresEnvironment``), and `warn` gets what the user should hear of that.
    public static func open(
        _ location: String, environment: PostgresEnvironment = .none, logger: Logger, warn: @Sendable (String) -> Void = { _ in }
    ) async throws -> any ReportDatabase {
        if isPostgres(location) {
            return try await PostgresReportDatabase.open(url: location, environment: environment, logger: logger, warn: warn)
        }
        return try await SQLiteReportDatabase.open(path: location, logger: logger)
    }

    /// Opens the database `location` names for reading only (`iapcat reports`): a SQLite file must
    /// exist and is neither created, converted nor migrated (``SQLiteReportDatabase/openForReading(path:busyTimeout:logger:)``);
    /// a PostgreSQL database is not migrated either, its schema read at the version it has.
    public static func openForReading(
        _ location: String, environment: PostgresEnvironment = .none, logger: Logger, warn: @Sendable (String) -> Void = { _ in }
    ) async throws -> any ReportDatabase {
        if isPostgres(location) {
            return try await PostgresReportDatabase.open(
                url: location, environment: environment, readOnly: true, logger: logger, warn: warn)
        }
        return try await SQLiteReportDatabase.openForReading(path: location, logger: logger)
    }
}
