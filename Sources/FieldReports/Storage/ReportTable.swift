/// The SQL the two databases speak differently.
enum SQLDialect: Sendable {
    case sqlite, postgres
}

/// A value bound to or read from a statement.
enum ReportValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int64)
    case text(String)
    case null

    var description: String {
        switch self {
        case .integer(let number): "\(number)"
        case .text(let text): "'\(text)'"
        case .null: "NULL"
        }
    }
}

/// A column of a counts table, and what becomes of it when a batch's row meets a stored one.
struct ReportColumn: Sendable {
    enum Kind: Sendable {
        /// A ``ReportDay``.
        case day
        case text
        /// A count (64 bits).
        case count
        /// Seconds since 1970, UTC (64 bits).
        case seconds
    }

    enum Merge: Sendable {
        /// Part of the primary key.
        case key
        /// Added to the stored value.
        case sum
        /// The earlier of the two.
        case earliest
        /// The later of the two.
        case latest
        /// The stored value stays.
        case keep
    }

    let name: String
    let kind: Kind
    let merge: Merge
    /// The schema version that added the column (a database of an older one reads it as 0).
    let since: Int

    init(_ name: String, _ kind: Kind, _ merge: Merge, since: Int = 1) {
        self.name = name
        self.kind = kind
        self.merge = merge
        self.since = since
    }

    func type(_ dialect: SQLDialect) -> String {
        switch (dialect, kind) {
        case (.sqlite, .text): "TEXT"
        case (.sqlite, _): "INTEGER"
        case (.postgres, .text): "text"
        case (.postgres, .day): "integer"
        case (.postgres, .count), (.postgres, .seconds): "bigint"
        }
    }
}

/// A table: its columns in order (the key first is not required), and the statements that read it
/// and merge a batch into it (``ReportSchema/migrations`` create it).
struct ReportTable: Sendable {
    let name: String
    let columns: [ReportColumn]

    var keyColumns: [ReportColumn] { columns.filter { $0.merge == .key } }
    var columnList: String { columns.map(\.name).joined(separator: ", ") }

    /// `ON CONFLICT (key) DO UPDATE SET …` (or `DO NOTHING` when no column merges).
    func conflictClause(_ dialect: SQLDialect) -> String {
        let key = "ON CONFLICT (\(keyColumns.map(\.name).joined(separator: ", ")))"
        let updates = columns.compactMap { column -> String? in
            let stored = "\(name).\(column.name)", batch = "excluded.\(column.name)"
            switch (column.merge, dialect) {
            case (.key, _), (.keep, _): return nil
            case (.sum, _): return "\(column.name) = \(stored) + \(batch)"
            case (.earliest, .sqlite): return "\(column.name) = min(\(stored), \(batch))"
            case (.earliest, .postgres): return "\(column.name) = LEAST(\(stored), \(batch))"
            case (.latest, .sqlite): return "\(column.name) = max(\(stored), \(batch))"
            case (.latest, .postgres): return "\(column.name) = GREATEST(\(stored), \(batch))"
            }
        }
        return updates.isEmpty ? "\(key) DO NOTHING" : "\(key) DO UPDATE SET \(updates.joined(separator: ", "))"
    }

    /// SQLite: `INSERT … VALUES (?, …), … ON CONFLICT …` for `rows` rows.
    func sqliteInsert(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(name) (\(columnList)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ") + " " + conflictClause(.sqlite)
    }

    /// PostgreSQL: one statement for a whole batch, each column an array parameter, the rows
    /// taken in the arrays' order (the order locks are taken in).
    var postgresInsert: String {
        let arrays = columns.enumerated().map { "$\($0.offset + 1)::\($0.element.type(.postgres))[]" }
        return "INSERT INTO \(name) (\(columnList)) SELECT \(columnList) FROM unnest(\(arrays.joined(separator: ", "))) "
            + "WITH ORDINALITY AS batch (\(columnList), position) ORDER BY position " + conflictClause(.postgres)
    }

    /// The statement counting the rows matching `condition` (SQL, empty for all) per day: `day`, `count`.
    func rowsPerDay(where condition: String) -> String {
        "SELECT day, count(*) FROM \(name)" + (condition.isEmpty ? "" : " WHERE \(condition)") + " GROUP BY day"
    }

    /// `value` read from this table's `day` column, refused when it is none or out of ``ReportDay/range``.
    func day(_ value: Int64?) throws(ReportDatabaseError) -> ReportDay {
        guard let value, let day = Int(exactly: value), ReportDay.range.contains(day) else {
            throw .unreadableRow(table: name, column: "day", value: value.map(String.init) ?? "null")
        }
        return ReportDay(day)
    }

    /// `SELECT … FROM` the table of a database at schema `version`, with `where` (already in the
    /// dialect's placeholders): a column added by a later version is read as 0.
    func select(where condition: String, version: Int = ReportSchema.version) -> String {
        let columns = columns.map { $0.since <= version ? $0.name : "0 AS \($0.name)" }.joined(separator: ", ")
        return "SELECT \(columns) FROM \(name)" + (condition.isEmpty ? "" : " WHERE \(condition)")
    }
}
