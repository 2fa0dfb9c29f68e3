/// `path:line:column: severity: message [rule-id]` per diagnostic, as compilers write them (so
/// editors and terminals link the locations), then (for `iapcat lint`) how often each rule fired,
/// and a summary line. Binary-plist entries are located as `path[index]`.
public struct TextReporter: DiagnosticReporter {
    /// Colour for a terminal, or none.
    public var style: TextStyle
    /// Whether the report counts the diagnostics of each rule before the summary (when there are two or more).
    public var countsByRule: Bool

    /// Creates a reporter that writes in `style` (default: no colour), with the counts by rule when `countsByRule`.
    public init(style: TextStyle = .plain, countsByRule: Bool = false) {
        self.style = style
        self.countsByRule = countsByRule
    }

    /// One line per diagnostic, the counts by rule if asked, then the summary line.
    public func report(_ result: LintResult) -> String {
        lines(result.diagnostics) + (countsByRule ? Self.byRule(result.diagnostics) : "") + Self.summary(result) + "\n"
    }

    /// One line per diagnostic, without the summary. Text from the inputs (messages, and paths a
    /// catalog names) is escaped before it is coloured, so it cannot carry a sequence of its own.
    package func lines(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            let location = style.location(Self.oneLine(Self.render(diagnostic.location)) + ":")
            let severity = style.severity(diagnostic.severity, diagnostic.severity.rawValue + ":")
            output += "\(location) \(severity) \(Self.oneLine(diagnostic.text)) \(style.dim("[\(diagnostic.rule.rawValue)]"))\n"
        }
        return output
    }

    /// The message with line breaks, other control characters (C0, DEL, C1, U+2028/U+2029) and
    /// bidirectional controls escaped (``EscapedCharacters``), so one diagnostic stays one line
    /// whatever text an input carried into it, no input moves a terminal's cursor or changes its
    /// colours, and none reorders the line.
    static func oneLine(_ message: String) -> String {
        guard EscapedCharacters.any(in: message) else { return message }
        var result = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where EscapedCharacters.contains(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
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

    /// "by rule: 2 unknown_product_id, 1 unknown_key": how often each rule fired, the most
    /// frequent first (ties by rule id); empty for fewer than two diagnostics, whose lines say it all.
    static func byRule(_ diagnostics: [Diagnostic]) -> String {
        guard diagnostics.count >= 2 else { return "" }
        var counts: [String: Int] = [:]
        for diagnostic in diagnostics { counts[diagnostic.rule.rawValue, default: 0] += 1 }
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return "by rule: " + sorted.map { "\($0.value) \($0.key)" }.joined(separator: ", ") + "\n"
    }

    /// "1 error, 2 warnings, 0 notes in 3 files"
    static func summary(_ result: LintResult) -> String {
        "\(Plural.count(result.count(.error), "error")), \(Plural.count(result.count(.warning), "warning")), "
            + "\(Plural.count(result.count(.note), "note")) in \(Plural.count(result.files.count, "file"))"
    }
}
