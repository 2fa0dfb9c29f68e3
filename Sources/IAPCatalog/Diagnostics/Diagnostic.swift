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
    /// What to write instead, when iapcat can tell ("did you mean 'price'?"); nil otherwise.
    public var hint: String?

    /// Creates a finding of `rule` at `location`; `severity` nil means the rule's default.
    public init(_ rule: RuleID, _ message: String, at location: SourceLocation, severity: Severity? = nil, hint: String? = nil) {
        self.rule = rule
        self.message = message
        self.location = location
        self.severity = severity ?? rule.descriptor.severity
        self.hint = hint
    }

    /// The message, then the hint after a semicolon: what one-line reports (text, GitHub, SARIF) print.
    public var text: String {
        guard let hint else { return message }
        return message + "; " + hint
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
