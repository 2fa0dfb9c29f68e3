/// The table of rules, for `iapcat rules` (its Markdown form is docs/rules.md).
package enum RuleTable {
    package static func text() -> String {
        let width = RuleID.allCases.map(\.rawValue.count).max() ?? 0
        return RuleID.allCases.map { rule in
            let descriptor = rule.descriptor
            let id = pad(rule.rawValue, width)
            let severity = pad(descriptor.severity.rawValue, 7)
            return "\(id)  \(severity)  \(descriptor.enabledByDefault ? "" : "(off by default) ")\(descriptor.summary)\n"
        }.joined()
    }

    package static func markdown() -> String {
        var output = "| rule | severity | what it reports |\n|---|---|---|\n"
        for rule in RuleID.allCases {
            let descriptor = rule.descriptor
            let off = descriptor.enabledByDefault ? "" : " (off by default)"
            output += "| `\(rule.rawValue)` | \(descriptor.severity.rawValue)\(off) | \(descriptor.summary) |\n"
        }
        return output
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
