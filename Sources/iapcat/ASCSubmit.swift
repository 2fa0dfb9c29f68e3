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

                Examples:
                  iapcat asc submit --catalog catalogs/example.yaml --app-version 1.0 --dry-run
                  iapcat asc submit --catalog catalogs/example.yaml --product com.example.cosmicquest.coins.small --app-version 1.0 --dry-run --format markdown
                  iapcat asc submit --catalog catalogs/example.yaml --app-version 1.0 --yes --allow-impact
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
        var catalog = Catalog.defaultPath

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
        var platform: ReviewPlatform = .ios

        @Flag(help: "Show the plan and send nothing.")
        var dryRun = false

        @Option(help: "With --dry-run: text, json or markdown (for a pull-request comment).")
        var format: PlanFormat = .text

        @Flag(help: "Send without asking.")
        var yes = false

        @Flag(help: "Carry out the ! submit step: send to App Review.")
        var allowImpact = false

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            let (loaded, app) = try ReviewRunner.load(catalog, validator: paths.validator, dryRun: dryRun, format: format)
            let scope = try ScopeOptions.scope(products: products, changedSince: changedSince, of: loaded, at: catalog)
            let requests = SubmissionPlanner.requests(loaded, named: products, among: scope?.products)
            try await ReviewRunner.run(
                connect, app: app, platform: platform, dryRun: dryRun, format: format, yes: yes, allowImpact: allowImpact
            ) { adapter throws(SyncFailure) in try await adapter.planSubmission(requests, appVersion: appVersion) }
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
            let (_, app) = try ReviewRunner.load(catalog, validator: paths.validator, dryRun: dryRun, format: format)
            try await ReviewRunner.run(
                connect, app: app, platform: platform, dryRun: dryRun, format: format, yes: yes, allowImpact: false
            ) { adapter throws(SyncFailure) in try await adapter.planCancel() }
        }
    }
}
