import NIOConcurrencyHelpers

/// The values of each bounded dimension seen so far on the current UTC day, for
/// ``ReportNormalizer``: a value is kept while its set is under its ``ReportBounds`` bound, or
/// if the day has seen it already; otherwise it becomes ``ReportBounds/other``. Everything is
/// forgotten when a report of another day arrives, so the memory is at most the bounds times the
/// longest values (about 50 kB with the default bounds). Safe to call from any thread.
final class DailyVocabulary: Sendable {
    let bounds: ReportBounds
    private let state = NIOLockedValueBox(State())

    private struct State {
        var day: ReportDay?
        var ids = Set<String>()
        var appVersions = Set<String>()
        var statuses = Set<String>()
        var storefronts = Set<String>()

        mutating func admit(_ value: String, to set: WritableKeyPath<State, Set<String>>, bound: Int) -> String {
            if self[keyPath: set].contains(value) { return value }
            guard self[keyPath: set].count < bound else { return ReportBounds.other }
            self[keyPath: set].insert(value)
            return value
        }
    }

    /// What one report asks to keep: its app version, and the values the catalog and the tables do not bound.
    struct Request {
        var appVersion: String
        var unknownStorefront: String?
        var unknownIDs: [String]
        var unknownStatuses: [String]
    }

    init(bounds: ReportBounds) { self.bounds = bounds }

    /// `request`'s values as kept on `day`: each itself or ``ReportBounds/other``, in the same order.
    func admit(_ request: Request, on day: ReportDay) -> Request {
        state.withLockedValue { state in
            if state.day != day { state = State(day: day) }
            return Request(
                appVersion: state.admit(request.appVersion, to: \.appVersions, bound: bounds.appVersionsPerDay),
                unknownStorefront: request.unknownStorefront.map {
                    state.admit($0, to: \.storefronts, bound: bounds.unknownStorefrontsPerDay)
                },
                unknownIDs: request.unknownIDs.map { state.admit($0, to: \.ids, bound: bounds.unknownIDsPerDay) },
                unknownStatuses: request.unknownStatuses.map { state.admit($0, to: \.statuses, bound: bounds.unknownStatusesPerDay) })
        }
    }
}
