import Logging
import NIOConcurrencyHelpers

/// The ingest queue: accepted reports wait in memory, and a background task writes them to the
/// database in batches, off the request path.
///
/// - ``offer(_:)`` never blocks (it takes a lock for an append): false when ``Configuration/capacity``
///   reports, or ``Configuration/capacityBytes`` of them (``ReportRecord/queuedBytes``), are
///   already waiting or being written, and the report is counted as dropped (the server answers 503).
/// - The writer wakes every ``Configuration/interval``, or as soon as ``Configuration/batchSize``
///   reports wait, and writes them in transactions of at most `batchSize`.
/// - A write that fails (database down, locked, slow past its deadline) keeps its batch and is
///   tried again after a back-off (doubling, with jitter, up to ``Configuration/maximumRetryDelay``)
///   while the queue fills; once it is full, reports are refused and counted.
/// - What a `kill -9` (or a crash, or a power loss before the database's own durability) can lose
///   is what was accepted and not yet written: at most ``Configuration/capacity`` reports (a batch
///   being written is one transaction: it is either all counted or not at all). A batch that
///   committed but whose answer was lost is written again, and its report ids are then seen and
///   not counted twice.
/// - ``shutdown(timeout:)`` stops accepting, writes what is queued for at most the timeout, and
///   says how many were left unwritten. Call it before dropping the writer, which does not close
///   the database.
public final class ReportWriter: ReportSink {
    public struct Configuration: Sendable {
        /// Reports accepted and not yet written, at most.
        public var capacity: Int
        /// The memory those reports may take, at most (``ReportRecord/queuedBytes``): a queue of
        /// large reports is full before it holds ``capacity`` of them.
        public var capacityBytes: Int
        /// Reports per transaction, at most; the writer also wakes when this many wait.
        public var batchSize: Int
        /// How often the writer wakes to write what has arrived.
        public var interval: Duration
        /// The first wait after a failed write.
        public var retryDelay: Duration
        /// The longest wait between attempts.
        public var maximumRetryDelay: Duration

        public init(
            capacity: Int = 100_000, capacityBytes: Int = 64 << 20, batchSize: Int = 1_000, interval: Duration = .milliseconds(200),
            retryDelay: Duration = .milliseconds(100), maximumRetryDelay: Duration = .seconds(5)
        ) {
            self.capacity = max(1, capacity)
            self.capacityBytes = max(1, capacityBytes)
            self.batchSize = max(1, batchSize)
            self.interval = interval
            self.retryDelay = retryDelay
            self.maximumRetryDelay = maximumRetryDelay
        }
    }

    /// What became of the reports offered so far.
    public struct Counts: Sendable, Equatable {
        /// Offered and queued.
        public var accepted = 0
        /// Refused because the queue was full (or the writer was shutting down).
        public var dropped = 0
        /// Written and counted.
        public var written = 0
        /// Written, but their report id had been counted before (a retry).
        public var duplicate = 0
        /// Accepted and not yet written.
        public var queued = 0
        /// Their ``ReportRecord/queuedBytes``.
        public var queuedBytes = 0
        /// Write attempts that failed (each batch is tried again).
        public var writeFailures = 0

        public init() {}
    }

    private struct State {
        var queue: [ReportRecord] = []
        /// Taken from the queue by the writer and not yet written.
        var inFlight = 0
        /// ``ReportRecord/queuedBytes`` of the queue and of what is in flight.
        var bytes = 0
        var counts = Counts()
        var waiter: CheckedContinuation<Void, Never>?
        var wakePending = false
        var stopping = false
    }

    private let database: any ReportDatabase
    private let configuration: Configuration
    private let logger: Logger
    private let state = NIOLockedValueBox(State())
    private let writer = NIOLockedValueBox<Task<Void, Never>?>(nil)

    /// Starts the writer. Call ``shutdown(timeout:)`` when done.
    public init(database: any ReportDatabase, configuration: Configuration = Configuration(), logger: Logger) {
        self.database = database
        self.configuration = configuration
        self.logger = logger
        writer.withLockedValue { $0 = Task { await self.run() } }
    }

    public func offer(_ record: ReportRecord) -> Bool {
        let (accepted, waiter) = state.withLockedValue { state -> (Bool, CheckedContinuation<Void, Never>?) in
            let bytes = record.queuedBytes
            guard !state.stopping, state.queue.count + state.inFlight < configuration.capacity,
                state.bytes + bytes <= configuration.capacityBytes
            else {
                state.counts.dropped += 1
                return (false, nil)
            }
            state.queue.append(record)
            state.bytes += bytes
            state.counts.accepted += 1
            guard state.queue.count >= configuration.batchSize, let waiter = state.waiter else { return (true, nil) }
            state.waiter = nil
            return (true, waiter)
        }
        waiter?.resume()
        return accepted
    }

    /// The counts so far.
    public var counts: Counts {
        state.withLockedValue { state in
            var counts = state.counts
            counts.queued = state.queue.count + state.inFlight
            counts.queuedBytes = state.bytes
            return counts
        }
    }

    /// The counts as Prometheus text lines, for `/metrics`.
    public func metrics() -> String {
        let counts = counts
        var text = "# HELP iapcat_reports_total Field reports, by what became of them (dropped: refused with 503, queue full).\n"
        text += "# TYPE iapcat_reports_total counter\n"
        for (result, count) in [
            ("accepted", counts.accepted), ("duplicate", counts.duplicate), ("dropped", counts.dropped), ("written", counts.written),
        ] {
            text += "iapcat_reports_total{result=\"\(result)\"} \(count)\n"
        }
        text += "# HELP iapcat_reports_queue_length Field reports accepted and not yet written.\n"
        text += "# TYPE iapcat_reports_queue_length gauge\n"
        text += "iapcat_reports_queue_length \(counts.queued)\n"
        text += "# HELP iapcat_reports_queue_capacity Field reports the queue holds at most.\n"
        text += "# TYPE iapcat_reports_queue_capacity gauge\n"
        text += "iapcat_reports_queue_capacity \(configuration.capacity)\n"
        text += "# HELP iapcat_reports_queue_bytes Memory the queued field reports take (estimated).\n"
        text += "# TYPE iapcat_reports_queue_bytes gauge\n"
        text += "iapcat_reports_queue_bytes \(counts.queuedBytes)\n"
        text += "# HELP iapcat_reports_queue_capacity_bytes Memory the queued field reports may take at most.\n"
        text += "# TYPE iapcat_reports_queue_capacity_bytes gauge\n"
        text += "iapcat_reports_queue_capacity_bytes \(configuration.capacityBytes)\n"
        text += "# HELP iapcat_reports_write_failures_total Batch writes to the reports database that failed (each retried).\n"
        text += "# TYPE iapcat_reports_write_failures_total counter\n"
        text += "iapcat_reports_write_failures_total \(counts.writeFailures)\n"
        return text
    }

    /// Stops accepting reports and writes those queued, for at most `timeout`; returns how many
    /// were left unwritten (lost).
    @discardableResult
    public func shutdown(timeout: Duration = .seconds(10)) async -> Int {
        state.withLockedValue { $0.stopping = true }
        wake()
        guard let task = writer.withLockedValue({ $0 }) else { return 0 }
        let finished = try? await Deadline.run(within: timeout) {
            await task.value
            return true
        }
        if finished != true { task.cancel() }
        let left = counts.queued
        if left > 0 { logger.error("reports: \(left) accepted reports were not written before shutdown") }
        return left
    }

    // MARK: - The writer

    private func run() async {
        var backlog: [ReportRecord] = []
        var next = 0
        var delay = configuration.retryDelay
        var failures = 0
        while !Task.isCancelled {
            if next == backlog.count {
                let waiting = state.withLockedValue { $0.stopping ? ($0.queue.isEmpty ? -1 : 1) : $0.queue.count }
                if waiting < 0 { return }
                if waiting < configuration.batchSize { await waitForWork() }
                backlog = state.withLockedValue { state in
                    defer { state.queue = [] }
                    state.inFlight = state.queue.count
                    return state.queue
                }
                next = 0
                continue
            }
            let batch = Array(backlog[next..<min(next + configuration.batchSize, backlog.count)])
            do {
                let new = try await database.write(batch)
                next += batch.count
                if next == backlog.count { (backlog, next) = ([], 0) }
                let written = batch.reduce(0) { $0 + $1.queuedBytes }
                state.withLockedValue { state in
                    state.inFlight -= batch.count
                    state.bytes -= written
                    state.counts.written += new
                    state.counts.duplicate += batch.count - new
                }
                if failures > 0 { logger.notice("reports: writing again after \(failures) failed attempts") }
                failures = 0
                delay = configuration.retryDelay
            } catch {
                failures += 1
                state.withLockedValue { $0.counts.writeFailures += 1 }
                let wait = delay * Double.random(in: 0.5...1)
                logger.error("reports: writing \(batch.count) reports failed (attempt \(failures)), retrying in \(wait): \(error)")
                guard (try? await Task.sleep(for: wait)) != nil else { return }
                delay = min(delay * 2, configuration.maximumRetryDelay)
            }
        }
    }

    /// Returns after ``Configuration/interval``, or sooner when a batch is waiting or on shutdown.
    private func waitForWork() async {
        let timer = Task {
            guard (try? await Task.sleep(for: configuration.interval)) != nil else { return }
            wake()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLockedValue { state -> Bool in
                if state.wakePending || state.stopping || state.queue.count >= configuration.batchSize {
                    state.wakePending = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        timer.cancel()
    }

    private func wake() {
        state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.wakePending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }?.resume()
    }
}
