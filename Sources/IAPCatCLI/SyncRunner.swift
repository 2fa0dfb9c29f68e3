import AppStoreConnect
import ArgumentParser
import Crypto
import Foundation
import IAPCatalog
import StoreHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a store's options give the runner: the adapter for one app, with its client.
protocol StoreOptions: ParsableArguments {
    /// The store's adapter.
    associatedtype Adapter: SyncAdapter

    /// The option that names the app for `pull`: `--app`.
    static var appFlag: String { get }

    /// A usage failure when `app` cannot name an app in this store.
    static func check(app: String) throws(CommandFailure)

    /// The adapter for `app`, and how to close its client; a failure naming a missing setting.
    func connect(app: String, settings: SyncSettings) throws(CommandFailure) -> StoreConnection<Adapter>
}

/// What the commands' own options say about how to plan and apply.
struct SyncSettings {
    /// `--allow-outside-paths`.
    var allowOutsidePaths = false
    /// `asc apply --move-existing-subscribers`.
    var moveExistingSubscribers = false
}

/// A store's adapter and the way to close its client.
struct StoreConnection<Adapter: SyncAdapter> {
    /// The adapter.
    let adapter: Adapter
    /// Closes the client; called once, when the command's work ends.
    let close: () async -> Void
}

/// The one runner under `asc` and `play`: pull, plan and apply as the ``SyncEngine`` runs them,
/// with what only a command does around them — load and validate the catalog, print the plan in
/// the format asked, refuse it without consent or confirmation, report progress, write the pulled
/// catalog, say when a call is repeated.
enum SyncRunner {
    /// Runs `work` with an engine of `options`' adapter for `app`, closing its client afterwards.
    static func run<Options: StoreOptions, T>(
        _ options: Options, app: String, settings: SyncSettings = SyncSettings(),
        _ work: (SyncEngine<Options.Adapter>) async throws(CommandFailure) -> T
    ) async throws(CommandFailure) -> T {
        try Options.check(app: app)
        let connection = try options.connect(app: app, settings: settings)
        let result: Result<T, CommandFailure>
        do {
            result = .success(try await work(SyncEngine(connection.adapter)))
        } catch {
            result = .failure(error)
        }
        await connection.close()
        return try result.get()
    }

    /// `iapcat STORE plan`; with `out`, the plan is saved there too, with what it was computed from.
    static func plan<Options: StoreOptions>(
        _ options: Options, catalog path: String, scope: ScopeOptions, paths: PathOptions, format: IAPCat.PlanFormat,
        detailedExitcode: Bool, out: String? = nil, readiness: Bool = false
    ) async throws(CommandFailure) {
        // A saved plan names the catalog by the SHA-256 of the very bytes it was planned from.
        let file = try out.map { _ throws(CommandFailure) in try CatalogFile(path) }
        let (catalog, app) = try loadCatalog(path, bytes: file?.bytes, validator: paths.validator, for: Options.Adapter.self)
        let scoping = scope
        let scope = try scoping.scope(of: catalog, at: path)
        if let scope { scoping.announce(scope) }
        let (plan, verdicts) = try await run(options, app: app, settings: SyncSettings(allowOutsidePaths: paths.allowOutsidePaths)) {
            engine throws(CommandFailure) in
            let planned = try await planned(catalog, at: path, scope: scope, by: engine)
            if let out, let file {
                let saved = engine.save(
                    planned, app: app, tool: "iapcat \(IAPCatalogVersion.current)", created: nowUTC(), catalogDigest: file.digest,
                    scope: scope)
                do {
                    try AtomicFile.write(saved.bytes(), to: out)
                } catch {
                    throw .io(error)
                }
            }
            return (planned.plan, readiness ? engine.readiness(of: planned) : nil)
        }
        if let out { Output.error("wrote \(out): the plan, for `iapcat \(Options.Adapter.Plan.store.command) apply \(out)`") }
        try show(plan, format: format, detailedExitcode: detailedExitcode, readiness: verdicts)
    }

    /// `iapcat STORE show PLAN`: a saved plan, in the format asked.
    static func show<Options: StoreOptions>(_: Options.Type, plan file: String, format: IAPCat.PlanFormat) throws(CommandFailure) {
        let saved = try readSaved(file, for: Options.Adapter.self)
        try show(SavedPlanView<Options.Adapter.Plan>(saved), format: format, detailedExitcode: false)
    }

    /// `iapcat STORE apply PLAN`: exactly the saved plan's steps, after re-reading the rows they
    /// depend on; refused, nothing applied, when the catalog or those rows changed since.
    static func applySaved<Options: StoreOptions>(
        _ options: Options, plan file: String, catalog override: String?, settings: SyncSettings, validator: CatalogValidator,
        yes: Bool, allowImpact: Bool, format: IAPCat.ApplyFormat = .text
    ) async throws(CommandFailure) {
        let saved = try readSaved(file, for: Options.Adapter.self, command: "apply")
        let (catalog, app, path) = try savedCatalog(saved, file: file, override: override, validator: validator, for: Options.Adapter.self)
        try await run(options, app: app, settings: settings) { engine throws(CommandFailure) in
            let planned: SyncEngine<Options.Adapter>.Planned
            do throws(SyncFailure) {
                planned = try await engine.recheck(saved, catalog: catalog, at: path, file: file)
            } catch {
                throw .inputErrors(error.message)
            }
            try await carryOut(planned, by: engine, yes: yes, allowImpact: allowImpact, format: format)
        }
    }

    /// The catalog `saved` (read from `file`) names, or `override`: read once, refused unless its
    /// bytes are the ones planned from and it names the plan's app.
    static func savedCatalog<Adapter: SyncAdapter>(
        _ saved: SavedPlan, file: String, override: String?, validator: CatalogValidator, for _: Adapter.Type
    ) throws(CommandFailure) -> (catalog: Catalog, app: String, path: String) {
        // The file names its catalog; iapcat reads it only inside this folder unless told where.
        let named = saved.catalogPath
        guard override != nil || (!named.hasPrefix("/") && !named.split(separator: "/").contains("..") && !named.isEmpty) else {
            throw .usage(
                "\(file) names its catalog '\(ServerText.shown(named, limit: 200))', outside this folder: pass --catalog to say which catalog"
            )
        }
        let path = override ?? named
        let catalogFile = try CatalogFile(path)
        guard catalogFile.digest == saved.catalogDigest else {
            throw .inputErrors(
                "\(ServerText.printable(path)) changed since the plan was made (\(ServerText.printable(saved.created))): its SHA-256 is \(catalogFile.digest.prefix(12))… now, "
                    + "\(ServerText.printable(String(saved.catalogDigest.prefix(12))))… then; nothing was applied. Plan again and review it"
            )
        }
        let (catalog, app) = try loadCatalog(path, bytes: catalogFile.bytes, validator: validator, for: Adapter.self)
        guard app == saved.app else {
            throw .inputErrors(
                "\(file) is a plan for app \(ServerText.printable(saved.app)), the catalog names \(app); nothing was applied")
        }
        return (catalog, app, path)
    }

    /// The saved plan in `file`, for `Adapter`'s store and, when given, for its subcommand `command`.
    static func readSaved<Adapter: SyncAdapter>(_ file: String, for _: Adapter.Type, command subcommand: String? = nil)
        throws(CommandFailure) -> SavedPlan
    {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(file, sizeLimit: SavedPlan.sizeLimit)
        } catch {
            throw .io(error)
        }
        let saved: SavedPlan
        do throws(SyncFailure) {
            saved = try SavedPlan.read(bytes, file: file)
        } catch {
            throw .inputErrors(ServerText.printable(error.message))
        }
        let command = Adapter.Plan.store.command
        guard saved.store == command, subcommand.map({ $0 == saved.command }) ?? true else {
            let wanted = subcommand.map { "\(command) \($0)" } ?? command
            throw .inputErrors(
                "\(file) is a plan for `iapcat \(ServerText.printable(saved.store)) \(ServerText.printable(saved.command))`, "
                    + "not `iapcat \(wanted)`; nothing was done")
        }
        return saved
    }

    /// A catalog file read once, for a saved plan: what is hashed is what is loaded.
    struct CatalogFile {
        var bytes: [UInt8]
        /// The SHA-256 of `bytes`, hexadecimal: what a saved plan names its catalog by.
        var digest: String

        init(_ path: String) throws(CommandFailure) {
            do {
                bytes = try InputFile.read(path)
            } catch {
                throw .io(error)
            }
            digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// Now, ISO 8601 in UTC to the second.
    static func nowUTC() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    /// `iapcat STORE apply`: plans, asks, applies, reads back.
    static func apply<Options: StoreOptions>(
        _ options: Options, catalog path: String, scope: ScopeOptions, settings: SyncSettings, validator: CatalogValidator, yes: Bool,
        allowImpact: Bool, format: IAPCat.ApplyFormat = .text
    ) async throws(CommandFailure) {
        let (catalog, app) = try loadCatalog(path, validator: validator, for: Options.Adapter.self)
        let scoping = scope
        let scope = try scoping.scope(of: catalog, at: path)
        if let scope { scoping.announce(scope) }
        try await run(options, app: app, settings: settings) { engine throws(CommandFailure) in
            try await carryOut(
                try await planned(catalog, at: path, scope: scope, by: engine), by: engine, yes: yes, allowImpact: allowImpact,
                format: format)
        }
    }

    /// Prints `planned`, asks for consent and confirmation, applies it, reads it back and says
    /// where each product it touched stands. With `format` json, standard output holds only the
    /// document of what was applied (``VerdictRenderer/applyJSON(applied:readBack:verdicts:)``):
    /// the plan, the progress and the text go to standard error.
    private static func carryOut<Adapter>(
        _ planned: SyncEngine<Adapter>.Planned, by engine: SyncEngine<Adapter>, yes: Bool, allowImpact: Bool, format: IAPCat.ApplyFormat
    ) async throws(CommandFailure) {
        let json = format == .json
        let say = { (text: String) in json ? Output.errorRaw(text) : Output.report(text) }
        let verdicts = VerdictRenderer(store: engine.store.name)
        guard try confirm(planned.plan, yes: yes, allowImpact: allowImpact, to: say) else {
            if format == .json { Output.report(verdicts.applyJSON(applied: 0, readBack: nil, verdicts: [])) }
            return
        }
        let total = planned.plan.steps.count
        let applied: SyncEngine<Adapter>.Applied
        do throws(SyncFailure) {
            applied = try await engine.apply(planned) { index, step in
                say(ServerText.printable("[\(index + 1)/\(total)] \(step.impact.rawValue) \(step.summary)") + "\n")
            }
        } catch {
            throw .inputErrors(error.message)
        }
        say("Read back \(applied.scope): \(engine.store.name) holds every change.\n")
        say("Applied \(Plural.count(total, "change")).\n")
        say(verdicts.text(applied.verdicts))
        if format == .json { Output.report(verdicts.applyJSON(applied: total, readBack: applied.scope, verdicts: applied.verdicts)) }
    }

    /// `iapcat STORE pull`: the app (`app`, else the one `base` names) written as a catalog to
    /// `output` (stdout when nil). With `base`, what is written is that catalog file edited where
    /// the store differs (``CatalogRefresh``), and `refresh` says whether to only check and
    /// whether to prune.
    static func pull<Options: StoreOptions>(
        _ options: Options, app: String?, base path: String?, output: String?, refresh: RefreshOptions = RefreshOptions()
    ) async throws(CommandFailure) {
        typealias Adapter = Options.Adapter
        let store = Adapter.Plan.store
        let file = try path.map { path throws(CommandFailure) in try CatalogFile(path) }
        let base = try path.map { path throws(CommandFailure) in try loadCatalog(path, bytes: file?.bytes, store: store) }
        guard let app = app ?? base.flatMap(Adapter.app(of:)), !app.isEmpty else {
            throw .usage("no app: pass \(Options.appFlag) or --catalog with \(Adapter.appKey)")
        }
        let pulled = try await run(options, app: app) { engine throws(CommandFailure) in
            do throws(SyncFailure) {
                return try await engine.pull(app: app, base: base)
            } catch {
                throw .inputErrors(error.message)
            }
        }
        for note in pulled.notes { Output.error(ServerText.printable("iapcat: note: \(note.resource) \(note.message)")) }
        guard let path, let file, let base else {
            try write(Array(CatalogYAMLWriter(headerComments: [pulled.header]).render(pulled.catalog).utf8), to: output)
            if let output { Output.error("wrote \(output): \(pulled.contents)") }
            return
        }
        let outcome: CatalogRefresh.Outcome
        do throws(SyncFailure) {
            outcome = try CatalogRefresh(store: Adapter.catalogStore, storeName: store.name, prune: refresh.prune)
                .refresh(file.bytes, base: base, pulled: pulled, path: path)
        } catch {
            throw .inputErrors(error.message)
        }
        let report = CatalogChange.report(outcome.changes)
        if !report.isEmpty { Output.error(report) }
        let kept = outcome.notFound.filter { !outcome.pruned.contains($0) }
        if !kept.isEmpty {
            Output.error(ServerText.printable("not found \(store.placed), kept and marked: " + kept.joined(separator: ", ")))
        }
        if !outcome.pruned.isEmpty {
            Output.error(ServerText.printable("not found \(store.placed), removed (--prune): " + outcome.pruned.joined(separator: ", ")))
        }
        // What the refresh would write differs: a value, or a product newly not found (marked).
        let differs = outcome.bytes != file.bytes
        let summary =
            outcome.changes.isEmpty
            ? "no value differs \(store.placed)"
            : CatalogChange.summary(outcome.changes)
        if refresh.check {
            Output.error("\(path): \(differs ? summary : "the catalog says what \(store.name) holds"); nothing written (--check)")
            try Output.finish(differs ? .inputErrors : .clean)
        }
        if output == path && outcome.bytes == file.bytes {
            Output.error("\(path): unchanged: \(summary)")
            return
        }
        try write(outcome.bytes, to: output)
        if let output { Output.error("wrote \(output): \(summary)") }
    }

    /// `bytes` to `output`, atomically, or to stdout when nil.
    private static func write(_ bytes: [UInt8], to output: String?) throws(CommandFailure) {
        guard let output else {
            Output.report(bytes)
            return
        }
        do {
            try AtomicFile.write(bytes, to: output)
        } catch {
            throw .io(error)
        }
    }

    /// The catalog at `path` planned by `engine`; the store's failures become diagnostics.
    private static func planned<Adapter>(_ catalog: Catalog, at path: String, scope: SyncScope?, by engine: SyncEngine<Adapter>)
        async throws(CommandFailure) -> SyncEngine<Adapter>.Planned
    {
        do throws(SyncFailure) {
            return try await engine.plan(catalog, at: path, scope: scope)
        } catch {
            throw .inputErrors(error.message)
        }
    }

    /// The catalog at `path`, validated, and the app it names in `Adapter`'s store; errors stop a plan.
    static func loadCatalog<Adapter: SyncAdapter>(
        _ path: String, bytes: [UInt8]? = nil, validator: CatalogValidator, for _: Adapter.Type
    ) throws(CommandFailure) -> (catalog: Catalog, app: String) {
        let store = Adapter.Plan.store
        let catalog = try loadCatalog(path, bytes: bytes, validator: validator, store: store)
        guard let app = Adapter.app(of: catalog) else {
            throw .inputErrors("\(path): \(Adapter.appKey) is not set: it names the app \(store.placed)")
        }
        return (catalog, app)
    }

    /// The catalog at `path` (its `bytes` when already read), validated; its errors stop whatever
    /// would talk to `store`.
    static func loadCatalog(
        _ path: String, bytes: [UInt8]? = nil, validator: CatalogValidator = CatalogValidator(), store: SyncStore
    ) throws(CommandFailure) -> Catalog {
        let result: CatalogLoader.Result
        do {
            if let bytes {
                result = CatalogLoader().loadValidated(bytes, file: path, validator: validator)
            } else {
                result = try CatalogLoader().loadValidated(path, validator: validator)
            }
        } catch {
            // Missing or unreadable: exit 2, as in every command (`plan --detailed-exitcode` makes it 1).
            throw .io(error)
        }
        let report = result.diagnostics.isEmpty ? nil : Output.diagnostics(LintResult(diagnostics: result.diagnostics, files: [path]))
        guard let catalog = result.catalog, !result.hasErrors else {
            throw .inputErrors("\(path) has errors; fix them before talking to \(store.name)", details: report)
        }
        return catalog
    }

    /// Prints `plan` as `format`; exits 1 when it has errors, 2 with `detailedExitcode` when it has changes.
    /// With `readiness`, where each product stands follows the plan (in JSON, its `readiness` key).
    static func show<P: SyncPlan>(_ plan: P, format: IAPCat.PlanFormat, detailedExitcode: Bool, readiness: [ProductVerdict]? = nil)
        throws(CommandFailure)
    {
        switch format {
        case .text:
            Output.report(PlanRenderer().text(plan, style: Output.settings.reportStyle))
            if let readiness { Output.report("\n" + VerdictRenderer(store: P.store.name).text(readiness)) }
        case .json: Output.report(PlanRenderer().json(plan, readiness: readiness))
        case .markdown: Output.report(PlanRenderer().markdown(plan, readiness: readiness ?? []))
        }
        if !plan.errors.isEmpty {
            throw .inputErrors("the plan has \(Plural.count(plan.errors.count, "error")); \(plan.applyCommand) would refuse it")
        }
        if detailedExitcode && plan.hasChanges { try Output.finish(.usageOrIO) }
    }

    /// Prints `plan` and decides whether apply goes on: false when there is nothing to do; a
    /// failure, nothing applied, for errors, steps needing consent without `allowImpact`, or no
    /// confirmation (`yes`, or `yes` typed on a terminal).
    /// The plan and the question go to `say` (standard output unless told).
    static func confirm<P: SyncPlan>(_ plan: P, yes: Bool, allowImpact: Bool, to say: (String) -> Void = { Output.report($0) })
        throws(CommandFailure) -> Bool
    {
        say(PlanRenderer().text(plan, style: Output.settings.reportStyle))
        guard plan.errors.isEmpty else {
            throw .inputErrors("the plan has \(Plural.count(plan.errors.count, "error")); nothing was applied")
        }
        guard plan.hasChanges else { return false }
        let needingConsent = plan.stepsNeedingConsent.count
        if needingConsent > 0 && !allowImpact {
            throw .inputErrors(
                "\(Plural.count(needingConsent, "step")) marked - or ! \(Plural.word(needingConsent, "changes", "change")) "
                    + "\(plan.consentReason); nothing was applied. Review the plan and pass --allow-impact to \(plan.applyCommand) it"
            )
        }
        if !yes {
            guard Console.current.terminal.input else {
                throw .inputErrors("not a terminal: pass --yes to \(plan.applyCommand) without confirmation")
            }
            let verb = plan.applyCommand == "apply" ? "Apply" : "Carry out"
            say(
                "\(verb) \(Plural.word(plan.steps.count, "this change", "these \(plan.steps.count) changes")) to \(P.store.name)? Type yes: "
            )
            guard Console.current.readLine()?.trimmingCharacters(in: .whitespaces) == "yes" else { throw .inputErrors("not applied") }
        }
        return true
    }

    /// The API's base URL: `flag` (`--api-url`), else the environment variable `variable`, else
    /// `standard`; a usage failure naming where it came from when iapcat would not connect to it.
    static func apiURL(flag: String?, variable: String, standard: String) throws(CommandFailure) -> String {
        let environment = Console.current.environment
        let (url, origin) = flag.map { ($0, "--api-url") } ?? environment[variable].map { ($0, variable) } ?? (standard, "the default")
        do {
            _ = try EndpointURL(checking: url)
        } catch {
            throw .usage(
                "\(origin) '\(ServerText.shown(url, limit: 80))' is refused: \(error.reason { "'\(ServerText.shown($0, limit: 80))'" })")
        }
        return url
    }

    /// What a client tells of each exchange: every wait (always), and with `verbose` every request
    /// with its status, attempt and the rate limit left.
    static func observer(verbose: Bool) -> @Sendable (StoreExchange) -> Void {
        // Called on the client's threads: it writes to the console of the run that made it.
        let console = Console.current
        return { exchange in
            Console.$current.withValue(console) { observe(exchange, verbose: verbose) }
        }
    }

    private static func observe(_ exchange: StoreExchange, verbose: Bool) {
        // A wait is always one line: nobody should wonder whether iapcat hangs.
        if let (wait, reason) = exchange.retry {
            reportRetry(request: exchange.request, wait: wait, reason: reason, attempt: exchange.attempt)
            return
        }
        guard verbose else { return }
        var line = "\(ServerText.printable(exchange.request)) → \(exchange.status == 0 ? "no answer" : String(exchange.status))"
        if exchange.attempt > 1 { line += " (attempt \(exchange.attempt))" }
        if let limit = exchange.rateLimit { line += " [rate limit \(limit.remaining)/\(limit.limit) left]" }
        Output.error(line)
    }

    /// `iapcat: GET …: HTTP 429; trying again in 1.5 s (attempt 2)`: a wait is always one line, so
    /// nobody wonders whether iapcat hangs.
    static func reportRetry(request: String, wait: Duration, reason: String, attempt: Int) {
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        Output.error(
            ServerText.printable(
                "iapcat: \(request): \(reason); trying again in \(String(format: "%.1f", seconds)) s (attempt \(attempt + 1))"))
    }
}

/// `--product` and `--changed-since`: plan only part of the catalog, reading only what it needs.
struct ScopeOptions: ParsableArguments {
    @Option(
        name: .customLong("product"),
        help: ArgumentHelp("Plan only this product (its catalog id), and its subscription group; repeatable.", valueName: "id"))
    var products: [String] = []

    @Option(
        name: .customLong("changed-since"),
        help: ArgumentHelp(
            "Plan only the products and groups whose catalog entries differ from this git revision (new and removed ones included).",
            valueName: "git-ref"))
    var changedSince: String?

    /// The scope these options name for `catalog` (read from `path`); nil: the whole catalog.
    func scope(of catalog: Catalog, at path: String) throws(CommandFailure) -> SyncScope? {
        try Self.scope(products: products, changedSince: changedSince, of: catalog, at: path)
    }

    /// The scope `products` and `changedSince` name for `catalog` (read from `path`); nil: the whole
    /// catalog. A product the catalog does not hold is a usage failure with the closest id.
    static func scope(products: [String], changedSince: String?, of catalog: Catalog, at path: String) throws(CommandFailure)
        -> SyncScope?
    {
        guard !products.isEmpty || changedSince != nil else { return nil }
        var scope = SyncScope(products: [])
        let known = Set(catalog.products.map(\.id))
        for id in products {
            guard known.contains(id) else {
                let hint = Suggestion.closest(to: id, in: known.sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                throw .usage("--product '\(ServerText.printable(id))' is not a product of \(path)\(hint)")
            }
            scope.products.insert(id)
        }
        if let revision = changedSince {
            let changes = try Self.changes(of: catalog, at: path, since: revision)
            scope.products.formUnion(changes.products)
            scope.groups.formUnion(changes.groups)
        }
        return scope
    }

    /// `iapcat: plan of 1 product changed since main (com.example.coins); the rest of the catalog
    /// is not read`: a scoped plan says so, on stderr, before anything is read.
    func announce(_ scope: SyncScope) {
        var what = Plural.count(scope.products.count, "product")
        if !scope.groups.isEmpty { what += " and " + Plural.count(scope.groups.count, "subscription group") }
        switch (products.isEmpty, changedSince) {
        case (true, let revision?): what += " changed since \(revision)"
        case (false, let revision?): what += " named or changed since \(revision)"
        default: break
        }
        let names = (scope.products.sorted() + scope.groups.sorted()).prefix(5).joined(separator: ", ")
        let more = scope.products.count + scope.groups.count > 5 ? ", and \(scope.products.count + scope.groups.count - 5) more" : ""
        Output.error(
            ServerText.printable("iapcat: plan of \(what)" + (names.isEmpty ? "" : " (\(names)\(more))"))
                + "; the rest of the catalog is not read")
    }

    /// What differs in the catalog at `path` since `revision`: everything when that revision has no
    /// such file.
    private static func changes(of catalog: Catalog, at path: String, since revision: String) throws(CommandFailure) -> SyncScope {
        let shown = ServerText.printable(revision)
        guard let (repository, relative) = GitRepository.enclosing(path) else {
            throw .usage("--changed-since \(shown): \(path) is not in a git work tree")
        }
        guard let commit = repository.commit(revision) else {
            throw .usage("--changed-since \(shown): git names no commit so (or git is missing)")
        }
        guard let bytes = repository.file(relative, in: commit, limit: InputFile.defaultSizeLimit) else {
            return SyncScope(products: Set(catalog.products.map(\.id)), groups: Set(catalog.subscriptionGroups.map(\.id)))
        }
        guard let old = CatalogLoader().load(bytes, file: "\(revision):\(relative)").catalog else {
            throw .inputErrors("--changed-since \(shown): \(relative) in that revision is not a catalog iapcat can read")
        }
        return SyncScope.changes(from: old, to: catalog)
    }
}
