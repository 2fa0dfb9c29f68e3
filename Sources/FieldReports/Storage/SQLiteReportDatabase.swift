import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteNIO

/// Reports counted in a SQLite file (sqlite-nio, which carries its own SQLite): WAL, so that
/// `iapcat reports` reads while the server writes; `synchronous=NORMAL` (a crash of the process
/// loses nothing committed; a power loss may roll back the last commits, never corrupting);
/// every write one `BEGIN IMMEDIATE` transaction that waits at most the busy timeout for another
/// writer, then fails (the ingest queue keeps the batch and tries again).
///
/// Two connections, each on the database's own thread pool (a wait for the lock then blocks
/// none of the server's threads): one writes, one reads. Opened for reading
/// (``openForReading(path:logger:)``, what `iapcat reports` does), one read-only connection and
/// nothing written, not even the journal mode or a migration.
public final class SQLiteReportDatabase: ReportDatabase {
    public let path: String
    private let threads: NIOThreadPool
    /// Nil when opened for reading.
    private let writer: SQLiteConnection?
    private let reader: SQLiteConnection
    /// The schema version the file has: this iapcat's, or an older one when opened for reading.
    private let schemaVersion: Int
    private let writes = SerialAccess()
    private let reads = SerialAccess()
    /// Seen ids before this day have been pruned.
    private let prunedBefore = NIOLockedValueBox<ReportDay?>(nil)

    /// Rows per statement: SQLite takes at most 32,766 parameters in one.
    static let rowsPerStatement = 1_000

    /// Opens (creating when absent, see ``SQLiteDatabaseFile``) the database at `path` and brings
    /// its schema to this version.
    public static func open(path: String, busyTimeout: Duration = .seconds(5), logger: Logger) async throws(ReportDatabaseError)
        -> SQLiteReportDatabase
    {
        try SQLiteDatabaseFile.prepare(path)
        let threads = NIOThreadPool(numberOfThreads: 2)
        threads.start()
        let group = MultiThreadedEventLoopGroup.singleton
        var opened: [SQLiteConnection] = []
        do {
            for _ in 0..<2 {
                opened.append(
                    try await SQLiteConnection.open(storage: .file(path: path), threadPool: threads, logger: logger, on: group.any()))
            }
            let milliseconds = busyTimeout.components.seconds * 1_000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
            for connection in opened {
                // Replaces sqlite-nio's busy handler, which retries for ever.
                _ = try await connection.query("PRAGMA busy_timeout = \(max(0, milliseconds))")
            }
            let mode = try await opened[0].query("PRAGMA journal_mode = WAL").first?.column("journal_mode")?.string
            guard mode == "wal" else {
                throw ReportDatabaseError.cannotOpen(path: path, reason: "cannot use WAL (journal mode \(mode ?? "?"))")
            }
            for connection in opened { _ = try await connection.query("PRAGMA synchronous = NORMAL") }
            let database = SQLiteReportDatabase(
                path: path, threads: threads, writer: opened[0], reader: opened[1], schemaVersion: ReportSchema.version)
            try await database.migrate()
            return database
        } catch {
            for connection in opened { try? await connection.close() }
            try? await threads.shutdownGracefully()
            if let error = error as? ReportDatabaseError { throw error }
            throw .cannotOpen(path: path, reason: Self.reason(error))
        }
    }

    /// Opens the existing database at `path` for reading only: a `mode=ro` connection (SQLite's
    /// `immutable` one when the file's folder cannot take the shared-memory file a WAL reader
    /// needs: a read-only copy), no journal mode set, no migration; a database of an older schema
    /// is read as it is. Nothing is created: a path that does not exist, a file that is no
    /// database, or a database without the server's schema is an error.
    public static func openForReading(path: String, busyTimeout: Duration = .seconds(5), logger: Logger) async throws(ReportDatabaseError)
        -> SQLiteReportDatabase
    {
        try SQLiteDatabaseFile.check(path)
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        var lastError: (any Error)?
        for parameters in ["mode=ro", "immutable=1"] {
            var connection: SQLiteConnection?
            do {
                let opened = try await SQLiteConnection.open(
                    storage: .file(path: SQLiteDatabaseFile.uri(path, parameters)), threadPool: threads, logger: logger,
                    on: MultiThreadedEventLoopGroup.singleton.any())
                connection = opened
                let milliseconds = busyTimeout.components.seconds * 1_000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
                _ = try await opened.query("PRAGMA busy_timeout = \(max(0, milliseconds))")
                let tables = try await opened.query(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '\(ReportSchema.versionTable)'")
                guard !tables.isEmpty else { throw ReportDatabaseError.notAReportsDatabase(location: path) }
                let found = Int(
                    try await opened.query("SELECT version FROM \(ReportSchema.versionTable)").first?.column("version")?.integer ?? 0)
                guard found >= 1 else { throw ReportDatabaseError.notAReportsDatabase(location: path) }
                guard found <= ReportSchema.version else {
                    throw ReportDatabaseError.newerSchema(location: path, found: found, known: ReportSchema.version)
                }
                return SQLiteReportDatabase(path: path, threads: threads, writer: nil, reader: opened, schemaVersion: found)
            } catch let error as ReportDatabaseError {
                try? await connection?.close()
                try? await threads.shutdownGracefully()
                throw error
            } catch {
                try? await connection?.close()
                lastError = error
            }
        }
        try? await threads.shutdownGracefully()
        throw .cannotOpen(path: path, reason: Self.reason(lastError!))
    }

    private init(path: String, threads: NIOThreadPool, writer: SQLiteConnection?, reader: SQLiteConnection, schemaVersion: Int) {
        self.path = path
        self.threads = threads
        self.writer = writer
        self.reader = reader
        self.schemaVersion = schemaVersion
    }

    public func write(_ records: [ReportRecord]) async throws -> Int {
        guard writer != nil else { throw ReportDatabaseError.readOnly(location: path) }
        guard !records.isEmpty else { return 0 }
        let batch = ReportBatch(records)
        return try await transaction("write") { connection in
            try await self.prune(connection, newest: batch.newestDay)
            var new = Set<String>()
            let seen = ReportSchema.seenReports
            for start in stride(from: 0, to: batch.seen.count, by: Self.rowsPerStatement) {
                let part = batch.seen[start..<min(start + Self.rowsPerStatement, batch.seen.count)]
                var binds: [SQLiteData] = []
                binds.reserveCapacity(part.count * 2)
                for (id, day) in part { binds += [.text(id), .integer(SQLiteInt64(day.value))] }
                for row in try await connection.query(seen.sqliteInsert(rows: part.count) + " RETURNING report_id", binds) {
                    if let id = row.column("report_id")?.string { new.insert(id) }
                }
            }
            let (tallies, missing) = batch.counts(new: new)
            try await self.upsert(connection, ReportSchema.reportCounts, tallies.map(ReportSchema.values))
            try await self.upsert(connection, ReportSchema.missingCounts, missing.map(ReportSchema.values))
            return new.count + batch.unremembered
        }
    }

    /// The `WHERE` condition of `query` and its bindings.
    private static func condition(_ query: ReportQuery) -> (String, [SQLiteData]) {
        var conditions: [String] = [], binds: [SQLiteData] = []
        if let since = query.since {
            conditions.append("day >= ?")
            binds.append(.integer(SQLiteInt64(since.value)))
        }
        if let environment = query.environment {
            conditions.append("environment = ?")
            binds.append(.text(environment.rawValue))
        }
        return (conditions.joined(separator: " AND "), binds)
    }

    public func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint {
        let (condition, binds) = Self.condition(query)
        do {
            return try await reads.run { [reader] in
                let row = try await reader.query(ReportFingerprint.select(where: condition), binds).first
                let values = (0..<3).map { row?.columns.dropFirst($0).first?.data.integer ?? 0 }
                return ReportFingerprint(rows: Int64(values[0]), reports: Int64(values[1]), lastSeen: Int64(values[2]))
            }
        } catch {
            throw ReportDatabaseError.failed(location: path, operation: "read", reason: Self.reason(error))
        }
    }

    public func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64] {
        let (condition, binds) = Self.condition(query)
        do {
            return try await reads.run { [reader] in
                var counts: [ReportDay: Int64] = [:]
                _ = try await reader.query("BEGIN")
                do {
                    for table in [ReportSchema.missingCounts, ReportSchema.reportCounts] {
                        for row in try await reader.query(table.rowsPerDay(where: condition), binds) {
                            let values = row.columns.map { $0.data.integer.map(Int64.init) }
                            counts[try table.day(values.first ?? nil), default: 0] += (values.dropFirst().first ?? nil) ?? 0
                        }
                    }
                    _ = try await reader.query("COMMIT")
                } catch {
                    _ = try? await reader.query("ROLLBACK")
                    throw error
                }
                return counts
            }
        } catch let error as ReportDatabaseError {
            throw error
        } catch {
            throw ReportDatabaseError.failed(location: path, operation: "read", reason: Self.reason(error))
        }
    }

    public func read(_ query: ReportQuery) async throws -> ReportSnapshot {
        let (condition, binds) = Self.condition(query)
        let version = schemaVersion
        do {
            return try await reads.run { [reader] in
                // One read transaction: both tables as of the same moment.
                _ = try await reader.query("BEGIN")
                do {
                    let missing = try await reader.query(ReportSchema.missingCounts.select(where: condition, version: version), binds)
                    let tallies = try await reader.query(ReportSchema.reportCounts.select(where: condition, version: version), binds)
                    _ = try await reader.query("COMMIT")
                    return ReportSnapshot(
                        missing: try missing.map { try ReportSchema.missing(Self.values($0)) },
                        tallies: try tallies.map { try ReportSchema.tally(Self.values($0)) }
                    ).sorted()
                } catch {
                    _ = try? await reader.query("ROLLBACK")
                    throw error
                }
            }
        } catch let error as ReportDatabaseError {
            throw error
        } catch {
            throw ReportDatabaseError.failed(location: path, operation: "read", reason: Self.reason(error))
        }
    }

    /// What SQLite's `PRAGMA integrity_check` finds wrong with the file; empty when nothing is.
    package func integrityProblems() async throws -> [String] {
        try await reads.run { [reader] in
            let rows = try await reader.query("PRAGMA integrity_check")
            let lines = rows.compactMap { $0.column("integrity_check")?.string }
            return lines == ["ok"] ? [] : lines
        }
    }

    public func close() async {
        _ = try? await writes.run { [writer] in try? await writer?.close() }
        _ = try? await reads.run { [reader] in try? await reader.close() }
        try? await threads.shutdownGracefully()
    }

    // MARK: -

    /// Applies the migrations this file lacks, in one transaction.
    private func migrate() async throws {
        _ = try await transaction("migrate") { connection in
            _ = try await connection.query(ReportSchema.createVersionTable)
            let rows = try await connection.query("SELECT version FROM \(ReportSchema.versionTable)")
            let found = Int(rows.first?.column("version")?.integer ?? 0)
            guard found <= ReportSchema.version else {
                throw ReportDatabaseError.newerSchema(location: self.path, found: found, known: ReportSchema.version)
            }
            guard found < ReportSchema.version else { return 0 }
            for migration in ReportSchema.migrations[found...] {
                for statement in migration(.sqlite) { _ = try await connection.query(statement) }
            }
            _ = try await connection.query("DELETE FROM \(ReportSchema.versionTable)")
            _ = try await connection.query(
                "INSERT INTO \(ReportSchema.versionTable) (version) VALUES (?)", [.integer(SQLiteInt64(ReportSchema.version))])
            return 0
        }
    }

    /// `body` in one `BEGIN IMMEDIATE` transaction on the writing connection, one at a time.
    private func transaction(_ operation: String, _ body: @escaping @Sendable (SQLiteConnection) async throws -> Int) async throws -> Int {
        do {
            return try await writes.run { [writer] in
                guard let writer else { throw ReportDatabaseError.readOnly(location: path) }
                guard !writer.isClosed else { throw ReportDatabaseError.closed(location: path) }
                _ = try await writer.query("BEGIN IMMEDIATE")
                do {
                    let result = try await body(writer)
                    _ = try await writer.query("COMMIT")
                    return result
                } catch {
                    _ = try? await writer.query("ROLLBACK")
                    throw error
                }
            }
        } catch let error as ReportDatabaseError {
            throw error
        } catch {
            throw ReportDatabaseError.failed(location: path, operation: operation, reason: Self.reason(error))
        }
    }

    /// Forgets the seen ids older than ``ReportSchema/seenDays`` before `newest` (once a day).
    private func prune(_ connection: SQLiteConnection, newest: ReportDay?) async throws {
        guard let newest else { return }
        let before = ReportDay(newest.value - ReportSchema.seenDays)
        guard prunedBefore.withLockedValue({ $0.map { $0 < before } ?? true }) else { return }
        _ = try await connection.query("DELETE FROM seen_reports WHERE day < ?", [.integer(SQLiteInt64(before.value))])
        prunedBefore.withLockedValue { $0 = before }
    }

    private func upsert(_ connection: SQLiteConnection, _ table: ReportTable, _ rows: [[ReportValue]]) async throws {
        for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
            let part = rows[start..<min(start + Self.rowsPerStatement, rows.count)]
            var binds: [SQLiteData] = []
            binds.reserveCapacity(part.count * table.columns.count)
            for row in part {
                for value in row {
                    switch value {
                    case .integer(let number): binds.append(.integer(SQLiteInt64(number)))
                    case .text(let text): binds.append(.text(text))
                    case .null: binds.append(.null)
                    }
                }
            }
            _ = try await connection.query(table.sqliteInsert(rows: part.count), binds)
        }
    }

    private static func values(_ row: SQLiteRow) -> [ReportValue] {
        row.columns.map {
            switch $0.data {
            case .integer(let number): .integer(Int64(number))
            case .text(let text): .text(text)
            case .float, .blob, .null: .null
            }
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? SQLiteError { return error.message.isEmpty ? "\(error.reason)" : error.message }
        return "\(error)"
    }
}
