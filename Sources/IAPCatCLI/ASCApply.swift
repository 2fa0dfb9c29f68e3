import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc apply`: carries out the plan.
    struct ASCApply: AsyncParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            commandName: "apply",
            abstract: "Carry out the plan in App Store Connect, one step after another.",
            discussion: """
                Prints the plan, asks for confirmation on a terminal (--yes otherwise), then performs each step \
                serially, printing it. After a failure, running apply again continues where it stopped: it reads \
                the real state again and plans anew, so nothing is created twice. Afterwards it reads back the \
                products it changed and exits 1, naming each difference, when App Store Connect does not hold \
                the plan's target. Subscription price changes keep \
                existing subscribers on their price (preserveCurrentPrice) unless --move-existing-subscribers. \
                Steps marked - (remove or narrow) or ! (what customers pay, where a live product is sold) are \
                carried out only with --allow-impact; without it apply changes nothing and exits 1.

                Given a plan file saved by `plan -o`, it applies exactly that plan's steps after reading again only \
                what they depend on, and refuses, applying nothing, when the catalog or any of that changed since \
                (docs/saved-plans.md).
                """
        )

        @OptionGroup var apply: ApplyOptions

        @Flag(help: "Move existing subscribers to a changed subscription price too (preserveCurrentPrice: false).")
        var moveExistingSubscribers = false

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var scope: ScopeOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await apply.run(
                connect, scope: scope, paths: paths,
                settings: SyncSettings(allowOutsidePaths: paths.allowOutsidePaths, moveExistingSubscribers: moveExistingSubscribers))
        }
    }
}
