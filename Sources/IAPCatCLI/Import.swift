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
            abstract:
                "Turn a bulk-upload package (metadata.xml), an Xcode StoreKit configuration (.storekit) or a Unity IAP catalog (IAPProductCatalog.json) into a catalog.",
            discussion: """
                The input is recognised by its content. From a bulk-upload package — what `iTMSTransporter -m \
                lookupMetadata` downloads, or what `iapcat bulk-xml` wrote — it reads every in-app purchase type, price \
                tiers and schedules, localizations, review notes and screenshots (referenced where they are), \
                subscription groups and the old 5.0/5.1 <family> grouping, and the read-only iap-status (→ draft, \
                approved or removed). From a .storekit file (versions 1.0 to 5.0) it reads products, subscription groups, \
                prices in the file's storefront, localizations (en_US → en-US), levels, periods, Family Sharing and \
                introductory, promotional and code offers; every product is a draft, a synced file's app id becomes \
                app.apple_id, and the offers' private key (subscriptionOffersKeyPair) is never read. From a Unity IAP \
                catalog it reads App Store ids (the AppleAppStore override of storeIDs, else the id), types \
                (Subscription → non-renewing), titles and descriptions per locale, applePriceTier as a legacy tier, \
                appleSKU and appleTeamID; every product is a draft. The catalog is written atomically (an existing file \
                is replaced only with --force) and then linted; its problems go to stderr, followed by notes of what \
                the source could not carry and what the catalog was given instead.

                Examples:
                  iapcat import COSMICQUEST.itmsp/metadata.xml -o catalogs/catalog.yaml
                  iapcat import MyApp/Products.storekit --bundle-id com.example.app -o from-xcode.yaml
                  iapcat import Assets/Resources/IAPProductCatalog.json --bundle-id com.example.game -o from-unity.yaml
                  iapcat import downloaded/metadata.xml --bundle-id com.example.cosmicquest > catalog.yaml
                """,
            aliases: ["import-xml"]
        )

        @Argument(
            help: ArgumentHelp("The package's metadata.xml, a .storekit file, or a Unity IAPProductCatalog.json.", valueName: "file"),
            completion: .file(extensions: ["xml", "storekit", "json"]))
        var input: String

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(
                "Write the catalog here instead of stdout (- is stdout); an existing file only with --force.", valueName: "file"),
            completion: .file())
        var output: String?

        @Flag(name: .long, help: "Replace the file -o names when it exists.")
        var force = false

        @Option(name: .long, help: "The app's bundle id (none of the formats carries it).")
        var bundleID: String?

        @Option(
            name: .customLong("unity-locales"),
            help: ArgumentHelp(
                "Which Unity IAP wrote the catalog's googleLocale numbers: legacy (before 5.0.0-pre.6) or current; by default the project's Packages/manifest.json or the file decides.",
                valueName: "table"))
        var unityLocales: UnityLocaleTable?

        mutating func validate() throws {
            if output == "-" { output = nil }
        }

        @OptionGroup var outputOptions: OutputOptions

        func run() throws(CommandFailure) {
            if let output, !force, InputFile.exists(output) {
                throw CommandFailure(
                    status: .usageOrIO, message: "\(output) exists; nothing was written (--force replaces it, or choose another -o)")
            }
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(input)
            } catch {
                throw .io(error)
            }
            let (imported, diagnostics, sourceNotes) = read(bytes)
            let report = diagnostics.isEmpty ? nil : Output.diagnostics(LintResult(diagnostics: diagnostics, files: [input]))
            guard var catalog = imported, !diagnostics.contains(where: { $0.severity == .error }) else {
                throw .inputErrors("\(input) could not be imported; nothing was written", details: report)
            }
            if let report, !report.isEmpty { Output.error(report) }
            catalog.app.bundleID = bundleID ?? catalog.app.bundleID
            var notes = sourceNotes
            if catalog.app.bundleID == nil { notes.add("no bundle id given: app.bundle_id is left out (--bundle-id sets it)") }
            let text = CatalogYAMLWriter(headerComments: ["Imported by iapcat from \(input)."]).render(catalog)
            guard let output else {
                Output.report(text)
                printNotes(notes)
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
            printNotes(notes)
        }

        /// The notes on stderr, one `note:` line each, escaped (they may quote the source); none under `--quiet`.
        private func printNotes(_ notes: ImportNotes) {
            guard !Output.settings.quiet else { return }
            Output.errorRaw(notes.lines.map { "note: \(ServerText.printable($0))\n" }.joined())
        }

        /// The catalog in `bytes` (a StoreKit configuration, a Unity catalog or a bulk-XML package,
        /// by content), what was wrong, and what the source could not say.
        private func read(_ bytes: [UInt8]) -> (Catalog?, [Diagnostic], ImportNotes) {
            switch InputKind.detect(bytes, path: input) {
            case .storeKit:
                let read = StoreKitReader().read(bytes, file: input)
                guard let configuration = read.configuration else { return (nil, read.diagnostics, ImportNotes()) }
                let imported = StoreKitImporter().makeCatalog(configuration)
                return (imported.catalog, read.diagnostics + imported.diagnostics, imported.notes)
            case .unity:
                let read = UnityCatalogReader().read(bytes, file: input)
                guard let unity = read.catalog else { return (nil, read.diagnostics, ImportNotes()) }
                let importer = UnityCatalogImporter(
                    localeTable: unityLocales,
                    projectVersion: UnityLocaleTable.projectPackageVersion(
                        near: input, workingDirectory: String(cString: getcwd(nil, 0))))
                let imported = importer.makeCatalog(unity)
                return (imported.catalog, read.diagnostics + imported.diagnostics, imported.notes)
            case .catalog, .plist, .jsonList:
                let importer = BulkXMLImporter(
                    metadata: input, catalogPath: output ?? "catalog.yaml", workingDirectory: String(cString: getcwd(nil, 0)))
                let result = importer.read(bytes, file: input)
                return (result.catalog, result.diagnostics, result.notes)
            }
        }
    }
}

extension UnityLocaleTable: ExpressibleByArgument {}
