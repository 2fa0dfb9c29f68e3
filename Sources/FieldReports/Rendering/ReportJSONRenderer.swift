import IAPCatalog

/// `iapcat reports --format json`, for scripts: keys in a fixed order, days and instants as
/// text (`2026-11-27`, `2026-11-27T14:03:05Z`), counts as numbers. Strings keep what the database
/// and the catalogs hold, every control character (DEL and C1 included) as a `\u` escape.
public struct ReportJSONRenderer: Sendable {
    /// The document's `format_version`: raised when a key changes meaning or goes away (2: an
    /// app version's every-id-missing finding became an incident of `incidents`).
    public static let formatVersion = 2

    /// A renderer.
    public init() {}

    /// The document, ending with a newline.
    public func render(_ analysis: ReportAnalysis) -> String {
        var members: [(String, JSONValue)] = [
            ("format_version", .int(Self.formatVersion)),
            ("reports", .int(Int(analysis.reports))),
            ("first_day", analysis.days.map { .string($0.lowerBound.description) } ?? .null),
            ("last_day", analysis.days.map { .string($0.upperBound.description) } ?? .null),
            ("incidents", .array(analysis.incidents.map(Self.incident))),
            ("findings", .array(analysis.findings.map(Self.finding))),
        ]
        if let held = analysis.heldBack { members.append(("held_back", Self.heldBack(held))) }
        let document: JSONValue = .object(members)
        return EscapedCharacters.escapingJSON(JSONWriter.serialize(document))
    }

    /// What an evidence threshold held back: the threshold, then what fell short of it.
    static func heldBack(_ held: HeldBack) -> JSONValue {
        .object([
            ("min_reports", .int(Int(clamping: held.threshold.reports))), ("min_days", .int(held.threshold.days)),
            ("min_app_versions", .int(held.threshold.appVersions)), ("incidents", .int(held.incidents)),
            ("findings", .int(held.findings)), ("production", .int(held.production)), ("reports", .int(Int(clamping: held.reports))),
        ])
    }

    static func incident(_ incident: Incident) -> JSONValue {
        var version: JSONValue = .null
        if case .everyIDMissing(let appVersion) = incident.kind { version = .string(appVersion) }
        return .object(
            [
                ("kind", .string(incident.kindName)),
                ("store", .string(incident.store.rawValue)),
                ("app_version", version),
                ("cause", .string(incident.cause.rawValue)),
                ("summary", .string(incident.cause.summary)),
                ("headline", .string(incident.headline)),
                ("action", .string(incident.cause.action(store: incident.store))),
                ("production", .bool(incident.isProduction)),
            ] + counts(incident.stats) + [
                ("evidence", evidence(incident.evidence)),
                ("findings", .array(incident.findings.map(Self.finding))),
            ])
    }

    static func finding(_ finding: Finding) -> JSONValue {
        var id: JSONValue = .null
        switch finding.subject {
        case .product(let product): id = .string(product)
        case .otherIDs: id = .string(ReportRecord.otherID)
        }
        return .object(
            [
                ("kind", .string(finding.kind)),
                ("store", .string(finding.store.rawValue)),
                ("id", id),
                ("cause", .string(finding.cause.rawValue)),
                ("summary", .string(finding.cause.summary)),
                ("action", .string(finding.cause.action(store: finding.store))),
                ("production", .bool(finding.isProduction)),
            ] + counts(finding.stats) + [
                ("evidence", evidence(finding.evidence)),
                (
                    "also",
                    .array(
                        finding.alternatives.map {
                            .object([
                                ("cause", .string($0.cause.rawValue)), ("summary", .string($0.cause.summary)),
                                ("evidence", evidence($0.evidence)),
                            ])
                        })
                ),
                ("known", evidence(finding.context)),
            ])
    }

    /// What the reports add up to, as keys.
    static func counts(_ stats: FindingStats) -> [(key: String, value: JSONValue)] {
        [
            ("missing", .int(Int(stats.count))),
            ("reports", .int(Int(stats.reports))),
            ("first_seen", stats.count > 0 ? .string(ReportTime.instant(stats.firstSeen)) : .null),
            ("last_seen", stats.count > 0 ? .string(ReportTime.instant(stats.lastSeen)) : .null),
            ("environments", .object(stats.environmentCounts.map { ($0.environment.rawValue, .int(Int($0.count))) })),
            ("app_versions", .array(stats.appVersions.map { .string($0) })),
            ("storefronts", .array(stats.storefronts.map { .string($0) })),
            ("lists", .array(stats.lists.map { .string($0) })),
            (
                "statuses",
                .array(
                    stats.statusCounts.map {
                        .object([("status", $0.status.isEmpty ? .null : .string($0.status)), ("missing", .int(Int($0.count)))])
                    })
            ),
            (
                "per_day",
                .array(
                    stats.perDay.sorted { $0.key < $1.key }.map {
                        .object([("day", .string($0.key.description)), ("missing", .int(Int($0.value)))])
                    })
            ),
        ]
    }

    static func evidence(_ facts: [Evidence]) -> JSONValue {
        .array(facts.map { .object([("source", .string($0.source.rawValue)), ("fact", .string($0.fact))]) })
    }
}
