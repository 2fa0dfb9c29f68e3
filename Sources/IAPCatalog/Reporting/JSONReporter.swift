/// A JSON array of diagnostics, one object each with `file`, `line`, `column` (or `index` for
/// binary-plist entries), `severity`, `rule`, `message` and, when there is one, `hint`, in report order.
public struct JSONReporter: DiagnosticReporter {
    /// Creates a reporter.
    public init() {}

    /// The diagnostics as a pretty-printed JSON array (`[]` when there are none), ending in a newline. Strings keep the
    /// text as it is, every control character and bidirectional control a JSON `\u` escape (``EscapedCharacters``).
    public func report(_ result: LintResult) -> String {
        EscapedCharacters.escapingJSON(JSONWriter.serialize(.array(result.diagnostics.map(Self.object))))
    }

    static func object(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("file", .string(diagnostic.location.file))]
        if let line = diagnostic.location.line { members.append(("line", .int(line))) }
        if let column = diagnostic.location.column { members.append(("column", .int(column))) }
        if let index = diagnostic.location.index { members.append(("index", .int(index))) }
        members += [
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.rule.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        if let hint = diagnostic.hint { members.append(("hint", .string(hint))) }
        return .object(members)
    }
}
