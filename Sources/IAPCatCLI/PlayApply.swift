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
                continues where it stopped: it reads Play again and plans anew. Afterwards it reads the products \
                it changed back and exits 1, naming each difference, when Play does not hold the plan's target. Steps \
                marked - or ! are carried out only with --allow-impact; without it apply changes nothing and exits 1.

                Given a plan file saved by `plan -o`, it applies exactly that plan's steps after reading again only \
                what they depend on, and refuses, applying nothing, when the catalog or any of that changed since \
                (docs/saved-plans.md).
                """
        )

        @OptionGroup var apply: ApplyOptions
        @OptionGroup var play: PlayOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await apply.run(play, scope: scope, paths: paths, settings: SyncSettings(allowOutsidePaths: paths.allowOutsidePaths))
        }
    }
}
