import Foundation
import Logging
import ReportStorageChecks
import SQLiteNIO
import Testing

@testable import FieldReports

@Suite struct SQLiteReportDatabaseTests {
    let logger = StorageFixtures.logger

    private func withDatabase(busyTimeout: Duration = .seconds(5), _ body: (SQLiteReportDatabase) async throws -> Void) async throws {
        let path = try StorageFixtures.sqlitePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let database = try await SQLiteReportDatabase.open(path: path, busyTimeout: busyTimeout, logger: logger)
        do {
            try await body(database)
        } catch {
            await database.close()
            throw error
        }
        await database.close()
    }

    @Test func rowsComeBackExactlyAndMerged() async throws {
        try await withDatabase { try await StorageFixtures.checkRoundTrip($0) }
    }

    @Test func aReportIDCountsOnceInABatchAndAcrossBatches() async throws {
        try await withDatabase { try await StorageFixtures.checkDuplicates($0) }
    }

    @Test func rowsPerDayCountBothTablesOfTheRowsAQuerySelects() async throws {
        try await withDatabase { try await StorageFixtures.checkRowsPerDay($0) }
    }

    @Test func theFingerprintChangesWithEveryReportCountedAndOnlyThen() async throws {
        try await withDatabase { try await StorageFixtures.checkFingerprint($0) }
    }

    @Test func aReportPastTheDaysRememberedIDsCountsEachTimeAndLeavesNoID() async throws {
        try await withDatabase { try await StorageFixtures.checkUnremembered($0) }
    }

    @Test func seenIDsAreForgottenAfterTwoDays() async throws {
        try await withDatabase { try await StorageFixtures.checkSeenDays($0) }
    }

    @Test func theFileIsCreatedForItsOwnerOnlyAndReopensWithItsRows() async throws {
        let path = try StorageFixtures.sqlitePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let database = try await SQLiteReportDatabase.open(path: path, logger: logger)
        #expect(try await database.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 1)
        for file in [path, path + "-wal", path + "-shm"] {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(file)")
        }
        await database.close()
        let again = try await SQLiteReportDatabase.open(path: path, logger: logger)
        #expect(try await again.read(ReportQuery()).tallies.map(\.reports) == [1])
        #expect(try await again.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 0)
        await again.close()
    }

    @Test func aPathThatIsNotARegularFileIsRefused() async throws {
        let path = try StorageFixtures.sqlitePath()
        let folder = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
        let cases: [(String, String)] = [
            (folder, "reports database \(folder) is a folder, not a regular file"),
            ("/dev/null", "reports database /dev/null is a device, not a regular file"),
            (
                folder + "/dangling",
                "reports database \(folder)/dangling is a symbolic link to nothing (No such file or directory), not a regular file"
            ),
            (
                folder + "/missing/reports.sqlite",
                "cannot open reports database \(folder)/missing/reports.sqlite: No such file or directory"
            ),
        ]
        for (location, message) in cases {
            let error = await #expect(throws: ReportDatabaseError.self) {
                try await SQLiteReportDatabase.open(path: location, logger: logger)
            }
            #expect(error?.description == message)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
    }

    @Test func aLinkToAFileIsFollowed() async throws {
        let path = try StorageFixtures.sqlitePath()
        let folder = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.sqlite", withDestinationPath: path)
        let database = try await SQLiteReportDatabase.open(path: folder + "/link.sqlite", logger: logger)
        #expect(try await database.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 1)
        await database.close()
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) > 0)
    }

    @Test func aNewerSchemaIsRefused() async throws {
        let path = try StorageFixtures.sqlitePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        await (try SQLiteReportDatabase.open(path: path, logger: logger)).close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("UPDATE schema_version SET version = 99")
        try await connection.close()
        let error = await #expect(throws: ReportDatabaseError.self) { try await SQLiteReportDatabase.open(path: path, logger: logger) }
        #expect(error?.description == "reports database \(path) has schema version 99; this iapcat knows up to 2 (upgrade iapcat)")
    }

    /// Another connection holds the write lock (`BEGIN EXCLUSIVE`): the writer's batches fail
    /// after the busy timeout and are retried; nothing is lost, and they are written once the
    /// lock is released.
    @Test func aLockedDatabaseIsRetriedUntilReleased() async throws {
        try await withDatabase(busyTimeout: .milliseconds(50)) { database in
            let locker = try await SQLiteConnection.open(storage: .file(path: database.path))
            _ = try await locker.query("PRAGMA busy_timeout = 1000")
            _ = try await locker.query("BEGIN EXCLUSIVE")
            let writer = ReportWriter(
                database: database,
                configuration: .init(
                    batchSize: 10, interval: .milliseconds(10), retryDelay: .milliseconds(10), maximumRetryDelay: .milliseconds(50)),
                logger: logger)
            for index in 0..<50 { #expect(writer.offer(StorageFixtures.record("r\(index)", at: StorageFixtures.start + Int64(index)))) }
            #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.writeFailures >= 3 })
            #expect(writer.counts.written == 0)
            #expect(writer.counts.queued == 50)
            _ = try await locker.query("COMMIT")
            try await locker.close()
            #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.written == 50 })
            #expect(await writer.shutdown() == 0)
            #expect(try await database.read(ReportQuery()).tallies.map(\.reports) == [50])
            #expect(writer.metrics().contains("iapcat_reports_total{result=\"written\"} 50\n"))
        }
    }

    /// A database at `path` as iapcat made it at schema version 1 (rollback journal), with one row:
    /// `gold` missing twice.
    static func makeVersion1Database(_ path: String) async throws {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        for statement in ReportSchema.migrations[0](.sqlite) + [
            ReportSchema.createVersionTable, "INSERT INTO schema_version (version) VALUES (1)",
            "INSERT INTO missing_counts VALUES (\(StorageFixtures.day0.value), '1.0', 'app_store', 'production', 'US', 'USA', "
                + "'products_v2.json', 'gold', '', 2, \(StorageFixtures.start + 10), \(StorageFixtures.start + 20))",
        ] {
            _ = try await connection.query(statement)
        }
        try await connection.close()
    }

    /// A database of schema version 1 (as an earlier iapcat made it, with its rows) is brought to
    /// this version: its rows read back with no "every id missing" count of their own, and new
    /// reports add theirs.
    @Test func aVersion1DatabaseIsMigratedWithItsRows() async throws {
        let path = try StorageFixtures.sqlitePath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try await Self.makeVersion1Database(path)

        let database = try await SQLiteReportDatabase.open(path: path, logger: logger)
        #expect(try await database.write([StorageFixtures.record("a", at: StorageFixtures.start + 30, allMissing: true)]) == 1)
        let snapshot = try await database.read(ReportQuery())
        await database.close()
        #expect(
            snapshot.missing == [
                MissingRow(
                    day: StorageFixtures.day0, dimensions: StorageFixtures.production, productID: "gold", status: "", count: 3,
                    firstSeen: StorageFixtures.start + 10, lastSeen: StorageFixtures.start + 30, allMissing: 1)
            ])
        let migrated = try await SQLiteConnection.open(storage: .file(path: path))
        let version = try await migrated.query("SELECT version FROM schema_version").first?.column("version")?.integer
        let columns = try await migrated.query("PRAGMA table_info(missing_counts)").compactMap { $0.column("name")?.string }
        try await migrated.close()
        #expect(version == 2)
        #expect(columns == ReportSchema.missingCounts.columns.map(\.name))
    }

    /// The bytes of the file at `path`.
    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Reading (`iapcat reports`) writes nothing: a database of schema version 1 in rollback-journal
    /// mode is read as it is — not migrated, not turned to WAL, byte for byte the same afterwards;
    /// an empty file is no reports database and stays empty; an absent one is not created; and a
    /// reader refuses to write.
    @Test func readingChangesNothing() async throws {
        let path = try StorageFixtures.sqlitePath()
        let folder = (path as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try await Self.makeVersion1Database(path)
        let before = bytes(path)

        let reader = try await SQLiteReportDatabase.openForReading(path: path, logger: logger)
        let snapshot = try await reader.read(ReportQuery())
        await #expect(throws: ReportDatabaseError.readOnly(location: path)) {
            try await reader.write([StorageFixtures.record("a", at: StorageFixtures.start)])
        }
        await reader.close()
        #expect(snapshot.missing.map(\.count) == [2])
        #expect(snapshot.missing.map(\.allMissing) == [0])
        #expect(bytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["reports.sqlite"])

        let empty = folder + "/empty.sqlite"
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        await #expect(throws: ReportDatabaseError.notAReportsDatabase(location: empty)) {
            try await SQLiteReportDatabase.openForReading(path: empty, logger: logger)
        }
        #expect(bytes(empty) == Data())
        let absent = folder + "/absent.sqlite"
        let error = await #expect(throws: ReportDatabaseError.self) {
            try await SQLiteReportDatabase.openForReading(path: absent, logger: logger)
        }
        #expect(error?.description == "cannot open reports database \(absent): No such file or directory")
        #expect(!FileManager.default.fileExists(atPath: absent))
    }

    /// A day or an instant no calendar holds, or a negative count — a tampered file — is refused
    /// naming the table and column, instead of stopping the reader.
    @Test func valuesOutOfRangeAreRefusedNamingTheColumn() async throws {
        for (column, value, shown) in [
            ("day", "9223372036854775807", "9223372036854775807"), ("count", "-1", "-1"),
            ("first_seen", "-9223372036854775808", "-9223372036854775808"),
        ] {
            let path = try StorageFixtures.sqlitePath()
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let database = try await SQLiteReportDatabase.open(path: path, logger: logger)
            #expect(try await database.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 1)
            await database.close()
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            _ = try await connection.query("UPDATE missing_counts SET \(column) = \(value)")
            try await connection.close()
            let reader = try await SQLiteReportDatabase.openForReading(path: path, logger: logger)
            await #expect(throws: ReportDatabaseError.unreadableRow(table: "missing_counts", column: column, value: shown)) {
                try await reader.read(ReportQuery())
            }
            await reader.close()
        }
        // A day far out of any calendar still prints, without trapping.
        #expect(ReportDay(Int.max).description == ReportDay(1 << 40).description)
        #expect(ReportDay(Int.min).description == ReportDay(-(1 << 40)).description)
    }
}
