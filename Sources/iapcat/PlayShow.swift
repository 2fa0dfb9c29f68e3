import ArgumentParser
import IAPCatalog

extension IAPCat {
    /// `iapcat play show PLAN`: a saved plan, without reading Google Play.
    struct PlayShowCommand: ParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a plan saved by `play plan -o`, as text, JSON or Markdown, without reading Google Play.",
            discussion: """
                For a pull-request comment from the saved file: `iapcat play show plan.json --format markdown`. The file's \
                format: docs/saved-plans.md.
                """
        )

        @OptionGroup var show: ShowOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() throws(CommandFailure) {
            try SyncRunner.show(PlayOptions.self, plan: show.planFile, format: show.format)
        }
    }
}
