import Testing

@testable import FieldReports

@Suite struct ReportDayTests {
    @Test func daysPrintAsCalendarDates() {
        #expect(ReportDay(0).description == "1970-01-01")
        #expect(ReportDay(secondsSince1970: 1_795_737_600).description == "2026-11-27")
        #expect(ReportDay(secondsSince1970: 1_795_737_599).description == "2026-11-26")
        #expect(ReportDay(secondsSince1970: -1).description == "1969-12-31")
        #expect(ReportDay(secondsSince1970: 951_782_400).description == "2000-02-29")
    }
}
