import ArgumentParser
import Foundation
import GooglePlay
import IAPCatalog

extension IAPCat {
    /// `iapcat play pull`: a catalog from Google Play.
    struct PlayPullCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Write a catalog from the app's current state on Google Play.",
            discussion: """
                Reads one-time products (listings, purchase options with prices and availability per region, \
                new-regions settings, states), subscriptions (listings, base plans, their offers and states). \
                With --catalog, each Play product becomes the google_play part of the catalog product with the \
                same Play id (or id), the App Store parts stay as they are, and products Play has that the \
                catalog lacks are added as sold on Google Play only; the file is edited, not rewritten: every \
                other byte (comments, anchors, order, quoting) stays, each change is printed, a product Play \
                does not hold is kept and marked, and a store holding none of the catalog's Play products is \
                refused (--prune removes them); --check writes nothing and exits 1 when the catalog differs. \
                What the catalog cannot hold is named on stderr and stays on Play untouched. Pull, then plan, \
                is empty.
                """
        )

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the catalog here instead of stdout (- is stdout).", valueName: "file"),
            completion: .file())
        var output: String?

        mutating func validate() throws {
            if output == "-" { output = nil }
        }

        @Option(name: .shortAndLong, help: ArgumentHelp("An existing catalog to add the Play parts to.", valueName: "file"))
        var catalog: String?

        @Option(
            name: .customLong("package-name"),
            help: ArgumentHelp("The app's package name (default: the catalog's app.google_play.package_name).", valueName: "name"))
        var packageName: String?

        @OptionGroup var play: PlayOptions

        @OptionGroup var refresh: RefreshOptions

        func run() async throws(CommandFailure) {
            try refresh.validate(catalog: catalog)
            try await SyncRunner.pull(play, app: packageName, base: catalog, output: output, refresh: refresh)
        }
    }
}
