import ArgumentParser
import IAPCatalog

extension IAPCat {
    struct Export: ParsableCommand, QuietableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Generate product-ID lists (plist, products_v1.json, products_v2.json), an Xcode .storekit file, or Google Play's request bodies or CSV from the catalog.",
            discussion: """
                Output is byte-for-byte deterministic. Production lists hold approved products that are \
                cleared for sale; sandbox lists hold every product that is not removed. A catalog with \
                errors is refused (exit 1) and nothing is written. Files are written atomically.

                A .storekit file (Xcode's StoreKit configuration, for local StoreKit testing) is written as \
                Xcode writes it: sandbox products unless --environment production, prices of the \
                --storefront (default USA; a legacy tier counts as its U.S. price for USA only), the keys of \
                --storekit-version (default 4.0). A product or paid offer without a price there is an error, \
                and nothing is written. --all writes declared .storekit lists the same way, each for its \
                declared environment.

                play-json writes the Play Developer API's bodies for every product sold on Google Play \
                (oneTimeProducts, subscriptions, subscriptionOffers: docs/google-play.md); play-csv writes Play \
                Console's CSV import of one-time products (prices in micro-units), naming on stderr what it \
                cannot hold (subscriptions, rentals).

                Examples:
                  iapcat export --catalog catalogs/example.yaml --format v2 --environment sandbox
                  iapcat export --catalog catalogs/example.yaml --format plist -o MyApp/product_ids.plist
                  iapcat export --catalog catalogs/example.yaml --all
                  iapcat export --catalog catalogs/example.yaml --all --check    # CI: are the lists up to date?
                  iapcat export --catalog catalogs/example.yaml --format storekit -o MyApp/Products.storekit
                  iapcat export --format storekit --storefront DEU --storekit-version 3.0 -o Products.storekit
                  iapcat export --catalog catalogs/example.yaml --format play-json -o play-products.json
                  iapcat export --catalog catalogs/example.yaml --format play-csv -o play-products.csv
                """
        )

        @OptionGroup var catalogOptions: CatalogOptions

        @Option(name: .long, help: "plist, v1, v2, storekit, play-json or play-csv.")
        var format: ExportFormat?

        @Option(name: .long, help: "Environment the list serves: production or sandbox (default: production; sandbox for storekit).")
        var environment: StoreEnvironment?

        @Option(
            name: .long,
            help: ArgumentHelp("storekit: the storefront whose prices are written (ISO 3166-1 alpha-3; default USA).", valueName: "code"))
        var storefront: String?

        @Option(name: .long, help: ArgumentHelp("storekit: the format version, 3.0, 4.0 or 5.0 (default 4.0).", valueName: "version"))
        var storekitVersion: String?

        @Option(
            name: .long,
            help: "Product order in plist, v1 and v2 lists: catalog, or sort-key (client_data.sort_key); storekit keeps the catalog's.")
        var order: ListOrder = .catalog

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout (- is stdout).", valueName: "file"),
            completion: .file())
        var output: String?

        @Flag(name: .long, help: "Write every list the catalog declares, each with its own format and environment.")
        var all = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "With --all: the directory that declared list paths are relative to (default: the catalog's).", valueName: "dir"),
            completion: .directory)
        var outDir: String?

        @Flag(name: .long, help: "Write nothing; exit 1 if any file differs from what export would write, and show how (a unified diff).")
        var check = false

        @OptionGroup var outputOptions: OutputOptions

        mutating func validate() throws {
            if output == "-" { output = nil }
            if let storefront, !AppStoreStorefronts.codes.contains(storefront) {
                throw ValidationError(
                    "--storefront \(storefront) is not an App Store storefront; give an ISO 3166-1 alpha-3 code such as USA, JPN or DEU")
            }
            if let storekitVersion, !StoreKitVersion.written.contains(where: { $0.description == storekitVersion }) {
                throw ValidationError(
                    "--storekit-version \(storekitVersion) is not one iapcat writes; give "
                        + StoreKitVersion.written.map(\.description).joined(separator: ", "))
            }
            if let format, format.listFormat != .storekit, storefront != nil || storekitVersion != nil {
                throw ValidationError("--storefront and --storekit-version go with --format storekit (or --all)")
            }
            if all {
                guard format == nil, output == nil else {
                    throw ValidationError("--all writes the declared lists; drop --format and --output")
                }
                guard environment == nil else {
                    throw ValidationError("--all writes each declared list for its own environment; drop --environment")
                }
            } else {
                guard format != nil else { throw ValidationError("give --format plist|v1|v2|storekit|play-json|play-csv, or --all") }
                guard outDir == nil else { throw ValidationError("--out-dir goes with --all") }
                guard !check || output != nil else { throw ValidationError("--check needs the file to compare: give --output") }
            }
        }

        func run() throws(CommandFailure) {
            let catalog = try catalogOptions.loadValidCatalog()
            let exporter = ProductListExporter(catalog: catalog, order: order)
            guard all else {
                // validate() guarantees a format.
                let bytes = try render(format!, exporter)
                guard let output else {
                    Output.report(bytes)
                    try Output.finish()
                }
                try write([ExportedFile(path: output, bytes: bytes)])
            }
            switch exporter.declaredFiles(catalogFile: catalogOptions.catalog, outDir: outDir, storeKit: storeKitOptions) {
            case .success(let files): try write(files)
            case .failure(let error): throw failure(error)
            }
        }

        /// The options of a `.storekit` file: `--environment`, `--storefront` and `--storekit-version`,
        /// or the defaults (sandbox, USA, 4.0). With `--all` each declaration's environment replaces it.
        private var storeKitOptions: StoreKitExporter.Options {
            let defaults = StoreKitExporter.Options()
            return StoreKitExporter.Options(
                environment: environment ?? defaults.environment, storefront: storefront ?? defaults.storefront,
                version: storekitVersion.flatMap(StoreKitVersion.init) ?? defaults.version)
        }

        private func render(_ format: ExportFormat, _ exporter: ProductListExporter) throws(CommandFailure) -> [UInt8] {
            switch format {
            case .playJSON: return PlayJSONExporter(catalog: exporter.catalog).render()
            case .playCSV:
                let (bytes, leftOut) = PlayCSVExporter(catalog: exporter.catalog).render()
                for product in leftOut { Output.info("play-csv leaves out \(product)") }
                return bytes
            default: break
            }
            if let bytes = exporter.render(format.listFormat!, environment: environment ?? .production) { return bytes }
            let storeKit = StoreKitExporter(catalog: exporter.catalog, catalogFile: catalogOptions.catalog, options: storeKitOptions)
            switch storeKit.render() {
            case .success(let bytes): return bytes
            case .failure(let error): throw failure(error)
            }
        }

        private func failure(_ error: StoreKitExportError) -> CommandFailure {
            .inputErrors(
                "the .storekit file cannot be written; nothing was written",
                details: Output.diagnostics(LintResult(diagnostics: error.diagnostics, files: [catalogOptions.catalog])))
        }

        /// Writes `files` atomically, or with `--check` fails (exit 1) naming those that are stale,
        /// with a unified diff of each on stdout.
        private func write(_ files: [ExportedFile]) throws(CommandFailure) -> Never {
            if check {
                let stale = files.filter(\.isStale)
                guard stale.isEmpty else {
                    for file in stale { Output.report(UnifiedDiff.render(file)) }
                    // A path may come from the catalog's lists: printed escaped.
                    throw .inputErrors(
                        nil,
                        details: stale.map { "\(ServerText.printable($0.path)): out of date; run iapcat export to regenerate it\n" }
                            .joined())
                }
                try Output.finish()
            }
            // Every target is checked before the first is written: a FIFO, a folder or a device at one
            // of the declared paths stops `--all` with nothing written, rather than halfway.
            do {
                try OutputTarget.check(files.map(\.path))
            } catch {
                throw .io(error)
            }
            for file in files {
                do {
                    try AtomicFile.write(file.bytes, to: file.path)
                } catch {
                    throw .io(error)
                }
                Output.info("wrote \(ServerText.printable(file.path))")
            }
            try Output.finish()
        }
    }
}

extension ProductListFormat: ExpressibleByArgument {}

/// What `export --format` writes: a product-ID list or `.storekit` file, or Google Play's bodies or CSV.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case plist, v1, v2, storekit
    case playJSON = "play-json"
    case playCSV = "play-csv"

    /// The list format, for the formats that are lists.
    var listFormat: ProductListFormat? { ProductListFormat(rawValue: rawValue) }
}
extension ListOrder: ExpressibleByArgument {}
