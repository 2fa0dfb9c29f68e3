import IAPCatalog

/// App versions whose reports say every requested id was missing — the pattern of an account-wide
/// cause (agreement, banking or tax, membership) or an app that is not the store's (bundle id,
/// App ID, capability; on Play an unsigned or sideloaded build, a package name with a debug suffix).
///
/// The evidence is weighed by ids, not by reports: apps report only when something is missing, and
/// an app asking for one id at a time sends a report whose one id is missing for a mere typo. So an
/// app version of a store is a candidate when at least half of its reports in one environment said
/// every id was missing, and it becomes an incident only when those reports missed at least
/// ``fewestIDs`` distinct ids that have no cause of their own (``Cause/isTheIDsOwn``: an unknown id,
/// a draft, Play's `4` "it exists" or `2` "malformed" each explain an id by themselves).
struct EveryIDMissing {
    struct Key: Hashable, Comparable {
        var store: ReportedStore
        var appVersion: String

        init(store: ReportedStore, appVersion: String) {
            self.store = store
            self.appVersion = appVersion
        }

        init(_ dimensions: ReportDimensions) {
            self.init(store: dimensions.store, appVersion: dimensions.appVersion)
        }

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.store, lhs.appVersion) < (rhs.store, rhs.appVersion) }
    }

    /// The fewest distinct ids without a cause of their own that make an app version's incident.
    static let fewestIDs = 2
    /// Ids with a cause of their own named in an incident's evidence; the others are counted.
    static let idsShown = 10

    private var tallies: [Key: [TallyRow]] = [:]
    /// App versions where at least half of one environment's reports said every id was missing.
    private(set) var candidates: Set<Key> = []

    init(_ rows: [TallyRow]) {
        for row in rows where row.reports > 0 { tallies[Key(row.dimensions), default: []].append(row) }
        for (key, rows) in tallies {
            var perEnvironment: [ReportedEnvironment: (reports: Int64, allMissing: Int64)] = [:]
            for row in rows {
                let old = perEnvironment[row.dimensions.environment] ?? (0, 0)
                perEnvironment[row.dimensions.environment] = (
                    old.reports.saturating(plus: row.reports), old.allMissing.saturating(plus: min(row.allMissing, row.reports))
                )
            }
            if perEnvironment.values.contains(where: { $0.allMissing > 0 && $0.allMissing >= $0.reports / 2 + $0.reports % 2 }) {
                candidates.insert(key)
            }
        }
    }

    /// The incident of the app version `key`: `members` are its ids without a cause of their own
    /// (each with the reports the incident explains), `others` the ids its reports also missed that
    /// have one (they stay findings of their own).
    func incident(_ key: Key, members: [Finding], others: [(id: String, cause: Cause)]) -> Incident {
        var stats = FindingStats()
        var sets = FindingSets()
        var reportsPerEnvironment: [ReportedEnvironment: Int64] = [:]
        for row in tallies[key] ?? [] {
            reportsPerEnvironment[row.dimensions.environment, default: 0].saturatingAdd(row.reports)
            stats.reports.saturatingAdd(row.reports)
            let allMissing = min(row.allMissing, row.reports)
            guard allMissing > 0 else { continue }
            stats.add(
                count: allMissing, day: row.day, dimensions: row.dimensions, status: nil, firstSeen: row.firstSeen,
                lastSeen: row.lastSeen, into: &sets)
        }
        for member in members {
            for (status, count) in member.stats.statuses { stats.statuses[status, default: 0].saturatingAdd(count) }
        }
        stats.close(sets)
        var evidence = stats.environmentCounts.map { environment, count in
            Evidence(
                .reports,
                "\(environment.rawValue): \(count) of \(Plural.count(Int(reportsPerEnvironment[environment] ?? 0), "report")) "
                    + "said every requested id was missing")
        }
        evidence.append(
            Evidence(
                .reports,
                "\(Plural.count(members.count, "id")) the catalog sells on \(key.store.rawValue) missed by those reports, "
                    + "none with a cause of its own"))
        if stats.environments.keys.allSatisfy({ $0 == .xcode }) {
            evidence.append(
                Evidence(.reports, "all from environment xcode: the scheme's StoreKit configuration file is empty or not selected (TN3185)")
            )
        }
        if !others.isEmpty {
            let sorted = others.sorted { $0.id < $1.id }
            var shown = sorted.prefix(Self.idsShown).map { "\($0.id) (\($0.cause.summary))" }.joined(separator: ", ")
            if sorted.count > Self.idsShown { shown += " and \(sorted.count - Self.idsShown) more" }
            evidence.append(Evidence(.reports, "also missed, each with a cause of its own (listed apart): \(shown)"))
        }
        return Incident(
            kind: .everyIDMissing(appVersion: key.appVersion), store: key.store, cause: .everyIDMissing, stats: stats, evidence: evidence,
            findings: members.sorted(by: Finding.listedBefore))
    }
}
