import ArgumentParser
import IAPCatalog

extension IAPCat {
    /// `iapcat asc show PLAN` and `iapcat play show PLAN`: a saved plan, without reading the store.
    struct StoreShow<Options: StoreOptions>: ParsableCommand, ColoredCommand {
        static var configuration: CommandConfiguration {
            let store = Options.Adapter.Plan.store
            return CommandConfiguration(
                commandName: "show",
                abstract: "Print a plan saved by `\(store.command) plan -o`, as text, JSON or Markdown, without reading \(store.name).",
                discussion: """
                    For a pull-request comment from the saved file: `iapcat \(store.command) show plan.json --format markdown`. \
                    The file's format: docs/saved-plans.md.
                    """
            )
        }

        @OptionGroup var show: ShowOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() throws(CommandFailure) {
            try SyncRunner.show(Options.self, plan: show.planFile, format: show.format)
        }
    }
}
