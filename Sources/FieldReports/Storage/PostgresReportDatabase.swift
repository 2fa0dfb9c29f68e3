import IAPCatalog
import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// Reports counted in PostgreSQL (postgres-nio's connections, made and kept by
/// ``PostgresConnections``), for several replicas serving one app. Each batch is one transaction of one statement per table, every
/// column an array parameter (`INSERT … SELECT … FROM unnest(…) ON CONFLICT …`): the batch is
/// aggregated first (one statement may not touch a row twice) and sorted by key, so that replicas
/// writing overlapping keys take their row locks in the same order and cannot deadlock.
public final class PostgresReportDatabase: ReportDatabase {
    /// `postgres://USER@HOST:PORT/DATABASE`: what errors and logs show.
    public let location: String
    private let connections: PostgresConnections
    private let logger: Logger
    /// How long one write or read may take, connecting included, before it fails (the ingest
    /// queue then keeps the batch and tries again).
    private let deadline: Duration
    /// Seen ids before this day have been pruned by this process.
    private let prunedBefore = NIOLockedValueBox<ReportDay?>(nil)
    /// The schema version the database has: this iapcat's, or an older one when opened for reading.
    private let schemaVersion = NIOLockedValueBox(ReportSchema.version)
    /// Opened for reading (`iapcat reports`): nothing is written, not even a migration.
    private let readOnly: Bool

    /// Taken (for the migration's transaction) by whichever replica migrates first.
    static let migrationLock: Int64 = 0x6961_7063_6174_0001

    /// Connects to `url` and brings the schema to this version (one replica at a time); for
    /// reading only (`readOnly`), checks the schema's version instead and reads an older one as it
    /// is. A URL without a password takes one from `environment`, as libpq would; `warn` gets what
    /// the user should hear of that (a pass file ignored for its permissions).
    public static func open(
        url: String, environment: PostgresEnvironment = .none, deadline: Duration = .seconds(10), readOnly: Bool = false, logger: Logger,
        warn: @Sendable (String) -> Void = { _ in }
    ) async throws(ReportDatabaseError) -> PostgresReportDatabase {
        var parsed = try PostgresURL(url)
        let (found, warnings) = try environment.password(for: parsed)
        warnings.forEach(warn)
        parsed.password = found?.password
        if let password = parsed.password { ServerText.mask(password) }
        let defaultRoot = environment.defaultRootCertificate
        let roots = parsed.tls(defaultRootCertificate: defaultRoot).roots
        let database = PostgresReportDatabase(
            location: parsed.redacted, configuration: try parsed.configuration(defaultRootCertificate: defaultRoot),
            tls: .init(host: parsed.host, roots: roots.map { "the root certificates in \($0)" } ?? "the system's root certificates"),
            deadline: deadline, readOnly: readOnly, logger: logger)
        do {
            if readOnly {
                try await database.checkVersion()
            } else {
                try await database.migrate()
            }
        } catch {
            await database.close()
            throw error
        }
        database.connections.markOpened()
        return database
    }

    private init(
        location: String, configuration: PostgresConnection.Configuration, tls: PostgresConnections.TLSNames, deadline: Duration,
        readOnly: Bool, logger: Logger
    ) {
        self.readOnly = readOnly
        self.location = location
        self.deadline = deadline
        self.logger = logger
        connections = PostgresConnections(configuration: configuration, location: location, tls: tls, logger: logger)
    }

    public func write(_ records: [ReportRecord]) async throws -> Int {
        guard !readOnly else { throw ReportDatabaseError.readOnly(location: location) }
        guard !records.isEmpty else { return 0 }
        let batch = ReportBatch(records)
        let prune = prunedBefore.withLockedValue { pruned in
            batch.newestDay.map { ReportDay($0.value - ReportSchema.seenDays) }.flatMap { before in
                pruned.map { $0 < before } ?? true ? before : nil
            }
        }
        let new = try await transaction("write") { connection, logger in
            if let prune {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DELETE FROM seen_reports WHERE day < $1", binds: Self.binds(Int32(prune.value))),
                    logger: logger)
            }
            var binds = PostgresBindings(capacity: 2)
            binds.append(batch.seen.map(\.id))
            binds.append(batch.seen.map { Int32($0.day.value) })
            var new = Set<String>()
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: ReportSchema.seenReports.postgresInsert + " RETURNING report_id", binds: binds), logger: logger)
            for try await id in rows.decode(String.self) { new.insert(id) }
            let (tallies, missing) = batch.counts(new: new)
            try await Self.upsert(connection, logger, ReportSchema.reportCounts, tallies.map(ReportSchema.values))
            try await Self.upsert(connection, logger, ReportSchema.missingCounts, missing.map(ReportSchema.values))
            return new.count + batch.unremembered
        }
        if let prune { prunedBefore.withLockedValue { $0 = max($0 ?? prune, prune) } }
        return new
    }

    /// The `WHERE` condition of `query` and its bindings.
    private static func condition(_ query: ReportQuery) -> (String, PostgresBindings) {
        var conditions: [String] = []
        var binds = PostgresBindings()
        if let since = query.since {
            binds.append(Int32(clamping: since.value))
            conditions.append("day >= $\(binds.count)")
        }
        if let environment = query.environment {
            binds.append(environment.rawValue)
            conditions.append("environment = $\(binds.count)")
        }
        return (conditions.joined(separator: " AND "), binds)
    }

    public func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint {
        let (condition, parameters) = Self.condition(query)
        return try await withDeadline("read") {
            try await self.connections.withConnection { connection in
                let rows = try await connection.query(
                    PostgresQuery(unsafeSQL: ReportFingerprint.select(where: condition), binds: parameters), logger: self.logger)
                for try await (count, reports, lastSeen) in rows.decode((Int64, Int64, Int64).self) {
                    return ReportFingerprint(rows: count, reports: reports, lastSeen: lastSeen)
                }
                return ReportFingerprint(rows: 0, reports: 0, lastSeen: 0)
            }
        }
    }

    public func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64] {
        let (condition, parameters) = Self.condition(query)
        return try await withDeadline("read") {
            try await self.connections.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
                do {
                    var counts: [ReportDay: Int64] = [:]
                    for table in [ReportSchema.missingCounts, ReportSchema.reportCounts] {
                        let rows = try await connection.query(
                            PostgresQuery(unsafeSQL: table.rowsPerDay(where: condition), binds: parameters), logger: self.logger)
                        for try await (day, count) in rows.decode((Int32, Int64).self) {
                            counts[try table.day(Int64(day)), default: 0] += count
                        }
                    }
                    try await connection.query("COMMIT", logger: self.logger)
                    return counts
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: self.logger)
                    throw error
                }
            }
        }
    }

    public func read(_ query: ReportQuery) async throws -> ReportSnapshot {
        let (condition, parameters) = Self.condition(query)
        return try await withDeadline("read") {
            // One snapshot for both tables.
            try await self.connections.withConnection { connection in
                try await connection.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
                do {
                    let version = self.schemaVersion.withLockedValue { $0 }
                    let missing = try await Self.rows(connection, self.logger, ReportSchema.missingCounts, condition, parameters, version)
                    let tallies = try await Self.rows(connection, self.logger, ReportSchema.reportCounts, condition, parameters, version)
                    try await connection.query("COMMIT", logger: self.logger)
                    return ReportSnapshot(
                        missing: try missing.map { try ReportSchema.missing($0) }, tallies: try tallies.map { try ReportSchema.tally($0) }
                    ).sorted()
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: self.logger)
                    throw error
                }
            }
        }
    }

    public func close() async {
        await connections.close()
    }

    // MARK: -

    /// For reading: the schema's version, which must be one this iapcat knows; nothing is created.
    private func checkVersion() async throws(ReportDatabaseError) {
        let found = try await transaction("open") { connection, logger in
            let exists = try await connection.query("SELECT to_regclass('schema_version') IS NOT NULL", logger: logger)
            var present = false
            for try await value in exists.decode(Bool.self) { present = value }
            guard present else { return 0 }
            var found = 0
            for try await version in try await connection.query("SELECT version FROM schema_version", logger: logger).decode(Int32.self) {
                found = Int(version)
            }
            return found
        }
        guard found >= 1 else { throw .notAReportsDatabase(location: location) }
        guard found <= ReportSchema.version else { throw .newerSchema(location: location, found: found, known: ReportSchema.version) }
        schemaVersion.withLockedValue { $0 = found }
    }

    private func migrate() async throws(ReportDatabaseError) {
        _ = try await transaction("migrate") { connection, logger in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: ReportSchema.createVersionTable), logger: logger)
            var found = 0
            for try await version in try await connection.query("SELECT version FROM schema_version", logger: logger).decode(Int32.self) {
                found = Int(version)
            }
            guard found <= ReportSchema.version else {
                throw ReportDatabaseError.newerSchema(location: self.location, found: found, known: ReportSchema.version)
            }
            guard found < ReportSchema.version else { return 0 }
            for migration in ReportSchema.migrations[found...] {
                for statement in migration(.postgres) { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
            }
            try await connection.query("DELETE FROM schema_version", logger: logger)
            try await connection.query("INSERT INTO schema_version (version) VALUES (\(Int32(ReportSchema.version)))", logger: logger)
            return 0
        }
    }

    /// `body` in one transaction, within the deadline.
    private func transaction(
        _ operation: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Int
    ) async throws(ReportDatabaseError) -> Int {
        try await withDeadline(operation) {
            try await self.connections.withConnection { connection in
                try await connection.withTransaction(logger: self.logger) { connection in try await body(connection, self.logger) }
            }
        }
    }

    /// `body`, failing with a ``ReportDatabaseError`` when it throws or outlasts ``deadline``.
    private func withDeadline<Result: Sendable>(_ operation: String, _ body: @escaping @Sendable () async throws -> Result)
        async throws(ReportDatabaseError) -> Result
    {
        let start = ContinuousClock.now
        do {
            guard let result = try await Deadline.run(within: deadline, body) else {
                if let failure = connections.lastFailure(since: start) {
                    throw ReportDatabaseError.cannotConnect(
                        location: location, reason: "no connection within \(deadline): \(failure) (is the server up?)")
                }
                throw ReportDatabaseError.failed(
                    location: location, operation: operation, reason: "no answer within \(deadline) (is the server up?)")
            }
            return result
        } catch {
            var error: any Error = error
            if let transaction = error as? PostgresTransactionError, let inner = transaction.closureError { error = inner }
            if let error = error as? ReportDatabaseError { throw error }
            throw .failed(location: location, operation: operation, reason: Self.reason(error))
        }
    }

    private static func upsert(_ connection: PostgresConnection, _ logger: Logger, _ table: ReportTable, _ rows: [[ReportValue]])
        async throws
    {
        guard !rows.isEmpty else { return }
        var binds = PostgresBindings(capacity: table.columns.count)
        for (index, column) in table.columns.enumerated() {
            switch column.kind {
            case .text:
                binds.append(rows.map { row -> String in if case .text(let text) = row[index] { text } else { "" } })
            case .day:
                binds.append(rows.map { row -> Int32 in if case .integer(let number) = row[index] { Int32(clamping: number) } else { 0 } })
            case .count, .seconds:
                binds.append(rows.map { row -> Int64 in if case .integer(let number) = row[index] { number } else { 0 } })
            }
        }
        try await connection.query(PostgresQuery(unsafeSQL: table.postgresInsert, binds: binds), logger: logger)
    }

    private static func rows(
        _ connection: PostgresConnection, _ logger: Logger, _ table: ReportTable, _ condition: String, _ binds: PostgresBindings,
        _ version: Int
    ) async throws -> [[ReportValue]] {
        var result: [[ReportValue]] = []
        for try await row in try await connection.query(
            PostgresQuery(unsafeSQL: table.select(where: condition, version: version), binds: binds), logger: logger)
        {
            var values: [ReportValue] = []
            values.reserveCapacity(table.columns.count)
            for (cell, column) in zip(row, table.columns) {
                switch column.kind {
                case .text: values.append(.text(try cell.decode(String.self)))
                case .day: values.append(.integer(Int64(try cell.decode(Int32.self))))
                case .count, .seconds: values.append(.integer(try cell.decode(Int64.self)))
                }
            }
            result.append(values)
        }
        return result
    }

    private static func binds(_ value: Int32) -> PostgresBindings {
        var binds = PostgresBindings(capacity: 1)
        binds.append(value)
        return binds
    }

    /// What went wrong, without the query (it holds a whole batch) or the connection's secrets.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PostgresTransactionError {
            if let failure = error.beginError ?? error.closureError ?? error.commitError { return reason(failure) }
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return message + (error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
            }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        }
        if error is CancellationError { return "cancelled" }
        return "\(error)"
    }
}
