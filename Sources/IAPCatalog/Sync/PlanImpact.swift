/// How far a step reaches, shown as its mark: what `apply` does freely and what needs consent.
public enum PlanImpact: String, Sendable, Equatable, CaseIterable {
    /// `+`: creates something new.
    case create = "+"
    /// `~`: changes something no customer sees yet (a draft), or text.
    case change = "~"
    /// `-`: removes or narrows something of a product not yet on sale.
    case narrow = "-"
    /// `!`: changes what customers pay or where a live product is sold.
    case customers = "!"

    /// Whether `apply` needs `--allow-impact` for it.
    public var needsConsent: Bool { self == .narrow || self == .customers }

    /// `create`, `change`, `narrow`, `customers` (the JSON output's `impact`).
    public var name: String {
        switch self {
        case .create: "create"
        case .change: "change"
        case .narrow: "narrow"
        case .customers: "customers"
        }
    }
}
