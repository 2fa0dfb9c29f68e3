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
                <line x1="56" y1="169" x2="704" y2="169" stroke="#ddd"/><text x="50" y="173" text-anchor="end">2</text>
                <line x1="56" y1="118" x2="704" y2="118" stroke="#ddd"/><text x="50" y="122" text-anchor="end">4</text>
                <line x1="56" y1="67" x2="704" y2="67" stroke="#ddd"/><text x="50" y="71" text-anchor="end">6</text>
                <line x1="56" y1="16" x2="704" y2="16" stroke="#ddd"/><text x="50" y="20" text-anchor="end">8</text>
                <text x="56" y="238" text-anchor="start">2026-11-27</text>
                <text x="704" y="238" text-anchor="end">2026-11-29</text>
                </g>
                <g class="series" data-id="com.example.gems"><title>com.example.gems</title><polyline fill="none" stroke="#0072B2" stroke-width="2" points="56,118 377,220 698,42"/><circle cx="56" cy="118" r="4" fill="#0072B2" stroke="#fff" stroke-width="1"><title>com.example.gems: 4 on 2026-11-27</title></circle><circle cx="698" cy="42" r="4" fill="#0072B2" stroke="#fff" stroke-width="1"><title>com.example.gems: 7 on 2026-11-29</title></circle></g>
                <circle cx="61" cy="256" r="4" fill="#0072B2" stroke="#fff" stroke-width="1"/><text x="72" y="260" font-size="12">com.example.gems (11)</text>
                <g class="series" data-id="com.example.pro"><title>com.example.pro</title><polyline fill="none" stroke="#D55E00" stroke-width="2" points="62,220 383,144 704,220"/><rect x="379" y="140" width="8" height="8" fill="#D55E00" stroke="#fff" stroke-width="1"><title>com.example.pro: 3 on 2026-11-28</title></rect></g>
                <rect x="57" y="272" width="8" height="8" fill="#D55E00" stroke="#fff" stroke-width="1"/><text x="72" y="280" font-size="12">com.example.pro (3)</text>
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

    @Test func theYAxisGoesUpInEvenStepsOf1Or2Or5TimesAPowerOfTen() throws {
        #expect([2, 3, 6, 7, 10, 11, 26, 99].map { DailyChart.ticks($0).step } == [1, 1, 2, 2, 2, 5, 10, 20])
        #expect([2, 3, 6, 7, 10, 11, 26, 99].map { DailyChart.ticks($0).top } == [2, 3, 6, 8, 10, 15, 30, 100])
        for peak: Int64 in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 19, 26, 49, 51, 99, 101, 999, 1_001, 1 << 40, .max] {
            let (step, top) = DailyChart.ticks(peak)
            var mantissa = step
            while mantissa % 10 == 0 { mantissa /= 10 }
            #expect([1, 2, 5].contains(mantissa), "\(peak): step \(step)")
            let shown = min(max(peak, 2), 1 << 60)
            #expect(top % step == 0 && top >= shown && top - step < shown, "\(peak): top \(top)")
            #expect((1...5).contains(top / step), "\(peak): \(top / step) steps")
        }
        // Drawn: 0, 2, 4, 6, each line the same distance above the last.
        let svg = DailyChart(series: [.init(label: "a", counts: [Self.day: 6])]).svg()
        let ticks = svg.matches(
            of: try Regex(
                ##"<line x1="56" y1="(\d+)" x2="704" y2="\d+" stroke="#ddd"/><text x="50" y="\d+" text-anchor="end">(\d+)</text>"##))
        #expect(ticks.map { String($0.output[2].substring!) } == ["0", "2", "4", "6"])
        let ys = ticks.map { Int($0.output[1].substring!)! }
        #expect(Set(zip(ys, ys.dropFirst()).map { $0 - $1 }).count == 1, "\(ys)")
    }

    @Test func theDaysDrawnAreTheOnesGivenAndOnlyTheirCountsAreShown() {
        var chart = DailyChart(series: [.init(label: "a", counts: [Self.day: 2, ReportDay(Self.day.value - 10): 50])])
        chart.days = ReportDay(Self.day.value - 6)...ReportDay(Self.day.value + 1)
        let svg = chart.svg()
        #expect(svg.contains("<text x=\"56\" y=\"238\" text-anchor=\"start\">2026-11-21</text>"))
        #expect(svg.contains("<text x=\"704\" y=\"238\" text-anchor=\"end\">2026-11-28</text>"))
        #expect(svg.contains(">a (2)</text>") && !svg.contains("(52)") && !svg.contains(": 50 on"))
        #expect(svg.contains("<text x=\"50\" y=\"20\" text-anchor=\"end\">2</text>"))
        // The 8 days are the line's 8 points; the one day with reports, its one mark.
        #expect(svg.contains("points=\"56,220 148,220 241,220 333,220 426,220 518,220 611,16 704,220\""))
        #expect(svg.components(separatedBy: "<title>a: ").count == 2)
    }

    @Test func eachDayWithReportsIsMarkedWithItsValueAndEqualValuesStaySideBySide() {
        let counts: [ReportDay: Int64] = [Self.day: 3, ReportDay(Self.day.value + 2): 5]
        let svg = DailyChart(series: [.init(label: "a", counts: counts), .init(label: "b<", counts: counts)]).svg()
        // Each series its own shape, three pixels either side of the day (the days themselves three pixels in from the plot's edges): equal counts do not cover each other.
        #expect(
            svg.contains(
                "<circle cx=\"56\" cy=\"98\" r=\"4\" fill=\"#0072B2\" stroke=\"#fff\" stroke-width=\"1\"><title>a: 3 on 2026-11-27</title></circle>"
            ))
        #expect(
            svg.contains(
                "<rect x=\"58\" y=\"94\" width=\"8\" height=\"8\" fill=\"#D55E00\" stroke=\"#fff\" stroke-width=\"1\"><title>b&lt;: 3 on 2026-11-27</title></rect>"
            ))
        #expect(svg.contains("<title>a: 5 on 2026-11-29</title>") && svg.contains("<title>b&lt;: 5 on 2026-11-29</title>"))
        // A day without reports is on the line, unmarked.
        #expect(svg.contains("points=\"56,98 377,220 698,16\"") && svg.contains("points=\"62,98 383,220 704,16\""))
        #expect(!svg.contains("on 2026-11-28"))
        // The legend shows each series' mark.
        #expect(svg.contains("<circle cx=\"61\" cy=\"256\" r=\"4\" fill=\"#0072B2\" stroke=\"#fff\" stroke-width=\"1\"/>"))
        #expect(svg.contains("<rect x=\"57\" y=\"272\" width=\"8\" height=\"8\" fill=\"#D55E00\" stroke=\"#fff\" stroke-width=\"1\"/>"))
    }
}
