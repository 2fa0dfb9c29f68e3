/// The sync workflow, the same for every store: read what the store holds, plan, apply the
/// plan's steps in order, read back what they touched (fail closed: a store that does not hold
/// the plan's target is an error naming each difference), and pull. What a store does differently
/// is its ``SyncAdapter``; printing, consent and confirmation are the caller's (the CLI's
/// `SyncRunner`), so the workflow runs the same under a test as under a terminal.
package struct SyncEngine<Adapter: SyncAdapter>: Sendable {
    /// A catalog planned against the store.
    package struct Planned: Sendable {
        /// The catalog.
        package var catalog: Catalog
        /// Where it was read from (for positions in messages).
        package var path: String
        /// What the store held, as planned against.
        package var snapshot: Adapter.Snapshot
        /// The steps.
        package var plan: Adapter.Plan
    }

    /// The store.
    package let adapter: Adapter

    /// An engine driving `adapter`.
    package init(_ adapter: Adapter) {
        self.adapter = adapter
    }

    /// The store's names.
    package var store: SyncStore { Adapter.Plan.store }

    /// `catalog` (read from `path`) planned against what the store holds now: all of it, or the
    /// part `scope` names, reading only what that part needs.
    package func plan(_ catalog: Catalog, at path: String, scope: SyncScope? = nil) async throws(SyncFailure) -> Planned {
        let catalog = scope?.restrict(catalog) ?? catalog
        let snapshot = try await adapter.read(for: catalog, at: path, scope: scope)
        return Planned(catalog: catalog, path: path, snapshot: snapshot, plan: adapter.plan(catalog, against: snapshot))
    }

    /// Carries out `planned.plan` (`progress` is called before each step), then reads back what it
    /// touched. Returns what the read-back covered (`3 resources`). Consent and confirmation are
    /// the caller's to have asked for.
    package func apply(_ planned: Planned, progress: (Int, Adapter.Plan.Step) -> Void) async throws(SyncFailure) -> String {
        let plan = planned.plan
        let total = plan.steps.count
        do throws(SyncStepFailure) {
            try await adapter.apply(plan, catalog: planned.catalog, at: planned.path, against: planned.snapshot, progress: progress)
        } catch {
            var message = "step \(error.index + 1) of \(total) failed (\(ServerText.printable(error.step))): \(error.reason)"
            if let position = error.position { message = "\(planned.path):\(position.line):\(position.column): " + message }
            message += "\nRun `iapcat \(store.command) apply` again to continue: it re-reads \(store.name) and plans what is left."
            throw SyncFailure(message)
        }
        // Fail closed: read back what was changed and plan it again; nothing may be left.
        let remaining: [Adapter.Plan.Step]
        do throws(SyncFailure) {
            remaining = try await adapter.readBack(after: plan, catalog: planned.catalog, against: planned.snapshot)
        } catch {
            throw SyncFailure("applied \(Plural.count(total, "step")), but reading them back failed: " + error.message)
        }
        guard remaining.isEmpty else {
            let lines = remaining.map { ServerText.printable("  \($0.impact.rawValue) \($0.summary)") }.joined(separator: "\n")
            throw SyncFailure(
                "read back after apply: \(store.name) does not hold what the plan asked; "
                    + "\(Plural.count(remaining.count, "step")) still \(Plural.word(remaining.count, "differs", "differ")):\n\(lines)")
        }
        return adapter.readBackScope(of: plan)
    }

    /// `planned` as a saved plan: its steps, and the rows of the store they depend on.
    package func save(
        _ planned: Planned, app: String, tool: String, created: String, catalogDigest: String, scope: SyncScope?
    ) -> SavedPlan {
        let dependencies = adapter.dependencies(of: planned.plan, in: planned.catalog)
        return SavedPlan(
            planned.plan, app: app, tool: tool, created: created, catalogPath: planned.path, catalogDigest: catalogDigest, scope: scope,
            dependencies: dependencies, rows: adapter.rows(of: planned.snapshot, for: dependencies, in: planned.catalog))
    }

    /// `saved` planned again from what the store holds now of the rows its steps depend on (and
    /// only those): the plan to apply, or a failure, nothing applied, naming each row that moved
    /// and how, or each step that differs. `catalog` (read from `path`) is the one the plan was
    /// made from; its digest is the caller's to have compared.
    package func recheck(_ saved: SavedPlan, catalog: Catalog, at path: String) async throws(SyncFailure) -> Planned {
        guard saved.store == store.command else {
            throw SyncFailure(
                "the plan is for `iapcat \(ServerText.printable(saved.store))`, not `iapcat \(store.command)`; nothing was applied")
        }
        let planned = try await plan(catalog, at: path, scope: saved.dependencies)
        try saved.check(
            rows: adapter.rows(of: planned.snapshot, for: saved.dependencies, in: planned.catalog), steps: planned.plan.steps,
            storeName: store.name, describe: adapter.changes(of:from:to:))
        return planned
    }

    /// The app's catalog as the store holds it, starting from `base`.
    package func pull(app: String, base: Catalog?) async throws(SyncFailure) -> PulledCatalog {
        try await adapter.pull(app: app, base: base)
    }
}
