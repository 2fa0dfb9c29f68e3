import ArgumentParser
import CatalogGenerator

extension IAPCat {
    /// `iapcat generate`: a synthetic catalog and its lists, for benchmarks and tests.
    struct Generate: ParsableCommand, QuietableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a synthetic, deterministic catalog and the lists it declares (for benchmarks and tests).",
            discussion: """
                Writes into DIR (created if missing): catalog.yaml, review-screenshot.png (the blank screenshot its drafts name), product_ids.plist and products_v1.json \
                (production), products_v2.json (sandbox), and with --list-ids big_ids.plist (production ids, \
                not declared: lint it by path). \
                The same arguments give the same bytes. The catalog lints clean except for product_limit \
                above 10,000 products; the deprecated free-subscription type occurs only as removed products.

                Examples:
                  iapcat generate --products 50000 --seed 1 --out bench-out/50k
                  iapcat generate --products 2000 --seed 7 --out /tmp/cat --list-ids 1500
                """
        )

        @Option(name: .long, help: ArgumentHelp("The number of products, removed ones included (at least 1).", valueName: "n"))
        var products: Int

        @Option(name: .long, help: ArgumentHelp("The seed of the random draws.", valueName: "s"))
        var seed: UInt64 = 1

        @Option(name: .long, help: ArgumentHelp("The folder to write into (created if missing).", valueName: "dir"), completion: .directory)
        var out: String

        @Option(
            name: .customLong("list-ids"),
            help: ArgumentHelp("Also write big_ids.plist with this many distinct approved, cleared identifiers.", valueName: "n"))
        var listIDs: Int?

        @OptionGroup var outputOptions: OutputOptions

        var options: GeneratorOptions { GeneratorOptions(products: products, seed: seed, listIDs: listIDs) }

        func validate() throws {
            do { try options.check() } catch { throw ValidationError(error.description) }
        }

        func run() throws(CommandFailure) {
            do {
                let generated = try SyntheticCatalog(options)
                for path in try OutputFolder(out).write(generated) { Output.info("wrote \(path)") }
                Output.info("generated \(generated.summary)")
            } catch {
                throw .io(error)
            }
            try Output.finish()
        }
    }
}
