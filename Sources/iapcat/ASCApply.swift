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
                """
        )

        @Option(name: .shortAndLong, help: ArgumentHelp("The catalog.", valueName: "file"), completion: .file(extensions: ["yaml", "yml"]))
        var catalog = Catalog.defaultPath

        @Flag(help: "Apply without asking.")
        var yes = false

        @Flag(help: "Move existing subscribers to a changed subscription price too (preserveCurrentPrice: false).")
        var moveExistingSubscribers = false

        @Flag(help: "Carry out steps marked - (remove, narrow) and ! (what customers pay, where a live product is sold) too.")
        var allowImpact = false

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var paths: PathOptions
        @OptionGroup var colorOptions: ColorOptions

        func run() async throws(CommandFailure) {
            try await SyncRunner.apply(
                connect, catalog: catalog,
                settings: SyncSettings(allowOutsidePaths: paths.allowOutsidePaths, moveExistingSubscribers: moveExistingSubscribers),
                validator: paths.validator, yes: yes, allowImpact: allowImpact)
        }
    }
}
