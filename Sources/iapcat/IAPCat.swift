import ArgumentParser
import IAPCatalog

/// `iapcat`: keeps an app's In-App Purchase catalog and product-ID lists honest.
@main
struct IAPCat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iapcat",
        abstract: "Keep an app's In-App Purchase catalog and product-ID lists honest.",
        discussion: """
            The master catalog (YAML, see schemas/catalog.schema.json) is the source of truth for every \
            product. `iapcat lint` checks it and the product-ID lists an app ships or fetches (plist, \
            products_v1.json, products_v2.json), with file:line:column diagnostics for editors and CI.

            Exit status: 0 no errors, 1 the inputs have errors (or warnings with --strict), 2 usage or I/O failure.

            Colour: on a terminal, unless NO_COLOR is set; --color always|never decides instead.

            Shell completion: iapcat --generate-completion-script bash|zsh|fish (where to put it: docs/install.md).

            New project: iapcat init --bundle-id com.example.app (docs/getting-started.md).
            """,
        version: IAPCatalogVersion.current,
        subcommands: [
            Init.self, Lint.self, Export.self, BulkXML.self, Import.self, ASC.self, Play.self, Serve.self, Rules.self, Generate.self,
        ]
    )

    /// Runs the command (an async one, such as `asc`, awaited; the others called as they are).
    /// Every failure leaves through here: a ``CommandFailure`` prints its details and
    /// `iapcat: error: …` and exits with its status; usage errors exit 2 (argument-parser's
    /// default is 64).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if let styled = command as? any StyledCommand { Output.configure(for: styled) }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            if let details = failure.details { Output.error(details) }
            if let message = failure.message { Output.error("iapcat: \(Output.settings.errorStyle.severity(.error, "error:")) \(message)") }
            Output.finish(failure.status)
        } catch {
            if exitCode(for: error) == .validationFailure {
                Output.error(fullMessage(for: error))
                Output.error("Run 'iapcat --help' for usage.")
                Output.finish(.usageOrIO)
            }
            exit(withError: error)
        }
    }
}
