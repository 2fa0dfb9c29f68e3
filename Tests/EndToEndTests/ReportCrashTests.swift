import FieldReports
import Foundation
import IAPCatTestSupport
import Logging
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a crash of `iapcat serve` costs: SIGKILL while reports stream in leaves a SQLite file that
/// passes `PRAGMA integrity_check` and holds between (accepted − `--reports-queue`) and accepted
/// reports — a crash loses at most the queue, as docs/serving.md says; a restarted server on the
/// same file takes the apps' retries and counts each report once, written before the crash or not.
@Suite struct ReportCrashTests {
    /// Reports answered 202, by id, from several threads.
    final class Accepted: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [String] = []

        func add(_ id: String) { lock.withLock { ids.append(id) } }
        var all: [String] { lock.withLock { ids } }
        var count: Int { lock.withLock { ids.count } }
    }

    static func report(_ id: String) -> String {
        ReportLoopTests.report(
            id: id, storefront: ["USA", "DEU", "JPN"][id.utf8.count % 3],
            requested: ["com.example.cosmicquest.coins.small", "com.example.cosmicquest.coins.smal"],
            missing: ["com.example.cosmicquest.coins.smal"])
    }

    /// Posts report `id` as an app does: again after a 503 (the queue is full), until another
    /// answer; that answer's status.
    static func send(_ id: String, to server: ServerProcess) async throws -> Int {
        try await offThePool { try sendWaiting(id, to: server) }
    }

    /// ``send(_:to:)`` on the calling thread: for the clients' threads.
    static func sendWaiting(_ id: String, to server: ServerProcess) throws -> Int {
        while true {
            let status = try ReportLoopTests.postWaiting(Self.report(id), to: server).status
            guard status == 503 else { return status }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The reports the database holds, and what `integrity_check` says of it.
    static func inspect(_ path: String) async throws -> (reports: Int64, problems: [String]) {
        let database = try await SQLiteReportDatabase.open(path: path, logger: Logger(label: "test"))
        let problems = try await database.integrityProblems()
        let reports = try await database.read(ReportQuery()).tallies.reduce(0) { $0 + $1.reports }
        await database.close()
        return (reports, problems)
    }

    @Test func aServerKilledUnderLoadLeavesAnIntactFileAndRetriesAreCountedOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-crash-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/reports.sqlite"
        let queue = 200
        let arguments = ["--reports-db", database, "--reports-rate", "0", "--reports-queue", "\(queue)"]

        // Four clients send new reports until the server is gone (a 503, queue full, is sent again);
        // it is killed past 600 accepted.
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml", extraArguments: arguments)
        let accepted = Accepted()
        let target = server
        let finished = DispatchGroup()
        for worker in 0..<4 {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for sequence in 0... {
                    let id = "crash-\(worker)-\(sequence)"
                    guard (try? Self.sendWaiting(id, to: target)) == 202 else { return }
                    accepted.add(id)
                }
            }
        }
        let deadline = Date().addingTimeInterval(120)
        while accepted.count < 600, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        kill(server.process.processIdentifier, SIGKILL)
        await #expect(offThePool { finished.wait(timeout: .now() + 60) } == .success)
        await server.exit.exited()
        #expect(server.process.terminationReason == .uncaughtSignal && server.process.terminationStatus == SIGKILL)
        let sent = accepted.all
        #expect(sent.count >= 600)

        let afterCrash = try await Self.inspect(database)
        #expect(afterCrash.problems == [])
        #expect(afterCrash.reports <= Int64(sent.count))
        #expect(afterCrash.reports >= Int64(sent.count - queue))

        // Every accepted report sent again, as a client whose answer was lost would: the file is
        // opened as it was left, and each report is counted exactly once.
        let restarted = try await ServerProcess.start(catalog: "catalogs/example.yaml", extraArguments: arguments)
        for id in sent { await #expect(try Self.send(id, to: restarted) == 202) }
        await #expect(restarted.stop().status == 0)
        let afterRetries = try await Self.inspect(database)
        #expect(afterRetries.problems == [])
        #expect(afterRetries.reports == Int64(sent.count), "\(afterCrash.reports) written before the crash")
    }
}
