import ArgumentParser
import IAPCatalog

extension IAPCat {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate product-ID lists (plist, products_v1.json, products_v2.json) from the catalog.",
            discussion: """
                Output is byte-for-byte deterministic. Production lists hold approved products that are \
                cleared for sale; sandbox lists hold every product that is not removed. A catalog with \
                errors is refused (exit 1) and nothing is written. Files are written atomically.

                Examples:
                  iapcat export --catalog catalogs/example.yaml --format v2 --environment sandbox
                  iapcat export --catalog catalogs/example.yaml --format plist -o MyApp/product_ids.plist
                  iapcat export --catalog catalogs/example.yaml --all
                  iapcat export --catalog catalogs/example.yaml --all --check    # CI: are the lists up to date?
                """
        )

        @OptionGroup var catalogOptions: CatalogOptions

        @Option(name: .long, help: "List format: plist, v1 or v2.")
        var format: ProductListFormat?

        @Option(name: .long, help: "Environment the list serves: production or sandbox.")
        var environment: StoreEnvironment = .production

        @Option(name: .long, help: "Product order: catalog, or sort-key (client_data.sort_key).")
        var order: ListOrder = .catalog

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of stdout.", valueName: "file"), completion: .file())
        var output: String?

        @Flag(name: .long, help: "Write every list the catalog declares, each with its own format and environment.")
        var all = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "With --all: the directory that declared list paths are relative to (default: the catalog's).", valueName: "dir"),
            completion: .directory)
        var outDir: String?

        @Flag(name: .long, help: "Write nothing; exit 1 if any file differs from what export would write.")
        var check = false

        func validate() throws {
            if all {
                guard format == nil, output == nil else {
                    throw ValidationError("--all writes the declared lists; drop --format and --output")
                }
            } else {
                guard let format else { throw ValidationError("give --format plist|v1|v2, or --all") }
                guard format != .storekit else { throw ValidationError("iapcat reads .storekit files but does not write them") }
                guard outDir == nil else { throw ValidationError("--out-dir goes with --all") }
                guard !check || output != nil else { throw ValidationError("--check needs the file to compare: give --output") }
            }
        }

        func run() throws(CommandFailure) {
            let catalog = try catalogOptions.loadValidCatalog()
            let exporter = ProductListExporter(catalog: catalog, order: order)
            guard all else {
                // validate() guarantees a format iapcat writes.
                let bytes = exporter.render(format!, environment: environment) ?? []
                guard let output else {
                    Output.report(bytes)
                    Output.finish()
                }
                try write([ExportedFile(path: output, bytes: bytes)])
            }
            let (files, skipped) = exporter.declaredFiles(catalogFile: catalogOptions.catalog, outDir: outDir)
            for list in skipped {
                Output.error("iapcat: note: skipping \(list.path): iapcat does not write .storekit files")
            }
            try write(files)
        }

        /// Writes `files` atomically, or with `--check` fails (exit 1) naming those that are stale.
        private func write(_ files: [ExportedFile]) throws(CommandFailure) -> Never {
            if check {
                let stale = files.filter(\.isStale)
                guard stale.isEmpty else {
                    throw .inputErrors(nil, details: stale.map { "\($0.path): out of date; run iapcat export to regenerate it\n" }.joined())
                }
                Output.finish()
            }
            for file in files {
                do {
                    try AtomicFile.write(file.bytes, to: file.path)
                } catch {
                    throw .io(error)
                }
                Output.error("wrote \(file.path)")
            }
            Output.finish()
        }
    }
}

extension ProductListFormat: ExpressibleByArgument {}
extension ListOrder: ExpressibleByArgument {}
