import ArgumentParser
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#endif

struct BulkXML: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bulk-xml",
        abstract: "Write the App Store bulk-upload package (NAME.itmsp with metadata.xml and screenshots).",
        discussion: """
            Since November 2022 App Store Connect no longer takes in-app purchases through this XML feed \
            (the App Store Connect API does); the package remains the format of existing downloads, a \
            complete and reviewable interchange, and what tools built on it read. See README.

            The catalog must lint without errors, and every product must be expressible in the XML \
            (a price tier, titles of 2-30 and descriptions of 1-45 characters, …). The package is built \
            beside its target, validated against schemas/bulk-iap.xsd, and renamed into place; more than \
            1,000 in-app purchases are split into NAME-1.itmsp, NAME-2.itmsp, ….

            Examples:
              iapcat bulk-xml --catalog catalogs/example.yaml -o COSMICQUEST.itmsp
              iapcat bulk-xml --catalog catalogs/example.yaml -o update.itmsp --changed-since COSMICQUEST.itmsp/metadata.xml
              iapcat bulk-xml --catalog catalogs/example.yaml -o one.itmsp --only com.example.cosmicquest.coins.small
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The package folder to write, NAME.itmsp.", valueName: "dir"), completion: .directory)
    var output: String

    @Option(name: .long, help: "Provider short name (default: app.provider of the catalog).")
    var provider: String?

    @Option(name: .long, help: "Team id (default: app.team_id of the catalog).")
    var teamID: String?

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Only these products (identifiers).", valueName: "id"))
    var only: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("Only products whose entry differs from this earlier metadata.xml.", valueName: "metadata.xml"),
        completion: .file(extensions: ["xml"]))
    var changedSince: String?

    @Flag(name: .long, help: "Also write read-only values (status, apple-id): for archives and round trips, not for upload.")
    var includeStatus = false

    func validate() throws {
        guard output.hasSuffix(".itmsp") else { throw ValidationError("the package folder must end in .itmsp (e.g. -o MYAPP.itmsp)") }
    }

    func run() throws {
        let catalog = try catalogOptions.loadValidCatalog()
        var options = BulkXMLPackager.Options()
        options.provider = provider
        options.teamID = teamID
        options.includesStatus = includeStatus
        options.only = only.isEmpty ? nil : only
        if let changedSince {
            do {
                options.changedSince = (try InputFile.read(changedSince), changedSince)
            } catch {
                Output.error("iapcat: error: \(error)")
                throw ExitCode(ExitStatus.usageOrIO)
            }
        }
        let packager = BulkXMLPackager(catalog: catalog, catalogFile: catalogOptions.catalog, options: options)
        let progress = Progress(enabled: isatty(STDERR_FILENO) == 1)
        do {
            if changedSince != nil, try packager.selectedProducts().isEmpty {
                Output.error("nothing changed since \(changedSince!); no package was written")
                return
            }
            for path in try packager.write(to: output, progress: progress.update) {
                progress.finish()
                Output.error("wrote \(path)")
            }
        } catch {
            progress.finish()
            try Self.fail(error)
        }
        Output.finish()
    }

    static func fail(_ failure: BulkXMLPackager.Failure) throws -> Never {
        switch failure {
        case .diagnostics(let diagnostics), .unreadablePrevious(let diagnostics):
            Output.error(
                TextReporter().report(LintResult(diagnostics: diagnostics, files: [])).split(separator: "\n").dropLast().joined(
                    separator: "\n"))
            Output.error("iapcat: error: no package was written")
            throw ExitCode(ExitStatus.inputErrors)
        case .schemaViolations(let package, let violations):
            for violation in violations { Output.error("\(package)/metadata.xml:\(violation.line): error: \(violation.message)") }
            Output.error(
                "iapcat: error: the generated metadata.xml breaks schemas/bulk-iap.xsd (a defect in iapcat; please report it); nothing was written"
            )
            throw ExitCode(ExitStatus.inputErrors)
        case .output(let error):
            Output.error("iapcat: error: \(error)")
            throw ExitCode(ExitStatus.usageOrIO)
        }
    }
}
