import IAPCatalog

/// How much a finding or an incident needs behind it to be shown and to count for `--fail-on`:
/// at least so many reports, on so many UTC days, from so many app versions. Reports can be
/// forged (docs/field-reports.md, "What a report cannot prove"): one sender makes one report, or a
/// few hundred a minute, in seconds, but reports on several days only by coming back on them, as
/// the server's clock counts days. What falls short is held back and counted
/// (``ReportAnalysis/heldBack``), never dropped without a word.
public struct EvidenceThreshold: Sendable, Equatable {
    /// Reports at least (``FindingStats/count``).
    public var reports: Int64
    /// UTC days with a report at least.
    public var days: Int
    /// App versions at least.
    public var appVersions: Int

    /// At least `reports` reports on `days` days from `appVersions` app versions; each at least 1.
    public init(reports: Int64 = 1, days: Int = 1, appVersions: Int = 1) {
        self.reports = max(1, reports)
        self.days = max(1, days)
        self.appVersions = max(1, appVersions)
    }

    /// One report is enough: nothing is held back.
    public static let none = EvidenceThreshold()

    /// Whether `stats` has as much behind it as asked.
    public func admits(_ stats: FindingStats) -> Bool {
        stats.count >= reports && stats.perDay.values.count { $0 > 0 } >= days && stats.appVersions.count >= appVersions
    }

    /// `3 reports and 2 days` (`joined` "and"), `3 reports or 2 days` ("or"): what is asked, each
    /// part above 1 (`1 report` when none is).
    public func description(joined word: String) -> String {
        var parts: [String] = []
        if reports > 1 { parts.append(Plural.count(Int(clamping: reports), "report")) }
        if days > 1 { parts.append(Plural.count(days, "day")) }
        if appVersions > 1 { parts.append(Plural.count(appVersions, "app version")) }
        guard parts.count > 1 else { return parts.first ?? "1 report" }
        return parts.dropLast().joined(separator: ", ") + " \(word) " + parts[parts.count - 1]
    }
}

/// The incidents and findings an ``EvidenceThreshold`` held back: not listed, not counted for
/// `--fail-on`, but named in every format's summary so that nothing vanishes without a word.
public struct HeldBack: Sendable, Equatable {
    /// What they fell short of.
    public var threshold: EvidenceThreshold
    /// Incidents held back.
    public var incidents: Int = 0
    /// Findings held back (an incident's ids not counted).
    public var findings: Int = 0
    /// Of those, the ones with a report from production.
    public var production: Int = 0
    /// Their reports.
    public var reports: Int64 = 0

    /// Nothing held back yet, under `threshold`.
    public init(threshold: EvidenceThreshold) { self.threshold = threshold }

    /// Whether anything was held back.
    public var isEmpty: Bool { incidents == 0 && findings == 0 }
}

extension ReportAnalysis {
    /// The analysis showing only the incidents and findings `threshold` admits, the rest counted in
    /// ``heldBack``. An incident is judged as a whole, by its own counts: a release shipping thirty
    /// unknown ids is one incident with thirty ids' reports behind it.
    public func admitting(_ threshold: EvidenceThreshold) -> ReportAnalysis {
        guard threshold != .none else { return self }
        var held = HeldBack(threshold: threshold)
        /// Whether `threshold` admits `stats`; if not, counted in `held` under `kind`.
        func admits(_ stats: FindingStats, _ kind: WritableKeyPath<HeldBack, Int>) -> Bool {
            if threshold.admits(stats) { return true }
            held[keyPath: kind] += 1
            held.production += stats.environments[.production] != nil ? 1 : 0
            held.reports.saturatingAdd(stats.count)
            return false
        }
        var kept = self
        kept.incidents = incidents.filter { admits($0.stats, \.incidents) }
        kept.findings = findings.filter { admits($0.stats, \.findings) }
        kept.heldBack = held
        return kept
    }
}
