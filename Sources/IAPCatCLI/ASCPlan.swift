import AppStoreConnect
import ArgumentParser
import IAPCatalog

extension IAPCat {
    /// `iapcat asc plan`: what `apply` would do.
    struct ASCPlan: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Show what `asc apply` would change in App Store Connect, and what it will not.",
            discussion: """
                Compares the catalog with the app's current state, resource by resource: creations, updates of \
                named fields, new versions, price changes with their start dates, availability and introductory \
                offers; then what apply leaves alone and why (a product's id or type never changes; deletions are \
                never automatic), and a warning for each product still MISSING_METADATA afterwards.

                Exit status: 0 (also with changes), 1 error; with --detailed-exitcode 0 no changes, 1 error,
                2 changes (as terraform's), for CI.
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
        var catalog = Catalog.defaultPath

        @Option(help: "text, json or markdown (for a pull-request comment, at most 65,000 characters).")
        var format: PlanFormat = .text

        @Flag(help: "Exit 2 when there are changes.")
        var detailedExitcode = false

        @Flag(
            help: """
                Say after the plan where each product stands in App Store Connect now: on sale, ready to submit, with App Review, \
                rejected, or what metadata it lacks.
                """)
        var readiness = false

        @Option(
            name: [.customShort("o"), .customLong("out")],
            help: ArgumentHelp(
                "Save the plan here too, with what it was computed from, for `asc apply FILE` and `asc show FILE`.",
                valueName: "file"))
        var out: String?

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await SyncRunner.plan(
                connect, catalog: catalog, scope: scope, paths: paths, format: format, detailedExitcode: detailedExitcode, out: out,
                readiness: readiness)
        }
    }

    /// Output formats of a plan.
    enum PlanFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }
}
