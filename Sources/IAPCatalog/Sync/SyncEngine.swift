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
        /// The saved plan file the steps were read from (`apply FILE`); nil for a plan made now.
        package var savedPlanFile: String? = nil
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

    /// Where each product of `planned`'s catalog sold in this store stood when planned
    /// (`plan --readiness`), in the catalog's order; empty for a store that gives no verdicts.
    package func readiness(of planned: Planned) -> [ProductVerdict] {
        let products = planned.catalog.products.filter { $0.isSold(on: Adapter.catalogStore) }.map(\.id)
        return adapter.verdicts(of: products, in: planned.snapshot)
    }

    /// What an apply did: what its read-back covered, and where each product it touched stands.
    package struct Applied: Sendable {
        /// What the read-back covered: `3 resources`.
        package var scope: String
        /// Where each product the apply touched stands now, as the read-back found it.
        package var verdicts: [ProductVerdict]
    }

    /// Carries out `planned.plan` (`progress` is called before each step), then reads back what it
    /// touched. Consent and confirmation are the caller's to have asked for.
    package func apply(_ planned: Planned, progress: (Int, Adapter.Plan.Step) -> Void) async throws(SyncFailure) -> Applied {
        let plan = planned.plan
        let total = plan.steps.count
        do throws(SyncStepFailure) {
            try await adapter.apply(plan, catalog: planned.catalog, at: planned.path, against: planned.snapshot, progress: progress)
        } catch {
            var message = "step \(error.index + 1) of \(total) failed (\(ServerText.printable(error.step))): \(error.reason)"
            if let position = error.position { message = "\(planned.path):\(position.line):\(position.column): " + message }
            if let file = planned.savedPlanFile {
                message += "\n" + savedPlanAdvice(file: file, catalog: planned.path, failure: error)
            } else {
                message += "\nRun `iapcat \(store.command) apply` again to continue: it re-reads \(store.name) and plans what is left."
            }
            throw SyncFailure(message)
        }
        // Fail closed: read back what was changed and plan it again; nothing may be left.
        let readBack: SyncReadBack<Adapter.Plan.Step>
        do throws(SyncFailure) {
            readBack = try await adapter.readBack(after: plan, catalog: planned.catalog, against: planned.snapshot)
        } catch {
            throw SyncFailure("applied \(Plural.count(total, "step")), but reading them back failed: " + error.message)
        }
        let remaining = readBack.remaining
        guard remaining.isEmpty else {
            let lines = remaining.map { ServerText.printable("  \($0.impact.rawValue) \($0.summary)") }.joined(separator: "\n")
            throw SyncFailure(
                "read back after apply: \(store.name) does not hold what the plan asked; "
                    + "\(Plural.count(remaining.count, "step")) still \(Plural.word(remaining.count, "differs", "differ")):\n\(lines)")
        }
        return Applied(scope: adapter.readBackScope(of: plan), verdicts: readBack.verdicts)
    }

    /// What to do after a saved plan (`file`, made from `catalog`) failed at a step. Applying the
    /// file again re-reads the rows it was checked against: once a step of it went through they
    /// moved, and it is refused; a first step the store refused is refused again the same way.
    /// Either way only a new plan goes on. Only a first step that got no answer, or a busy or
    /// failing store, may pass when the file is applied again.
    private func savedPlanAdvice(file: String, catalog: String, failure: SyncStepFailure) -> String {
        let planAgain =
            "plan again (`iapcat \(store.command) plan --catalog \(catalog) -o \(file)`), review the plan, and apply that: it plans what is left"
        if failure.index > 0 {
            return ServerText.printable(
                "\(Plural.count(failure.index, "step")) of \(file) went through, so \(store.name) no longer holds what it was checked against "
                    + "and applying it again is refused: \(planAgain).")
        }
        if failure.mayPass {
            return ServerText.printable(
                "\(store.name) did not refuse the step: `iapcat \(store.command) apply \(file)` tries the saved plan again (and refuses, "
                    + "naming what moved, if the step went through after all); if it fails again, \(planAgain).")
        }
        return ServerText.printable(
            "\(store.name) refused the first step as \(file) asks it, so applying \(file) again fails the same way: "
                + "fix what the message names, then \(planAgain).")
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
    /// made from; its digest is the caller's to have compared. `file` names the saved plan in what
    /// apply says after a failed step.
    package func recheck(_ saved: SavedPlan, catalog: Catalog, at path: String, file: String = "the saved plan") async throws(SyncFailure)
        -> Planned
    {
        guard saved.store == store.command else {
            throw SyncFailure(
                "the plan is for `iapcat \(ServerText.printable(saved.store))`, not `iapcat \(store.command)`; nothing was applied")
        }
        var planned = try await plan(catalog, at: path, scope: saved.dependencies)
        planned.savedPlanFile = file
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
