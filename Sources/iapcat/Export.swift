import ArgumentParser
import IAPCatalog

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
            guard format == nil, output == nil else { throw ValidationError("--all writes the declared lists; drop --format and --output") }
        } else {
            guard let format else { throw ValidationError("give --format plist|v1|v2, or --all") }
            guard format != .storekit else { throw ValidationError("iapcat reads .storekit files but does not write them") }
            guard outDir == nil else { throw ValidationError("--out-dir goes with --all") }
            guard !check || output != nil else { throw ValidationError("--check needs the file to compare: give --output") }
        }
    }

    func run() throws {
        let catalog = try catalogOptions.loadValidCatalog()
        let exporter = ProductListExporter(catalog: catalog, order: order)
        var outputs: [(path: String?, bytes: [UInt8])] = []
        if all {
            let directory = outDir ?? Self.directory(of: catalogOptions.catalog)
            for list in catalog.lists {
                guard let bytes = exporter.render(list.format, environment: list.environment) else {
                    Output.error("iapcat: note: skipping \(list.path): iapcat does not write .storekit files")
                    continue
                }
                outputs.append((directory.isEmpty ? list.path : directory + "/" + list.path, bytes))
            }
        } else if let format, let bytes = exporter.render(format, environment: environment) {
            outputs.append((output, bytes))
        }
        if check {
            try Self.check(outputs.compactMap { output in output.path.map { ($0, output.bytes) } })
            return
        }
        for (path, bytes) in outputs {
            guard let path else {
                Output.report(bytes)
                continue
            }
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                Output.error("iapcat: error: \(error)")
                throw ExitCode(ExitStatus.usageOrIO)
            }
            Output.error("wrote \(path)")
        }
        Output.finish()
    }

    /// Exits 1 when a file is missing or differs from `bytes`.
    static func check(_ outputs: [(String, [UInt8])]) throws {
        var stale = 0
        for (path, bytes) in outputs where (try? InputFile.read(path)) != bytes {
            Output.error("\(path): out of date; run iapcat export to regenerate it")
            stale += 1
        }
        if stale > 0 { throw ExitCode(ExitStatus.inputErrors) }
    }

    static func directory(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }
}

extension ProductListFormat: ExpressibleByArgument {}
extension ListOrder: ExpressibleByArgument {}
