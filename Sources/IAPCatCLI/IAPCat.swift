import ArgumentParser
import IAPCatalog

/// `iapcat`: keeps an app's In-App Purchase catalog and product-ID lists honest. The root command;
/// ``CommandLineTool`` runs it.
struct IAPCat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iapcat",
        abstract: "Keep an app's In-App Purchase catalog and product-ID lists honest.",
        discussion: """
            The master catalog (YAML, see schemas/catalog.schema.json) is the source of truth for every \
            product. `iapcat lint` checks it and the product-ID lists an app ships or fetches (plist, \
            products_v1.json, products_v2.json), with file:line:column diagnostics for editors and CI.

            Exit status, the same in every command (docs/exit-codes.md): 0 success; 1 the inputs have errors \
            (or warnings with --strict), a refusal, or a store's failure; 2 a usage error or a file that cannot \
            be read or written. Under `plan --detailed-exitcode`, 2 means changes and every failure is 1.

            Colour: on a terminal, unless NO_COLOR is set; --color always|never decides instead.

            Shell completion: iapcat --generate-completion-script bash|zsh|fish (where to put it: docs/install.md).

            New project: iapcat init --bundle-id com.example.app (docs/getting-started.md).
            """,
        version: IAPCatalogVersion.current,
        subcommands: [
            Init.self, Lint.self, Export.self, BulkXML.self, Import.self, ASC.self, Play.self, Serve.self, Reports.self, Rules.self,
            Generate.self,
        ]
    )
}
