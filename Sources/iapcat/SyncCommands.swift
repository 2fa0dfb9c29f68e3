import Foundation
import IAPCatalog
import StoreHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `asc` and `play` do alike around a plan: print it in the format asked, refuse it without
/// consent or confirmation, and say when a call is repeated.
enum SyncCommands {
    /// Prints `plan` as `format`; exits 1 when it has errors, 2 with `detailedExitcode` when it has changes.
    static func show<P: SyncPlan>(_ plan: P, format: IAPCat.PlanFormat, detailedExitcode: Bool) throws(CommandFailure) {
        switch format {
        case .text: Output.report(PlanRenderer().text(plan, style: Output.settings.reportStyle))
        case .json: Output.report(PlanRenderer().json(plan))
        case .markdown: Output.report(PlanRenderer().markdown(plan))
        }
        if !plan.errors.isEmpty {
            throw .inputErrors("the plan has \(Plural.count(plan.errors.count, "error")); apply would refuse it")
        }
        if detailedExitcode && plan.hasChanges { Output.finish(.usageOrIO) }
    }

    /// Prints `plan` and decides whether apply goes on: false when there is nothing to do; a
    /// failure, nothing applied, for errors, steps needing consent without `allowImpact`, or no
    /// confirmation (`yes`, or `yes` typed on a terminal).
    static func confirm<P: SyncPlan>(_ plan: P, yes: Bool, allowImpact: Bool) throws(CommandFailure) -> Bool {
        Output.report(PlanRenderer().text(plan, style: Output.settings.reportStyle))
        guard plan.errors.isEmpty else {
            throw .inputErrors("the plan has \(Plural.count(plan.errors.count, "error")); nothing was applied")
        }
        guard plan.hasChanges else { return false }
        let needingConsent = plan.stepsNeedingConsent.count
        if needingConsent > 0 && !allowImpact {
            throw .inputErrors(
                "\(Plural.count(needingConsent, "step")) marked - or ! \(Plural.word(needingConsent, "changes", "change")) what "
                    + "customers pay or where products are sold; nothing was applied. Review the plan and pass --allow-impact to apply it"
            )
        }
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else { throw .inputErrors("not a terminal: pass --yes to apply without confirmation") }
            Output.report(
                "Apply \(Plural.word(plan.steps.count, "this change", "these \(plan.steps.count) changes")) to \(P.store.name)? Type yes: ")
            guard readLine()?.trimmingCharacters(in: .whitespaces) == "yes" else { throw .inputErrors("not applied") }
        }
        return true
    }

    /// The API's base URL: `flag` (`--api-url`), else the environment variable `variable`, else
    /// `standard`; a usage failure naming where it came from when iapcat would not connect to it.
    static func apiURL(flag: String?, variable: String, standard: String) throws(CommandFailure) -> String {
        let environment = ProcessInfo.processInfo.environment
        let (url, origin) = flag.map { ($0, "--api-url") } ?? environment[variable].map { ($0, variable) } ?? (standard, "the default")
        do {
            _ = try EndpointURL(checking: url)
        } catch {
            throw .usage(
                "\(origin) '\(ServerText.shown(url, limit: 80))' is refused: \(error.reason { "'\(ServerText.shown($0, limit: 80))'" })")
        }
        return url
    }

    /// `iapcat: GET …: HTTP 429; trying again in 1.5 s (attempt 2)`: a wait is always one line, so
    /// nobody wonders whether iapcat hangs.
    static func reportRetry(request: String, wait: Duration, reason: String, attempt: Int) {
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        Output.error(
            ServerText.printable(
                "iapcat: \(request): \(reason); trying again in \(String(format: "%.1f", seconds)) s (attempt \(attempt + 1))"))
    }
}
