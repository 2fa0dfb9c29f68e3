import IAPCatalog

/// Why a reports database could not be opened, written or read: one line, safe to print (paths
/// and URLs have their control characters escaped, the database's own messages are also capped
/// and their secrets masked; a PostgreSQL URL never shows its password).
public enum ReportDatabaseError: Error, CustomStringConvertible, Equatable {
    /// The SQLite path exists and is not a regular file (a directory, a device, a dangling link…).
    case notARegularFile(path: String, kind: String)
    /// The SQLite file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// A URL that starts like PostgreSQL's but cannot be used.
    case invalidURL(url: String, reason: String)
    /// The database answered with an error, or could not be reached.
    case failed(location: String, operation: String, reason: String)
    /// No connection could be made: the server refused it (its message and SQLSTATE), its
    /// certificate failed the check, or nothing answered within the deadline.
    case cannotConnect(location: String, reason: String)
    /// iapcat's password file (`--reports-db-password-file`) cannot be read or holds no password.
    case cannotReadPassword(path: String, reason: String)
    /// The database's schema is newer than this iapcat knows.
    case newerSchema(location: String, found: Int, known: Int)
    /// A stored value this iapcat cannot read.
    case unreadableRow(table: String, column: String, value: String)
    /// The database was closed.
    case closed(location: String)
    /// The file is a database, but not one the server made (no schema version).
    case notAReportsDatabase(location: String)
    /// The database was opened for reading (`iapcat reports`): it is never written.
    case readOnly(location: String)

    public var description: String {
        switch self {
        case .notARegularFile(let path, let kind):
            "reports database \(ServerText.printable(path)) is \(kind), not a regular file"
        case .cannotOpen(let path, let reason):
            "cannot open reports database \(ServerText.printable(path)): \(Self.shown(reason))"
        case .invalidURL(let url, let reason):
            "invalid PostgreSQL URL \(ServerText.printable(url)): \(ServerText.printable(reason))"
        case .failed(let location, let operation, let reason):
            "reports database \(ServerText.printable(location)): \(operation) failed: \(Self.shown(reason))"
        case .cannotConnect(let location, let reason):
            "reports database \(ServerText.printable(location)): \(Self.shown(reason))"
        case .cannotReadPassword(let path, let reason):
            "reports database password file \(ServerText.printable(path)): \(ServerText.printable(reason))"
        case .newerSchema(let location, let found, let known):
            "reports database \(ServerText.printable(location)) has schema version \(found); this iapcat knows up to \(known) (upgrade iapcat)"
        case .unreadableRow(let table, let column, let value):
            "reports database: \(table).\(column) holds \(Self.shown(value, limit: 100)), which this iapcat cannot read"
        case .closed(let location):
            "reports database \(ServerText.printable(location)) is closed"
        case .notAReportsDatabase(let location):
            "\(ServerText.printable(location)) is not a reports database (`iapcat serve --reports-db` makes one)"
        case .readOnly(let location):
            "reports database \(ServerText.printable(location)) is open for reading only"
        }
    }

    /// What a database or the system said: escaped, capped, secrets masked.
    private static func shown(_ text: String, limit: Int = 500) -> String {
        ServerText.shown(text, limit: limit)
    }
}
