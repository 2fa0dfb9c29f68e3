/// Explains a ``ReportSnapshot``: groups the rows per product id and store, and gives each its
/// counts, when and where it was seen, and its likely cause with the evidence
/// (``Cause`` orders the causes); an app version whose reports mostly said every id was missing
/// becomes one finding of its own, which takes the ids only those reports named; the server's
/// bucket of surplus unknown ids is one finding per store.
///
/// Rows are untrusted (they hold what apps sent): the work is linear in the rows, apart from the
/// "did you mean" of unknown ids, which is bounded (``suggestionBudget``).
public struct ReportAnalyzer: Sendable {
    public var context: ReportContext
    /// How many id comparisons "did you mean" may make in all: each unknown id (the most reported
    /// first) is compared with every product of the catalog while the budget lasts; the others say so.
    public var suggestionBudget = 200_000

    public init(context: ReportContext) {
        self.context = context
    }

    /// The findings of `snapshot`.
    public func analyze(_ snapshot: ReportSnapshot) -> ReportAnalysis {
        let cells = Cells(snapshot.tallies)
        let versions = AppVersionFindings(snapshot.tallies)
        var groups: [GroupKey: [MissingRow]] = [:]
        for row in snapshot.missing {
            let key = GroupKey(store: row.dimensions.store, id: row.productID)
            groups[key, default: []].append(row)
        }
        var findings: [Finding] = []
        var folded: [AppVersionFindings.Key: [String: Int64]] = [:]
        var products: [(key: GroupKey, rows: [MissingRow], stats: FindingStats)] = []
        for (key, rows) in groups {
            let stats = Self.stats(of: rows, cells: cells)
            if key.id == ReportRecord.otherID {
                findings.append(otherIDs(store: key.store, stats: stats))
                continue
            }
            // Every row in a cell whose reports all said every id was missing, of versions with such a finding: the
            // app version's finding explains it.
            let explained = rows.allSatisfy { row in
                cells.isAllMissing(row) && versions.has(AppVersionFindings.Key(row.dimensions))
            }
            if explained {
                for row in rows {
                    folded[AppVersionFindings.Key(row.dimensions), default: [:]][key.id, default: 0].saturatingAdd(row.count)
                }
                continue
            }
            products.append((key, rows, stats))
        }
        // "Did you mean" for the most reported unknown ids first, so the bound keeps the ones that matter.
        products.sort { $0.stats.count != $1.stats.count ? $0.stats.count > $1.stats.count : $0.key < $1.key }
        var suggestions = suggestionBudget
        for (key, rows, stats) in products {
            let facts = ProductFacts(store: key.store, id: key.id, rows: rows, stats: stats, context: context, cells: cells)
            findings.append(productFinding(facts, suggesting: &suggestions))
        }
        findings += versions.findings(folding: folded)
        findings.sort(by: Finding.listedBefore)
        let reports = snapshot.tallies.reduce(Int64(0)) { $0.saturating(plus: $1.reports) }
        let days = snapshot.tallies.map(\.day) + snapshot.missing.map(\.day)
        return ReportAnalysis(findings: findings, reports: reports, days: days.min().flatMap { first in days.max().map { first...$0 } })
    }

    /// The bucket of unknown ids past the daily bound.
    private func otherIDs(store: ReportedStore, stats: FindingStats) -> Finding {
        Finding(
            store: store, subject: .otherIDs, stats: stats, cause: .unknownIDsPastBound,
            evidence: [
                Evidence(
                    .reports,
                    "\(stats.count) missing ids were not counted one by one: the server had already counted its daily bound of "
                        + "unknown ids on those days")
            ])
    }

    /// Adds up `rows`, with the reports of the cells they were counted in.
    static func stats(of rows: [MissingRow], cells: Cells) -> FindingStats {
        var stats = FindingStats()
        var sets = FindingSets()
        var seenCells: Set<Cells.Key> = []
        for row in rows {
            stats.add(
                count: row.count, day: row.day, dimensions: row.dimensions, status: row.status, firstSeen: row.firstSeen,
                lastSeen: row.lastSeen, into: &sets)
            let key = Cells.Key(day: row.day, dimensions: row.dimensions)
            if seenCells.insert(key).inserted { stats.reports.saturatingAdd(cells.reports(key)) }
        }
        stats.close(sets)
        return stats
    }

    /// A store and a product id as that store's SDK asked for it.
    struct GroupKey: Hashable, Comparable {
        var store: ReportedStore
        var id: String

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.id, lhs.store) < (rhs.id, rhs.store) }
    }
}

/// The tallies by day and dimensions: how many reports, how many said every id was missing.
struct Cells {
    struct Key: Hashable {
        var day: ReportDay
        var dimensions: ReportDimensions
    }

    private var tallies: [Key: (reports: Int64, allMissing: Int64)] = [:]

    init(_ rows: [TallyRow]) {
        for row in rows {
            let key = Key(day: row.day, dimensions: row.dimensions)
            let old = tallies[key] ?? (0, 0)
            tallies[key] = (old.reports.saturating(plus: row.reports), old.allMissing.saturating(plus: row.allMissing))
        }
    }

    func reports(_ key: Key) -> Int64 { tallies[key]?.reports ?? 0 }

    /// Whether every report counted where `row` was said every id was missing.
    func isAllMissing(_ row: MissingRow) -> Bool {
        guard let tally = tallies[Key(day: row.day, dimensions: row.dimensions)] else { return false }
        return tally.reports > 0 && tally.allMissing >= tally.reports
    }
}
