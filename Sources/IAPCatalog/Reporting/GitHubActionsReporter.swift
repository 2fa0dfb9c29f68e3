/// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=…::message`), which
/// GitHub shows as annotations on the pull request. Values are escaped as GitHub's own toolkit
/// does: `%`, CR and LF everywhere, and `:` and `,` in properties as well.
public struct GitHubActionsReporter: DiagnosticReporter {
    /// Creates a reporter.
    public init() {}

    /// One workflow command per diagnostic, each on its own line; empty when there are none.
    public func report(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties = ["file=" + Self.escapeProperty(diagnostic.location.file)]
            if let line = diagnostic.location.line { properties.append("line=\(line)") }
            if let column = diagnostic.location.column { properties.append("col=\(column)") }
            properties.append("title=" + Self.escapeProperty("iapcat " + diagnostic.rule.rawValue))
            var message = diagnostic.text
            if let index = diagnostic.location.index { message = "entry \(index): " + message }
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(message))\n"
        }
        return output
    }

    static func escapeData(_ text: String) -> String {
        escape(text, properties: false)
    }

    static func escapeProperty(_ text: String) -> String {
        escape(text, properties: true)
    }

    /// Works on scalars: Swift treats "\r\n" as one Character, which a Character-level replace misses.
    private static func escape(_ text: String, properties: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where properties: result += "%3A"
            case "," where properties: result += "%2C"
            // Any other control character (ESC, BEL, C1, line separators) and the bidirectional controls (U+202E, …) as
            // text, as in every other format (``EscapedCharacters``): GitHub shows the message, and one would reorder it.
            case _ where EscapedCharacters.contains(scalar):
                result += ServerText.printable(String(scalar))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
