import IAPCatalog

/// The findings as one HTML page for people who would rather look: the summary, a chart of
/// reports per day for the most reported findings (``DailyChart``, inline SVG), the table, and each
/// finding in full. No script and no external resource (its Content-Security-Policy allows neither);
/// every value from the database or a catalog is escaped (``HTMLText``). The same analysis gives the
/// same bytes.
public struct ReportPage: Sendable {
    /// Findings shown at most: the first in their order.
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
        let shown = analysis.findings.prefix(limit)
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
        for (index, finding) in shown.enumerated() { out += Self.row(finding, index: index + 1) }
        out += "</tbody>\n</table>\n"
        if shown.count < analysis.findings.count {
            out +=
                "<p class=\"cut\">\(analysis.findings.count - shown.count) more findings not shown; run iapcat reports for all of them.</p>\n"
        }
        for (index, finding) in shown.enumerated() { out += Self.section(finding, index: index + 1) }
        return out + "</body>\n</html>\n"
    }

    /// What an empty page says: how reports start arriving.
    static let howAppsStart =
        "<p class=\"empty\">Apps send a report to this server, <code>POST /v1/reports</code>, when the App Store or "
        + "Google Play leaves out product ids they asked for; each id's likely cause shows here. The request, its "
        + "limits and client code for StoreKit and Play Billing are in iapcat's docs/field-reports.md.</p>\n"

    /// The most reported findings' reports per day; a label is the finding's name, with its store
    /// where two findings share one.
    func chart(_ analysis: ReportAnalysis) -> DailyChart {
        let top = analysis.findings.sorted {
            $0.stats.count != $1.stats.count ? $0.stats.count > $1.stats.count : Finding.listedBefore($0, $1)
        }.prefix(chartLines)
        let names = top.map(\.name)
        return DailyChart(
            series: top.map { finding in
                let shared = names.count { $0 == finding.name } > 1
                // The chart escapes its labels but keeps line breaks: here they are U+FFFD, as other control characters are.
                let name = finding.name.replacing("\n", with: "\u{FFFD}").replacing("\t", with: "\u{FFFD}")
                // Counts from the database are capped where the chart's arithmetic is safe.
                let counts = finding.stats.perDay.mapValues { min(max($0, 0), Self.chartCountLimit) }
                return DailyChart.Series(label: shared ? "\(name) (\(finding.store.rawValue))" : name, counts: counts)
            })
    }

    static func row(_ finding: Finding, index: Int) -> String {
        let environments = finding.stats.environmentCounts.map(\.environment.rawValue).joined(separator: ", ")
        let production = finding.isProduction ? " class=\"production\"" : ""
        return "<tr\(production)><td>\(environments)</td><td class=\"count\">\(finding.stats.count)</td>"
            + "<td>\(finding.store.rawValue)</td><td><a href=\"#finding-\(index)\"><code>\(Self.html(finding.name))</code></a></td>"
            + "<td>\(Self.html(finding.cause.summary))</td></tr>\n"
    }

    static func section(_ finding: Finding, index: Int) -> String {
        let stats = finding.stats
        var out = "<section class=\"finding\" id=\"finding-\(index)\" data-cause=\"\(finding.cause.rawValue)\">\n"
        out += "<h2><code>\(Self.html(finding.name))</code> <span class=\"store\">\(finding.store.rawValue)</span></h2>\n"
        out += "<p class=\"cause\">\(Self.html(finding.cause.summary))</p>\n"
        out += facts(finding.evidence, class: "evidence")
        for alternative in finding.alternatives {
            out += "<h3>Also possible: \(Self.html(alternative.cause.summary))</h3>\n" + facts(alternative.evidence, class: "also")
        }
        if !finding.context.isEmpty { out += "<h3>Known</h3>\n" + facts(finding.context, class: "known") }
        out += "<p class=\"action\">To do: \(Self.html(finding.cause.action(store: finding.store)))</p>\n<dl class=\"stats\">\n"
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
        return out + "</dl>\n</section>\n"
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
        section.finding{border-top:2px solid #ccc;margin-top:1.5em}p.cause{font-weight:600}\
        span.source{display:inline-block;min-width:5.5em;color:#555}dl.stats{display:grid;grid-template-columns:8em 1fr;gap:.2em 1em}\
        dt{color:#555}dd{margin:0}code{overflow-wrap:anywhere}
        """
}
