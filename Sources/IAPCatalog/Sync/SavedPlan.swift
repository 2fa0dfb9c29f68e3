/// A plan written to a file (`asc plan -o plan.json`), to be applied exactly as reviewed
/// (`asc apply plan.json`): the steps as `plan --format json` shows them, and what they were
/// computed from — the catalog's SHA-256, the store's rows each step depends on (as read), the
/// scope that re-reads them, iapcat's version and the time. It holds no secret: no token, key or
/// credential, nothing the store did not show in the plan's read. The format is documented in
/// docs/saved-plans.md and versioned by `format_version`; a reader refuses another version.
package struct SavedPlan: Sendable, Equatable {
    /// The first member of every plan file.
    package static let formatName = "iapcat-plan"
    /// The version this iapcat writes and reads.
    package static let formatVersion = 1
    /// The largest plan file read.
    package static let sizeLimit = 64 << 20

    /// One step, as saved and shown.
    package struct Step: SyncStep, Equatable {
        package var impact: PlanImpact
        package var ownerNoun: String
        package var ownerKey: String
        package var verb: String
        package var summary: String
    }

    /// What the store held of one resource a step depends on, as read when planning (`null`: nothing).
    package struct Row: Sendable, Equatable {
        /// `in-app purchase com.example.coins`, `territories`.
        package var resource: String
        /// The rows's content: iapcat's reading of the store's answers, keys sorted.
        package var value: JSONValue

        /// A row.
        package init(resource: String, value: JSONValue) {
            self.resource = resource
            self.value = value
        }
    }

    /// The store's command (`asc`, `play`).
    package var store: String
    /// The subcommand that carries the plan out: `apply`, or `submit` (a file without the member
    /// was written by `plan -o`: `apply`).
    package var command: String
    /// The app, as the catalog names it in that store.
    package var app: String
    /// The iapcat that wrote it (`iapcat 0.1.0`).
    package var tool: String
    /// When it was written, ISO 8601 in UTC.
    package var created: String
    /// The catalog's path as given to `plan`.
    package var catalogPath: String
    /// The SHA-256 of the catalog's bytes, hexadecimal.
    package var catalogDigest: String
    /// The products and groups the plan was scoped to; nil for the whole catalog.
    package var scope: SyncScope?
    /// The products and groups the steps depend on: what apply reads again.
    package var dependencies: SyncScope
    /// What the store held of each of them.
    package var rows: [Row]
    /// The steps.
    package var steps: [Step]
    /// What the plan leaves alone, warns about, and what stops it.
    package var notDone: [PlanNote], warnings: [PlanNote], errors: [PlanNote]
    /// About how many requests apply sends.
    package var estimatedRequests: Int

    /// `plan` saved with what it was computed from.
    package init<P: SyncPlan>(
        _ plan: P, app: String, tool: String, created: String, catalogPath: String, catalogDigest: String, scope: SyncScope?,
        dependencies: SyncScope, rows: [Row]
    ) {
        store = P.store.command
        command = plan.applyCommand
        self.app = app
        self.tool = tool
        self.created = created
        self.catalogPath = catalogPath
        self.catalogDigest = catalogDigest
        self.scope = scope
        self.dependencies = dependencies
        self.rows = rows
        steps = plan.steps.map {
            Step(impact: $0.impact, ownerNoun: $0.ownerNoun, ownerKey: $0.ownerKey, verb: $0.verb, summary: $0.summary)
        }
        (notDone, warnings, errors) = (plan.notDone, plan.warnings, plan.errors)
        estimatedRequests = plan.estimatedRequests
    }

    /// Refuses, naming what moved, when `now` (the rows read again) differs from the saved rows, or
    /// `steps` (planned again from them) from the saved steps; `storeName` says whose rows, and
    /// `describe` how a resource's row moved (``RowChanges`` unless the store says otherwise). Rows
    /// are compared as the file writes them: a whole number read back from the file (`1`) is the
    /// same row as the `1.0` it was written from.
    package func check<S: SyncStep>(
        rows now: [Row], steps: [S], storeName: String,
        describe: (_ resource: String, _ old: JSONValue, _ new: JSONValue) -> [String] = { RowChanges.describe(from: $1, to: $2) }
    ) throws(SyncFailure) {
        let current = Dictionary(now.map { ($0.resource, $0.value) }, uniquingKeysWith: { first, _ in first })
        let then = Dictionary(rows.map { ($0.resource, $0.value) }, uniquingKeysWith: { first, _ in first })
        var moved: [String] = []
        let written = { (value: JSONValue?) in value.map { JSONWriter.serialize($0) } }
        for resource in Set(current.keys).union(then.keys).sorted() where written(current[resource]) != written(then[resource]) {
            moved.append("  \(ServerText.printable(resource)):")
            moved += describe(resource, then[resource] ?? .null, current[resource] ?? .null).map {
                "    " + ServerText.printable($0)
            }
        }
        guard moved.isEmpty else {
            throw SyncFailure(
                "\(storeName) changed since the plan was made (\(ServerText.printable(created))); nothing was applied. Plan again and review it:\n"
                    + moved.joined(separator: "\n"))
        }
        let line = { (impact: PlanImpact, summary: String) in ServerText.printable("\(impact.rawValue) \(summary)") }
        let planned = steps.map { line($0.impact, $0.summary) }
        let reviewed = self.steps.map { line($0.impact, $0.summary) }
        guard planned == reviewed else {
            let lines =
                reviewed.filter { !planned.contains($0) }.map { "  saved: " + $0 }
                + planned.filter { !reviewed.contains($0) }.map { "  now:   " + $0 }
            throw SyncFailure(
                "planned again, the steps differ from the saved plan's (\(ServerText.printable(created))); nothing was applied. Plan again and review it:\n"
                    + (lines.isEmpty ? "  the same steps in another order" : lines.joined(separator: "\n")))
        }
    }

    // MARK: The file

    /// The file's JSON: members in a fixed order, two-space indentation, one value per line; every control character
    /// and bidirectional control in a string a `\u` escape (``EscapedCharacters``), so a plan reviewed as a file or a diff
    /// shows what it holds.
    package func bytes() -> [UInt8] {
        func scopeValue(_ scope: SyncScope) -> JSONValue {
            .object([
                ("products", .array(scope.products.sorted().map(JSONValue.string))),
                ("groups", .array(scope.groups.sorted().map(JSONValue.string))),
            ])
        }
        func notes(_ notes: [PlanNote]) -> JSONValue {
            .array(notes.map { .object([("resource", .string($0.resource)), ("message", .string($0.message))]) })
        }
        let document: JSONValue = .object([
            ("format", .string(Self.formatName)),
            ("format_version", .int(Self.formatVersion)),
            ("tool", .string(tool)),
            ("created", .string(created)),
            ("store", .string(store)),
            ("command", .string(command)),
            ("app", .string(app)),
            ("catalog", .object([("path", .string(catalogPath)), ("sha256", .string(catalogDigest))])),
            ("scope", scope.map(scopeValue) ?? .null),
            ("depends_on", scopeValue(dependencies)),
            ("rows", .array(rows.map { .object([("resource", .string($0.resource)), ("value", $0.value)]) })),
            (
                "changes",
                .array(
                    steps.map {
                        .object([
                            ("resource", .string($0.ownerKey)), ("kind", .string($0.ownerNoun)), ("action", .string($0.verb)),
                            ("impact", .string($0.impact.name)), ("summary", .string($0.summary)),
                        ])
                    })
            ),
            ("not_done", notes(notDone)),
            ("warnings", notes(warnings)),
            ("errors", notes(errors)),
            ("estimated_requests", .int(estimatedRequests)),
        ])
        return Array(EscapedCharacters.escapingJSON(JSONWriter.serialize(document)).utf8)
    }

    /// The plan in `bytes` (a file's content; `file` names it in errors), read as strict JSON: a syntax error or a
    /// member given twice (which JSON readers take differently) is refused at its line and column.
    package static func read(_ bytes: [UInt8], file: String) throws(SyncFailure) -> SavedPlan {
        let root: JSONValue
        do {
            root = try JSONValueReader.read(bytes)
        } catch {
            throw SyncFailure("\(file):\(error.position.line):\(error.position.column): not a plan file: \(error.message)")
        }
        let reader = Reader(file: file)
        guard root["format"]?.string == formatName else {
            throw SyncFailure("\(file): not a plan file (its \"format\" is not \"\(formatName)\"); write one with `plan -o FILE`")
        }
        let version = try reader.int(root, "format_version")
        guard version == formatVersion else {
            throw SyncFailure(
                "\(file): a plan file of format version \(version); this iapcat reads version \(formatVersion): plan again with it")
        }
        let catalog = try reader.object(root, "catalog")
        var saved = SavedPlan(
            store: try reader.string(root, "store"), command: root["command"] == nil ? "apply" : try reader.string(root, "command"),
            app: try reader.string(root, "app"), tool: try reader.string(root, "tool"),
            created: try reader.string(root, "created"), catalogPath: try reader.string(catalog, "path", in: "catalog"),
            catalogDigest: try reader.string(catalog, "sha256", in: "catalog"), scope: nil,
            dependencies: try reader.scope(try reader.object(root, "depends_on"), "depends_on"), rows: [], steps: [], notDone: [],
            warnings: [], errors: [], estimatedRequests: try reader.int(root, "estimated_requests"))
        if let scope = root["scope"], scope != .null { saved.scope = try reader.scope(scope, "scope") }
        for (index, row) in try reader.array(root, "rows").enumerated() {
            let place = "rows[\(index)]"
            guard let value = row["value"] else { throw reader.failure("\(place).value", "is missing") }
            saved.rows.append(Row(resource: try reader.string(row, "resource", in: place), value: value))
        }
        for (index, change) in try reader.array(root, "changes").enumerated() {
            let place = "changes[\(index)]"
            let impactName = try reader.string(change, "impact", in: place)
            guard let impact = PlanImpact.allCases.first(where: { $0.name == impactName }) else {
                throw reader.failure("\(place).impact", "is not create, change, narrow or customers")
            }
            saved.steps.append(
                Step(
                    impact: impact, ownerNoun: try reader.string(change, "kind", in: place),
                    ownerKey: try reader.string(change, "resource", in: place), verb: try reader.string(change, "action", in: place),
                    summary: try reader.string(change, "summary", in: place)))
        }
        saved.notDone = try reader.notes(root, "not_done")
        saved.warnings = try reader.notes(root, "warnings")
        saved.errors = try reader.notes(root, "errors")
        return saved
    }

    /// A plan from its parts (reading a file).
    private init(
        store: String, command: String, app: String, tool: String, created: String, catalogPath: String, catalogDigest: String,
        scope: SyncScope?, dependencies: SyncScope, rows: [Row], steps: [Step], notDone: [PlanNote], warnings: [PlanNote],
        errors: [PlanNote], estimatedRequests: Int
    ) {
        (self.store, self.command, self.app, self.tool, self.created) = (store, command, app, tool, created)
        (self.catalogPath, self.catalogDigest, self.scope, self.dependencies) = (catalogPath, catalogDigest, scope, dependencies)
        (self.rows, self.steps, self.notDone, self.warnings, self.errors) = (rows, steps, notDone, warnings, errors)
        self.estimatedRequests = estimatedRequests
    }

    /// Reads members, failing with the file and the member's place.
    private struct Reader {
        let file: String

        func failure(_ place: String, _ problem: String) -> SyncFailure {
            SyncFailure("\(file): \"\(place)\" \(problem)")
        }

        func string(_ object: JSONValue, _ key: String, in parent: String? = nil) throws(SyncFailure) -> String {
            guard let value = object[key]?.string else { throw failure(parent.map { "\($0).\(key)" } ?? key, "is missing or not a string") }
            return value
        }

        func int(_ object: JSONValue, _ key: String) throws(SyncFailure) -> Int {
            guard case .int(let value)? = object[key] else { throw failure(key, "is missing or not a whole number") }
            return value
        }

        func object(_ object: JSONValue, _ key: String) throws(SyncFailure) -> JSONValue {
            guard let value = object[key], case .object = value else { throw failure(key, "is missing or not an object") }
            return value
        }

        func array(_ object: JSONValue, _ key: String) throws(SyncFailure) -> [JSONValue] {
            guard let value = object[key], case .array(let items) = value else { throw failure(key, "is missing or not an array") }
            return items
        }

        func strings(_ object: JSONValue, _ key: String, in parent: String) throws(SyncFailure) -> Set<String> {
            guard let value = object[key], case .array(let items) = value else { throw failure("\(parent).\(key)", "is not an array") }
            var result: Set<String> = []
            for item in items {
                guard let text = item.string else { throw failure("\(parent).\(key)", "holds something other than strings") }
                result.insert(text)
            }
            return result
        }

        func scope(_ value: JSONValue, _ place: String) throws(SyncFailure) -> SyncScope {
            SyncScope(products: try strings(value, "products", in: place), groups: try strings(value, "groups", in: place))
        }

        func notes(_ object: JSONValue, _ key: String) throws(SyncFailure) -> [PlanNote] {
            var notes: [PlanNote] = []
            for (index, note) in try array(object, key).enumerated() {
                let place = "\(key)[\(index)]"
                notes.append(PlanNote(resource: try string(note, "resource", in: place), message: try string(note, "message", in: place)))
            }
            return notes
        }
    }
}

/// A saved plan as the plan renderer shows it (`show plan.json`), under `Store`'s names.
package struct SavedPlanView<Store: SyncPlan>: SyncPlan {
    package let saved: SavedPlan

    /// The view of `saved`.
    package init(_ saved: SavedPlan) {
        self.saved = saved
    }

    package var steps: [SavedPlan.Step] { saved.steps }
    package var notDone: [PlanNote] { saved.notDone }
    package var warnings: [PlanNote] { saved.warnings }
    package var errors: [PlanNote] { saved.errors }
    package var estimatedRequests: Int { saved.estimatedRequests }
    package static var store: SyncStore { Store.store }
    package var applyCommand: String { saved.command }
    package var planCommand: String { saved.command == "apply" ? "plan" : "\(saved.command) --dry-run" }
}
