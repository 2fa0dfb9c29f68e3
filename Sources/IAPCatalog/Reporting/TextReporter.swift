/// `path:line:column: severity: message [rule-id]` per diagnostic, as compilers write them (so
/// editors and terminals link the locations), then a summary line. Binary-plist entries are
/// located as `path[index]`.
public struct TextReporter: DiagnosticReporter {
    /// Creates a reporter.
    public init() {}

    /// One line per diagnostic, then the summary line.
    public func report(_ result: LintResult) -> String {
        Self.lines(result.diagnostics) + Self.summary(result) + "\n"
    }

    /// One line per diagnostic, without the summary.
    package static func lines(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            output +=
                "\(render(diagnostic.location)): \(diagnostic.severity.rawValue): \(oneLine(diagnostic.text)) [\(diagnostic.rule.rawValue)]\n"
        }
        return output
    }

    /// The message with line breaks and other control characters escaped, so one diagnostic
    /// stays one line whatever text an input carried into it.
    static func oneLine(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return message }
        var result = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
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
