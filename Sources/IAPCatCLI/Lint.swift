import ArgumentParser
import IAPCatalog

extension IAPCat {
    struct Lint: ParsableCommand, QuietableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the catalog and product-ID lists; report problems with file:line:column.",
            discussion: """
                With no paths, lints the catalog and every list it declares. With paths, lints those files \
                (catalogs or lists, recognised by content) against the catalog.

                The catalog is --catalog, else a catalog among the paths, else \(Catalog.defaultPath). \
                A list the catalog does not declare is checked as a production list unless --environment sandbox.

                Examples:
                  iapcat lint --catalog catalogs/example.yaml
                  iapcat lint --catalog catalogs/example.yaml catalogs/example/product_ids.plist
                  iapcat lint --format github --strict
                  iapcat lint --format sarif > iapcat.sarif
                """
        )

        @Argument(
            help: ArgumentHelp("Catalogs or product-ID lists to lint (default: the catalog and its declared lists).", valueName: "path"),
            completion: .file())
        var paths: [String] = []

        @Option(
            name: .long, help: ArgumentHelp("The master catalog lists are checked against.", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var catalog: String?

        @Option(name: .long, help: "Report format: text, json, github (Actions annotations) or sarif (code scanning).")
        var format: ReportFormat = .text

        @Flag(name: .long, help: "Fail on warnings too.")
        var strict = false

        @Option(name: .long, help: "Environment of lists the catalog does not declare: production or sandbox.")
        var environment: StoreEnvironment = LintOptions().undeclaredEnvironment

        @Option(
            name: .long,
            help: ArgumentHelp("Turn on a rule that is off by default (repeatable), e.g. unlisted_product.", valueName: "rule"),
            completion: .list(RuleID.allCases.map(\.rawValue)), transform: RuleID.named)
        var enable: [RuleID] = []

        @Option(
            name: .long, help: ArgumentHelp("Turn off a rule (repeatable); `iapcat rules` lists every rule.", valueName: "rule"),
            completion: .list(RuleID.allCases.map(\.rawValue)), transform: RuleID.named)
        var disable: [RuleID] = []

        @OptionGroup var referencedPaths: PathOptions

        @OptionGroup var outputOptions: OutputOptions

        func run() throws(CommandFailure) {
            let options = LintOptions(
                catalogPath: catalog, paths: paths, undeclaredEnvironment: environment,
                enabledRules: Set(enable), disabledRules: Set(disable))
            let result: LintResult
            do {
                var linter = Linter(options: options)
                linter.catalogValidator = referencedPaths.validator
                result = try linter.run()
            } catch {
                throw .io(error)
            }
            Output.report(report(result))
            try Output.finish(result.fails(strict: strict) ? .inputErrors : .clean)
        }

        /// The report in `--format`; under `--quiet` only what fails the run (errors, and warnings
        /// with `--strict`), and as text without the counts.
        private func report(_ result: LintResult) -> String {
            var result = result
            if outputOptions.quiet {
                result.diagnostics.removeAll { $0.severity == .note || (!strict && $0.severity == .warning) }
            }
            switch format {
            case .text:
                let reporter = TextReporter(style: Output.settings.reportStyle, countsByRule: true)
                return outputOptions.quiet ? reporter.lines(result.diagnostics) : reporter.report(result)
            default: return format.reporter.report(result)
            }
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension StoreEnvironment: ExpressibleByArgument {}
