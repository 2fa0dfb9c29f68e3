/// What a store's `plan` shows, whichever the store: the steps `apply` would carry out with their
/// marks, what it leaves alone, warnings and errors. ``PlanRenderer`` prints any of them the same
/// way, so `asc plan` and `play plan` read alike.
public protocol SyncPlan: Sendable {
    associatedtype Step: SyncStep
    /// The changes, in the order `apply` carries them out.
    var steps: [Step] { get }
    /// Differences `apply` leaves alone, each with the reason.
    var notDone: [PlanNote] { get }
    /// Warnings.
    var warnings: [PlanNote] { get }
    /// What stops the plan from being applied.
    var errors: [PlanNote] { get }
    /// About how many API requests `apply` sends, its read-back included.
    var estimatedRequests: Int { get }
    /// How the plan names its store and command.
    static var store: SyncStore { get }
    /// The subcommand that carries the plan out, as its consent line and footer name it: `apply`.
    var applyCommand: String { get }
    /// The command that shows the whole plan, as a cut Markdown plan names it: `plan`.
    var planCommand: String { get }
    /// What a plan without steps says: `No changes: App Store Connect matches the catalog.`
    var emptyMessage: String { get }
    /// What the steps marked `-` and `!` change, as a refusal without consent says it.
    var consentReason: String { get }
}

extension SyncPlan {
    /// `apply`, for a plan of the catalog.
    public var applyCommand: String { "apply" }
    /// `plan`, for a plan of the catalog.
    public var planCommand: String { "plan" }
    /// `No changes: App Store Connect matches the catalog.`
    public var emptyMessage: String { "No changes: \(Self.store.name) matches the catalog." }
    /// `what customers pay or where products are sold`.
    public var consentReason: String { "what customers pay or where products are sold" }

    /// Whether `apply` would change anything.
    public var hasChanges: Bool { !steps.isEmpty }

    /// The steps `apply` carries out only with consent (`--allow-impact`): `-` and `!`.
    public var stepsNeedingConsent: [Step] { steps.filter(\.impact.needsConsent) }
}

/// One step of a ``SyncPlan``.
public protocol SyncStep: Sendable {
    /// Its mark: what it does to customers.
    var impact: PlanImpact { get }
    /// What the step works on (`in-app purchase`, `one-time product`).
    var ownerNoun: String { get }
    /// The product id (or group key) it works on.
    var ownerKey: String { get }
    /// `create`, `update`, … (the JSON output's `action`).
    var verb: String { get }
    /// One line describing the step.
    var summary: String { get }
}

/// How plans of one store name it: `App Store Connect`, `asc`, and the request budget.
public struct SyncStore: Sendable {
    /// The store's name in sentences.
    public var name: String
    /// The `iapcat` subcommand (`asc`, `play`).
    public var command: String
    /// The request budget, as the plan's last line says it.
    public var budget: String
    /// The store's name after "in" or "on": `in App Store Connect`, `on Google Play`.
    public var placed: String

    /// A store's names.
    public init(name: String, command: String, budget: String, preposition: String = "in") {
        self.name = name
        self.command = command
        self.budget = budget
        placed = "\(preposition) \(name)"
    }
}
