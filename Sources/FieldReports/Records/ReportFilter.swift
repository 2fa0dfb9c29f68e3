/// Which reports to explain: an environment, a store, an app version and a period, each optional.
/// The one place reports are selected: `iapcat reports` (`--environment`, `--store`,
/// `--app-version`, `--since`) and the page (`?environment=…&store=…&version=…&period=…`) apply
/// it to the snapshot before the analysis, so both explain the same rows.
public struct ReportFilter: Sendable, Hashable {
    /// The days a filter keeps.
    public enum Period: Sendable, Hashable {
        /// The last N days, today included (`7d`: today and the six before).
        case lastDays(Int)
        /// From this day on.
        case since(ReportDay)
    }

    /// Only reports from this environment; nil for all.
    public var environment: ReportedEnvironment?
    /// Only reports from this store; nil for both.
    public var store: ReportedStore?
    /// Only reports from this app version, exactly as stored; nil for all.
    public var appVersion: String?
    /// Only reports of these days; nil for all.
    public var period: Period?

    /// A filter keeping what each non-nil value names.
    public init(
        environment: ReportedEnvironment? = nil, store: ReportedStore? = nil, appVersion: String? = nil, period: Period? = nil
    ) {
        self.environment = environment
        self.store = store
        self.appVersion = appVersion
        self.period = period
    }

    /// The first day kept, given `today`; nil when the period is not limited.
    public func firstDay(today: ReportDay) -> ReportDay? {
        switch period {
        case .lastDays(let days): ReportDay(today.value - days + 1)
        case .since(let day): day
        case nil: nil
        }
    }

    /// The days the period spans, given `today`: from its first day to today (or to the last day
    /// of `data`, when later); nil when the period is not limited.
    public func days(today: ReportDay, data: ClosedRange<ReportDay>? = nil) -> ClosedRange<ReportDay>? {
        guard let first = firstDay(today: today) else { return nil }
        let last = max(first, today, data?.upperBound ?? today)
        return first...last
    }

    /// The rows a database needs to read for this filter (the day and the environment): a
    /// narrowing only, ``apply(to:today:)`` decides.
    public func query(today: ReportDay) -> ReportQuery {
        ReportQuery(since: firstDay(today: today), environment: environment)
    }

    /// The rows of `snapshot` this filter keeps, tallies and missing ids alike, in their order.
    public func apply(to snapshot: ReportSnapshot, today: ReportDay) -> ReportSnapshot {
        let first = firstDay(today: today)
        func keeps(_ day: ReportDay, _ dimensions: ReportDimensions) -> Bool {
            if let first, day < first { return false }
            if let environment, dimensions.environment != environment { return false }
            if let store, dimensions.store != store { return false }
            if let appVersion, dimensions.appVersion != appVersion { return false }
            return true
        }
        return ReportSnapshot(
            missing: snapshot.missing.filter { keeps($0.day, $0.dimensions) },
            tallies: snapshot.tallies.filter { keeps($0.day, $0.dimensions) })
    }
}

extension ReportFilter.Period {
    /// `7d` (the last 7 days, 1–100,000) or `2026-11-20` (from that UTC day on); nil for anything else.
    public init?(_ text: String) {
        // The forms of `--since` (``ReportPeriod/since(_:today:)``).
        if text.hasSuffix("d"), text.first != "+", let days = Int(text.dropLast()), days >= 1, days <= 100_000 {
            self = .lastDays(days)
        } else if let day = ReportPeriod.day(text) {
            self = .since(day)
        } else {
            return nil
        }
    }

    /// As written: `7d`, `2026-11-20`.
    public var text: String {
        switch self {
        case .lastDays(let days): "\(days)d"
        case .since(let day): day.description
        }
    }
}
