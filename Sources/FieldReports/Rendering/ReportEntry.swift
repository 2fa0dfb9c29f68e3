/// A line of a rendering's table: an incident or a finding that is no incident's, incidents first.
enum ReportEntry {
    case incident(Incident)
    case finding(Finding)

    /// The analysis' incidents, then its findings.
    static func all(_ analysis: ReportAnalysis) -> [ReportEntry] {
        analysis.incidents.map(ReportEntry.incident) + analysis.findings.map(ReportEntry.finding)
    }

    /// `app 3.2`, `28 ids`, or the finding's id.
    var name: String {
        switch self {
        case .incident(let incident): incident.name
        case .finding(let finding): finding.name
        }
    }

    var store: ReportedStore {
        switch self {
        case .incident(let incident): incident.store
        case .finding(let finding): finding.store
        }
    }

    var stats: FindingStats {
        switch self {
        case .incident(let incident): incident.stats
        case .finding(let finding): finding.stats
        }
    }

    var cause: Cause {
        switch self {
        case .incident(let incident): incident.cause
        case .finding(let finding): finding.cause
        }
    }

    var isProduction: Bool {
        switch self {
        case .incident(let incident): incident.isProduction
        case .finding(let finding): finding.isProduction
        }
    }
}
