#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Tells the server which product ids the store left out (`POST /v1/reports`,
/// docs/field-reports.md): only when something is missing, at most once per app version × list
/// ETag × UTC day, backing off on `429`/`503` and never repeating a refused report
/// (``ReportRetryPolicy``).
///
/// Make one per app and keep it; call ``check(_:list:context:)`` (or, with StoreKit 2,
/// `check(products:requested:list:)`) after each product request that was answered. Sending may
/// take minutes when the server asks to wait: call it from a task of its own, never on the path
/// that shows products. Nothing waits on a blocked thread.
public actor FieldReporter {
    /// The server's `/v1/reports` (`https://lists.example.com/v1/reports`).
    public nonisolated let endpoint: URL
    /// The app every report is about.
    public nonisolated let app: ReportApp
    private let sentReports: any SentReportLog
    private let transport: any ReportTransport
    private let retry: ReportRetryPolicy
    private let clock: ReportClock
    private let random: ReportRandom
    /// Keys being sent now, so two checks at once send one report.
    private var sending: Set<SentReportKey> = []

    /// A reporter for `app` to `endpoint`. The defaults are what an app wants: the file log in its
    /// Application Support folder, `URLSession`, the system clock and randomness.
    public init(
        endpoint: URL, app: ReportApp, sentReports: any SentReportLog = FileSentReportLog.standard(),
        transport: any ReportTransport = URLSessionReportTransport(), retry: ReportRetryPolicy = ReportRetryPolicy(),
        clock: ReportClock = .system, random: ReportRandom = .system
    ) {
        self.endpoint = endpoint
        self.app = app
        self.sentReports = sentReports
        self.transport = transport
        self.retry = retry
        self.clock = clock
        self.random = random
    }

    /// Reports `products` if the store left something out and today's report for this app
    /// version, list and ETag has not gone out yet. `context` is asked for only then (with
    /// StoreKit it may need the network).
    @discardableResult
    public func check(_ products: MissingProducts, list: ReportedList, context: @Sendable () async -> StoreContext) async -> Outcome {
        guard !products.isEmpty else { return .nothingMissing }
        let key = SentReportKey(
            appVersion: app.appVersion, list: list.name, listETag: list.etag,
            day: CivilTime.day(secondsSince1970: Int64(clock.now().timeIntervalSince1970.rounded(.down))))
        // Marked before the first suspension: a second check now sees it.
        guard sending.insert(key).inserted else { return .alreadySent }
        defer { sending.remove(key) }
        if await sentReports.contains(key) { return .alreadySent }
        let report = OutgoingReport(reportID: ReportID.make(random), app: app, context: await context(), list: list, products: products)
        do {
            try report.validate()
        } catch {
            return .invalid(error)
        }
        let outcome = await deliver(report)
        switch outcome {
        case .sent, .refused: await sentReports.record(key)
        default: break
        }
        return outcome
    }

    /// ``check(_:list:context:)`` with a context already known.
    @discardableResult
    public func check(_ products: MissingProducts, list: ReportedList, context: StoreContext) async -> Outcome {
        await check(products, list: list) { context }
    }

    /// Sends `report` until it is answered for good, the attempts run out, or the task is
    /// cancelled. Every attempt carries the same report id and the time it was sent.
    private func deliver(_ report: OutgoingReport) async -> Outcome {
        var attempts = 0
        while true {
            if Task.isCancelled { return .cancelled }
            attempts += 1
            let sentAt = Int64(clock.now().timeIntervalSince1970.rounded(.down))
            var status: Int?
            var retryAfter: Double?
            do {
                let response = try await transport.send(ReportHTTPRequest(url: endpoint, body: report.json(sentAt: sentAt)))
                status = response.status
                switch ReportRetryPolicy.verdict(status: response.status) {
                case .sent: return .sent(status: response.status, attempts: attempts)
                case .final: return .refused(status: response.status)
                case .retry: break
                }
                retryAfter = response.retryAfter.flatMap { RetryAfterHeader.seconds($0, now: clock.now().timeIntervalSince1970) }
            } catch {
                if Task.isCancelled || error is CancellationError { return .cancelled }
            }
            guard let wait = retry.delay(afterAttempts: attempts, retryAfter: retryAfter, fraction: random.fraction()) else {
                return .gaveUp(status: status, attempts: attempts)
            }
            do {
                try await clock.sleep(wait)
            } catch {
                return .cancelled
            }
        }
    }
}
