/// What `iapcat reports` shows: the findings in their order, and what the reports add up to.
public struct ReportAnalysis: Sendable, Equatable {
    /// In ``Finding/listedBefore(_:_:)`` order.
    public var findings: [Finding]
    /// Reports counted (the tallies), whatever they said.
    public var reports: Int64
    /// The first and last day with a report; nil when there is none.
    public var days: ClosedRange<ReportDay>?

    /// An analysis of `reports` over `days` that found `findings`.
    public init(findings: [Finding], reports: Int64, days: ClosedRange<ReportDay>?) {
        self.findings = findings
        self.reports = reports
        self.days = days
    }

    /// The findings with a report from production.
    public var productionFindings: Int { findings.count { $0.isProduction } }
}
