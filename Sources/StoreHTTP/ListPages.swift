/// The bounds every paged list of both stores is read within, however its server pages it: at most
/// 10,000 pages, at most 256 MiB of pages, and never a link to a page already read. A server that
/// links a page to itself, or pages forever, ends the list with a ``Problem`` — which each store
/// words in its own error — rather than being read until memory runs out. App Store Connect
/// follows `links.next`, Google Play `nextPageToken`: the cursor is whichever the store sends.
package struct ListPages: Sendable {
    /// The most pages one list may have.
    package static let pageLimit = 10_000
    /// The most one list's pages may hold (the largest real list, a subscription's price points
    /// in 175 territories, is about 60 MB; a page of 1,000 Play products with 170 regions each
    /// about 20 MB).
    package static let byteLimit = 256 << 20

    /// Why a list ends before its last page.
    package enum Problem: Sendable, Equatable {
        /// Its pages hold more than `limit` bytes.
        case tooLarge(limit: Int)
        /// The link to page `page` (counted from 1) leads to a page already read.
        case repeatedPage(page: Int)
        /// It has more than ``pageLimit`` pages.
        case tooManyPages(limit: Int)
    }

    /// Pages read so far.
    package private(set) var pages = 0
    /// Their size in bytes.
    package private(set) var bytes = 0
    private let byteLimit: Int
    private var seen: Set<String> = []

    /// A list about to be read, bounded to `byteLimit` bytes (smaller in tests).
    package init(byteLimit: Int = ListPages.byteLimit) {
        self.byteLimit = byteLimit
    }

    /// Counts a page of `size` bytes whose link to the next page is `next` (nil on the last page):
    /// the problem that ends the list there, or nil to read on.
    package mutating func add(size: Int, next: String?) -> Problem? {
        pages += 1
        bytes += size
        guard bytes <= byteLimit else { return .tooLarge(limit: byteLimit) }
        guard let next else { return nil }
        guard seen.insert(next).inserted else { return .repeatedPage(page: pages + 1) }
        guard pages < Self.pageLimit else { return .tooManyPages(limit: Self.pageLimit) }
        return nil
    }
}
