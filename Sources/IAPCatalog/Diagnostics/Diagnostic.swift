/// One finding about an input: where, how serious, which rule, and what to do about it.
public struct Diagnostic: Hashable, Sendable {
    public var location: SourceLocation
    public var severity: Severity
    public var rule: RuleID
    public var message: String

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
