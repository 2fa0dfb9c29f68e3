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
                catalog lacks are added as sold on Google Play only. What the catalog cannot hold is named on \
                stderr and stays on Play untouched. Pull, then plan, is empty.
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

        func run() async throws(CommandFailure) {
            let base = try catalog.map { path throws(CommandFailure) in try loadCatalogForConnect(path, store: "Google Play") }
            guard let packageName = packageName ?? base?.app.googlePlay?.packageName, !packageName.isEmpty else {
                throw .usage("no app: pass --package-name or --catalog with app.google_play.package_name")
            }
            let result = try await PlaySession.run(play, packageName: packageName) { session throws(CommandFailure) in
                PlayCatalogBuilder().build(try await session.read(), packageName: packageName, base: base)
            }
            for note in result.notes { Output.error(ServerText.printable("iapcat: note: \(note.resource) \(note.message)")) }
            let text = CatalogYAMLWriter(headerComments: ["Pulled by iapcat from Google Play (\(packageName))."]).render(result.catalog)
            guard let output else {
                Output.report(text)
                return
            }
            do {
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                throw .io(error)
            }
            let count = result.catalog.products.count { $0.isSold(on: .googlePlay) }
            Output.error("wrote \(output): \(Plural.count(count, "product")) sold on Google Play")
        }
    }
}
