import FieldReports
import NIOConcurrencyHelpers

/// The pages of `/reports`, one per filter, made off the request path and served from memory.
///
/// A request only looks a page up (``lookup(_:)``): a page made from the current data is served;
/// one made from older data is served too, and asked for again; a filter with no page yet is
/// asked for, and the request is told it is being prepared. ``ReportService`` makes what is asked
/// for, one page at a time, from the data it last read (``takeWanted()``, ``store(_:for:generation:)``).
/// So the work a request causes is bounded whatever it asks: at most ``pendingLimit`` pages wait
/// to be made (the others are asked for again by the client's retry), at most ``capacity`` pages
/// are kept besides the unfiltered one (the least recently served goes first), and none is made
/// on an event loop.
package final class ReportPages: Sendable {
    /// Filtered pages kept at most, besides ``pinned``.
    package let capacity: Int
    /// Filters waiting to be made at most.
    package let pendingLimit: Int
    /// The page without a filter: made again for every new data, never dropped.
    package let pinned: ReportFilter
    /// Rings whenever a filter is asked for: the maker waits on it (``wakeups``).
    private let doorbell: AsyncStream<Void>.Continuation
    /// What wakes the maker: a filter asked for, or ``ring()``.
    package let wakeups: AsyncStream<Void>
    private let state = NIOLockedValueBox(State())

    private struct Entry {
        var html: [UInt8]
        var generation: Int
        var used: UInt64
    }

    private struct State {
        /// The data pages are made from now; older pages are stale.
        var generation = 0
        var entries: [ReportFilter: Entry] = [:]
        var wanted: [ReportFilter] = []
        /// Counts lookups: an entry's ``Entry/used`` orders the least recently served.
        var clock: UInt64 = 0
    }

    /// What a request gets.
    package enum Lookup: Equatable, Sendable {
        /// The page (possibly made from older data, then made again in the background).
        case page([UInt8])
        /// No page for this filter yet: it is being made, ask again shortly.
        case preparing
    }

    /// Pages for filters, `pinned` always kept, with the bounds given.
    package init(pinned: ReportFilter, capacity: Int = 8, pendingLimit: Int = 4) {
        self.pinned = pinned
        self.capacity = capacity
        self.pendingLimit = pendingLimit
        (wakeups, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The page for `filter`; a filter without a page made from the current data is asked for
    /// (while fewer than ``pendingLimit`` wait). Never waits for a page to be made.
    package func lookup(_ filter: ReportFilter) -> Lookup {
        let (result, asked) = state.withLockedValue { state -> (Lookup, Bool) in
            state.clock += 1
            guard var entry = state.entries[filter] else { return (.preparing, Self.ask(filter, in: &state, limit: pendingLimit)) }
            entry.used = state.clock
            state.entries[filter] = entry
            let asked = entry.generation < state.generation && Self.ask(filter, in: &state, limit: pendingLimit)
            return (.page(entry.html), asked)
        }
        if asked { doorbell.yield() }
        return result
    }

    /// Adds `filter` to what is wanted, unless it is already or the list is full; whether it was added.
    private static func ask(_ filter: ReportFilter, in state: inout State, limit: Int) -> Bool {
        guard !state.wanted.contains(filter), state.wanted.count < limit else { return false }
        state.wanted.append(filter)
        return true
    }

    /// The filters asked for, the first asked first; they are no longer waiting.
    package func takeWanted() -> [ReportFilter] {
        state.withLockedValue { state in
            defer { state.wanted = [] }
            return state.wanted
        }
    }

    /// The data changed: pages made before are stale from now on. Returns the new generation.
    package func advance() -> Int {
        state.withLockedValue { state in
            state.generation += 1
            return state.generation
        }
    }

    /// Keeps `html` as the page of `filter`, made from the data of `generation`; past ``capacity``,
    /// drops the page served least recently (never ``pinned``).
    package func store(_ html: [UInt8], for filter: ReportFilter, generation: Int) {
        state.withLockedValue { state in
            state.clock += 1
            state.entries[filter] = Entry(html: html, generation: generation, used: state.clock)
            while state.entries.count > capacity + 1,
                let oldest = state.entries.filter({ $0.key != pinned }).min(by: { $0.value.used < $1.value.used })?.key
            {
                state.entries[oldest] = nil
            }
        }
    }

    /// Wakes the maker (new data may have been read).
    package func ring() { doorbell.yield() }

    /// The filters with a page kept, for tests and figures.
    package var kept: Set<ReportFilter> { state.withLockedValue { Set($0.entries.keys) } }
}
