import ArgumentParser
import IAPCatalog

/// `--catalog`, shared by the commands that generate from a catalog.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The master catalog (default: \(LintOptions.defaultCatalogPath)).", valueName: "file"),
        completion: .file(extensions: ["yaml", "yml"]))
    var catalog: String = LintOptions.defaultCatalogPath

    /// The validated catalog; on errors, prints them to stderr and exits 1 (2 when unreadable).
    func loadValidCatalog() throws -> Catalog {
        let result: CatalogLoader.Result
        do {
            result = try CatalogLoader().loadValidated(catalog)
        } catch {
            Output.error("iapcat: error: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
        guard let catalog = result.catalog, !result.hasErrors else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            Output.error(TextReporter().report(LintResult(diagnostics: errors, files: [catalog])))
            Output.error("iapcat: error: the catalog has errors; nothing was written")
            throw ExitCode(ExitStatus.inputErrors)
        }
        return catalog
    }
}
