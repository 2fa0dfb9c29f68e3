import AppStoreConnect
import ArgumentParser
import IAPCatalog

/// What `asc submit` and `asc cancel-submission` share: the catalog's app, a client for it, the
/// plan shown (`--dry-run`) or carried out with consent and confirmation, progress, and the
/// read-back printed — failing (exit 1) when App Store Connect does not hold what the plan meant.
enum ReviewRunner {
    /// The catalog at `path`, validated, and its app; a usage failure first when `format` asks
    /// for what only `--dry-run` prints.
    static func load(_ path: String, validator: CatalogValidator, dryRun: Bool, format: IAPCat.PlanFormat) throws(CommandFailure)
        -> (catalog: Catalog, app: String)
    {
        guard dryRun || format == .text else { throw .usage("--format \(format.rawValue) goes with --dry-run") }
        return try SyncRunner.loadCatalog(path, validator: validator, for: ConnectAdapter.self)
    }

    /// Plans for `app` with `plan` and shows the plan (`dryRun`) or carries it out.
    static func run(
        _ connect: ConnectOptions, app: String, platform: IAPCat.ReviewPlatform, dryRun: Bool, format: IAPCat.PlanFormat, yes: Bool,
        allowImpact: Bool, plan: (ConnectReviewAdapter) async throws(SyncFailure) -> SubmissionPlan
    ) async throws(CommandFailure) {
        let client = try connect.client()
        let result: Result<Void, CommandFailure>
        do throws(CommandFailure) {
            let adapter = ConnectReviewAdapter(api: client, appID: app, platform: platform.apiValue)
            let planned = try await failing { () async throws(SyncFailure) in try await plan(adapter) }
            try await carryOut(planned, by: adapter, dryRun: dryRun, format: format, yes: yes, allowImpact: allowImpact)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        try result.get()
    }

    private static func carryOut(
        _ plan: SubmissionPlan, by adapter: ConnectReviewAdapter, dryRun: Bool, format: IAPCat.PlanFormat, yes: Bool, allowImpact: Bool
    ) async throws(CommandFailure) {
        if dryRun { return try SyncRunner.show(plan, format: format, detailedExitcode: false) }
        guard try SyncRunner.confirm(plan, yes: yes, allowImpact: allowImpact) else { return }
        let total = plan.steps.count
        let readBack = try await failing { () async throws(SyncFailure) in
            try await adapter.apply(plan) { index, step in
                Output.report(ServerText.printable("[\(index + 1)/\(total)] \(step.impact.rawValue) \(step.summary)") + "\n")
            }
        }
        for line in readBack.lines { Output.report(ServerText.printable("Read back: \(line)") + "\n") }
        guard readBack.problems.isEmpty else {
            throw .inputErrors(
                "App Store Connect does not hold what the plan meant: "
                    + readBack.problems.map(ServerText.printable).joined(separator: "; "))
        }
        Output.report("Carried out \(Plural.count(total, "change")).\n")
    }

    /// `work`, its failure a diagnostic (exit 1).
    private static func failing<T>(_ work: () async throws(SyncFailure) -> T) async throws(CommandFailure) -> T {
        do throws(SyncFailure) {
            return try await work()
        } catch {
            throw .inputErrors(error.message)
        }
    }
}

extension IAPCat {
    /// The platform a review submission is for.
    enum ReviewPlatform: String, ExpressibleByArgument, CaseIterable {
        case ios, macos, tvos, visionos

        /// App Store Connect's name: `IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`.
        var apiValue: String {
            switch self {
            case .ios: "IOS"
            case .macos: "MAC_OS"
            case .tvos: "TV_OS"
            case .visionos: "VISION_OS"
            }
        }
    }
}
