import IAPCatalog

/// `iapcat reports` for a terminal: a summary line, one aligned row per finding, then each
/// finding in full. Every value from the database or a catalog is made safe to print
/// (``ServerText``): control characters escaped, so no row can move a cursor or start a line of
/// its own, and long values capped.
public struct ReportTextRenderer: Sendable {
    /// Characters of one value shown at most.
    static let valueLimit = 200

    /// A renderer.
    public init() {}

    /// The summary, the table and every finding in full, ending with a newline.
    public func render(_ analysis: ReportAnalysis) -> String {
        var out = ReportSummary.line(analysis) + "\n"
        guard !analysis.findings.isEmpty else { return out }
        let header = ["ENVIRONMENTS", "MISSING", "STORE", "ID", "CAUSE"]
        let rows = analysis.findings.map { finding in
            [
                finding.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ","), String(finding.stats.count),
                finding.store.rawValue, Self.safe(finding.name), finding.cause.summary,
            ]
        }
        out += "\n" + Self.table([header] + rows, rightAligned: [1])
        for finding in analysis.findings { out += "\n" + details(finding) }
        return out
    }

    /// One finding in full: cause, evidence, other causes, what is known, what to do, the counts.
    func details(_ finding: Finding) -> String {
        var lines = ["\(Self.safe(finding.name)) · \(finding.store.rawValue)"]
        func add(_ label: String, _ values: [String]) {
            for (index, value) in values.enumerated() {
                let head = index == 0 ? label : ""
                lines.append("  " + head + String(repeating: " ", count: 13 - head.count) + value)
            }
        }
        let stats = finding.stats
        add("cause", [finding.cause.summary])
        add("evidence", finding.evidence.map(Self.fact))
        add("also", finding.alternatives.flatMap { [$0.cause.summary] + $0.evidence.map { "  " + Self.fact($0) } })
        add("known", finding.context.map(Self.fact))
        add("to do", [finding.cause.action(store: finding.store)])
        let environments = stats.environmentCounts.map { "\($0.environment.rawValue) \($0.count)" }.joined(separator: ", ")
        add("missing", ["\(stats.count) in \(Plural.count(Int(stats.reports), "report")): \(environments)"])
        if stats.count > 0 { add("seen", [ReportTime.span(stats.firstSeen, stats.lastSeen)]) }
        add("versions", [Self.safe(stats.appVersions.joined(separator: ", "))])
        add("storefronts", [Self.safe(stats.storefronts.joined(separator: ", "))])
        add("lists", [Self.safe(stats.lists.joined(separator: ", "))])
        if stats.statuses.keys.contains(where: { !$0.isEmpty }) {
            add(
                "statuses",
                [Self.safe(stats.statusCounts.map { "\($0.status.isEmpty ? "none" : $0.status) (\($0.count))" }.joined(separator: ", "))])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `catalog: status draft`.
    static func fact(_ evidence: Evidence) -> String { "\(evidence.source.rawValue): " + safe(evidence.fact) }

    /// `text` safe to print: escaped, `::` broken up, capped.
    static func safe(_ text: String) -> String { ServerText.shown(text, limit: valueLimit) }

    /// Rows of cells in columns as wide as their widest cell (the last one unpadded), two spaces apart.
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let widths = rows.reduce(into: [Int](repeating: 0, count: rows.first?.count ?? 0)) { widths, row in
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if rightAligned.contains(column) { return padding + cell }
                return column == row.count - 1 ? cell : cell + padding
            }.joined(separator: "  ") + "\n"
        }.joined()
    }
}
