import ArgumentParser
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IAPCat {
    struct BulkXML: ParsableCommand, QuietableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bulk-xml",
            abstract: "Write the App Store bulk-upload package (NAME.itmsp with metadata.xml and screenshots).",
            discussion: """
                Since November 2022 App Store Connect no longer takes in-app purchases through this XML feed \
                (the App Store Connect API does); the package remains the format of existing downloads, a \
                complete and reviewable interchange, and what tools built on it read. See docs/bulk-xml.md.

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

        @Option(
            name: .shortAndLong, help: ArgumentHelp("The package folder to write, NAME.itmsp.", valueName: "dir"), completion: .directory)
        var output: String

        @Option(name: .long, help: "Provider short name (default: app.provider of the catalog).")
        var provider: String?

        @Option(name: .long, help: "Team id (default: app.team_id of the catalog).")
        var teamID: String?

        @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Only these products (identifiers).", valueName: "id"))
        var only: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp("Only products whose entry differs from this earlier metadata.xml.", valueName: "metadata.xml"),
            completion: .file(extensions: ["xml"]))
        var changedSince: String?

        @Flag(name: .long, help: "Replace an existing package folder even when it holds files iapcat did not write there.")
        var force = false

        @Flag(name: .long, help: "Also write read-only values (status, apple-id): for archives and round trips, not for upload.")
        var includeStatus = false

        @OptionGroup var outputOptions: OutputOptions

        func validate() throws {
            guard output.hasSuffix(".itmsp") else { throw ValidationError("the package folder must end in .itmsp (e.g. -o MYAPP.itmsp)") }
        }

        func run() throws(CommandFailure) {
            let catalog = try catalogOptions.loadValidCatalog()
            var options = BulkXMLPackager.Options()
            options.provider = provider
            options.teamID = teamID
            options.includesStatus = includeStatus
            options.allowsOutsidePaths = catalogOptions.paths.allowOutsidePaths
            options.replacesForeignFiles = force
            options.only = only.isEmpty ? nil : only
            if let changedSince {
                do {
                    options.changedSince = (try InputFile.read(changedSince), changedSince)
                } catch {
                    throw .io(error)
                }
            }
            let packager = BulkXMLPackager(catalog: catalog, catalogFile: catalogOptions.catalog, options: options)
            let progress = Progress(enabled: Console.current.terminal.error && !outputOptions.quiet)
            defer { progress.finish() }
            do {
                if let changedSince, try packager.selectedProducts().isEmpty {
                    Output.info("nothing changed since \(changedSince); no package was written")
                    return
                }
                for path in try packager.write(to: output, progress: progress.update) {
                    progress.finish()
                    Output.info("wrote \(path)")
                }
            } catch {
                throw Self.failure(error)
            }
            try Output.finish()
        }

        static func failure(_ failure: BulkXMLPackager.Failure) -> CommandFailure {
            switch failure {
            case .diagnostics(let diagnostics), .unreadablePrevious(let diagnostics):
                return .inputErrors("no package was written", details: TextReporter(style: Output.settings.errorStyle).lines(diagnostics))
            case .schemaViolations(let package, let violations):
                return .inputErrors(
                    "the generated metadata.xml breaks schemas/bulk-iap.xsd (a defect in iapcat; please report it); nothing was written",
                    details: violations.map { "\(package)/metadata.xml:\($0.line): error: \($0.message)\n" }.joined())
            case .output(let error):
                return .io(error)
            }
        }
    }
}
