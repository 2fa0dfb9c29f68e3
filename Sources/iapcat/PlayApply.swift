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
            let (loaded, packageName) = try loadCatalogForPlay(catalog, paths: paths)
            try await PlaySession.run(play, packageName: packageName) { session throws(CommandFailure) in
                try await apply(loaded, in: session)
            }
        }

        private func apply(_ loaded: Catalog, in session: PlaySession) async throws(CommandFailure) {
            let (plan, remote) = try await session.plan(loaded)
            guard try SyncCommands.confirm(plan, yes: yes, allowImpact: allowImpact) else { return }
            let total = plan.steps.count
            let applier = PlayApplier(api: session.client, remote: remote, packageName: session.packageName)
            do throws(PlayApplier.Failure) {
                try await applier.apply(plan) { index, step in
                    Output.report(ServerText.printable("[\(index + 1)/\(total)] \(step.impact.rawValue) \(step.summary)") + "\n")
                }
            } catch {
                throw .inputErrors(
                    "step \(error.stepIndex + 1) of \(total) failed (\(ServerText.printable(error.step))): Google Play: \(error.error)"
                        + "\nRun `iapcat play apply` again to continue: it re-reads Google Play and plans what is left.")
            }
            // Fail closed: read everything back and plan again; nothing may be left.
            let again = PlayPlanner(regionsVersion: plan.regionsVersion).plan(loaded, against: try await session.read())
            guard again.steps.isEmpty else {
                let lines = again.steps.map { ServerText.printable("  \($0.impact.rawValue) \($0.summary)") }.joined(separator: "\n")
                throw .inputErrors(
                    "read back after apply: Google Play does not hold what the plan asked; "
                        + "\(Plural.count(again.steps.count, "step")) still \(Plural.word(again.steps.count, "differs", "differ")):\n\(lines)"
                )
            }
            let products = Set(plan.steps.map(\.productID)).count
            Output.report("Read back \(Plural.count(products, "product")): Google Play holds every change.\n")
            Output.report("Applied \(Plural.count(total, "change")).\n")
        }
    }
}
