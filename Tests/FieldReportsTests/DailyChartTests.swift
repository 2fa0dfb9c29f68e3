import Testing

@testable import FieldReports

@Suite struct DailyChartTests {
    static let day = ReportDay(20_784)  // 2026-11-27

    static func row(_ id: String, _ day: Int, _ count: Int64) -> MissingRow {
        MissingRow(
            day: ReportDay(Self.day.value + day),
            dimensions: ReportDimensions(
                appVersion: "2.1", store: .appStore, environment: .production, storefront: "US", storefrontRaw: "USA",
                list: "products_v2.json"),
            productID: id, status: "", count: count, firstSeen: 0, lastSeen: 0)
    }

    @Test func topIDsAreLinesWithGapDaysAtZero() {
        let rows = [
            Self.row("com.example.gems", 0, 4), Self.row("com.example.gems", 2, 6), Self.row("com.example.pro", 1, 3),
            Self.row("com.example.gems", 2, 1), Self.row("rare", 0, 1),
        ]
        let chart = DailyChart(topOf: rows, limit: 2)
        #expect(chart.series.map(\.label) == ["com.example.gems", "com.example.pro"])
        #expect(
            chart.svg() == """
                <svg xmlns="http://www.w3.org/2000/svg" width="720" height="300" viewBox="0 0 720 300" role="img" aria-label="Reports per day for the most reported ids" class="chart">
                <title>Reports per day for the most reported ids</title>
                <g font-size="11" fill="#444" stroke="none">
                <line x1="56" y1="220" x2="704" y2="220" stroke="#ddd"/><text x="50" y="224" text-anchor="end">0</text>
                <line x1="56" y1="118" x2="704" y2="118" stroke="#ddd"/><text x="50" y="122" text-anchor="end">5</text>
                <line x1="56" y1="16" x2="704" y2="16" stroke="#ddd"/><text x="50" y="20" text-anchor="end">10</text>
                <text x="56" y="238" text-anchor="start">2026-11-27</text>
                <text x="704" y="238" text-anchor="end">2026-11-29</text>
                </g>
                <g class="series" data-id="com.example.gems"><title>com.example.gems</title><polyline fill="none" stroke="#0072B2" stroke-width="2" points="56,139 380,220 704,78"/></g>
                <rect x="56" y="251" width="10" height="10" fill="#0072B2"/><text x="72" y="260" font-size="12">com.example.gems (11)</text>
                <g class="series" data-id="com.example.pro"><title>com.example.pro</title><polyline fill="none" stroke="#D55E00" stroke-width="2" points="56,220 380,159 704,220"/></g>
                <rect x="56" y="271" width="10" height="10" fill="#D55E00"/><text x="72" y="280" font-size="12">com.example.pro (3)</text>
                </svg>
                """)
    }

    @Test func labelsFromTheDatabaseAreEscaped() {
        let svg = DailyChart(topOf: [Self.row("<script>\u{1B}[31m\"x'&", 0, 1)]).svg()
        #expect(svg.contains("<title>&lt;script&gt;\u{FFFD}[31m&quot;x&#39;&amp;</title>"))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("\u{1B}"))
    }

    @Test func noRowsSaySo() {
        #expect(DailyChart(topOf: []).svg().contains("No reports in this period."))
    }

    @Test func atMostAYearOfDaysIsDrawn() {
        let svg = DailyChart(topOf: [Self.row("a", -100_000, 5), Self.row("a", 0, 1)]).svg()
        #expect(svg.contains("<text x=\"56\" y=\"238\" text-anchor=\"start\">2025-11-27</text>"))
        #expect(svg.contains("a (1)"))
    }

    @Test func scalesAreRound() {
        #expect([1, 2, 3, 7, 10, 11, 99, 101].map { DailyChart.niceCeiling($0) } == [1, 2, 5, 10, 10, 20, 100, 200])
    }
}
