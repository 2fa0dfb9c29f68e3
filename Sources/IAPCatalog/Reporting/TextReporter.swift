/// `path:line:column: severity: message [rule-id]` per diagnostic, as compilers write them (so
/// editors and terminals link the locations), then a summary line. Binary-plist entries are
/// located as `path[index]`.
public struct TextReporter: DiagnosticReporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            output += "\(Self.render(diagnostic.location)): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.rawValue)]\n"
        }
        output += Self.summary(result) + "\n"
        return output
    }

    static func render(_ location: SourceLocation) -> String {
        var text = location.file
        if let line = location.line {
            text += ":\(line)"
            if let column = location.column { text += ":\(column)" }
        } else if let index = location.index {
            text += "[\(index)]"
        }
        return text
    }

    /// "1 error, 2 warnings, 0 notes in 3 files"
    static func summary(_ result: LintResult) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(counted(result.count(.error), "error")), \(counted(result.count(.warning), "warning")), "
            + "\(counted(result.count(.note), "note")) in \(counted(result.files.count, "file"))"
    }
}
