import IAPCatalog

/// `iapcat reports --format markdown`, for a pull-request comment or an issue: the summary, a
/// table of the findings, then each finding in full. Values from the database and the catalogs are
/// escaped (``MarkdownText``), never raw HTML or Markdown. Past ``limit`` UTF-8 bytes (GitHub
/// refuses comments over 65,536 characters) rows, then findings in full, are left out, and a
/// last line says how many.
public struct ReportMarkdownRenderer: Sendable {
    /// The most UTF-8 bytes the Markdown holds.
    public var limit: Int

    /// A renderer cutting at `limit` bytes.
    public init(limit: Int = PlanRenderer.markdownLimit) {
        self.limit = limit
    }

    /// The Markdown, ending with a newline.
    public func render(_ analysis: ReportAnalysis) -> String {
        var out = "### iapcat reports\n\n" + ReportSummary.line(analysis) + "\n"
        let findings = analysis.findings
        guard !findings.isEmpty else { return out }
        let details = findings.map(Self.details)
        let rows = findings.map(Self.row)
        // Room for the longest closing note.
        let reserve = Self.note(rows: findings.count, details: findings.count).utf8.count + 2
        out += "\n| environments | missing | store | id | cause |\n|---|---:|---|---|---|\n"
        var size = out.utf8.count
        var rowsShown = 0
        for row in rows where size + row.utf8.count + reserve <= limit {
            out += row
            size += row.utf8.count
            rowsShown += 1
        }
        var detailsShown = 0
        if rowsShown == rows.count {
            for detail in details where size + detail.utf8.count + 1 + reserve <= limit {
                out += "\n" + detail
                size += detail.utf8.count + 1
                detailsShown += 1
            }
        }
        guard rowsShown < rows.count || detailsShown < details.count else { return out }
        return out + "\n" + Self.note(rows: rows.count - rowsShown, details: details.count - detailsShown) + "\n"
    }

    /// `… 3 findings not in the table and 5 not shown in full; run `iapcat reports` for all of them.`
    static func note(rows: Int, details: Int) -> String {
        let table = rows > 0 ? "\(Plural.count(rows, "finding")) not in the table and " : ""
        return "… \(table)\(Plural.count(details, "finding")) not shown in full; run `iapcat reports` for all of them."
    }

    static func row(_ finding: Finding) -> String {
        let environments = finding.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ", ")
        let cells = [
            environments, String(finding.stats.count), finding.store.rawValue, MarkdownText.escaped(finding.name),
            MarkdownText.escaped(finding.cause.summary),
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    static func details(_ finding: Finding) -> String {
        let stats = finding.stats
        var lines = [
            "#### \(MarkdownText.code(finding.name)) (\(finding.store.rawValue))", "",
            "**\(MarkdownText.escaped(finding.cause.summary))**",
        ]
        if !finding.evidence.isEmpty { lines += [""] + finding.evidence.map { "- " + fact($0) } }
        for alternative in finding.alternatives {
            lines += ["", "Also possible: **\(MarkdownText.escaped(alternative.cause.summary))**", ""]
            lines += alternative.evidence.map { "- " + fact($0) }
        }
        if !finding.context.isEmpty {
            lines += ["", "Known:", ""] + finding.context.map { "- " + fact($0) }
        }
        lines += ["", "To do: " + MarkdownText.escaped(finding.cause.action(store: finding.store)), ""]
        let environments = stats.environmentCounts.map { "\($0.environment.rawValue) \($0.count)" }.joined(separator: ", ")
        var counts = "Missing \(stats.count) in \(Plural.count(Int(stats.reports), "report")) (\(environments))"
        if stats.count > 0 { counts += ", " + ReportTime.span(stats.firstSeen, stats.lastSeen) }
        lines.append(counts + ".")
        lines.append("Versions: \(codes(stats.appVersions)). Storefronts: \(codes(stats.storefronts)). Lists: \(codes(stats.lists)).")
        if stats.statuses.keys.contains(where: { !$0.isEmpty }) {
            lines.append(
                "Statuses: "
                    + stats.statusCounts.map { "\($0.status.isEmpty ? "none" : MarkdownText.code($0.status)) (\($0.count))" }
                    .joined(separator: ", ") + ".")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `catalog: status draft`, escaped.
    static func fact(_ evidence: Evidence) -> String { "\(evidence.source.rawValue): " + MarkdownText.escaped(evidence.fact) }

    /// Each value as code, joined.
    static func codes(_ values: [String]) -> String { values.map(MarkdownText.code).joined(separator: ", ") }
}
