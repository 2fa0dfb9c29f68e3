import IAPCatalog

/// App versions whose reports mostly said every requested id was missing — the pattern of an
/// account-wide cause (agreement, banking or tax, membership) or an app that is not the store's
/// (bundle id, App ID, capability; on Play an unsigned or sideloaded build): at least half of the
/// version's reports in one environment, per store.
struct AppVersionFindings {
    struct Key: Hashable {
        var store: ReportedStore
        var appVersion: String

        init(store: ReportedStore, appVersion: String) {
            self.store = store
            self.appVersion = appVersion
        }

        init(_ dimensions: ReportDimensions) {
            self.init(store: dimensions.store, appVersion: dimensions.appVersion)
        }
    }

    /// Ids listed by name in a finding; the others are counted.
    static let idsShown = 10

    private var tallies: [Key: [TallyRow]] = [:]
    private var qualifying: Set<Key> = []

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
                qualifying.insert(key)
            }
        }
    }

    /// Whether the app version of `key` has a finding.
    func has(_ key: Key) -> Bool { qualifying.contains(key) }

    /// One finding per qualifying app version; `folded` holds, per app version, the ids only its
    /// every-id-missing reports named, with their counts.
    func findings(folding folded: [Key: [String: Int64]]) -> [Finding] {
        qualifying.map { key in finding(key, rows: tallies[key] ?? [], ids: folded[key] ?? [:]) }
    }

    private func finding(_ key: Key, rows: [TallyRow], ids: [String: Int64]) -> Finding {
        var stats = FindingStats()
        var sets = FindingSets()
        var reportsPerEnvironment: [ReportedEnvironment: Int64] = [:]
        for row in rows {
            reportsPerEnvironment[row.dimensions.environment, default: 0].saturatingAdd(row.reports)
            stats.reports.saturatingAdd(row.reports)
            let allMissing = min(row.allMissing, row.reports)
            guard allMissing > 0 else { continue }
            stats.add(
                count: allMissing, day: row.day, dimensions: row.dimensions, status: nil, firstSeen: row.firstSeen,
                lastSeen: row.lastSeen, into: &sets)
        }
        stats.close(sets)
        var evidence = stats.environmentCounts.map { environment, count in
            Evidence(
                .reports,
                "\(environment.rawValue): \(count) of \(Plural.count(Int(reportsPerEnvironment[environment] ?? 0), "report")) "
                    + "said every requested id was missing")
        }
        if stats.environments.keys.allSatisfy({ $0 == .xcode }) {
            evidence.append(
                Evidence(.reports, "all from environment xcode: the scheme's StoreKit configuration file is empty or not selected (TN3185)")
            )
        }
        if !ids.isEmpty {
            let sorted = ids.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            var shown = sorted.prefix(Self.idsShown).map(\.key).joined(separator: ", ")
            if sorted.count > Self.idsShown { shown += " and \(sorted.count - Self.idsShown) more" }
            evidence.append(Evidence(.reports, "\(Plural.count(sorted.count, "id")) reported only by those reports: \(shown)"))
        }
        return Finding(store: key.store, subject: .appVersion(key.appVersion), stats: stats, cause: .everyIDMissing, evidence: evidence)
    }
}
