import FieldReports
import Testing

@testable import IAPCatalogServer

/// ``ReportPages``: what a request for the page can cost — a lookup, never a page made on its
/// thread — and how many pages wait and are kept, whatever the filters asked for.
@Suite struct ReportPagesTests {
    static let whole = ReportFilter(period: .lastDays(30))

    static func version(_ n: Int) -> ReportFilter { ReportFilter(appVersion: "\(n)", period: .lastDays(30)) }

    @Test func aFilterWithoutAPageIsAskedForOnceAndServedOnceMade() {
        let pages = ReportPages(pinned: Self.whole)
        #expect(pages.lookup(Self.version(1)) == .preparing)
        #expect(pages.lookup(Self.version(1)) == .preparing)
        #expect(pages.takeWanted() == [Self.version(1)])
        #expect(pages.takeWanted() == [])
        pages.store([1], for: Self.version(1), generation: 0)
        #expect(pages.lookup(Self.version(1)) == .page([1]))
        #expect(pages.takeWanted() == [])
    }

    @Test func aPageOfOlderDataIsServedAndMadeAgain() {
        let pages = ReportPages(pinned: Self.whole)
        pages.store([1], for: Self.version(1), generation: 0)
        #expect(pages.advance() == 1)
        #expect(pages.lookup(Self.version(1)) == .page([1]))
        #expect(pages.takeWanted() == [Self.version(1)])
        pages.store([2], for: Self.version(1), generation: 1)
        #expect(pages.lookup(Self.version(1)) == .page([2]))
        #expect(pages.takeWanted() == [])
    }

    @Test func atMostPendingLimitFiltersWaitTheOthersAreAskedAgainByTheirRetry() {
        let pages = ReportPages(pinned: Self.whole, capacity: 8, pendingLimit: 4)
        for n in 0..<100 { #expect(pages.lookup(Self.version(n)) == .preparing) }
        #expect(pages.takeWanted() == (0..<4).map(Self.version))
        #expect(pages.lookup(Self.version(99)) == .preparing)
        #expect(pages.takeWanted() == [Self.version(99)])
    }

    @Test func atMostCapacityPagesAreKeptBesidesTheUnfilteredOneTheLeastRecentlyServedGoFirst() {
        let pages = ReportPages(pinned: Self.whole, capacity: 3, pendingLimit: 4)
        pages.store([0], for: Self.whole, generation: 0)
        for n in 0..<3 { pages.store([UInt8(n)], for: Self.version(n), generation: 0) }
        #expect(pages.lookup(Self.version(0)) == .page([0]))  // 1 is now the least recently served
        for n in 3..<40 {
            pages.store([UInt8(n)], for: Self.version(n), generation: 0)
            #expect(pages.kept.count == 4)
        }
        #expect(pages.kept == [Self.whole, Self.version(37), Self.version(38), Self.version(39)])
        pages.store([0], for: Self.version(0), generation: 0)
        pages.store([1], for: Self.version(1), generation: 0)
        #expect(pages.lookup(Self.version(1)) == .page([1]))
        #expect(pages.kept == [Self.whole, Self.version(39), Self.version(0), Self.version(1)])
    }
}
