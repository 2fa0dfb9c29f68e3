import Foundation
import Logging
import Testing

@testable import FieldReports

/// Records and the checks every reports database must pass, SQLite and PostgreSQL alike: shared by
/// the in-process tier (SQLite, FieldReportsTests) and the end-to-end tier (a real PostgreSQL,
/// EndToEndTests), hence a library target of its own.
package enum StorageFixtures {
    /// 2026-11-27, 00:00 UTC.
    package static let day0 = ReportDay(20_419)
    package static var start: Int64 { Int64(day0.value) * 86_400 }

    package static let production = ReportDimensions(
        appVersion: "1.0", store: .appStore, environment: .production, storefront: "US", storefrontRaw: "USA", list: "products_v2.json")
    /// Quiet: the tests provoke failures on purpose, and check what they count instead.
    package static let logger: Logger = {
        var logger = Logger(label: "iapcat.tests")
        logger.logLevel = .critical
        return logger
    }()

    package static let sandbox = ReportDimensions(
        appVersion: "1.1", store: .googlePlay, environment: .sandbox, storefront: "FR", storefrontRaw: "FR", list: "bundle")

    package static func record(
        _ id: String, at seconds: Int64, _ dimensions: ReportDimensions = production, allMissing: Bool = false,
        missing: [MissingProduct] = [MissingProduct(id: "gold")]
    ) -> ReportRecord {
        ReportRecord(reportID: id, receivedAt: seconds, dimensions: dimensions, allMissing: allMissing, missing: missing)
    }

    /// A fresh SQLite file in a new temporary folder.
    package static func sqlitePath() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-reports-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/reports.sqlite"
    }

    // MARK: - What every database does

    /// Rows come back exactly, merged across batches (counts added, first seen the earliest,
    /// last seen the latest), and the query's day and environment select them.
    package static func checkRoundTrip(_ database: any ReportDatabase) async throws {
        let s = start
        let first = try await database.write([
            record("a", at: s + 100, missing: [MissingProduct(id: "gold"), MissingProduct(id: "silver", status: "3")]),
            record("b", at: s + 200, allMissing: true),
            record("c", at: s + 86_400 + 50, sandbox, missing: [MissingProduct(id: "bronze", status: "4")]),
        ])
        #expect(first == 3)
        let second = try await database.write([record("d", at: s + 50), record("e", at: s + 300, missing: [])])
        #expect(second == 2)

        let day1 = ReportDay(day0.value + 1)
        let expected = ReportSnapshot(
            missing: [
                MissingRow(
                    day: day0, dimensions: production, productID: "gold", status: "", count: 3, firstSeen: s + 50, lastSeen: s + 200,
                    allMissing: 1),
                MissingRow(
                    day: day0, dimensions: production, productID: "silver", status: "3", count: 1, firstSeen: s + 100, lastSeen: s + 100),
                MissingRow(
                    day: day1, dimensions: sandbox, productID: "bronze", status: "4", count: 1, firstSeen: s + 86_450, lastSeen: s + 86_450),
            ],
            tallies: [
                TallyRow(day: day0, dimensions: production, reports: 4, allMissing: 1, firstSeen: s + 50, lastSeen: s + 300),
                TallyRow(day: day1, dimensions: sandbox, reports: 1, allMissing: 0, firstSeen: s + 86_450, lastSeen: s + 86_450),
            ])
        #expect(try await database.read(ReportQuery()) == expected)
        #expect(
            try await database.read(ReportQuery(since: day1))
                == ReportSnapshot(missing: [expected.missing[2]], tallies: [expected.tallies[1]]))
        #expect(
            try await database.read(ReportQuery(environment: .production))
                == ReportSnapshot(missing: Array(expected.missing[0...1]), tallies: [expected.tallies[0]]))
        #expect(try await database.read(ReportQuery(since: day1, environment: .production)) == ReportSnapshot(missing: [], tallies: []))
        #expect(try await database.write([]) == 0)
    }

    /// A report id counts once: a second record with it in the same batch, or in a later one,
    /// is not counted (the first one's content stands).
    package static func checkDuplicates(_ database: any ReportDatabase) async throws {
        let s = start
        #expect(
            try await database.write([
                record("a", at: s + 1), record("a", at: s + 2, missing: [MissingProduct(id: "other")]), record("b", at: s + 3),
            ]) == 2)
        #expect(try await database.write([record("a", at: s + 4), record("c", at: s + 5)]) == 1)
        #expect(try await database.write([record("b", at: s + 6), record("c", at: s + 7)]) == 0)
        let snapshot = try await database.read(ReportQuery())
        #expect(
            snapshot.tallies == [TallyRow(day: day0, dimensions: production, reports: 3, allMissing: 0, firstSeen: s + 1, lastSeen: s + 5)])
        #expect(
            snapshot.missing == [
                MissingRow(day: day0, dimensions: production, productID: "gold", status: "", count: 3, firstSeen: s + 1, lastSeen: s + 5)
            ])
    }

    /// The fingerprint changes with every report counted in the rows the query selects, and only then.
    package static func checkFingerprint(_ database: any ReportDatabase) async throws {
        let s = start
        let day1 = ReportQuery(since: ReportDay(day0.value + 1))
        let empty = try await database.fingerprint(ReportQuery())
        #expect(empty == ReportFingerprint(rows: 0, reports: 0, lastSeen: 0))
        _ = try await database.write([record("a", at: s + 10), record("b", at: s + 86_400 + 20, sandbox)])
        let both = try await database.fingerprint(ReportQuery())
        #expect(both == ReportFingerprint(rows: 2, reports: 2, lastSeen: s + 86_420))
        #expect(try await database.fingerprint(ReportQuery()) == both)
        let later = try await database.fingerprint(day1)
        #expect(later == ReportFingerprint(rows: 1, reports: 1, lastSeen: s + 86_420))
        // A report into an existing row, on the first day: the whole changes, the later days do not.
        _ = try await database.write([record("c", at: s + 5)])
        #expect(try await database.fingerprint(ReportQuery()) == ReportFingerprint(rows: 2, reports: 3, lastSeen: s + 86_420))
        #expect(try await database.fingerprint(day1) == later)
        // A retry counts nothing and changes nothing.
        _ = try await database.write([record("c", at: s + 6)])
        #expect(try await database.fingerprint(ReportQuery()) == ReportFingerprint(rows: 2, reports: 3, lastSeen: s + 86_420))
    }

    /// Rows per day, both tables together, of the rows a query selects.
    package static func checkRowsPerDay(_ database: any ReportDatabase) async throws {
        let s = start
        let day1 = ReportDay(day0.value + 1)
        #expect(try await database.rowsPerDay(ReportQuery()) == [:])
        _ = try await database.write([
            record("a", at: s + 10, missing: [MissingProduct(id: "gold"), MissingProduct(id: "silver")]),
            record("b", at: s + 20, sandbox), record("c", at: s + 86_400 + 20, sandbox, missing: []),
        ])
        // Day 0: two tallies (production, sandbox) and three ids' rows; day 1: one tally.
        #expect(try await database.rowsPerDay(ReportQuery()) == [day0: 5, day1: 1])
        #expect(try await database.rowsPerDay(ReportQuery(since: day1)) == [day1: 1])
        #expect(try await database.rowsPerDay(ReportQuery(environment: .production)) == [day0: 3])
    }

    /// A record whose id is not remembered (past the day's bound) is counted each time, with or
    /// without an id the database remembers, and leaves no id behind: a later record with its id counts.
    package static func checkUnremembered(_ database: any ReportDatabase) async throws {
        let s = start
        var unremembered = record("u", at: s + 1)
        unremembered.remembered = false
        #expect(try await database.write([record("a", at: s), unremembered, unremembered]) == 3)
        var retryOfA = record("a", at: s + 2)
        retryOfA.remembered = false
        #expect(try await database.write([unremembered, retryOfA]) == 2)
        #expect(try await database.write([record("u", at: s + 3), record("a", at: s + 4)]) == 1)
        let snapshot = try await database.read(ReportQuery())
        #expect(
            snapshot.tallies == [TallyRow(day: day0, dimensions: production, reports: 6, allMissing: 0, firstSeen: s, lastSeen: s + 3)])
    }

    /// A seen id is remembered for the day it arrived and the two days after; past that, a
    /// retry counts again.
    package static func checkSeenDays(_ database: any ReportDatabase) async throws {
        let s = start
        #expect(try await database.write([record("x", at: s)]) == 1)
        #expect(try await database.write([record("y", at: s + 2 * 86_400)]) == 1)
        #expect(try await database.write([record("x", at: s + 2 * 86_400 + 1)]) == 0)
        #expect(try await database.write([record("z", at: s + 3 * 86_400)]) == 1)
        #expect(try await database.write([record("x", at: s + 3 * 86_400 + 1)]) == 1)
        #expect(try await database.write([record("y", at: s + 3 * 86_400 + 2)]) == 0)
        let tallies = try await database.read(ReportQuery()).tallies
        #expect(tallies.map(\.day.value) == [0, 2, 3].map { day0.value + $0 })
        #expect(tallies.map(\.reports) == [1, 1, 2])
    }

    /// Waits (polling) until `condition` holds, at most `seconds`.
    /// The database at `url`, opened (and migrated) with `deadline` per attempt, tried again
    /// until 60 s have passed (a server just restarted may refuse the first connections).
    package static func openPostgres(_ url: String, deadline: Duration = .seconds(30)) async throws -> PostgresReportDatabase {
        let giveUp = Date().addingTimeInterval(60)
        while true {
            let failure: ReportDatabaseError
            do {
                return try await PostgresReportDatabase.open(url: url, deadline: deadline, logger: logger)
            } catch {
                failure = error
            }
            guard Date() < giveUp else { throw failure }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// How long a test waits for what a writer's background task does: 2 minutes. When a full
    /// `swift test` starts, every test's first slice is queued on Swift's two cooperative threads
    /// at once, and a background task woken behind them waited 30–44 s (measured in full runs on
    /// this 2-core machine, 2026-12-07), so a 30 s wait failed though nothing was wrong. A
    /// condition that never holds still fails, later.
    package static let patience: Double = 120

    /// Whether `condition` holds within `seconds`, polling every 20 ms.
    package static func waitUntil(_ seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }
}
