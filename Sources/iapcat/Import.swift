import ArgumentParser
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IAPCat {
    struct Import: ParsableCommand, QuietableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a bulk-upload package (metadata.xml) or an Xcode StoreKit configuration (.storekit) into a catalog.",
            discussion: """
                The input is recognised by its content. From a bulk-upload package — what `iTMSTransporter -m \
                lookupMetadata` downloads, or what `iapcat bulk-xml` wrote — it reads every in-app purchase type, price \
                tiers and schedules, localizations, review notes and screenshots (referenced where they are), \
                subscription groups and the old 5.0/5.1 <family> grouping, and the read-only iap-status (→ draft, \
                approved or removed). From a .storekit file (versions 1.0 to 5.0) it reads products, subscription groups, \
                prices in the file's storefront, localizations (en_US → en-US), levels, periods, Family Sharing and \
                introductory, promotional and code offers; every product is a draft, a synced file's app id becomes \
                app.apple_id, and the offers' private key (subscriptionOffersKeyPair) is never read. The catalog is \
                written atomically and then linted; its problems go to stderr.

                Examples:
                  iapcat import COSMICQUEST.itmsp/metadata.xml -o catalogs/catalog.yaml
                  iapcat import MyApp/Products.storekit --bundle-id com.example.app -o catalogs/catalog.yaml
                  iapcat import downloaded/metadata.xml --bundle-id com.example.cosmicquest > catalog.yaml
                """,
            aliases: ["import-xml"]
        )

        @Argument(
            help: ArgumentHelp("The package's metadata.xml, or a .storekit file.", valueName: "file"),
            completion: .file(extensions: ["xml", "storekit"]))
        var input: String

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the catalog here instead of stdout (- is stdout).", valueName: "file"),
            completion: .file())
        var output: String?

        mutating func validate() throws {
            if output == "-" { output = nil }
        }

        @Option(name: .long, help: "The app's bundle id (neither format carries it).")
        var bundleID: String?

        @OptionGroup var outputOptions: OutputOptions

        func run() throws(CommandFailure) {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(input)
            } catch {
                throw .io(error)
            }
            let (imported, diagnostics) = read(bytes)
            let report = diagnostics.isEmpty ? nil : Output.diagnostics(LintResult(diagnostics: diagnostics, files: [input]))
            guard var catalog = imported, !diagnostics.contains(where: { $0.severity == .error }) else {
                throw .inputErrors("\(input) could not be imported; nothing was written", details: report)
            }
            if let report, !report.isEmpty { Output.error(report) }
            catalog.app.bundleID = bundleID ?? catalog.app.bundleID
            let text = CatalogYAMLWriter(headerComments: ["Imported by iapcat from \(input)."]).render(catalog)
            guard let output else {
                Output.report(text)
                return
            }
            do {
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                throw .io(error)
            }
            Output.info(
                "wrote \(output): \(Plural.count(catalog.products.count, "product")), \(Plural.count(catalog.subscriptionGroups.count, "subscription group"))"
            )
            do {
                let report = Output.diagnostics(try Linter(options: LintOptions(catalogPath: output, paths: [output])).run())
                if !report.isEmpty { Output.error(report) }
            } catch {
                throw .io(error)
            }
        }

        /// The catalog in `bytes`: a StoreKit configuration when the content is one, else a bulk-XML package.
        private func read(_ bytes: [UInt8]) -> (Catalog?, [Diagnostic]) {
            if InputKind.detect(bytes, path: input) == .storeKit {
                let read = StoreKitReader().read(bytes, file: input)
                guard let configuration = read.configuration else { return (nil, read.diagnostics) }
                let imported = StoreKitImporter().makeCatalog(configuration)
                return (imported.catalog, read.diagnostics + imported.diagnostics)
            }
            let importer = BulkXMLImporter(
                metadata: input, catalogPath: output ?? "catalog.yaml", workingDirectory: String(cString: getcwd(nil, 0)))
            let result = importer.read(bytes, file: input)
            return (result.catalog, result.diagnostics)
        }
    }
}
