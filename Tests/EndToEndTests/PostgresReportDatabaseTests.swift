import Foundation
import IAPCatTestSupport
import Logging
import ReportStorageChecks
import Testing

@testable import FieldReports

/// Against a real PostgreSQL (``PostgresServer``): one server for the suite, a database per test.
@Suite(.enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresReportDatabaseTests {
    let logger = StorageFixtures.logger

    private func withDatabase(_ body: (PostgresReportDatabase) async throws -> Void) async throws {
        let url = try await PostgresServer.shared().createDatabase()
        let database = try await StorageFixtures.openPostgres(url)
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

    @Test func reopeningKeepsTheSchemaAndTheRows() async throws {
        let url = try await PostgresServer.shared().createDatabase()
        let first = try await StorageFixtures.openPostgres(url)
        #expect(try await first.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 1)
        await first.close()
        let second = try await StorageFixtures.openPostgres(url)
        #expect(try await second.write([StorageFixtures.record("a", at: StorageFixtures.start)]) == 0)
        #expect(try await second.read(ReportQuery()).tallies.map(\.reports) == [1])
        await second.close()
        let database = String(url.split(separator: "/").last!.split(separator: "?").first!)
        let version = try await PostgresServer.shared().psql("SELECT version FROM schema_version", database: database)
        #expect(version == "\(ReportSchema.version)\n", "\(version)")
    }

    /// `iapcat reports` reads PostgreSQL without writing: a database of schema version 1 is read as
    /// it is (not migrated), and an empty database is "not a reports database" and stays empty.
    @Test func readingNeitherMigratesNorCreates() async throws {
        let server = try await PostgresServer.shared()
        let url = try await server.createDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        for statement in ReportSchema.migrations[0](.postgres) + [
            ReportSchema.createVersionTable, "INSERT INTO schema_version (version) VALUES (1)",
            "INSERT INTO missing_counts VALUES (\(StorageFixtures.day0.value), '1.0', 'app_store', 'production', 'US', 'USA', "
                + "'products_v2.json', 'gold', '', 2, \(StorageFixtures.start + 10), \(StorageFixtures.start + 20))",
        ] {
            _ = try await server.psql(statement, database: name)
        }
        let reader = try await ReportDatabases.openForReading(url, logger: logger)
        let snapshot = try await reader.read(ReportQuery())
        await #expect(throws: ReportDatabaseError.self) { try await reader.write([StorageFixtures.record("a", at: StorageFixtures.start)]) }
        await reader.close()
        #expect(snapshot.missing.map { "\($0.productID) \($0.count) \($0.allMissing)" } == ["gold 2 0"])
        #expect(try await server.psql("SELECT version FROM schema_version", database: name) == "1\n")

        let empty = try await server.createDatabase()
        let emptyName = String(empty.split(separator: "/").last!.split(separator: "?").first!)
        let error = await #expect(throws: ReportDatabaseError.self) { try await ReportDatabases.openForReading(empty, logger: logger) }
        #expect(
            error?.description.hasSuffix(" is not a reports database (`iapcat serve --reports-db` makes one)") == true,
            "\(error.map { "\($0)" } ?? "")")
        #expect(try await server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: emptyName) == "0\n")
    }

    @Test func anUnreachableServerIsTriedUntilTheDeadlineThenAOneLineErrorWithoutThePassword() async throws {
        guard let (descriptor, port) = TestSockets.listenOnLoopback(backlog: 1) else { return }
        close(descriptor)
        let error = await #expect(throws: ReportDatabaseError.self) {
            try await PostgresReportDatabase.open(
                url: "postgres://writer:s3cret-Passw0rd@127.0.0.1:\(port)/reports?sslmode=disable", deadline: .seconds(2), logger: logger)
        }
        let text = error?.description ?? ""
        // Refused connections are worth trying again, until the deadline; then the last failure is said.
        #expect(text.hasPrefix("reports database postgres://writer@127.0.0.1:\(port)/reports: no connection within 2.0 seconds: "))
        #expect(text.contains("onnection refused"), "\(text)")
        #expect(text.hasSuffix(" (is the server up?)"))
        #expect(!text.contains("s3cret"))
        #expect(!text.contains("\n"))
    }

    /// Two replicas (two clients, two writers) on one database under concurrent load, with
    /// overlapping keys and 10,000 report ids sent to both: totals exact, and not one write
    /// failed (a deadlock would have failed one).
    @Test func twoReplicasUnderConcurrentLoadCountExactly() async throws {
        let url = try await PostgresServer.shared().createDatabase()
        let databases = [
            try await StorageFixtures.openPostgres(url),
            try await StorageFixtures.openPostgres(url),
        ]
        let writers = databases.map {
            ReportWriter(database: $0, configuration: .init(batchSize: 500, interval: .milliseconds(5)), logger: logger)
        }
        let storefronts = ["US", "FR", "DE", "JP", "GB", "BR", "IN", "CA"]
        func record(_ index: Int) -> ReportRecord {
            let dimensions = ReportDimensions(
                appVersion: ["1.0", "1.1", "2.0"][index % 3], store: .appStore, environment: .production,
                storefront: storefronts[index % storefronts.count], storefrontRaw: storefronts[index % storefronts.count],
                list: "products_v2.json")
            return StorageFixtures.record(
                "id-\(index)", at: StorageFixtures.start + Int64(index % 1_000), dimensions,
                missing: [MissingProduct(id: "p\(index % 5)"), MissingProduct(id: "p\((index + 1) % 5)", status: "3")])
        }
        await withTaskGroup(of: Void.self) { group in
            for (replica, writer) in writers.enumerated() {
                group.addTask {
                    // Replica 0 gets ids 0..<20,000, replica 1 ids 10,000..<30,000, interleaved in time.
                    for index in (replica * 10_000)..<(replica * 10_000 + 20_000) {
                        while !writer.offer(record(index)) { try? await Task.sleep(for: .milliseconds(1)) }
                        if index % 500 == 0 { await Task.yield() }
                    }
                }
            }
        }
        for writer in writers { #expect(await writer.shutdown(timeout: .seconds(600)) == 0) }  // a hang guard
        #expect(writers.map(\.counts.writeFailures) == [0, 0])
        #expect(writers.map(\.counts.written).reduce(0, +) == 30_000)
        #expect(writers.map(\.counts.duplicate).reduce(0, +) == 10_000)
        let snapshot = try await databases[0].read(ReportQuery())
        #expect(snapshot.tallies.map(\.reports).reduce(0, +) == 30_000)
        #expect(snapshot.missing.map(\.count).reduce(0, +) == 60_000)
        #expect(snapshot.tallies.count == 24)
        #expect(snapshot.missing.count == 24 * 10)
        for database in databases { await database.close() }
    }

    /// The server stops mid-run: the writer keeps accepting until its queue is full, then
    /// refuses (counted); once the server is back, everything accepted is written, exactly.
    /// A batch whose commit succeeded but whose answer came after the deadline (a starved test
    /// machine) is tried again and its reports are then counted as duplicates — the database's
    /// totals stay exact, which is what is asserted; the writer's split between written and
    /// duplicate is not.
    @Test func aStoppedServerFillsTheQueueThenWritesResumeAfterRestart() async throws {
        let server = try await PostgresServer.start()
        let url = try await server.createDatabase()
        let database = try await StorageFixtures.openPostgres(url, deadline: .seconds(30))
        let writer = ReportWriter(
            database: database,
            configuration: .init(
                capacity: 500, batchSize: 100, interval: .milliseconds(10), retryDelay: .milliseconds(20),
                maximumRetryDelay: .milliseconds(200)),
            logger: logger)
        for index in 0..<200 { #expect(writer.offer(StorageFixtures.record("before-\(index)", at: StorageFixtures.start))) }
        let settled = { writer.counts.written + writer.counts.duplicate }
        #expect(try await StorageFixtures.waitUntil(120) { settled() == 200 })

        try await server.stop()
        let offered = (0..<600).map { writer.offer(StorageFixtures.record("during-\($0)", at: StorageFixtures.start + 1)) }
        #expect(offered.filter { $0 }.count == 500)
        #expect(offered.prefix(500).allSatisfy { $0 })
        #expect(try await StorageFixtures.waitUntil(120) { writer.counts.writeFailures >= 2 })
        #expect(writer.counts.dropped == 100)
        #expect(settled() == 200)

        try await server.restart()
        // Reconnecting after the restart: the writer's retries are 200 ms apart at most.
        #expect(try await StorageFixtures.waitUntil(60) { settled() == 700 })
        #expect(await writer.shutdown() == 0)
        let tallies = try await database.read(ReportQuery()).tallies
        #expect(tallies.map(\.reports) == [700])
        await database.close()
        await server.destroy()
    }
}
