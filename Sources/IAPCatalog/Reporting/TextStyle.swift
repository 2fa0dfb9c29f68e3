/// Colour for text meant for a terminal: ANSI SGR sequences around the parts iapcat wrote itself
/// (severities, locations, rule ids, plan marks), or none. It never colours by inserting text an
/// input carried: callers escape that first (``TextReporter``, ``ServerText``), so a catalog
/// cannot close or open a sequence of its own.
public struct TextStyle: Sendable, Equatable {
    /// Whether ANSI colour sequences are written.
    public var colors: Bool

    /// No colour: the bytes iapcat writes into pipes and files.
    public static let plain = TextStyle(colors: false)
    /// ANSI colour, for a terminal.
    public static let ansi = TextStyle(colors: true)

    /// A style that writes colour when `colors` is true.
    public init(colors: Bool) {
        self.colors = colors
    }

    /// `text` between the SGR sequence `code` (such as `1;31`, bold red) and a reset.
    func wrap(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A severity's word: error bold red, warning bold yellow, note cyan.
    public func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: wrap(text, "1;31")
        case .warning: wrap(text, "1;33")
        case .note: wrap(text, "36")
        }
    }

    /// A `file:line:column` location, bold.
    public func location(_ text: String) -> String { wrap(text, "1") }

    /// Secondary text (a rule id), dim.
    public func dim(_ text: String) -> String { wrap(text, "2") }
}
