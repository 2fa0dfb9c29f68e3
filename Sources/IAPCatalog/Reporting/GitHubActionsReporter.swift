/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which
/// GitHub shows as annotations on the pull request. Values are escaped as GitHub's own toolkit
/// does: `%`, CR and LF everywhere, and `:` and `,` in properties as well.
public struct GitHubActionsReporter: DiagnosticReporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            let command = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties = ["file=" + Self.escapeProperty(diagnostic.location.file)]
            if let line = diagnostic.location.line { properties.append("line=\(line)") }
            if let column = diagnostic.location.column { properties.append("col=\(column)") }
            properties.append("title=" + Self.escapeProperty("iapcat " + diagnostic.rule.rawValue))
            var message = diagnostic.message
            if let index = diagnostic.location.index { message = "entry \(index): " + message }
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }
        return output
    }

    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
