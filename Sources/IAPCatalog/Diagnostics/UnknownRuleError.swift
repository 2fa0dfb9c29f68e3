/// A rule asked for by an id that names no rule (`--disable unkown_key`).
public struct UnknownRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The id as given.
    public var name: String

    /// Creates the error for `name`.
    public init(name: String) {
        self.name = name
    }

    /// "no rule 'unkown_key'; did you mean 'unknown_key'? (`iapcat rules` lists them)"
    public var description: String {
        let hint = Suggestion.hint(for: name, in: RuleID.allCases.map(\.rawValue)).map { "; \($0)" } ?? ""
        // Control characters escaped: the name is printed to a terminal.
        let shown = name.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined()
        return "no rule '\(shown)'\(hint) (`iapcat rules` lists them)"
    }
}

extension RuleID {
    /// The rule whose id is `name`.
    public static func named(_ name: String) throws(UnknownRuleError) -> RuleID {
        guard let rule = RuleID(rawValue: name) else { throw UnknownRuleError(name: name) }
        return rule
    }
}
