import NIOConcurrencyHelpers

/// The values of each bounded dimension seen so far on the current UTC day, for
/// ``ReportNormalizer``: a value is kept while its set is under its ``ReportBounds`` bound, or
/// if the day has seen it already; otherwise it becomes ``ReportBounds/other``. The rows the day's
/// reports add are bounded the same way (``admitRows(_:on:)``), by a hash of each row's key.
/// Everything is forgotten when a report of another day arrives, so the memory is at most the
/// bounds times the longest values (about 50 kB with the default bounds) and 8 bytes a row (with
/// the set's overhead, under 1 MB for 20,000 rows). Safe to call from any thread.
final class DailyVocabulary: Sendable {
    let bounds: ReportBounds
    private let state = NIOLockedValueBox(State())

    private struct State {
        var day: ReportDay?
        var ids = Set<String>()
        var appVersions = Set<String>()
        var statuses = Set<String>()
        var storefronts = Set<String>()
        /// Hashes of the keys of the rows the day's reports added.
        var rows = Set<Int>()
        /// Report ids of the day left for storage to remember.
        var remembered = 0

        /// `value` as kept: the day's copy of it (one string for every report that sends it), itself
        /// while the set is under `bound`, else ``ReportBounds/other``.
        mutating func admit(_ value: String, to set: WritableKeyPath<State, Set<String>>, bound: Int) -> String {
            if let index = self[keyPath: set].firstIndex(of: value) { return self[keyPath: set][index] }
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

    /// `record` as counted on its day: as it is while the rows it would add (its tally row, a row
    /// per missing id and status) fit under ``ReportBounds/rowsPerDay`` or were added already;
    /// otherwise under app version, storefront and id ``ReportBounds/other``, no status. Past
    /// ``ReportBounds/rememberedReportsPerDay``, its id is not remembered.
    func admitRows(_ record: ReportRecord) -> ReportRecord {
        func key(_ dimensions: ReportDimensions, _ product: MissingProduct?) -> Int {
            var hasher = Hasher()
            hasher.combine(dimensions)
            if let product {
                hasher.combine(product.id)
                hasher.combine(product.status ?? "")
            }
            return hasher.finalize()
        }
        let keys = [key(record.dimensions, nil)] + record.missing.map { key(record.dimensions, $0) }
        return state.withLockedValue { state in
            if state.day != record.day { state = State(day: record.day) }
            var record = record
            record.remembered = state.remembered < bounds.rememberedReportsPerDay
            if record.remembered { state.remembered += 1 }
            let new = keys.filter { !state.rows.contains($0) }
            if new.isEmpty { return record }
            if state.rows.count + new.count <= bounds.rowsPerDay {
                state.rows.formUnion(new)
                return record
            }
            var collapsed = record
            collapsed.dimensions.appVersion = ReportBounds.other
            collapsed.dimensions.storefront = ReportBounds.other
            collapsed.dimensions.storefrontRaw = ReportBounds.other
            collapsed.missing = record.missing.isEmpty ? [] : [MissingProduct(id: ReportBounds.other)]
            state.rows.insert(key(collapsed.dimensions, nil))
            if let other = collapsed.missing.first { state.rows.insert(key(collapsed.dimensions, other)) }
            return collapsed
        }
    }

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
