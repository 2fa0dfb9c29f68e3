import IAPCatalog

/// The line every format starts with: how many reports over which days, how many findings.
enum ReportSummary {
    /// `42 reports from 2026-11-20 to 2026-11-27: 4 findings, 3 from production.`; `span` (the
    /// page's period) instead of the days the reports came on, when given.
    static func line(_ analysis: ReportAnalysis, days span: ClosedRange<ReportDay>? = nil) -> String {
        guard let days = analysis.days.map({ span ?? $0 }) else { return "No reports." }
        let span = days.lowerBound == days.upperBound ? "on \(days.lowerBound)" : "from \(days.lowerBound) to \(days.upperBound)"
        let reports = Plural.count(Int(analysis.reports), "report")
        guard !analysis.findings.isEmpty else { return "\(reports) \(span): no missing ids." }
        return "\(reports) \(span): \(Plural.count(analysis.findings.count, "finding")), \(analysis.productionFindings) from production."
    }
}
