import Foundation
import IAPCatReporting
import Testing

/// A report goes out only when something is missing, once per app version × list ETag × UTC day.
@Suite struct OncePerDayTests {
    @Test func aSecondCheckTheSameDaySendsNothingAndTheNextDaySendsAgain() async throws {
        let transport = ScriptedTransport()
        let clock = TestClock()
        let reporter = Example.reporter(transport, clock: clock)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .sent(status: 202, attempts: 1))
        // Later the same day (09:30 → 23:59:59 UTC).
        clock.advance(14 * 3_600 + 29 * 60 + 59)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        #expect(transport.sent.count == 1)
        // 00:00:00 UTC the next day.
        clock.advance(1)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .sent(status: 202, attempts: 1))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        #expect(transport.sent.count == 2)
        #expect(transport.bodies.map { $0.contains(#""sent_at":"2026-11-27T09:30:00Z""#) } == [true, false])
        #expect(transport.bodies.map { $0.contains(#""sent_at":"2026-11-28T00:00:00Z""#) } == [false, true])
    }

    @Test func anotherVersionOrETagOrListIsAnotherReport() async throws {
        let transport = ScriptedTransport()
        let log = InMemorySentReportLog()
        let reporter = Example.reporter(transport, log: log)
        var other = Example.app
        other.appVersion = "3.2.0"
        let otherVersion = Example.reporter(transport, log: log, app: other)
        let newETag = ReportedList(name: "products_v2.json", etag: "\"6e2\"")
        let sandbox = ReportedList(name: "sandbox/products_v2.json", etag: Example.list.etag)
        for (reporter, list) in [
            (reporter, Example.list), (otherVersion, Example.list), (reporter, newETag), (reporter, sandbox), (reporter, .bundled),
        ] {
            #expect(await reporter.check(Example.oneMissing, list: list, context: Example.context) == .sent(status: 202, attempts: 1))
            #expect(await reporter.check(Example.oneMissing, list: list, context: Example.context) == .alreadySent)
        }
        #expect(transport.sent.count == 5)
        #expect(await log.keys.count == 5)
        #expect(await log.keys.allSatisfy { $0.day == 20_784 })
    }

    @Test func nothingIsSentWhenNothingIsMissing() async throws {
        let transport = ScriptedTransport()
        let log = InMemorySentReportLog()
        let reporter = Example.reporter(transport, log: log)
        let all = MissingProducts(requested: [Example.small, Example.monthly, Example.small], returned: [Example.monthly, Example.small])
        let asked = Counter()
        let outcome = await reporter.check(all, list: Example.list) {
            _ = asked.next()
            return Example.context
        }
        #expect(outcome == .nothingMissing)
        #expect(transport.sent.isEmpty)
        #expect(await log.keys.isEmpty)
        // The context (StoreKit's, which may need the network) was not even asked for.
        #expect(asked.next() == 1)
    }

    @Test func twoChecksAtOnceSendOneReport() async throws {
        let transport = GatedTransport()
        let reporter = Example.reporter(transport)
        let first = Task { await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) }
        while !transport.isWaiting { await Task.yield() }
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        transport.open()
        #expect(await first.value == .sent(status: 202, attempts: 1))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        #expect(transport.calls == 1)
    }

    @Test func aReportThatWouldBreakTheContractIsNeverSent() async throws {
        let transport = ScriptedTransport()
        var app = Example.app
        app.bundleID = ""
        #expect(
            await Example.reporter(transport, app: app).check(Example.oneMissing, list: Example.list, context: Example.context)
                == .invalid(ReportContractViolation(field: "/bundle_id", reason: "must be 1–255 characters")))
        let badStatus = MissingProducts(requested: ["a", "b"], unfetched: [.init(id: "b", status: "not found")])
        #expect(
            await Example.reporter(transport).check(badStatus, list: Example.list, context: Example.context)
                == .invalid(ReportContractViolation(field: "/missing/0/status", reason: "holds a character the contract does not allow")))
        let tooMany = MissingProducts(requested: (0...1_000).map { "id\($0)" }, returned: [])
        #expect(
            await Example.reporter(transport).check(tooMany, list: Example.list, context: Example.context)
                == .invalid(ReportContractViolation(field: "/requested", reason: "must hold 1–1000 ids")))
        #expect(transport.sent.isEmpty)
    }

    @Test func theFileLogRemembersAcrossLaunchesAndKeepsOnlyTodayAndYesterday() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-sent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("nested").appendingPathComponent("sent-reports.txt")
        let transport = ScriptedTransport()
        let clock = TestClock()
        #expect(
            await Example.reporter(transport, clock: clock, log: FileSentReportLog(url: url))
                .check(Example.oneMissing, list: Example.list, context: Example.context) == .sent(status: 202, attempts: 1))
        // A new launch: a new reporter and a new log on the same file.
        #expect(
            await Example.reporter(transport, clock: clock, log: FileSentReportLog(url: url))
                .check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
        #expect(
            await Example.reporter(transport, clock: clock, log: FileSentReportLog(url: url))
                .check(Example.oneMissing, list: .bundled, context: Example.context) == .sent(status: 202, attempts: 1))
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(
            written == "20784\t3.1.0\tbundle\t\n20784\t3.1.0\tproducts_v2.json\t\"5d41402abc4b2a76b9719d911017c592\"\n",
            "\(written.debugDescription)")
        // Two days on, yesterday's and older keys are dropped when today's is written.
        clock.advance(2 * 86_400)
        let log = FileSentReportLog(url: url)
        #expect(await log.contains(SentReportKey(appVersion: "3.1.0", list: "bundle", listETag: nil, day: 20_784)))
        await log.record(SentReportKey(appVersion: "3.1.0", list: "bundle", listETag: nil, day: 20_786))
        let rewritten = try String(contentsOf: url, encoding: .utf8)
        #expect(rewritten == "20786\t3.1.0\tbundle\t\n", "\(rewritten.debugDescription)")
        #expect(transport.sent.count == 2)
    }
}

/// A transport whose first exchange waits until the test opens it (a suspension, no thread held).
final class GatedTransport: ReportTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Void, Never>?
    private var opened = false
    private var count = 0

    func send(_ request: ReportHTTPRequest) async throws -> ReportHTTPResponse {
        await withCheckedContinuation { continuation in
            let resume = lock.withLock {
                count += 1
                if opened { return true }
                waiter = continuation
                return false
            }
            if resume { continuation.resume() }
        }
        return ReportHTTPResponse(status: 202)
    }

    var isWaiting: Bool { lock.withLock { waiter != nil } }
    var calls: Int { lock.withLock { count } }

    func open() {
        let waiter = lock.withLock {
            opened = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }
}
