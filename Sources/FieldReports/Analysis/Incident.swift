import IAPCatalog

/// Ids that went missing together, shown as one: an app version whose reports said every
/// requested id was missing (its ids under it, each with the cause it would have on its own), or
/// ids of one store sharing a cause and app versions (a release shipping a list the catalog does
/// not know is one incident, not thirty findings).
public struct Incident: Sendable, Equatable {
    /// What holds the ids together.
    public enum Kind: Sendable, Hashable {
        /// An app version of the store: every id it requested was missing (``Cause/everyIDMissing``).
        case everyIDMissing(appVersion: String)
        /// The ids share ``Incident/cause`` and app versions.
        case sharedCause
    }

    public var kind: Kind
    /// The store the reports came from.
    public var store: ReportedStore
    /// ``Cause/everyIDMissing``, or the cause its ids share.
    public var cause: Cause
    /// What its reports add up to: the app version's every-id-missing reports, or its ids' reports.
    public var stats: FindingStats
    /// The facts behind the incident as a whole.
    public var evidence: [Evidence]
    /// Its ids, each with its own cause and counts, in ``Finding/listedBefore(_:_:)`` order.
    public var findings: [Finding]

    /// An incident of `kind` on `store` holding `findings`.
    public init(kind: Kind, store: ReportedStore, cause: Cause, stats: FindingStats, evidence: [Evidence], findings: [Finding]) {
        self.kind = kind
        self.store = store
        self.cause = cause
        self.stats = stats
        self.evidence = evidence
        self.findings = findings
    }

    /// Whether any of its reports came from production.
    public var isProduction: Bool { stats.environments[.production] != nil }

    /// `app 3.2` or `28 ids`: the incident's name where a finding shows an id.
    public var name: String {
        switch kind {
        case .everyIDMissing(let appVersion): "app " + appVersion
        case .sharedCause: Plural.count(findings.count, "id")
        }
    }

    /// `every_id_missing` or `shared_cause`.
    public var kindName: String {
        switch kind {
        case .everyIDMissing: "every_id_missing"
        case .sharedCause: "shared_cause"
        }
    }

    /// The one line that says it all: `28 ids not in the catalog, all from 3.2–3.3, first seen
    /// 2026-11-20 08:00 UTC: the build ships a list the catalog does not know`, or `app 3.2: every
    /// requested id was missing (4 ids, 12 reports), first seen …`.
    public var headline: String {
        let seen = stats.count > 0 ? ", first seen " + ReportTime.minute(stats.firstSeen) : ""
        switch kind {
        case .everyIDMissing(let appVersion):
            return "app \(appVersion): \(cause.summary) (\(Plural.count(findings.count, "id")), "
                + "\(Plural.count(Int(stats.count), "report")))\(seen)"
        case .sharedCause:
            let versions = stats.appVersions
            let from =
                versions.count == 1 ? "all from \(versions[0])" : "all from \(versions.first ?? "")–\(versions.last ?? "")"
            return "\(Plural.count(findings.count, "id")): \(cause.summary), \(from)\(seen)" + (cause.incidentHint.map { ": " + $0 } ?? "")
        }
    }

    /// The order incidents are listed in: production first, then by count, then by name and store.
    public static func listedBefore(_ lhs: Incident, _ rhs: Incident) -> Bool {
        if lhs.isProduction != rhs.isProduction { return lhs.isProduction }
        if lhs.stats.count != rhs.stats.count { return lhs.stats.count > rhs.stats.count }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        if lhs.store != rhs.store { return lhs.store < rhs.store }
        return (lhs.findings.first?.name ?? "") < (rhs.findings.first?.name ?? "")
    }
}

extension Incident {
    /// The fewest ids that make an incident of a shared cause.
    static let fewestIDs = 2

    /// `findings` (of products) grouped: those of one store and cause that share an app version,
    /// directly or through one another, are one incident when they are at least ``fewestIDs``;
    /// the others stay findings. `stats` adds up the reports of the findings at some indices.
    static func group(_ findings: [Finding], stats: ([Int]) -> FindingStats) -> (incidents: [Incident], findings: [Finding]) {
        var byCause: [GroupKey: [Int]] = [:]
        for (index, finding) in findings.enumerated() {
            guard case .product = finding.subject else { continue }
            byCause[GroupKey(store: finding.store, cause: finding.cause), default: []].append(index)
        }
        var incidents: [Incident] = []
        var grouped = Set<Int>()
        for (key, indices) in byCause where indices.count >= fewestIDs {
            for component in components(indices, of: findings) where component.count >= fewestIDs {
                let members = component.map { findings[$0] }.sorted(by: Finding.listedBefore)
                grouped.formUnion(component)
                incidents.append(
                    Incident(
                        kind: .sharedCause, store: key.store, cause: key.cause, stats: stats(component),
                        evidence: [], findings: members))
            }
        }
        let rest = findings.indices.filter { !grouped.contains($0) }.map { findings[$0] }
        return (incidents, rest)
    }

    /// `indices` split into the sets connected by a shared app version (union–find).
    private static func components(_ indices: [Int], of findings: [Finding]) -> [[Int]] {
        var parent = Dictionary(uniqueKeysWithValues: indices.map { ($0, $0) })
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index]! != index {
                parent[index] = parent[parent[index]!]!
                index = parent[index]!
            }
            return index
        }
        var firstWithVersion: [String: Int] = [:]
        for index in indices {
            for version in findings[index].stats.appVersions {
                if let other = firstWithVersion[version] {
                    parent[root(index)] = root(other)
                } else {
                    firstWithVersion[version] = index
                }
            }
        }
        return Dictionary(grouping: indices, by: root).values.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    private struct GroupKey: Hashable {
        var store: ReportedStore
        var cause: Cause
    }
}
