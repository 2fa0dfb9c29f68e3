/// One store as the ``SyncEngine`` drives it: what differs between App Store Connect and Google
/// Play, and nothing else. The engine runs the workflow (read, plan, apply, read back, pull) the
/// same way for every store; a third store plugs in by adding an adapter (and a plan type that
/// ``PlanRenderer`` prints) — see docs/architecture.md.
package protocol SyncAdapter: Sendable {
    /// The store's plan.
    associatedtype Plan: SyncPlan
    /// What the store held when planned, with whatever planning took from elsewhere (today's date,
    /// the regions version, the catalog's screenshots): what apply and read-back work against.
    associatedtype Snapshot: Sendable

    /// The catalog key that names the app in this store: `app.apple_id`.
    static var appKey: String { get }

    /// The store a catalog product says it is sold on (`stores`).
    static var catalogStore: Store { get }

    /// The app `catalog` names in this store, nil when it names none.
    static func app(of catalog: Catalog) -> String?

    /// Reads what planning `catalog` (read from `path`) needs: everything the app holds, or with
    /// `scope` only what the scope's products need (`catalog` is already restricted to it).
    func read(for catalog: Catalog, at path: String, scope: SyncScope?) async throws(SyncFailure) -> Snapshot

    /// The steps that take the store from `snapshot` to `catalog`.
    func plan(_ catalog: Catalog, against snapshot: Snapshot) -> Plan

    /// Carries out `plan`'s steps in order, calling `progress` before each; throws at the first
    /// that fails, naming it.
    func apply(
        _ plan: Plan, catalog: Catalog, at path: String, against snapshot: Snapshot, progress: (Int, Plan.Step) -> Void
    ) async throws(SyncStepFailure)

    /// After `plan` was applied: the steps a new plan of what `plan` touched still holds (none
    /// when the store holds every change), and where each product it touched stands now.
    func readBack(after plan: Plan, catalog: Catalog, against snapshot: Snapshot) async throws(SyncFailure) -> SyncReadBack<Plan.Step>

    /// Where each of `products` stands in the store as `snapshot` holds it (`plan --readiness`),
    /// in their order; empty when the store gives no verdicts.
    func verdicts(of products: [String], in snapshot: Snapshot) -> [ProductVerdict]

    /// The products and groups `plan`'s steps depend on: what applying a saved plan reads again.
    func dependencies(of plan: Plan, in catalog: Catalog) -> SyncScope

    /// What `snapshot` holds of each product and group of `dependencies`, and of what every plan
    /// depends on (the territories, the regions version), as rows a saved plan keeps and compares:
    /// `null` for what the store does not have.
    func rows(of snapshot: Snapshot, for dependencies: SyncScope, in catalog: Catalog) -> [SavedPlan.Row]

    /// How the row of `resource` moved from `old` (saved with a plan) to `new` (read again), in a
    /// few lines a reviewer can read: what `apply FILE` names when it refuses.
    func changes(of resource: String, from old: JSONValue, to new: JSONValue) -> [String]

    /// What a read-back of `plan` reads, counted: `3 resources`, `2 products`.
    func readBackScope(of plan: Plan) -> String

    /// The app `app`'s catalog as the store holds it, starting from `base` when given.
    func pull(app: String, base: Catalog?) async throws(SyncFailure) -> PulledCatalog
}

/// What a read-back after `apply` found.
package struct SyncReadBack<Step: Sendable>: Sendable {
    /// The steps a new plan of what the apply touched still holds: none when the store holds every change.
    package var remaining: [Step]
    /// Where each product the apply touched stands now.
    package var verdicts: [ProductVerdict]

    /// A read-back's findings.
    package init(remaining: [Step], verdicts: [ProductVerdict]) {
        self.remaining = remaining
        self.verdicts = verdicts
    }
}

extension SyncAdapter {
    /// No verdicts: a store that does not say where its products stand.
    package func verdicts(of products: [String], in snapshot: Snapshot) -> [ProductVerdict] { [] }

    /// Each place that differs, with its JSON path (``RowChanges``).
    package func changes(of resource: String, from old: JSONValue, to new: JSONValue) -> [String] {
        RowChanges.describe(from: old, to: new)
    }
}
