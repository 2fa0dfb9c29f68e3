import Foundation
import Logging
import NIOConcurrencyHelpers
import ReportStorageChecks
import Testing

@testable import FieldReports

/// A database in memory that can fail or hang on demand.
private final class FakeDatabase: ReportDatabase {
    struct State {
        var seen = Set<String>()
        var batches: [[String]] = []
        var failing = false
        var hanging = false
    }

    let state = NIOLockedValueBox(State())

    func write(_ records: [ReportRecord]) async throws -> Int {
        while state.withLockedValue({ $0.hanging }) { try await Task.sleep(for: .milliseconds(5)) }
        return try state.withLockedValue { state in
            if state.failing { throw ReportDatabaseError.failed(location: "fake", operation: "write", reason: "down") }
            state.batches.append(records.map(\.reportID))
            return records.filter { state.seen.insert($0.reportID).inserted }.count
        }
    }

    func read(_ query: ReportQuery) async throws -> ReportSnapshot { ReportSnapshot(missing: [], tallies: []) }
    func fingerprint(_ query: ReportQuery) async throws -> ReportFingerprint { ReportFingerprint(rows: 0, reports: 0, lastSeen: 0) }
    func rowsPerDay(_ query: ReportQuery) async throws -> [ReportDay: Int64] { [:] }
    func close() async {}

    var batches: [[String]] { state.withLockedValue { $0.batches } }
}

@Suite struct ReportWriterTests {
    let logger = StorageFixtures.logger

    private func record(_ id: String) -> ReportRecord { StorageFixtures.record(id, at: StorageFixtures.start) }

    private func fast(capacity: Int = 1_000, batchSize: Int = 10, interval: Duration = .milliseconds(10)) -> ReportWriter.Configuration {
        .init(
            capacity: capacity, batchSize: batchSize, interval: interval, retryDelay: .milliseconds(5), maximumRetryDelay: .milliseconds(20)
        )
    }

    @Test func acceptedReportsAreWrittenInBatchesOfAtMostTheBatchSize() async throws {
        let database = FakeDatabase()
        let writer = ReportWriter(database: database, configuration: fast(), logger: logger)
        for index in 0..<95 { #expect(writer.offer(record("r\(index)"))) }
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.written == 95 })
        #expect(database.batches.allSatisfy { (1...10).contains($0.count) })
        #expect(database.batches.flatMap { $0 } == (0..<95).map { "r\($0)" })
        #expect(await writer.shutdown() == 0)
        var expected = ReportWriter.Counts()
        (expected.accepted, expected.written) = (95, 95)
        #expect(writer.counts == expected)
    }

    @Test func aReportTheDatabaseHadSeenIsCountedAsDuplicate() async throws {
        let writer = ReportWriter(database: FakeDatabase(), configuration: fast(), logger: logger)
        #expect(writer.offer(record("a")) && writer.offer(record("a")) && writer.offer(record("b")))
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.queued == 0 })
        await writer.shutdown()
        #expect(writer.counts.written == 2)
        #expect(writer.counts.duplicate == 1)
    }

    /// While the database is down the queue fills to its capacity, then refuses and counts;
    /// once it is back, everything accepted is written.
    @Test func aFullQueueRefusesAndCountsUntilTheDatabaseIsBack() async throws {
        let database = FakeDatabase()
        database.state.withLockedValue { $0.failing = true }
        let writer = ReportWriter(database: database, configuration: fast(capacity: 20, batchSize: 5), logger: logger)
        let offered = (0..<25).map { writer.offer(record("r\($0)")) }
        #expect(offered == Array(repeating: true, count: 20) + Array(repeating: false, count: 5))
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.writeFailures >= 2 })
        #expect(!writer.offer(record("late")))
        #expect(writer.counts.dropped == 6)
        #expect(writer.counts.queued == 20)
        database.state.withLockedValue { $0.failing = false }
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.written == 20 })
        #expect(writer.offer(record("after")))
        #expect(await writer.shutdown() == 0)
        #expect(Set(database.batches.flatMap { $0 }) == Set((0..<20).map { "r\($0)" } + ["after"]))
    }

    @Test func offerDoesNotWaitForAWriteInProgress() async throws {
        let database = FakeDatabase()
        let writer = ReportWriter(database: database, configuration: fast(batchSize: 5), logger: logger)
        database.state.withLockedValue { $0.hanging = true }
        #expect(writer.offer(record("first")))
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.queued == 1 })
        for index in 0..<100 { #expect(writer.offer(record("r\(index)"))) }
        #expect(writer.counts.queued == 101)
        #expect(writer.counts.written == 0)
        database.state.withLockedValue { $0.hanging = false }
        #expect(await writer.shutdown() == 0)
        #expect(writer.counts.written == 101)
    }

    @Test func shutdownWritesWhatIsQueuedThenRefuses() async throws {
        let database = FakeDatabase()
        let writer = ReportWriter(database: database, configuration: fast(batchSize: 1_000, interval: .seconds(60)), logger: logger)
        for index in 0..<30 { #expect(writer.offer(record("r\(index)"))) }
        #expect(database.batches.isEmpty)
        #expect(await writer.shutdown() == 0)
        #expect(database.batches == [(0..<30).map { "r\($0)" }])
        #expect(!writer.offer(record("late")))
        #expect(writer.counts.dropped == 1)
    }

    @Test func shutdownGivesUpAfterItsTimeoutAndSaysWhatIsLost() async throws {
        let database = FakeDatabase()
        database.state.withLockedValue { $0.failing = true }
        let writer = ReportWriter(database: database, configuration: fast(), logger: logger)
        for index in 0..<7 { #expect(writer.offer(record("r\(index)"))) }
        let started = ContinuousClock.now
        #expect(await writer.shutdown(timeout: .milliseconds(200)) == 7)
        // Without the timeout it would never return; with it, it returns at 0.2 s on an idle machine
        // (the bound leaves room for the start of a full run, see `StorageFixtures.patience`).
        #expect(ContinuousClock.now - started < .seconds(StorageFixtures.patience))
    }

    @Test func metricsArePrometheusLines() async throws {
        let database = FakeDatabase()
        let writer = ReportWriter(database: database, configuration: fast(capacity: 3), logger: logger)
        database.state.withLockedValue { $0.failing = true }
        for id in ["a", "a", "b", "c"] { _ = writer.offer(record(id)) }
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.writeFailures >= 1 })
        database.state.withLockedValue { $0.failing = false }
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.queued == 0 })
        await writer.shutdown()
        let failures = writer.counts.writeFailures
        #expect(
            writer.metrics() == """
                # HELP iapcat_reports_total Field reports, by what became of them (dropped: refused with 503, queue full).
                # TYPE iapcat_reports_total counter
                iapcat_reports_total{result="accepted"} 3
                iapcat_reports_total{result="duplicate"} 1
                iapcat_reports_total{result="dropped"} 1
                iapcat_reports_total{result="written"} 2
                # HELP iapcat_reports_queue_length Field reports accepted and not yet written.
                # TYPE iapcat_reports_queue_length gauge
                iapcat_reports_queue_length 0
                # HELP iapcat_reports_queue_capacity Field reports the queue holds at most.
                # TYPE iapcat_reports_queue_capacity gauge
                iapcat_reports_queue_capacity 3
                # HELP iapcat_reports_queue_bytes Memory the queued field reports take (estimated).
                # TYPE iapcat_reports_queue_bytes gauge
                iapcat_reports_queue_bytes 0
                # HELP iapcat_reports_queue_capacity_bytes Memory the queued field reports may take at most.
                # TYPE iapcat_reports_queue_capacity_bytes gauge
                iapcat_reports_queue_capacity_bytes 67108864
                # HELP iapcat_reports_write_failures_total Batch writes to the reports database that failed (each retried).
                # TYPE iapcat_reports_write_failures_total counter
                iapcat_reports_write_failures_total \(failures)

                """)
    }

    /// The queue is bounded in memory as well as in reports: while the database is down, large
    /// reports fill it before it holds its count of them; written, they free their room.
    @Test func theQueueIsBoundedInBytes() async throws {
        let database = FakeDatabase()
        database.state.withLockedValue { $0.failing = true }
        let large = (0..<200).map { MissingProduct(id: "id\($0)") }
        let size = StorageFixtures.record("r00", at: StorageFixtures.start, missing: large).queuedBytes
        #expect(size == 400 + 3 + 48 * 200)
        var configuration = fast(capacity: 1_000, batchSize: 5)
        configuration.capacityBytes = 10 * size
        let writer = ReportWriter(database: database, configuration: configuration, logger: logger)
        let offered = (0..<12).map {
            writer.offer(StorageFixtures.record(String(format: "r%02d", $0), at: StorageFixtures.start, missing: large))
        }
        #expect(offered == Array(repeating: true, count: 10) + [false, false])
        #expect(writer.counts.queuedBytes == 10 * size)
        #expect(writer.metrics().contains("iapcat_reports_queue_bytes \(10 * size)\n"))
        database.state.withLockedValue { $0.failing = false }
        #expect(try await StorageFixtures.waitUntil(StorageFixtures.patience) { writer.counts.written == 10 })
        #expect(writer.counts.queuedBytes == 0)
        #expect(writer.offer(StorageFixtures.record("r12", at: StorageFixtures.start, missing: large)))
        #expect(await writer.shutdown() == 0)
    }
}
