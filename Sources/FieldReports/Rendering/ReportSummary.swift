import IAPCatalog

/// The line every format starts with: how many reports over which days, how many incidents and
/// findings, and what an evidence threshold held back.
enum ReportSummary {
    /// `42 reports from 2026-11-20 to 2026-11-27: 1 incident (28 ids) and 4 findings, 3 from production.`; `span` (the
    /// page's period) instead of the days the reports came on, when given.
    static func line(_ analysis: ReportAnalysis, days span: ClosedRange<ReportDay>? = nil) -> String {
        guard let days = analysis.days.map({ span ?? $0 }) else { return "No reports." }
        let span = days.lowerBound == days.upperBound ? "on \(days.lowerBound)" : "from \(days.lowerBound) to \(days.upperBound)"
        let reports = Plural.count(Int(analysis.reports), "report")
        guard !analysis.isEmpty else {
            guard let heldBack = analysis.heldBack, !heldBack.isEmpty else { return "\(reports) \(span): no missing ids." }
            return "\(reports) \(span): no missing ids with \(heldBack.threshold.description(joined: "and")) behind them." + held(heldBack)
        }
        var parts: [String] = []
        if !analysis.incidents.isEmpty {
            let ids = analysis.incidents.reduce(0) { $0 + $1.findings.count }
            parts.append("\(Plural.count(analysis.incidents.count, "incident")) (\(Plural.count(ids, "id")))")
        }
        if !analysis.findings.isEmpty { parts.append(Plural.count(analysis.findings.count, "finding")) }
        return "\(reports) \(span): \(parts.joined(separator: " and ")), \(analysis.productionFindings) from production."
            + held(analysis.heldBack)
    }

    /// ` Held back, with fewer than 3 reports or 2 days behind each: 2 findings (1 from production, 3 reports).`, or nothing.
    static func held(_ held: HeldBack?) -> String {
        guard let held, !held.isEmpty else { return "" }
        var parts: [String] = []
        if held.incidents > 0 { parts.append(Plural.count(held.incidents, "incident")) }
        if held.findings > 0 { parts.append(Plural.count(held.findings, "finding")) }
        return " Held back, with fewer than \(held.threshold.description(joined: "or")) behind each: \(parts.joined(separator: " and ")) "
            + "(\(held.production) from production, \(Plural.count(Int(clamping: held.reports), "report")))."
    }
}
