import ArgumentParser
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IAPCat {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a downloaded bulk-upload package (metadata.xml) into a catalog.",
            discussion: """
                Reads what `iTMSTransporter -m lookupMetadata` downloads (or what `iapcat bulk-xml` wrote): every \
                in-app purchase type, price tiers and schedules, localizations, review notes and screenshots \
                (referenced where they are), subscription groups and the old 5.0/5.1 <family> grouping, and the \
                read-only iap-status (→ draft, approved or removed). The catalog is written atomically and then \
                linted; its problems, such as a missing review screenshot, go to stderr.

                Examples:
                  iapcat import COSMICQUEST.itmsp/metadata.xml -o catalogs/catalog.yaml
                  iapcat import downloaded/metadata.xml --bundle-id com.example.cosmicquest > catalog.yaml
                """,
            aliases: ["import-xml"]
        )

        @Argument(help: ArgumentHelp("The package's metadata.xml.", valueName: "metadata.xml"), completion: .file(extensions: ["xml"]))
        var metadata: String

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the catalog here instead of stdout.", valueName: "file"), completion: .file())
        var output: String?

        @Option(name: .long, help: "The app's bundle id (the package does not carry it).")
        var bundleID: String?

        func run() throws(CommandFailure) {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(metadata)
            } catch {
                throw .io(error)
            }
            let importer = BulkXMLImporter(
                metadata: metadata, catalogPath: output ?? "catalog.yaml", workingDirectory: String(cString: getcwd(nil, 0)))
            let result = importer.read(bytes, file: metadata)
            let report =
                result.diagnostics.isEmpty ? nil : TextReporter().report(LintResult(diagnostics: result.diagnostics, files: [metadata]))
            guard var catalog = result.catalog, !result.diagnostics.contains(where: { $0.severity == .error }) else {
                throw .inputErrors("the package could not be imported; nothing was written", details: report)
            }
            if let report { Output.error(report) }
            catalog.app.bundleID = bundleID ?? catalog.app.bundleID
            let text = CatalogYAMLWriter(headerComments: ["Imported by iapcat from \(metadata)."]).render(catalog)
            guard let output else {
                Output.report(text)
                return
            }
            do {
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                throw .io(error)
            }
            Output.error("wrote \(output): \(catalog.products.count) products, \(catalog.subscriptionGroups.count) subscription groups")
            do {
                Output.error(TextReporter().report(try Linter(options: LintOptions(catalogPath: output, paths: [output])).run()))
            } catch {
                throw .io(error)
            }
        }
    }
}
