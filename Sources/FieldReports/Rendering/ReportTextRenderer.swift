import IAPCatalog

/// `iapcat reports` for a terminal: a summary line, one aligned row per incident and per finding,
/// then each incident in full with its ids, and each finding in full. Every value from the database or a catalog is made safe to print
/// (``ServerText``): control characters escaped, so no row can move a cursor or start a line of
/// its own, and long values capped.
public struct ReportTextRenderer: Sendable {
    /// Characters of one value shown at most.
    static let valueLimit = 200

    /// A renderer.
    public init() {}

    /// The summary, the table and every incident and finding in full, ending with a newline.
    public func render(_ analysis: ReportAnalysis) -> String {
        var out = ReportSummary.line(analysis) + "\n"
        let entries = ReportEntry.all(analysis)
        guard !entries.isEmpty else { return out }
        let header = ["ENVIRONMENTS", "MISSING", "STORE", "ID", "CAUSE"]
        let rows = entries.map { entry in
            [
                entry.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ","), String(entry.stats.count),
                entry.store.rawValue, Self.safe(entry.name), entry.cause.summary,
            ]
        }
        out += "\n" + Self.table([header] + rows, rightAligned: [1])
        for incident in analysis.incidents { out += "\n" + details(incident) }
        for finding in analysis.findings { out += "\n" + details(finding) }
        return out
    }

    /// One incident in full: what it is, its evidence, what to do, the counts, then its ids, each
    /// in full, indented.
    func details(_ incident: Incident) -> String {
        var lines = ["\(Self.safe(incident.name)) · \(incident.store.rawValue)"]
        Self.add("incident", [Self.safe(incident.headline)], to: &lines)
        Self.add("evidence", incident.evidence.map(Self.fact), to: &lines)
        Self.add("to do", [incident.cause.action(store: incident.store)], to: &lines)
        Self.addCounts(incident.stats, to: &lines)
        let ids = Self.table(incident.findings.map { [String($0.stats.count), Self.safe($0.name), $0.cause.summary] }, rightAligned: [0])
        Self.add("ids", ids.split(separator: "\n").map(String.init), to: &lines)
        var out = lines.joined(separator: "\n") + "\n"
        for finding in incident.findings {
            out +=
                "\n"
                + details(finding).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
                .joined(separator: "\n")
        }
        return out
    }

    /// One finding in full: cause, evidence, other causes, what is known, what to do, the counts.
    func details(_ finding: Finding) -> String {
        var lines = ["\(Self.safe(finding.name)) · \(finding.store.rawValue)"]
        Self.add("cause", [finding.cause.summary], to: &lines)
        Self.add("evidence", finding.evidence.map(Self.fact), to: &lines)
        Self.add("also", finding.alternatives.flatMap { [$0.cause.summary] + $0.evidence.map { "  " + Self.fact($0) } }, to: &lines)
        Self.add("known", finding.context.map(Self.fact), to: &lines)
        Self.add("to do", [finding.cause.action(store: finding.store)], to: &lines)
        Self.addCounts(finding.stats, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `values` under `label`, the label on the first line only.
    private static func add(_ label: String, _ values: [String], to lines: inout [String]) {
        for (index, value) in values.enumerated() {
            let head = index == 0 ? label : ""
            lines.append("  " + head + String(repeating: " ", count: 13 - head.count) + value)
        }
    }

    /// What the reports add up to: how many, when, from which versions, storefronts, lists, with which statuses.
    private static func addCounts(_ stats: FindingStats, to lines: inout [String]) {
        func add(_ label: String, _ values: [String]) { Self.add(label, values, to: &lines) }
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
