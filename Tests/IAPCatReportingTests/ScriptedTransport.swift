import Foundation
import IAPCatReporting

/// A transport that answers from a script (then `202`) and records every request; no network.
final class ScriptedTransport: ReportTransport, @unchecked Sendable {
    enum Step {
        case answer(Int, retryAfter: String? = nil)
        case networkError
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var requests: [ReportHTTPRequest] = []

    init(_ steps: [Step] = []) {
        self.steps = steps
    }

    func send(_ request: ReportHTTPRequest) async throws -> ReportHTTPResponse {
        let step = lock.withLock {
            requests.append(request)
            return steps.isEmpty ? Step.answer(202) : steps.removeFirst()
        }
        switch step {
        case .answer(let status, let retryAfter): return ReportHTTPResponse(status: status, retryAfter: retryAfter)
        case .networkError: throw URLError(.networkConnectionLost)
        }
    }

    /// What was sent, in order.
    var sent: [ReportHTTPRequest] { lock.withLock { requests } }
    /// The bodies sent, as text.
    var bodies: [String] { sent.map { String(decoding: $0.body, as: UTF8.self) } }
}

/// A clock the test sets: sleeping records the wait and moves the time on by it, at once.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Double
    private var recorded: [Double] = []

    /// 2026-11-27T09:30:00Z, unless told otherwise.
    init(secondsSince1970: Double = 1_795_771_800) {
        time = secondsSince1970
    }

    var clock: ReportClock {
        ReportClock(
            now: { Date(timeIntervalSince1970: self.lock.withLock { self.time }) },
            sleep: { seconds in
                self.lock.withLock {
                    self.recorded.append(seconds)
                    self.time += seconds
                }
            })
    }

    /// Moves the time on.
    func advance(_ seconds: Double) { lock.withLock { time += seconds } }

    /// The waits asked for, in order.
    var waits: [Double] { lock.withLock { recorded } }
}

extension ReportRandom {
    /// Always `fraction` (0 ..< 1) as jitter, and the same report id every time.
    static func constant(_ fraction: Double) -> ReportRandom {
        let value = UInt64(fraction * 0x1p53) << 11
        return ReportRandom { value }
    }

    /// A counter: jitter 0 (the first 2,047 draws) and a different report id every time.
    static func counting() -> ReportRandom {
        let counter = Counter()
        return ReportRandom { counter.next() }
    }
}

/// 1, 2, 3, … across threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    func next() -> UInt64 {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// What the tests report about: the example catalog's app (catalogs/example.yaml).
enum Example {
    static let app = ReportApp(bundleID: "com.example.cosmicquest", appVersion: "3.1.0", os: "iOS", osVersion: "18.1")
    static let small = "com.example.cosmicquest.coins.small"
    static let monthly = "com.example.cosmicquest.premium.monthly"
    static let typo = "com.example.cosmicquest.coins.smal"
    static let list = ReportedList(name: "products_v2.json", etag: "\"5d41402abc4b2a76b9719d911017c592\"")
    static let context = StoreContext(environment: .production, storefront: "USA", sdk: "storekit2")
    /// Three ids asked, the typo not returned.
    static let oneMissing = MissingProducts(requested: [small, monthly, typo], returned: [small, monthly])
    static let endpoint = URL(string: "https://lists.example.com/v1/reports")!

    static func reporter(
        _ transport: any ReportTransport, clock: TestClock = TestClock(), log: any SentReportLog = InMemorySentReportLog(),
        random: ReportRandom = .constant(0.5), retry: ReportRetryPolicy = ReportRetryPolicy(), app: ReportApp = app
    ) -> FieldReporter {
        FieldReporter(
            endpoint: endpoint, app: app, sentReports: log, transport: transport, retry: retry, clock: clock.clock, random: random)
    }
}
