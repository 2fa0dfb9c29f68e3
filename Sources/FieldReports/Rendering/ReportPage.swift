import IAPCatalog

/// The findings as one HTML page for people who would rather look: the summary, the filter
/// (``ReportPageFilter``), a chart of reports per day for the most reported incidents and findings
/// (``DailyChart``, inline SVG), the table, each incident in full with its ids in a `<details>`
/// element (folded, no script), and each finding in full. No script and no external
/// resource (its Content-Security-Policy allows neither); every value from the database or a
/// catalog is escaped (``HTMLText``). The same analysis gives the same bytes. It fits a phone:
/// the table scrolls in its own box, the chart scales, and a product id breaks only after a `.` or
/// a `_` (anywhere only when one part is wider than a phone).
public struct ReportPage: Sendable {
    /// Incidents and findings shown at most: the first in their order.
    public var limit = 2_000
    /// An incident's ids shown in full at most: the first in their order.
    static let idsShown = 200
    /// Findings drawn in the chart.
    public var chartLines = 5
    /// The filter the analysed reports went through, shown under the summary; its period is the
    /// span of the summary and the chart. Nil: no filter, the span is the reports'.
    public var filter: ReportPageFilter?
    /// A line under the summary: what the page left out (`serve --reports-page-rows`).
    public var notice: String?
    /// The largest count a day of the chart shows (2⁴⁰): its scale times its height, and a year of
    /// them summed, stay within 64 bits.
    static let chartCountLimit: Int64 = 1 << 40

    /// A page renderer.
    public init() {}

    /// The page, a whole HTML document.
    public func render(_ analysis: ReportAnalysis) -> String {
        let entries = ReportEntry.all(analysis)
        let shown = entries.prefix(limit)
        let days = filter?.days(data: analysis.days) ?? analysis.days
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
            <p class="summary">\(Self.html(ReportSummary.line(analysis, days: days)))</p>

            """
        out += notice.map { "<p class=\"cut\">\(Self.html($0))</p>\n" } ?? ""
        out += filter?.html() ?? ""
        if analysis.days == nil { out += filter?.leavesReportsOut == true ? Self.noneMatch : Self.howAppsStart }
        guard !shown.isEmpty else { return out + "</body>\n</html>\n" }
        out += chart(analysis).svg() + "\n"
        out +=
            "<div class=\"scroll\"><table class=\"findings\">\n<thead><tr><th>Environments</th><th>Missing</th><th>Store</th><th>Id</th>"
            + "<th>Cause</th><th>First seen (UTC)</th><th>Last seen (UTC)</th><th>Versions</th></tr></thead>\n<tbody>\n"
        for (index, entry) in shown.enumerated() { out += Self.row(entry, index: index + 1) }
        out += "</tbody>\n</table></div>\n"
        if shown.count < entries.count {
            out += "<p class=\"cut\">\(entries.count - shown.count) more not shown; run iapcat reports for all of them.</p>\n"
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

    /// What a page whose filter left every report out says.
    static let noneMatch = "<p class=\"empty\">No reports match this filter.</p>\n"

    /// The most reported incidents' and findings' reports per day over the summary's days; a label
    /// is the name, with its store where two share one.
    func chart(_ analysis: ReportAnalysis) -> DailyChart {
        let entries = ReportEntry.all(analysis)
        let top = entries.indices.sorted {
            entries[$0].stats.count != entries[$1].stats.count ? entries[$0].stats.count > entries[$1].stats.count : $0 < $1
        }.prefix(chartLines).map { entries[$0] }
        let names = top.map(\.name)
        var chart = DailyChart(
            series: top.map { entry in
                let shared = names.count { $0 == entry.name } > 1
                // The chart escapes its labels but keeps line breaks: here they are U+FFFD, as other control characters are.
                let name = entry.name.replacing("\n", with: "\u{FFFD}").replacing("\t", with: "\u{FFFD}")
                // Counts from the database are capped where the chart's arithmetic is safe.
                let counts = entry.stats.perDay.mapValues { min(max($0, 0), Self.chartCountLimit) }
                return DailyChart.Series(label: shared ? "\(name) (\(entry.store.rawValue))" : name, counts: counts)
            })
        chart.days = filter?.days(data: analysis.days) ?? analysis.days
        return chart
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
        let stats = entry.stats
        let seen = stats.count > 0 ? (Self.time(stats.firstSeen), Self.time(stats.lastSeen)) : ("", "")
        return "<tr\(attribute)><td>\(environments)</td><td class=\"count\">\(stats.count)</td>"
            + "<td>\(entry.store.rawValue)</td><td><a href=\"#\(anchor)\"><code>\(Self.breakable(entry.name, over: Self.wholeInRow))</code></a></td>"
            + "<td>\(Self.html(entry.cause.summary))</td><td class=\"time\">\(seen.0)</td><td class=\"time\">\(seen.1)</td>"
            + "<td>\(Self.html(Self.versions(stats.appVersions)))</td></tr>\n"
    }

    /// An incident: its headline, evidence, what to do and counts, then its ids, folded.
    static func section(_ incident: Incident, index: Int) -> String {
        var out = "<section class=\"incident\" id=\"incident-\(index)\" data-cause=\"\(incident.cause.rawValue)\">\n"
        out += "<h2><code>\(Self.breakable(incident.name))</code> <span class=\"store\">\(incident.store.rawValue)</span></h2>\n"
        out += "<p class=\"cause\">\(Self.html(incident.headline))</p>\n"
        out += facts(incident.evidence, class: "evidence")
        out += "<p class=\"action\">To do: \(Self.html(incident.cause.action(store: incident.store)))</p>\n"
        out += stats(incident.stats)
        out += "<details>\n<summary>\(Plural.count(incident.findings.count, "id")): "
        out += incident.findings.prefix(5).map { "<code>\(Self.breakable($0.name))</code>" }.joined(separator: ", ")
        out += (incident.findings.count > 5 ? " …" : "") + "</summary>\n"
        for (member, finding) in incident.findings.prefix(Self.idsShown).enumerated() {
            out += section(finding, id: "incident-\(index)-\(member + 1)")
        }
        if incident.findings.count > Self.idsShown {
            out +=
                "<p class=\"cut\">\(incident.findings.count - Self.idsShown) more ids not shown; run iapcat reports for all of them.</p>\n"
        }
        return out + "</details>\n</section>\n"
    }

    static func section(_ finding: Finding, id: String) -> String {
        var out = "<section class=\"finding\" id=\"\(id)\" data-cause=\"\(finding.cause.rawValue)\">\n"
        out += "<h2><code>\(Self.breakable(finding.name))</code> <span class=\"store\">\(finding.store.rawValue)</span></h2>\n"
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

    /// The page's style: the table keeps readable columns (at least 64em wide) and scrolls inside
    /// its own box where the screen is narrower, and the chart scales down to the width; below
    /// 40em, text with no break left (a hostile id) breaks anywhere rather than widening the page.
    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#222}\
        div.scroll{overflow-x:auto;margin:1em 0}\
        table{border-collapse:collapse}th,td{border-bottom:1px solid #ddd;padding:.3em .4em;text-align:left;vertical-align:top}\
        table.findings{min-width:64em}table.findings code{font-size:.92em}span.day{white-space:nowrap}\
        td.count{text-align:right}tr.production td:first-child{font-weight:600;color:#a00}\
        svg.chart{display:block;max-width:100%;height:auto}\
        nav.filters p{margin:.3em 0}nav.filters span.name{display:inline-block;min-width:6.5em;color:#555}\
        p.facet a,p.facet strong{display:inline-block;padding:.1em .3em}span.more{color:#555}\
        section.finding,section.incident{border-top:2px solid #ccc;margin-top:1.5em}p.cause{font-weight:600}\
        details>section.finding{margin-left:1em;border-top:1px solid #ddd}summary{cursor:pointer;margin:.5em 0}\
        span.source{display:inline-block;min-width:5.5em;color:#555}dl.stats{display:grid;grid-template-columns:8em minmax(0,1fr);gap:.2em 1em}\
        dt{color:#555}dd{margin:0}\
        @media (max-width:40em){body{margin:1em auto}p,li,dd,h2,nav,summary{overflow-wrap:anywhere}dl.stats{grid-template-columns:6em minmax(0,1fr)}}
        """
}
