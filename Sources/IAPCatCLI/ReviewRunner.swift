import AppStoreConnect
import ArgumentParser
import IAPCatalog

/// What `asc submit` and `asc cancel-submission` share: the catalog's app, a client for it, the
/// plan shown (`--dry-run`) or carried out with consent and confirmation, progress, and the
/// read-back printed — failing (exit 1) when App Store Connect does not hold what the plan meant.
enum ReviewRunner {
    /// How the plan is used: shown (`dryRun`, in `format`, saved to `out` too) or carried out
    /// (`yes`: without asking; `allowImpact`: the ! step too).
    struct Mode {
        var dryRun = false
        var format = IAPCat.PlanFormat.text
        var out: String? = nil
        var yes = false
        var allowImpact = false

        /// A usage failure for what only `--dry-run` does.
        func check() throws(CommandFailure) {
            guard dryRun || format == .text else { throw .usage("--format \(format.rawValue) goes with --dry-run") }
            guard dryRun || out == nil else { throw .usage("-o goes with --dry-run: save the plan, then `iapcat asc submit FILE`") }
        }
    }

    /// A catalog read once: what is hashed (a saved plan's digest) is what is loaded.
    struct LoadedCatalog {
        var catalog: Catalog
        var app: String
        var path: String
        var digest: String
    }

    /// The catalog at `path`, validated, and its app.
    static func load(_ path: String, validator: CatalogValidator) throws(CommandFailure) -> LoadedCatalog {
        let file = try SyncRunner.CatalogFile(path)
        let (catalog, app) = try SyncRunner.loadCatalog(path, bytes: file.bytes, validator: validator, for: ConnectAdapter.self)
        return LoadedCatalog(catalog: catalog, app: app, path: path, digest: file.digest)
    }

    /// Plans for `app` on `platform` with `plan`, then shows the plan or carries it out.
    static func run(
        _ connect: ConnectOptions, app: String, platform: String, mode: Mode,
        plan: (ConnectReviewAdapter) async throws(CommandFailure) -> SubmissionPlan
    ) async throws(CommandFailure) {
        let client = try connect.client()
        let result: Result<Void, CommandFailure>
        do throws(CommandFailure) {
            let adapter = ConnectReviewAdapter(api: client, appID: app, platform: platform)
            try await carryOut(try await plan(adapter), by: adapter, mode: mode)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        await client.shutdown()
        try result.get()
    }

    /// `planned`'s plan, after saving it to `out` with `save`.
    static func saving(_ planned: ConnectReviewAdapter.Planned, to out: String?, _ save: (ConnectReviewAdapter.Planned) -> SavedPlan)
        throws(CommandFailure) -> SubmissionPlan
    {
        if let out {
            do {
                try AtomicFile.write(save(planned).bytes(), to: out)
            } catch {
                throw .io(error)
            }
            Output.error("wrote \(out): the plan, for `iapcat asc \(planned.plan.applyCommand) \(out)`")
        }
        return planned.plan
    }

    private static func carryOut(_ plan: SubmissionPlan, by adapter: ConnectReviewAdapter, mode: Mode) async throws(CommandFailure) {
        if mode.dryRun { return try SyncRunner.show(plan, format: mode.format, detailedExitcode: false) }
        guard try SyncRunner.confirm(plan, yes: mode.yes, allowImpact: mode.allowImpact) else { return }
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
    static func failing<T>(_ work: () async throws(SyncFailure) -> T) async throws(CommandFailure) -> T {
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
