import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc pull`: a catalog from App Store Connect.
    struct ASCPull: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Write a catalog from the app's current state in App Store Connect.",
            discussion: """
                Reads in-app purchases, subscription groups and subscriptions, the current version's \
                localizations, review notes, Family Sharing, availability (territories and new territories), every \
                price customers pay now or will pay (current, scheduled and dated rows in every territory, and \
                the prices existing subscribers are kept on) and introductory offers as rows; the store's state \
                is written as store_state, and status is approved for a product App Review approved (on sale or \
                removed from sale), draft otherwise. Pull, then plan, is empty. With --catalog, that catalog names \
                the app and what is written is that file edited where App Store Connect differs: every other \
                byte (comments, anchors, order, quoting, values the store does not hold) stays, each change is \
                printed, a product App Store Connect does not hold is kept and marked, and a store holding none \
                of the catalog's products is refused (--prune removes them). --check writes nothing and exits 1 \
                when the catalog differs. Product ids are the identity: nothing else needs to be kept.

                Examples:
                  iapcat asc pull --app 1234567890 -o catalogs/catalog.yaml
                  iapcat asc pull --catalog catalogs/example.yaml --check
                """
        )

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the catalog here instead of stdout (- is stdout).", valueName: "file"),
            completion: .file())
        var output: String?

        mutating func validate() throws {
            if output == "-" { output = nil }
        }

        @Option(name: .shortAndLong, help: ArgumentHelp("An existing catalog to start from (app, lists, client data).", valueName: "file"))
        var catalog: String?

        @Option(help: ArgumentHelp("The app's App Store Connect id (default: the catalog's app.apple_id).", valueName: "id"))
        var app: String?

        @OptionGroup var connect: ConnectOptions

        @OptionGroup var refresh: RefreshOptions

        func run() async throws(CommandFailure) {
            try refresh.validate(catalog: catalog)
            try await SyncRunner.pull(connect, app: app, base: catalog, output: output, refresh: refresh)
        }
    }
}
