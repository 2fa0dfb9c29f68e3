import ArgumentParser
import IAPCatalog

extension IAPCat {
    /// `iapcat asc show PLAN`: a saved plan, without reading App Store Connect.
    struct ASCShow: ParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a plan saved by `asc plan -o`, as text, JSON or Markdown, without reading App Store Connect.",
            discussion: """
                For a pull-request comment from the saved file: `iapcat asc show plan.json --format markdown`. The file's \
                format: docs/saved-plans.md.
                """
        )

        @OptionGroup var show: ShowOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() throws(CommandFailure) {
            try SyncRunner.show(ConnectOptions.self, plan: show.planFile, format: show.format)
        }
    }
}
