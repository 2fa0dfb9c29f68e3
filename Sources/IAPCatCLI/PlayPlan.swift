import ArgumentParser
import GooglePlay
import IAPCatalog

extension IAPCat {
    /// `iapcat play plan`: what `play apply` would do.
    struct PlayPlanCommand: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Show what `play apply` would change on Google Play, and what it will not.",
            discussion: """
                Compares the catalog's Google Play products with the app's: creations, updates (listings, prices \
                and availability per region, new regions), offers, and activations and deactivations. Marks: + \
                creates, ~ changes text or a draft, ! changes what customers pay or where a live product is sold \
                (apply needs --allow-impact). A region Play has is never dropped: left out of the catalog it \
                becomes no longer available (!). Nothing is ever deleted.

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

        @Option(
            name: [.customShort("o"), .customLong("out")],
            help: ArgumentHelp(
                "Save the plan here too, with what it was computed from, for `play apply FILE` and `play show FILE`.",
                valueName: "file"))
        var out: String?

        @OptionGroup var play: PlayOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await SyncRunner.plan(
                play, catalog: catalog, scope: scope, paths: paths, format: format, detailedExitcode: detailedExitcode, out: out)
        }
    }
}
