/// One finding about an input: where, how serious, which rule, and what to do about it.
public struct Diagnostic: Hashable, Sendable {
    /// Where the finding is: file, and line and column when the input has them.
    public var location: SourceLocation
    /// How serious it is; the rule's default severity unless the creator chose another.
    public var severity: Severity
    /// The rule that reported it.
    public var rule: RuleID
    /// What is wrong, in words for the user.
    public var message: String

    /// Creates a finding of `rule` at `location`; `severity` nil means the rule's default.
    public init(_ rule: RuleID, _ message: String, at location: SourceLocation, severity: Severity? = nil) {
        self.rule = rule
        self.message = message
        self.location = location
        self.severity = severity ?? rule.descriptor.severity
    }
}

extension Diagnostic: Comparable {
    /// Diagnostics sort by file, line, column, then rule, so reports are stable.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}
