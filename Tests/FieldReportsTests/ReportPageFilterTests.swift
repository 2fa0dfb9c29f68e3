import IAPCatTestSupport
import Testing

@testable import FieldReports

/// What the page says of its filter: links built from the data on the server, plain text in a file.
@Suite struct ReportPageFilterTests {
    typealias F = ReportFixtures

    static let choices = ReportPageFilter.Choices(snapshot: ReportFilterTests.snapshot, periods: [1, 7, 30], defaultDays: 30)

    @Test func theValuesOfferedAreThoseTheReportsHold() {
        #expect(Self.choices.environments == [.production, .sandbox])
        #expect(Self.choices.stores == [.appStore, .googlePlay])
        #expect(Self.choices.versions == ["2.1", "2.0"])
        #expect(Self.choices.otherVersions == 0)
        #expect(Self.choices.periods == [1, 7, 30])
        // The ten most reported versions, newest first; the others counted.
        let rows = (1...14).map { F.missing("com.example.shop.gems", Int64($0), F.dimensions("1.\($0)")) }
        let many = ReportPageFilter.Choices(snapshot: F.memorySnapshot(rows), periods: [1, 7, 30, 90], defaultDays: 30)
        #expect(many.versions == (5...14).reversed().map { "1.\($0)" })
        #expect(many.otherVersions == 4)
        #expect(many.periods == [1, 7, 30])
    }

    @Test func eachParameterIsARowOfLinksKeepingTheOthersAndEachPartCanBeCleared() {
        let filter = ReportFilter(environment: .production, appVersion: "2.1", period: .lastDays(7))
        #expect(
            ReportPageFilter(filter: filter, today: ReportFilterTests.today, choices: Self.choices).html() == """
                <nav class="filters" aria-label="Filter the reports">
                <p class="facet"><span class="name">Environment</span> <a href="?version=2.1&amp;period=7d">all</a> <strong aria-current="true">production</strong> <a href="?environment=sandbox&amp;version=2.1&amp;period=7d">sandbox</a></p>
                <p class="facet"><span class="name">Store</span> <strong aria-current="true">both</strong> <a href="?environment=production&amp;store=app_store&amp;version=2.1&amp;period=7d">app_store</a> <a href="?environment=production&amp;store=google_play&amp;version=2.1&amp;period=7d">google_play</a></p>
                <p class="facet"><span class="name">Version</span> <a href="?environment=production&amp;period=7d">all</a> <strong aria-current="true">2.1</strong> <a href="?environment=production&amp;version=2.0&amp;period=7d">2.0</a></p>
                <p class="facet"><span class="name">Period</span> <a href="?environment=production&amp;version=2.1&amp;period=1d">1d</a> <strong aria-current="true">7d</strong> <a href="?environment=production&amp;version=2.1">30d</a></p>
                <p class="current">Showing environment <strong>production</strong> (<a href="?version=2.1&amp;period=7d">clear</a>), version <strong>2.1</strong> (<a href="?environment=production&amp;period=7d">clear</a>), the last <strong>7 days</strong> (<a href="?environment=production&amp;version=2.1">clear</a>). <a href="?">Clear all</a></p>
                </nav>

                """)
        let whole = ReportPageFilter(filter: ReportFilter(period: .lastDays(30)), today: ReportFilterTests.today, choices: Self.choices)
        #expect(whole.html().hasSuffix("<p class=\"current\">Showing every report of the last 30 days.</p>\n</nav>\n"))
        #expect(whole.html().contains("<span class=\"name\">Environment</span> <strong aria-current=\"true\">all</strong> "))
    }

    @Test func aValueTheReportsDoNotHoldIsStillShownAsTheCurrentOne() {
        let filter = ReportFilter(environment: .xcode, appVersion: "9.9", period: .lastDays(14))
        let html = ReportPageFilter(filter: filter, today: ReportFilterTests.today, choices: Self.choices).html()
        #expect(
            html.contains(
                "<span class=\"name\">Environment</span> <a href=\"?version=9.9&amp;period=14d\">all</a> <strong aria-current=\"true\">xcode</strong> <a "
            ))
        #expect(
            html.contains(
                "<a href=\"?environment=xcode&amp;version=2.0&amp;period=14d\">2.0</a> <strong aria-current=\"true\">9.9</strong></p>"))
        #expect(
            html.contains("<a href=\"?environment=xcode&amp;version=9.9&amp;period=7d\">7d</a> <strong aria-current=\"true\">14d</strong> ")
        )
    }

    @Test func versionsFromTheDatabaseAreEscapedInTextAndEncodedInLinks() {
        let hostile = "9\"<i>&'\u{1B}"
        let snapshot = F.memorySnapshot([F.missing("com.example.shop.gems", 1, F.dimensions(hostile))])
        let choices = ReportPageFilter.Choices(snapshot: snapshot, periods: [1], defaultDays: 30)
        let html = ReportPageFilter(filter: ReportFilter(period: .lastDays(30)), today: ReportFilterTests.today, choices: choices).html()
        #expect(html.contains("<a href=\"?version=9%22%3Ci%3E%26%27%1B\">9&quot;&lt;i&gt;&amp;&#39;\u{FFFD}</a>"))
        #expect(!html.contains("<i>") && !html.contains("\u{1B}"))
    }

    @Test func inAFileTheFilterIsOnlyStated() {
        let filter = ReportFilter(environment: .production, store: .googlePlay, appVersion: "2.0", period: .since(F.day))
        #expect(
            ReportPageFilter(filter: filter, today: ReportFilterTests.today).html()
                == "<p class=\"filter\">Showing environment <strong>production</strong>, store <strong>google_play</strong>, "
                + "version <strong>2.0</strong>, since <strong>2026-11-20</strong>.</p>\n")
        #expect(ReportPageFilter(filter: ReportFilter(), today: ReportFilterTests.today).html() == "")
        #expect(
            ReportPageFilter(filter: ReportFilter(period: .lastDays(1)), today: ReportFilterTests.today).html()
                == "<p class=\"filter\">Showing the last <strong>day</strong>.</p>\n")
    }
}
