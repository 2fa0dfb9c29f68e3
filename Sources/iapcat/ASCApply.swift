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
            try await ConnectSession.run(connect) { session throws(CommandFailure) in try await apply(in: session) }
        }

        private func apply(in session: ConnectSession) async throws(CommandFailure) {
            let planned = try await session.plan(catalogPath: catalog, paths: paths)
            let plan = planned.plan
            guard try SyncCommands.confirm(plan, yes: yes, allowImpact: allowImpact) else { return }
            let total = plan.steps.count
            let applier = Applier(
                api: session.client, remote: planned.remote, desired: planned.desired,
                options: Applier.Options(preserveCurrentPrice: !moveExistingSubscribers))
            do throws(Applier.Failure) {
                try await applier.apply(plan) { index, step in Output.report("[\(index + 1)/\(total)] \(step.summary)\n") }
            } catch {
                var message = "step \(error.stepIndex + 1) of \(total) failed (\(error.step)): "
                message += error.apiError.map(describe) ?? error.message
                let pointer = error.apiError?.errors.first?.pointer
                if let position = CatalogPositions(catalog: planned.catalog).position(of: error.failedStep, pointer: pointer) {
                    message = "\(catalog):\(position.line):\(position.column): " + message
                }
                message += "\nRun `iapcat asc apply` again to continue: it re-reads App Store Connect and plans what is left."
                throw .inputErrors(message)
            }
            // Fail closed: read back what was changed and plan again.
            let remaining: [PlanStep]
            do throws(APIError) {
                remaining = try await ReadBack(api: session.client, today: planned.today).remaining(
                    after: plan, desired: planned.desired, appID: planned.remote.appID)
            } catch {
                throw .inputErrors("applied \(Plural.count(total, "step")), but reading them back failed: " + describe(error))
            }
            guard remaining.isEmpty else {
                let lines = remaining.map { "  \($0.impact.rawValue) \($0.summary)" }.joined(separator: "\n")
                throw .inputErrors(
                    "read back after apply: App Store Connect does not hold what the plan asked; "
                        + "\(Plural.count(remaining.count, "step")) still \(Plural.word(remaining.count, "differs", "differ")):\n\(lines)"
                )
            }
            let owners = Set(plan.steps.map(\.owner)).count
            Output.report("Read back \(Plural.count(owners, "resource")): App Store Connect holds every change.\n")
            Output.report("Applied \(Plural.count(total, "change")).\n")
        }
    }
}
