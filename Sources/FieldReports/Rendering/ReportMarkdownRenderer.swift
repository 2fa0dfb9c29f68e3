import IAPCatalog

/// `iapcat reports --format markdown`, for a pull-request comment or an issue: the summary, a
/// table of the incidents and findings, then each incident (its ids in a `<details>` block) and
/// each finding in full. Values from the database and the catalogs are
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
        let entries = ReportEntry.all(analysis)
        guard !entries.isEmpty else { return out }
        let details = analysis.incidents.map(Self.details) + analysis.findings.map(Self.details)
        let rows = entries.map(Self.row)
        // Room for the longest closing note.
        let reserve = Self.note(rows: entries.count, details: entries.count).utf8.count + 2
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

    /// `… 3 entries not in the table and 5 not shown in full; run `iapcat reports` for all of them.`
    static func note(rows: Int, details: Int) -> String {
        let table = rows > 0 ? "\(Plural.count(rows, "entry", "entries")) not in the table and " : ""
        return "… \(table)\(Plural.count(details, "entry", "entries")) not shown in full; run `iapcat reports` for all of them."
    }

    static func row(_ entry: ReportEntry) -> String {
        let environments = entry.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ", ")
        let cells = [
            environments, String(entry.stats.count), entry.store.rawValue, MarkdownText.escaped(entry.name),
            MarkdownText.escaped(entry.cause.summary),
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    /// An incident: its headline, evidence, what to do, the counts, and its ids in full inside a
    /// `<details>` block (GitHub shows it folded).
    static func details(_ incident: Incident) -> String {
        var lines = [
            "#### \(MarkdownText.code(incident.name)) (\(incident.store.rawValue))", "",
            "**\(MarkdownText.escaped(incident.headline))**",
        ]
        if !incident.evidence.isEmpty { lines += [""] + incident.evidence.map { "- " + fact($0) } }
        lines += ["", "To do: " + MarkdownText.escaped(incident.cause.action(store: incident.store)), ""]
        lines += counts(incident.stats)
        lines += ["", "<details><summary>\(Plural.count(incident.findings.count, "id"))</summary>", ""]
        lines += incident.findings.map { details($0, level: "#####") }
        lines += ["</details>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func details(_ finding: Finding) -> String { details(finding, level: "####") }

    static func details(_ finding: Finding, level: String) -> String {
        var lines = [
            "\(level) \(MarkdownText.code(finding.name)) (\(finding.store.rawValue))", "",
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
        lines += counts(finding.stats)
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the reports add up to, as lines.
    static func counts(_ stats: FindingStats) -> [String] {
        var lines: [String] = []
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
        return lines
    }

    /// `catalog: status draft`, escaped.
    static func fact(_ evidence: Evidence) -> String { "\(evidence.source.rawValue): " + MarkdownText.escaped(evidence.fact) }

    /// Each value as code, joined.
    static func codes(_ values: [String]) -> String { values.map(MarkdownText.code).joined(separator: ", ") }
}
