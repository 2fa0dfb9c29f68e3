import ArgumentParser
import IAPCatalog

/// `--catalog`, shared by the commands that generate from a catalog.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The master catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
    var catalog: String = Catalog.defaultPath

    @OptionGroup var paths: PathOptions

    /// The validated catalog. Fails with its errors (exit 1), or when it cannot be read (exit 2).
    func loadValidCatalog() throws(CommandFailure) -> Catalog {
        let result: CatalogLoader.Result
        do {
            result = try CatalogLoader().loadValidated(catalog, validator: paths.validator)
        } catch {
            // The default catalog missing: a new project, most likely.
            if error.isMissing, catalog == Catalog.defaultPath {
                throw .usage("\(error); pass --catalog FILE, or start a catalog with `iapcat init`")
            }
            throw .io(error)
        }
        guard let loaded = result.catalog, !result.hasErrors else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            throw .inputErrors(
                "the catalog has errors; nothing was written",
                details: Output.diagnostics(LintResult(diagnostics: errors, files: [catalog])))
        }
        return loaded
    }
}
