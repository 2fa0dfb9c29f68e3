import ArgumentParser
import Foundation
import GooglePlay
import IAPCatalog

extension IAPCat {
    /// `iapcat play apply`: carries out the plan on Google Play.
    struct PlayApplyCommand: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "apply",
            abstract: "Carry out the plan on Google Play, one step after another.",
            discussion: """
                Prints the plan, asks for confirmation on a terminal (--yes otherwise), then performs each step \
                serially, printing it. Every write sends the regions version and complete lists built from what \
                Play holds, so nothing the catalog does not name is lost. After a failure, running apply again \
                continues where it stopped: it reads Play again and plans anew. Afterwards it reads everything \
                back and exits 1, naming each difference, when Play does not hold the plan's target. Steps \
                marked - or ! are carried out only with --allow-impact; without it apply changes nothing and exits 1.
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
        var catalog = Catalog.defaultPath

        @Flag(help: "Apply without asking.")
        var yes = false

        @Flag(help: "Carry out steps marked - and ! (what customers pay, where a live product is sold) too.")
        var allowImpact = false

        @OptionGroup var play: PlayOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await SyncRunner.apply(
                play, catalog: catalog, settings: SyncSettings(allowOutsidePaths: paths.allowOutsidePaths), validator: paths.validator,
                yes: yes, allowImpact: allowImpact)
        }
    }
}
