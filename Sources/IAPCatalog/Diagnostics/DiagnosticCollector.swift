/// Collects the diagnostics of one run. Loaders and rules append here instead of throwing, so
/// one run reports every problem it can find.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func append(contentsOf diagnostics: [Diagnostic]) {
        self.diagnostics += diagnostics
    }

    /// Records a finding of `rule` at `position` in `file`.
    package mutating func report(
        _ rule: RuleID, _ message: String, file: String, at position: SourcePosition?,
        severity: Severity? = nil, hint: String? = nil
    ) {
        let location = position.map { SourceLocation(file: file, $0) } ?? SourceLocation(file: file)
        diagnostics.append(Diagnostic(rule, message, at: location, severity: severity, hint: hint))
    }

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
