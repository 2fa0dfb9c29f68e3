import IAPCatalog

/// The findings as one HTML page for people who would rather look: the summary, a chart of
/// reports per day for the most reported incidents and findings (``DailyChart``, inline SVG), the
/// table, each incident in full with its ids in a `<details>` element (folded, no script), and
/// each finding in full. No script and no external resource (its Content-Security-Policy allows neither);
/// every value from the database or a catalog is escaped (``HTMLText``). The same analysis gives the
/// same bytes.
public struct ReportPage: Sendable {
    /// Incidents and findings shown at most: the first in their order.
    public var limit = 2_000
    /// Findings drawn in the chart.
    public var chartLines = 5
    /// The largest count a day of the chart shows (2⁴⁰): its scale times its height, and a year of
    /// them summed, stay within 64 bits.
    static let chartCountLimit: Int64 = 1 << 40

    /// A page renderer.
    public init() {}

    /// The page, a whole HTML document.
    public func render(_ analysis: ReportAnalysis) -> String {
        let entries = ReportEntry.all(analysis)
        let shown = entries.prefix(limit)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>iapcat reports</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>iapcat reports</h1>
            <p class="summary">\(Self.html(ReportSummary.line(analysis)))</p>

            """
        if analysis.days == nil { out += Self.howAppsStart }
        guard !shown.isEmpty else { return out + "</body>\n</html>\n" }
        out += chart(analysis).svg() + "\n"
        out +=
            "<table class=\"findings\">\n<thead><tr><th>Environments</th><th>Missing</th><th>Store</th><th>Id</th><th>Cause</th></tr></thead>\n<tbody>\n"
        for (index, entry) in shown.enumerated() { out += Self.row(entry, index: index + 1) }
        out += "</tbody>\n</table>\n"
        if shown.count < entries.count {
            out +=
                "<p class=\"cut\">\(entries.count - shown.count) more not shown; run iapcat reports for all of them.</p>\n"
        }
        for (index, entry) in shown.enumerated() {
            switch entry {
            case .incident(let incident): out += Self.section(incident, index: index + 1)
            case .finding(let finding): out += Self.section(finding, id: "finding-\(index + 1)")
            }
        }
        return out + "</body>\n</html>\n"
    }

    /// What an empty page says: how reports start arriving.
    static let howAppsStart =
        "<p class=\"empty\">Apps send a report to this server, <code>POST /v1/reports</code>, when the App Store or "
        + "Google Play leaves out product ids they asked for; each id's likely cause shows here. The request, its "
        + "limits and client code for StoreKit and Play Billing are in iapcat's docs/field-reports.md.</p>\n"

    /// The most reported incidents' and findings' reports per day; a label is the name, with its
    /// store where two share one.
    func chart(_ analysis: ReportAnalysis) -> DailyChart {
        let entries = ReportEntry.all(analysis)
        let top = entries.indices.sorted {
            entries[$0].stats.count != entries[$1].stats.count ? entries[$0].stats.count > entries[$1].stats.count : $0 < $1
        }.prefix(chartLines).map { entries[$0] }
        let names = top.map(\.name)
        return DailyChart(
            series: top.map { entry in
                let shared = names.count { $0 == entry.name } > 1
                // The chart escapes its labels but keeps line breaks: here they are U+FFFD, as other control characters are.
                let name = entry.name.replacing("\n", with: "\u{FFFD}").replacing("\t", with: "\u{FFFD}")
                // Counts from the database are capped where the chart's arithmetic is safe.
                let counts = entry.stats.perDay.mapValues { min(max($0, 0), Self.chartCountLimit) }
                return DailyChart.Series(label: shared ? "\(name) (\(entry.store.rawValue))" : name, counts: counts)
            })
    }

    static func row(_ entry: ReportEntry, index: Int) -> String {
        let environments = entry.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ", ")
        var classes: [String] = []
        if entry.isProduction { classes.append("production") }
        let anchor: String
        switch entry {
        case .incident:
            classes.append("incident")
            anchor = "incident-\(index)"
        case .finding:
            anchor = "finding-\(index)"
        }
        let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
        return "<tr\(attribute)><td>\(environments)</td><td class=\"count\">\(entry.stats.count)</td>"
            + "<td>\(entry.store.rawValue)</td><td><a href=\"#\(anchor)\"><code>\(Self.html(entry.name))</code></a></td>"
            + "<td>\(Self.html(entry.cause.summary))</td></tr>\n"
    }

    /// An incident: its headline, evidence, what to do and counts, then its ids, folded.
    static func section(_ incident: Incident, index: Int) -> String {
        var out = "<section class=\"incident\" id=\"incident-\(index)\" data-cause=\"\(incident.cause.rawValue)\">\n"
        out += "<h2><code>\(Self.html(incident.name))</code> <span class=\"store\">\(incident.store.rawValue)</span></h2>\n"
        out += "<p class=\"cause\">\(Self.html(incident.headline))</p>\n"
        out += facts(incident.evidence, class: "evidence")
        out += "<p class=\"action\">To do: \(Self.html(incident.cause.action(store: incident.store)))</p>\n"
        out += stats(incident.stats)
        out += "<details>\n<summary>\(Plural.count(incident.findings.count, "id")): "
        out += incident.findings.prefix(5).map { "<code>\(Self.html($0.name))</code>" }.joined(separator: ", ")
        out += (incident.findings.count > 5 ? " …" : "") + "</summary>\n"
        for (member, finding) in incident.findings.enumerated() { out += section(finding, id: "incident-\(index)-\(member + 1)") }
        return out + "</details>\n</section>\n"
    }

    static func section(_ finding: Finding, id: String) -> String {
        var out = "<section class=\"finding\" id=\"\(id)\" data-cause=\"\(finding.cause.rawValue)\">\n"
        out += "<h2><code>\(Self.html(finding.name))</code> <span class=\"store\">\(finding.store.rawValue)</span></h2>\n"
        out += "<p class=\"cause\">\(Self.html(finding.cause.summary))</p>\n"
        out += facts(finding.evidence, class: "evidence")
        for alternative in finding.alternatives {
            out += "<h3>Also possible: \(Self.html(alternative.cause.summary))</h3>\n" + facts(alternative.evidence, class: "also")
        }
        if !finding.context.isEmpty { out += "<h3>Known</h3>\n" + facts(finding.context, class: "known") }
        out += "<p class=\"action\">To do: \(Self.html(finding.cause.action(store: finding.store)))</p>\n"
        return out + stats(finding.stats) + "</section>\n"
    }

    /// What the reports add up to, as a definition list.
    static func stats(_ stats: FindingStats) -> String {
        var out = "<dl class=\"stats\">\n"
        let environments = stats.environmentCounts.map { "\($0.environment.rawValue) \($0.count)" }.joined(separator: ", ")
        var terms = [("Missing", "\(stats.count) in \(Plural.count(Int(stats.reports), "report")): \(environments)")]
        if stats.count > 0 { terms.append(("Seen", ReportTime.span(stats.firstSeen, stats.lastSeen))) }
        terms += [
            ("Versions", stats.appVersions.joined(separator: ", ")), ("Storefronts", stats.storefronts.joined(separator: ", ")),
            ("Lists", stats.lists.joined(separator: ", ")),
        ]
        if stats.statuses.keys.contains(where: { !$0.isEmpty }) {
            terms.append(
                ("Statuses", stats.statusCounts.map { "\($0.status.isEmpty ? "none" : $0.status) (\($0.count))" }.joined(separator: ", ")))
        }
        for (term, value) in terms { out += "<dt>\(term)</dt><dd>\(Self.html(value))</dd>\n" }
        return out + "</dl>\n"
    }

    static func facts(_ facts: [Evidence], class name: String) -> String {
        guard !facts.isEmpty else { return "" }
        let items = facts.map { "<li><span class=\"source\">\($0.source.rawValue)</span> \(Self.html($0.fact))</li>\n" }
        return "<ul class=\"\(name)\">\n" + items.joined() + "</ul>\n"
    }

    /// `text` escaped (``HTMLText``), its line breaks and tabs as references too: the page's lines
    /// are iapcat's, so none starts with what a report sent (a CI log reading `::error::`).
    static func html(_ text: String) -> String {
        HTMLText.escape(text).replacing("\n", with: "&#10;").replacing("\t", with: "&#9;")
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}\
        table{border-collapse:collapse;margin:1em 0}th,td{border-bottom:1px solid #ddd;padding:.3em .6em;text-align:left;vertical-align:top}\
        td.count{text-align:right}tr.production td:first-child{font-weight:600;color:#a00}\
        section.finding,section.incident{border-top:2px solid #ccc;margin-top:1.5em}p.cause{font-weight:600}\
        details>section.finding{margin-left:1em;border-top:1px solid #ddd}summary{cursor:pointer;margin:.5em 0}\
        span.source{display:inline-block;min-width:5.5em;color:#555}dl.stats{display:grid;grid-template-columns:8em 1fr;gap:.2em 1em}\
        dt{color:#555}dd{margin:0}code{overflow-wrap:anywhere}
        """
}
