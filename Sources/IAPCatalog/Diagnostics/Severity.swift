/// How serious a diagnostic is. Errors fail `iapcat lint`; warnings fail it with `--strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders severities by seriousness: note, then warning, then error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
