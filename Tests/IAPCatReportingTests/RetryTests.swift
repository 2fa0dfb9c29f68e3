import Foundation
import IAPCatReporting
import Testing

/// Which answers are sent again, after how long, how often: with an injected transport, clock and
/// randomness (no real waiting).
@Suite struct RetryTests {
    static func check(
        _ steps: [ScriptedTransport.Step], random: ReportRandom = .constant(0.5), retry: ReportRetryPolicy = ReportRetryPolicy(),
        clock: TestClock = TestClock()
    ) async -> (FieldReporter.Outcome, ScriptedTransport, TestClock) {
        let transport = ScriptedTransport(steps)
        let outcome = await Example.reporter(transport, clock: clock, random: random, retry: retry)
            .check(Example.oneMissing, list: Example.list, context: Example.context)
        return (outcome, transport, clock)
    }

    @Test func a429WaitsWhatRetryAfterSaysInSeconds() async throws {
        let (outcome, transport, clock) = await Self.check([.answer(429, retryAfter: "37")], random: .constant(0))
        #expect(outcome == .sent(status: 202, attempts: 2))
        #expect(clock.waits == [37])
        #expect(transport.sent.count == 2)
        // Jitter comes on top, up to the base delay (2 s): never sooner than asked.
        let (_, _, jittered) = await Self.check([.answer(429, retryAfter: "37")], random: .constant(0.75))
        #expect(jittered.waits == [38.5])
    }

    @Test func a429WaitsUntilRetryAftersHTTPDate() async throws {
        // The clock reads 09:30:00; the server says 09:31:30, in each of HTTP's three date forms.
        for date in ["Fri, 27 Nov 2026 09:31:30 GMT", "Friday, 27-Nov-26 09:31:30 GMT", "Fri Nov 27 09:31:30 2026"] {
            let (outcome, _, clock) = await Self.check([.answer(429, retryAfter: date)], random: .constant(0))
            #expect(outcome == .sent(status: 202, attempts: 2))
            #expect(clock.waits == [90], "\(date)")
        }
        // A date already past: at once (plus jitter); a value that is neither form: the back-off.
        let (_, _, past) = await Self.check([.answer(503, retryAfter: "Fri, 27 Nov 2026 09:00:00 GMT")], random: .constant(0.5))
        #expect(past.waits == [1])
        let (_, _, garbage) = await Self.check([.answer(503, retryAfter: "soon")], random: .constant(0.5))
        #expect(garbage.waits == [1])
    }

    @Test func aRetryAfterPastTheCapEndsTheSendingForNow() async throws {
        let log = InMemorySentReportLog()
        let transport = ScriptedTransport([.answer(429, retryAfter: "301")])
        let clock = TestClock()
        let reporter = Example.reporter(transport, clock: clock, log: log)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .gaveUp(status: 429, attempts: 1))
        #expect(clock.waits.isEmpty)
        // Not remembered: the next check that day tries again.
        #expect(await log.keys.isEmpty)
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .sent(status: 202, attempts: 1))
        #expect(transport.sent.count == 2)
    }

    @Test func a503BacksOffWithFullJitterWithinTheCaps() async throws {
        // Half of each cap: 2 s, 4 s, 8 s → 1, 2, 4.
        let (outcome, transport, clock) = await Self.check([.answer(503), .answer(502), .answer(504)])
        #expect(outcome == .sent(status: 202, attempts: 4))
        #expect(clock.waits == [1, 2, 4])
        #expect(transport.sent.count == 4)
        // Real randomness: every wait between 0 and its cap (2 × 2^(n−1), at most 60 s), and spread.
        let retry = ReportRetryPolicy(maximumAttempts: 8)
        var waits: [[Double]] = []
        for _ in 0..<50 {
            let (outcome, _, clock) = await Self.check(Array(repeating: .answer(503), count: 7), random: .system, retry: retry)
            #expect(outcome == .sent(status: 202, attempts: 8))
            waits.append(clock.waits)
        }
        let caps: [Double] = [2, 4, 8, 16, 32, 60, 60]
        #expect(waits.allSatisfy { $0.count == 7 && zip($0, caps).allSatisfy { wait, cap in wait >= 0 && wait <= cap } })
        for (attempt, cap) in caps.enumerated() {
            let column = waits.map { $0[attempt] }
            #expect(Set(column).count > 40, "attempt \(attempt + 1): \(column)")
            #expect(column.contains { $0 > cap / 2 } && column.contains { $0 < cap / 2 }, "attempt \(attempt + 1): \(column)")
        }
    }

    @Test func networkErrorsAreTriedAgain() async throws {
        let (outcome, transport, clock) = await Self.check([.networkError, .networkError])
        #expect(outcome == .sent(status: 202, attempts: 3))
        #expect(clock.waits == [1, 2])
        // Every attempt is the same report: one report id.
        let ids = Set(transport.bodies.map { $0.prefix(52) })
        #expect(ids == [#"{"report_id":"80000000-0000-4000-8000-000000000000","#])
    }

    @Test func refusalsAreNeverRetriedAndAreRememberedForTheDay() async throws {
        for status in [400, 413, 415, 404, 405, 411, 500] {
            let log = InMemorySentReportLog()
            let transport = ScriptedTransport([.answer(status, retryAfter: "1")])
            let clock = TestClock()
            let reporter = Example.reporter(transport, clock: clock, log: log)
            #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .refused(status: status))
            #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .alreadySent)
            #expect(transport.sent.count == 1, "\(status)")
            #expect(clock.waits.isEmpty)
            #expect(await log.keys.count == 1)
        }
    }

    @Test func attemptsAreBounded() async throws {
        let (outcome, transport, clock) = await Self.check(Array(repeating: .answer(503, retryAfter: "5"), count: 10), random: .constant(0))
        #expect(outcome == .gaveUp(status: 503, attempts: 4))
        #expect(transport.sent.count == 4)
        #expect(clock.waits == [5, 5, 5])
        let (network, networkTransport, _) = await Self.check(
            Array(repeating: .networkError, count: 10), retry: ReportRetryPolicy(maximumAttempts: 2))
        #expect(network == .gaveUp(status: nil, attempts: 2))
        #expect(networkTransport.sent.count == 2)
        // Given up is not remembered: the next check tries again.
        let (single, singleTransport, _) = await Self.check([.answer(503)], retry: ReportRetryPolicy(maximumAttempts: 1))
        #expect(single == .gaveUp(status: 503, attempts: 1))
        #expect(singleTransport.sent.count == 1)
    }

    @Test func aCancelledTaskStopsWaitingAndIsNotRemembered() async throws {
        let log = InMemorySentReportLog()
        let transport = ScriptedTransport([.answer(503, retryAfter: "60")])
        let clock = ReportClock(now: { Date(timeIntervalSince1970: 1_795_771_800) }, sleep: { _ in throw CancellationError() })
        let reporter = FieldReporter(
            endpoint: Example.endpoint, app: Example.app, sentReports: log, transport: transport, clock: clock, random: .constant(0))
        #expect(await reporter.check(Example.oneMissing, list: Example.list, context: Example.context) == .cancelled)
        #expect(await log.keys.isEmpty)
        // With the system clock, cancelling the task ends the wait at once (Task.sleep): well
        // before the 300 s Retry-After asks for, however long a busy machine takes to resume the test.
        let waiting = FieldReporter(
            endpoint: Example.endpoint, app: Example.app, sentReports: log, transport: ScriptedTransport([.answer(503, retryAfter: "300")]),
            clock: .system, random: .constant(0))
        let task = Task { await waiting.check(Example.oneMissing, list: Example.list, context: Example.context) }
        let started = Date()
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(Date().timeIntervalSince(started) < 240)
    }
}
