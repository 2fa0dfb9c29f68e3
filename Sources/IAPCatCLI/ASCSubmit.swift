import AppStoreConnect
import ArgumentParser
import IAPCatalog

extension IAPCat {
    /// `iapcat asc submit`: sends products to App Review.
    struct ASCSubmit: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "submit",
            abstract: "Send products to App Review: the ones the catalog marks approved, or those named.",
            discussion: """
                Plans, from what App Store Connect holds, one review submission for the platform: the open draft \
                reused or a new one, each ready product's version in preparation added (never twice), the app \
                version named by --app-version when the app's first purchases need one, then `! submit`. Every \
                product that cannot go is listed with the reason: the metadata it lacks, that App Review has it \
                already, that another submission is with App Review. A product named with --product that cannot go \
                is an error; one the catalog chose, a note.

                Sending to App Review reaches customers (approved products go on sale): the submit step is marked ! \
                and carried out only with --allow-impact, after confirmation (--yes otherwise). Afterwards it reads \
                back the submission and each product, and exits 1 unless App Review has them. A run stopped \
                part-way leaves a draft that the next run completes. `asc cancel-submission` withdraws it.

                `--dry-run -o FILE` saves the plan; `asc submit FILE` then sends exactly its steps, refusing, \
                sending nothing, when the catalog or what they depend on changed since (docs/saved-plans.md).

                Examples:
                  iapcat asc submit --catalog catalogs/example.yaml --app-version 1.0 --dry-run
                  iapcat asc submit --catalog catalogs/example.yaml --product com.example.cosmicquest.coins.small --app-version 1.0 --dry-run --format markdown
                  iapcat asc submit --catalog catalogs/example.yaml --app-version 1.0 --yes --allow-impact
                """
        )

        @Argument(
            help: ArgumentHelp(
                "A plan saved by `submit --dry-run -o`: carry out exactly its steps, refusing when the catalog or what they depend on changed.",
                valueName: "plan"),
            completion: .file(extensions: ["json"]))
        var planFile: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("The catalog (default: catalogs/catalog.yaml, or the saved plan's).", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var catalog: String?

        @Option(
            name: .customLong("product"),
            help: ArgumentHelp("Send this product (its catalog id) rather than every approved one; repeatable.", valueName: "id"))
        var products: [String] = []

        @Option(
            name: .customLong("changed-since"),
            help: ArgumentHelp(
                "Send only the approved products whose catalog entries differ from this git revision.", valueName: "git-ref"))
        var changedSince: String?

        @Option(
            help: ArgumentHelp(
                "The app version (in preparation) to send with the app's first in-app purchases and subscriptions.",
                valueName: "version"))
        var appVersion: String?

        @Option(help: "ios, macos, tvos or visionos.")
        var platform: ReviewPlatform?

        @Flag(help: "Show the plan and send nothing.")
        var dryRun = false

        @Option(help: "With --dry-run: text, json or markdown (for a pull-request comment).")
        var format: PlanFormat = .text

        @Option(
            name: [.customShort("o"), .customLong("out")],
            help: ArgumentHelp("With --dry-run: save the plan here too, for `asc submit FILE` and `asc show FILE`.", valueName: "file"))
        var out: String?

        @Flag(help: "Send without asking.")
        var yes = false

        @Flag(help: "Carry out the ! submit step: send to App Review.")
        var allowImpact = false

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            let mode = ReviewRunner.Mode(dryRun: dryRun, format: format, out: out, yes: yes, allowImpact: allowImpact)
            try mode.check()
            if let planFile { return try await runSaved(planFile, mode: mode) }
            let path = catalog ?? Catalog.defaultPath
            let loaded = try ReviewRunner.load(path, validator: paths.validator)
            let scope = try ScopeOptions.scope(products: products, changedSince: changedSince, of: loaded.catalog, at: path)
            let requests = SubmissionPlanner.requests(loaded.catalog, named: products, changed: changedSince == nil ? nil : scope)
            try await ReviewRunner.run(connect, app: loaded.app, platform: (platform ?? .ios).apiValue, mode: mode) {
                adapter throws(CommandFailure) in
                let planned = try await ReviewRunner.failing { () async throws(SyncFailure) in
                    try await adapter.planSubmission(requests, appVersion: appVersion)
                }
                return try ReviewRunner.saving(planned, to: out) { planned in
                    SavedPlan(
                        planned.plan, app: loaded.app, tool: "iapcat \(IAPCatalogVersion.current)", created: SyncRunner.nowUTC(),
                        catalogPath: path, catalogDigest: loaded.digest,
                        scope: products.isEmpty ? nil : SyncScope(products: Set(products)),
                        dependencies: SyncScope(products: Set(requests.map(\.productID))), rows: planned.rows)
                }
            }
        }

        /// `asc submit FILE`: exactly the saved plan, after planning it again from what App Store
        /// Connect holds now; refused, nothing sent, when the catalog or what it depends on moved.
        private func runSaved(_ file: String, mode: ReviewRunner.Mode) async throws(CommandFailure) {
            guard products.isEmpty, changedSince == nil, appVersion == nil, platform == nil, !mode.dryRun else {
                throw .usage(
                    "a saved plan keeps its own products, app version and platform: --product, --changed-since, --app-version, "
                        + "--platform and --dry-run go with planning (`asc show FILE` prints it)")
            }
            let saved = try SyncRunner.readSaved(file, for: ConnectAdapter.self, command: "submit")
            let loaded = try SyncRunner.savedCatalog(
                saved, file: file, override: catalog, validator: paths.validator, for: ConnectAdapter.self)
            let platform: String
            do throws(SyncFailure) {
                platform = try ConnectReviewAdapter.parameters(of: saved).platform
            } catch {
                throw .inputErrors(error.message)
            }
            try await ReviewRunner.run(connect, app: loaded.app, platform: platform, mode: mode) { adapter throws(CommandFailure) in
                try await ReviewRunner.failing { () async throws(SyncFailure) in try await adapter.recheck(saved, catalog: loaded.catalog) }
            }
        }
    }

    /// `iapcat asc cancel-submission`: withdraws the open review submission.
    struct ASCCancelSubmission: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel-submission",
            abstract: "Withdraw the app's open review submission for a platform.",
            discussion: """
                Withdraws the submission `asc submit` (or anyone) opened, while App Store Connect allows it: a draft, \
                one waiting for review, or one with unresolved issues. Its items return to preparation; nothing is \
                deleted. Prints the plan, asks for confirmation (--yes otherwise), then reads back that the \
                submission is closed.

                Examples:
                  iapcat asc cancel-submission --catalog catalogs/example.yaml --dry-run
                  iapcat asc cancel-submission --catalog catalogs/example.yaml --yes
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
        var catalog = Catalog.defaultPath

        @Option(help: "ios, macos, tvos or visionos.")
        var platform: ReviewPlatform = .ios

        @Flag(help: "Show the plan and cancel nothing.")
        var dryRun = false

        @Option(help: "With --dry-run: text, json or markdown.")
        var format: PlanFormat = .text

        @Flag(help: "Cancel without asking.")
        var yes = false

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            let mode = ReviewRunner.Mode(dryRun: dryRun, format: format, yes: yes)
            try mode.check()
            let loaded = try ReviewRunner.load(catalog, validator: paths.validator)
            try await ReviewRunner.run(connect, app: loaded.app, platform: platform.apiValue, mode: mode) {
                adapter throws(CommandFailure) in
                try await ReviewRunner.failing { () async throws(SyncFailure) in try await adapter.planCancel() }
            }
        }
    }
}
