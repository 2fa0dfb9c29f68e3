/// Renders a lint result in one output format. Reports go to stdout; nothing else does.
public protocol DiagnosticReporter: Sendable {
    /// The whole report for `result`, ending in a newline when not empty.
    func report(_ result: LintResult) -> String
}

/// The output formats of `iapcat lint --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif

    /// The reporter that writes this format.
    public var reporter: any DiagnosticReporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .github: GitHubActionsReporter()
        case .sarif: SARIFReporter()
        }
    }
}
