import IAPCatalog

/// Explains a ``ReportSnapshot``: groups the rows per product id and store, and gives each its
/// counts, when and where it was seen, and its likely cause with the evidence (``Cause`` orders
/// the causes; what the store's SDK said is evidence of every cause and decides between them).
/// Then it brings together what went missing together (``Incident``): an app version whose
/// reports said every requested id was missing, weighed by the ids (``EveryIDMissing``), holds the
/// reports it explains of its ids, which keep their own records under it; and ids of one store
/// sharing a cause and app versions are one incident. The server's bucket of surplus unknown ids
/// is one finding per store.
///
/// Rows are untrusted (they hold what apps sent): the work is linear in the rows, apart from the
/// "did you mean" of unknown ids, which is bounded (``suggestionBudget``).
public struct ReportAnalyzer: Sendable {
    /// The catalog, its lists and the pulled stores the reports are explained with.
    public var context: ReportContext
    /// How many id comparisons "did you mean" may make in all: each unknown id (the most reported
    /// first) is compared with every product of the catalog while the budget lasts; the others say so.
    public var suggestionBudget = 200_000

    /// An analyzer explaining with `context`.
    public init(context: ReportContext) {
        self.context = context
    }

    /// The findings and incidents of `snapshot`.
    public func analyze(_ snapshot: ReportSnapshot) -> ReportAnalysis {
        let cells = Cells(snapshot.tallies)
        var groups: [GroupKey: [MissingRow]] = [:]
        for row in snapshot.missing where row.count > 0 {
            groups[GroupKey(store: row.dimensions.store, id: row.productID), default: []].append(row)
        }
        var findings: [Finding] = []
        var products: [(key: GroupKey, rows: [MissingRow], stats: FindingStats)] = []
        for (key, rows) in groups {
            let stats = Self.stats(of: rows, cells: cells)
            if key.id == ReportRecord.otherID {
                findings.append(otherIDs(store: key.store, stats: stats))
            } else {
                products.append((key, rows, stats))
            }
        }
        // "Did you mean" for the most reported unknown ids first, so the bound keeps the ones that matter.
        products.sort { $0.stats.count != $1.stats.count ? $0.stats.count > $1.stats.count : $0.key < $1.key }
        var suggestions = suggestionBudget
        // Each id's own finding, from all its reports.
        let own = products.map { key, rows, stats in
            productFinding(
                ProductFacts(store: key.store, id: key.id, rows: rows, stats: stats, context: context, cells: cells),
                suggesting: &suggestions)
        }

        // The app versions whose every-id-missing reports missed enough ids without a cause of their own.
        let versions = EveryIDMissing(snapshot.tallies)
        var weakIDs: [EveryIDMissing.Key: Set<String>] = [:]
        var ownIDs: [EveryIDMissing.Key: [(id: String, cause: Cause)]] = [:]
        for (index, product) in products.enumerated() {
            for key in Set(product.rows.filter { cells.allMissing(of: $0) > 0 }.map { EveryIDMissing.Key($0.dimensions) })
            where versions.candidates.contains(key) {
                if own[index].cause.isTheIDsOwn {
                    ownIDs[key, default: []].append((product.key.id, own[index].cause))
                } else {
                    weakIDs[key, default: []].insert(product.key.id)
                }
            }
        }
        let verdicts = Set(weakIDs.filter { $0.value.count >= EveryIDMissing.fewestIDs }.keys)

        // Each id's reports such a version explains go under it; what is left is the id's finding.
        var members: [EveryIDMissing.Key: [Finding]] = [:]
        var rowsOf: [[MissingRow]] = []
        for (index, product) in products.enumerated() {
            var finding = own[index]
            var rows = product.rows
            if !finding.cause.isTheIDsOwn {
                var explained: [EveryIDMissing.Key: [MissingRow]] = [:]
                var remaining: [MissingRow] = []
                for row in product.rows {
                    let key = EveryIDMissing.Key(row.dimensions)
                    let part = verdicts.contains(key) ? cells.allMissing(of: row) : 0
                    if part > 0 { explained[key, default: []].append(row.split(part).explained) }
                    if part < row.count { remaining.append(row.split(part).remaining) }
                }
                for (key, rows) in explained {
                    members[key, default: []].append(refinding(product.key, rows, cells: cells))
                }
                if !explained.isEmpty {
                    rows = remaining
                    guard !remaining.isEmpty else { continue }
                    finding = refinding(product.key, remaining, cells: cells)
                    let versions = explained.keys.map(\.appVersion).sorted(by: AppVersionOrder.precedes)
                    let count = ProductFacts.count(explained.values.flatMap { $0 })
                    finding.context.append(
                        Evidence(
                            .reports,
                            "\(Plural.count(Int(count), "more report")) of it \(count == 1 ? "is" : "are") explained by "
                                + versions.map { "app \($0)" }.joined(separator: ", ") + ": every requested id was missing"))
                }
            }
            findings.append(finding)
            rowsOf.append(rows)
        }

        var incidents = verdicts.map { key in versions.incident(key, members: members[key] ?? [], others: ownIDs[key] ?? []) }
        // Ids sharing a cause and app versions: one incident each. Only product findings are grouped;
        // `rowsOf` holds theirs, after the bucket's findings.
        let bucket = findings.count - rowsOf.count
        let grouped = Incident.group(Array(findings[bucket...])) { indices in Self.stats(of: indices.flatMap { rowsOf[$0] }, cells: cells) }
        incidents += grouped.incidents
        incidents.sort(by: Incident.listedBefore)
        findings = Array(findings[..<bucket]) + grouped.findings
        findings.sort(by: Finding.listedBefore)
        let reports = snapshot.tallies.reduce(Int64(0)) { $0.saturating(plus: $1.reports) }
        let days = snapshot.tallies.map(\.day) + snapshot.missing.map(\.day)
        return ReportAnalysis(
            incidents: incidents, findings: findings, reports: reports,
            days: days.min().flatMap { first in days.max().map { first...$0 } })
    }

    /// The finding of `key` from some of its rows: a cause without a "did you mean" (an id that
    /// has no cause of its own is a catalog's id).
    private func refinding(_ key: GroupKey, _ rows: [MissingRow], cells: Cells) -> Finding {
        var none = 0
        let stats = Self.stats(of: rows, cells: cells)
        return productFinding(
            ProductFacts(store: key.store, id: key.id, rows: rows, stats: stats, context: context, cells: cells), suggesting: &none)
    }

    /// The bucket of unknown ids past the daily bound.
    private func otherIDs(store: ReportedStore, stats: FindingStats) -> Finding {
        Finding(
            store: store, subject: .otherIDs, stats: stats, cause: .unknownIDsPastBound,
            evidence: [
                Evidence(
                    .reports,
                    "\(stats.count) missing ids were not counted one by one: the server had already counted its daily bound of "
                        + "unknown ids, or of rows, on those days")
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

    /// How many of `row`'s reports said every requested id was missing: as counted, or all of them
    /// where every report of the cell said so (rows written before the count, schema version 1).
    func allMissing(of row: MissingRow) -> Int64 {
        min(row.count, max(row.allMissing, isAllMissing(row) ? row.count : 0))
    }
}

extension MissingRow {
    /// The row as two: `explained` of its reports, and the others.
    func split(_ explained: Int64) -> (explained: MissingRow, remaining: MissingRow) {
        var first = self, second = self
        first.count = explained
        first.allMissing = min(allMissing, explained)
        second.count = count - explained
        second.allMissing = max(0, allMissing - explained)
        return (first, second)
    }
}
