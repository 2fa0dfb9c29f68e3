/// What `iapcat reports` shows: the incidents (ids that went missing together), the findings
/// that are no incident's, in their orders, and what the reports add up to.
public struct ReportAnalysis: Sendable, Equatable {
    /// In ``Incident/listedBefore(_:_:)`` order.
    public var incidents: [Incident]
    /// In ``Finding/listedBefore(_:_:)`` order.
    public var findings: [Finding]
    /// Reports counted (the tallies), whatever they said.
    public var reports: Int64
    /// The first and last day with a report; nil when there is none.
    public var days: ClosedRange<ReportDay>?
    /// What an ``EvidenceThreshold`` held back (``admitting(_:)``); nil when none was asked for.
    public var heldBack: HeldBack?

    /// An analysis of `reports` over `days` that found `incidents` and `findings`.
    public init(incidents: [Incident] = [], findings: [Finding], reports: Int64, days: ClosedRange<ReportDay>?) {
        self.incidents = incidents
        self.findings = findings
        self.reports = reports
        self.days = days
    }

    /// Every finding: the incidents' ids, then the others.
    public var allFindings: [Finding] { incidents.flatMap(\.findings) + findings }

    /// The incidents and findings with a report from production.
    public var productionFindings: Int { incidents.count { $0.isProduction } + findings.count { $0.isProduction } }

    /// Whether nothing was found missing.
    public var isEmpty: Bool { incidents.isEmpty && findings.isEmpty }
}
