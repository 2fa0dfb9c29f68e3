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

            Exit status, the same in every command (docs/exit-codes.md): 0 success; 1 the inputs have errors \
            (or warnings with --strict), a refusal, or a store's failure; 2 a usage error or a file that cannot \
            be read or written. Under `plan --detailed-exitcode`, 2 means changes and every failure is 1.

            Colour: on a terminal, unless NO_COLOR is set; --color always|never decides instead.

            Shell completion: iapcat --generate-completion-script bash|zsh|fish (where to put it: docs/install.md).

            New project: iapcat init --bundle-id com.example.app (docs/getting-started.md).
            """,
        version: IAPCatalogVersion.current,
        subcommands: [
            Init.self, Lint.self, Export.self, BulkXML.self, Import.self, ASC.self, Play.self, Serve.self, Reports.self, Rules.self,
            Generate.self,
        ]
    )

    /// Runs the command (an async one, such as `asc`, awaited; the others called as they are).
    /// Every failure leaves through here: a ``CommandFailure`` prints its details and
    /// `iapcat: error: …` and exits with its status; usage errors exit 2 (argument-parser's
    /// default is 64), except under `plan --detailed-exitcode` (``failureStatus(_:arguments:)``).
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
            if let message = failure.message {
                // Messages quote paths and values from inputs: each line escaped, so none can start a
                // CI workflow command or carry a terminal sequence.
                let shown = message.split(separator: "\n", omittingEmptySubsequences: false).map { ServerText.shown(String($0)) }
                Output.error("iapcat: \(Output.settings.errorStyle.severity(.error, "error:")) \(shown.joined(separator: "\n"))")
            }
            Output.finish(failureStatus(failure.status))
        } catch {
            if exitCode(for: error) == .validationFailure {
                Output.error(fullMessage(for: error))
                Output.error("Run 'iapcat --help' for usage.")
                Output.finish(failureStatus(.usageOrIO))
            }
            exit(withError: error)
        }
    }

    /// `status`, except that under `asc plan` or `play plan` with `--detailed-exitcode` every
    /// failure is 1: there 2 means "changes", as in `terraform plan`, and a CI step must not read
    /// a usage error or a missing file as changes. Read from the words, so a plan that cannot
    /// even be parsed is covered too.
    static func failureStatus(_ status: ExitStatus, arguments: [String] = CommandLine.arguments) -> ExitStatus {
        let words = arguments.dropFirst()
        let detailedPlan =
            ["asc", "play"].contains(words.first ?? "") && words.dropFirst().first == "plan" && words.contains("--detailed-exitcode")
        return detailedPlan && status == .usageOrIO ? .inputErrors : status
    }
}
