import Testing

@testable import IAPCatalog

/// The sync workflow without a store: a scripted adapter whose store holds a number per product.
/// What the engine itself decides — the order of the work, what a failed step and a read-back that
/// finds differences say, that nothing is applied when reading fails — is asserted here; each
/// store's adapter is exercised against its fake in AppStoreConnectTests and GooglePlayTests.
@Suite struct SyncEngineTests {
    struct Step: SyncStep {
        var impact: PlanImpact
        var ownerKey: String
        var summary: String
        var ownerNoun: String { "product" }
        var verb: String { "update" }
    }

    struct Plan: SyncPlan {
        var steps: [Step] = []
        var notDone: [PlanNote] = []
        var warnings: [PlanNote] = []
        var errors: [PlanNote] = []
        var estimatedRequests: Int { steps.count }
        static let store = SyncStore(name: "Test Store", command: "test", budget: "no budget")
    }

    /// A store of `id → number`: the catalog asks for each product's number as its name's length.
    final class Adapter: SyncAdapter, @unchecked Sendable {
        typealias Snapshot = [String: Int]
        static let appKey = "app.test_id"
        static let catalogStore = Store.appStore
        static func app(of catalog: Catalog) -> String? { catalog.app.appleID }

        // The engine calls an adapter one call at a time.
        var store: [String: Int]
        var log: [String] = []
        var failAt: Int?
        /// Whether the failure at `failAt` is one a second try may pass (no answer, 429, 5xx).
        var failureMayPass = false
        var readBackIgnores: Set<String> = []
        var readFails = false

        init(_ store: [String: Int]) { self.store = store }

        func read(for catalog: Catalog, at path: String, scope: SyncScope?) async throws(SyncFailure) -> Snapshot {
            log.append("read")
            if readFails { throw SyncFailure("Test Store: GET /products: no answer") }
            return store
        }

        func plan(_ catalog: Catalog, against snapshot: Snapshot) -> Plan {
            Plan(
                steps: catalog.products.compactMap { product in
                    let wanted = product.id.count
                    guard snapshot[product.id] != wanted else { return nil }
                    let impact: PlanImpact = snapshot[product.id] == nil ? .create : .customers
                    return Step(impact: impact, ownerKey: product.id, summary: "set \(product.id) to \(wanted)")
                })
        }

        func apply(_ plan: Plan, catalog: Catalog, at path: String, against snapshot: Snapshot, progress: (Int, Step) -> Void)
            async throws(SyncStepFailure)
        {
            for (index, step) in plan.steps.enumerated() {
                progress(index, step)
                if index == failAt {
                    throw SyncStepFailure(
                        index: index, step: step.summary,
                        reason: failureMayPass ? "Test Store: PUT /products: no answer" : "Test Store: PUT /products: HTTP 409",
                        position: SourcePosition(line: 7, column: 5), mayPass: failureMayPass)
                }
                log.append("apply \(step.ownerKey)")
                guard !readBackIgnores.contains(step.ownerKey) else { continue }
                store[step.ownerKey] = step.ownerKey.count
            }
        }

        func readBack(after plan: Plan, catalog: Catalog, against snapshot: Snapshot) async throws(SyncFailure) -> SyncReadBack<Step> {
            log.append("read back")
            // Where each touched product stands: on sale once the store holds its value.
            let verdicts = plan.steps.map { step in
                ProductVerdict(
                    product: step.ownerKey, standing: store[step.ownerKey] == step.ownerKey.count ? .onSale : .missingMetadata,
                    storeState: store[step.ownerKey].map(String.init))
            }
            return SyncReadBack(remaining: self.plan(catalog, against: store).steps, verdicts: verdicts)
        }

        func dependencies(of plan: Plan, in catalog: Catalog) -> SyncScope { SyncScope(products: Set(plan.steps.map(\.ownerKey))) }

        func rows(of snapshot: Snapshot, for dependencies: SyncScope, in catalog: Catalog) -> [SavedPlan.Row] {
            dependencies.products.sorted().map { SavedPlan.Row(resource: $0, value: snapshot[$0].map { .int($0) } ?? .null) }
        }

        func readBackScope(of plan: Plan) -> String { Plural.count(plan.steps.count, "product") }

        func pull(app: String, base: Catalog?) async throws(SyncFailure) -> PulledCatalog {
            PulledCatalog(catalog: base!, notes: [], header: "Pulled from Test Store.", contents: "nothing", found: [])
        }
    }

    static func catalog(_ ids: [String]) -> Catalog {
        var app = AppInfo(bundleID: "com.example")
        app.appleID = "1"
        return Catalog(app: app, products: ids.map { Product(id: $0, type: .consumable) })
    }

    @Test func appliesThePlannedStepsInOrderThenReadsBack() async throws {
        let adapter = Adapter(["a.b": 3, "c.d": 1])
        let engine = SyncEngine(adapter)
        let planned = try await engine.plan(Self.catalog(["a.b", "c.d", "e.f.g"]), at: "catalog.yaml")
        #expect(planned.plan.steps.map(\.summary) == ["set c.d to 3", "set e.f.g to 5"])
        var shown: [String] = []
        let applied = try await engine.apply(planned) { index, step in
            shown.append("[\(index + 1)] \(step.impact.rawValue) \(step.summary)")
        }
        #expect(shown == ["[1] ! set c.d to 3", "[2] + set e.f.g to 5"])
        #expect(applied.scope == "2 products")
        #expect(applied.verdicts.map(\.line) == ["c.d: on sale", "e.f.g: on sale"])
        #expect(adapter.log == ["read", "apply c.d", "apply e.f.g", "read back"])
        #expect(adapter.store == ["a.b": 3, "c.d": 3, "e.f.g": 5])
    }

    @Test func aFailedStepNamesItselfWhereTheCatalogHoldsItAndHowToGoOn() async throws {
        let adapter = Adapter([:])
        adapter.failAt = 1
        let engine = SyncEngine(adapter)
        let planned = try await engine.plan(Self.catalog(["a.b", "c.d"]), at: "catalogs/app.yaml")
        await #expect(
            throws: SyncFailure(
                "catalogs/app.yaml:7:5: step 2 of 2 failed (set c.d to 3): Test Store: PUT /products: HTTP 409\n"
                    + "Run `iapcat test apply` again to continue: it re-reads Test Store and plans what is left.")
        ) { _ = try await engine.apply(planned) { _, _ in } }
        // No read-back after a failed step.
        #expect(adapter.log == ["read", "apply a.b"])
    }

    @Test func aStoreThatDoesNotHoldThePlanAfterwardsIsAnErrorNamingEachDifference() async throws {
        let adapter = Adapter(["a.b": 1])
        adapter.readBackIgnores = ["a.b"]
        let engine = SyncEngine(adapter)
        let planned = try await engine.plan(Self.catalog(["a.b", "c.d"]), at: "catalog.yaml")
        await #expect(
            throws: SyncFailure(
                "read back after apply: Test Store does not hold what the plan asked; 1 step still differs:\n  ! set a.b to 3")
        ) { _ = try await engine.apply(planned) { _, _ in } }
    }

    @Test func aReadThatFailsPlansNothing() async throws {
        let adapter = Adapter(["a.b": 1])
        adapter.readFails = true
        await #expect(throws: SyncFailure("Test Store: GET /products: no answer")) {
            _ = try await SyncEngine(adapter).plan(Self.catalog(["a.b"]), at: "catalog.yaml")
        }
        #expect(adapter.log == ["read"])
    }

    // MARK: Saved plans

    func saved(_ adapter: Adapter, _ catalog: Catalog) async throws -> SavedPlan {
        let engine = SyncEngine(adapter)
        let planned = try await engine.plan(catalog, at: "catalog.yaml")
        return engine.save(planned, app: "1", tool: "iapcat test", created: "2026-11-27T10:00:00Z", catalogDigest: "ab12", scope: nil)
    }

    @Test func aSavedPlanRoundTripsThroughItsFile() async throws {
        let saved = try await saved(Adapter(["a.b": 1]), Self.catalog(["a.b", "c.d"]))
        #expect(saved.steps.map(\.summary) == ["set a.b to 3", "set c.d to 3"])
        #expect(saved.dependencies == SyncScope(products: ["a.b", "c.d"]))
        #expect(saved.rows == [SavedPlan.Row(resource: "a.b", value: .int(1)), SavedPlan.Row(resource: "c.d", value: .null)])
        let text = String(decoding: saved.bytes(), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"format\": \"iapcat-plan\",\n  \"format_version\": 1,\n  \"tool\": \"iapcat test\","))
        #expect(try SavedPlan.read(saved.bytes(), file: "plan.json") == saved)
    }

    /// A plan file is reviewed as a file and a diff: a right-to-left override or a C1 control a store answered is a
    /// JSON escape there (so it reorders and moves nothing), and reads back as the store's text.
    @Test func aSavedPlanWritesBidiAndC1ControlsAsEscapes() async throws {
        var saved = try await saved(Adapter(["a.b": 1]), Self.catalog(["a.b"]))
        saved.rows[0].value = .string("coins\u{202E}gnp.exe\u{9B}2J\u{2066}")
        let text = String(decoding: saved.bytes(), as: UTF8.self)
        #expect(text.contains(#""value": "coins\u202egnp.exe\u009b2J\u2066""#))
        #expect(!text.unicodeScalars.contains { $0 != "\n" && EscapedCharacters.contains($0) })
        #expect(try SavedPlan.read(saved.bytes(), file: "plan.json") == saved)
    }

    /// A row holding a whole number as a double (`0.0`) is written `0` and read back as a whole
    /// number: the same row, not a store that changed since the plan (found by fuzzing).
    @Test func aWholeDoubleInARowIsTheSameRowReadBackFromTheFile() async throws {
        var saved = try await saved(Adapter(["a.b": 1]), Self.catalog(["a.b"]))
        saved.rows[0].value = .object([("price", .double(0)), ("rate", .double(1.5))])
        let reread = try SavedPlan.read(saved.bytes(), file: "plan.json")
        #expect(reread.rows[0].value == .object([("price", .int(0)), ("rate", .double(1.5))]))
        #expect(throws: Never.self) { try reread.check(rows: saved.rows, steps: saved.steps, storeName: "Test Store") }
        var moved = saved.rows
        moved[0].value = .object([("price", .double(0.5)), ("rate", .double(1.5))])
        #expect(throws: SyncFailure.self) { try reread.check(rows: moved, steps: saved.steps, storeName: "Test Store") }
    }

    @Test func applyingASavedPlanRereadsOnlyItsRowsAndRefusesWhenOneMoved() async throws {
        let adapter = Adapter(["a.b": 1, "x.y": 3])
        let catalog = Self.catalog(["a.b", "c.d", "x.y"])
        let saved = try await saved(adapter, catalog)
        // Something the plan does not depend on moves: nothing to say.
        adapter.store["x.y"] = 4
        let engine = SyncEngine(adapter)
        let planned = try await engine.recheck(saved, catalog: catalog, at: "catalog.yaml")
        #expect(planned.plan.steps.map(\.summary) == saved.steps.map(\.summary))
        #expect(Set(planned.catalog.products.map(\.id)) == ["a.b", "c.d"])
        // A row it depends on moves: refused, naming the row and how.
        adapter.store["a.b"] = 2
        adapter.store["c.d"] = 1
        await #expect(
            throws: SyncFailure(
                """
                Test Store changed since the plan was made (2026-11-27T10:00:00Z); nothing was applied. Plan again and review it:
                  a.b:
                    /: 1 → 2
                  c.d:
                    /: null → 1
                """)
        ) { _ = try await engine.recheck(saved, catalog: catalog, at: "catalog.yaml") }
    }

    /// Applying a saved plan again re-reads the rows it was checked against: after a step of it
    /// went through, or when the store refused its first step, only a new plan goes on, and the
    /// failure says so; a first step that got no answer may pass when the file is applied again.
    @Test func aSavedPlanThatFailsSaysWhetherApplyingItAgainCanSucceed() async throws {
        let catalog = Self.catalog(["a.b", "c.d"])
        func failure(at step: Int, mayPass: Bool = false) async throws -> SyncFailure? {
            let adapter = Adapter([:])
            let saved = try await saved(adapter, catalog)
            adapter.failAt = step
            adapter.failureMayPass = mayPass
            let engine = SyncEngine(adapter)
            let planned = try await engine.recheck(saved, catalog: catalog, at: "catalogs/app.yaml", file: "plan.json")
            do throws(SyncFailure) {
                _ = try await engine.apply(planned) { _, _ in }
                return nil
            } catch {
                return error
            }
        }
        #expect(
            try await failure(at: 1)
                == SyncFailure(
                    "catalogs/app.yaml:7:5: step 2 of 2 failed (set c.d to 3): Test Store: PUT /products: HTTP 409\n"
                        + "1 step of plan.json went through, so Test Store no longer holds what it was checked against and applying it "
                        + "again is refused: plan again (`iapcat test plan --catalog catalogs/app.yaml -o plan.json`), review the plan, "
                        + "and apply that: it plans what is left."))
        #expect(
            try await failure(at: 0)
                == SyncFailure(
                    "catalogs/app.yaml:7:5: step 1 of 2 failed (set a.b to 3): Test Store: PUT /products: HTTP 409\n"
                        + "Test Store refused the first step as plan.json asks it, so applying plan.json again fails the same way: "
                        + "fix what the message names, then plan again (`iapcat test plan --catalog catalogs/app.yaml -o plan.json`), "
                        + "review the plan, and apply that: it plans what is left."))
        #expect(
            try await failure(at: 0, mayPass: true)
                == SyncFailure(
                    "catalogs/app.yaml:7:5: step 1 of 2 failed (set a.b to 3): Test Store: PUT /products: no answer\n"
                        + "Test Store did not refuse the step: `iapcat test apply plan.json` tries the saved plan again (and refuses, "
                        + "naming what moved, if the step went through after all); if it fails again, plan again "
                        + "(`iapcat test plan --catalog catalogs/app.yaml -o plan.json`), review the plan, and apply that: it plans what is left."
                ))
    }

    @Test func aSavedPlanForAnotherStoreOrWithOtherStepsIsRefused() async throws {
        let adapter = Adapter(["a.b": 1])
        let catalog = Self.catalog(["a.b"])
        var saved = try await saved(adapter, catalog)
        saved.store = "play"
        await #expect(throws: SyncFailure("the plan is for `iapcat play`, not `iapcat test`; nothing was applied")) {
            _ = try await SyncEngine(adapter).recheck(saved, catalog: catalog, at: "catalog.yaml")
        }
        saved.store = "test"
        saved.steps[0].summary = "set a.b to 4"
        await #expect(
            throws: SyncFailure(
                """
                planned again, the steps differ from the saved plan's (2026-11-27T10:00:00Z); nothing was applied. Plan again and review it:
                  saved: ! set a.b to 4
                  now:   ! set a.b to 3
                """)
        ) { _ = try await SyncEngine(adapter).recheck(saved, catalog: catalog, at: "catalog.yaml") }
    }

    @Test(arguments: [
        ("[]", "plan.json: not a plan file (its \"format\" is not \"iapcat-plan\"); write one with `plan -o FILE`"),
        (
            #"{"format": "iapcat-plan", "format_version": 2}"#,
            "plan.json: a plan file of format version 2; this iapcat reads version 1: plan again with it"
        ),
        (#"{"format": "iapcat-plan", "format_version": 1, "catalog": {}}"#, "plan.json: \"store\" is missing or not a string"),
        ("{", "plan.json:1:2: not a plan file: unexpected end of file; expected a string key"),
        // jq, Python and JavaScript would read "other"; iapcat read "iapcat-plan". Neither: the file is refused.
        (
            #"{"format": "iapcat-plan", "format": "other"}"#,
            #"plan.json:1:27: not a plan file: "format" appears more than once (first at line 1, column 2)"#
        ),
    ])
    func aFileThatIsNoPlanIsRefusedSayingWhy(text: String, message: String) {
        #expect(throws: SyncFailure(message)) { _ = try SavedPlan.read(Array(text.utf8), file: "plan.json") }
    }
}
