import Foundation
import IAPCatTestSupport
import Testing

/// The CI recipes of docs/app-store-connect.md and docs/google-play.md, run: a pull request that
/// renames a product (and exports its lists) passes the lint and gets the plan of that change as a
/// comment and as an artifact, and after the
/// merge the apply job fetches that artifact and applies it, after which the store holds the
/// catalog. Every `run:` line of the recipe runs as written (``WorkflowRunner``), against the fakes,
/// with the key written from the secret as the recipe writes it.
@Suite(.serialized) struct DocumentedWorkflowRunTests {
    /// The variables the sandbox's fakes give that a recipe must set itself, from its secrets.
    static let credentials = ["ASC_KEY_ID", "ASC_ISSUER_ID", "ASC_PRIVATE_KEY_PATH", "GOOGLE_APPLICATION_CREDENTIALS"]

    @Test(arguments: ["asc", "play"]) func theRecipePlansAPullRequestAndAppliesThatPlanAfterTheMerge(store: String) async throws {
        let workflows = try DocumentedWorkflow.all().filter { $0.yaml.contains("iapcat \(store) apply ") }
        let workflow = try #require(workflows.first, "no documented workflow runs iapcat \(store) apply")
        #expect(workflows.count == 1)
        let jobs = try DocumentedWorkflowJobs(yaml: workflow.yaml)
        let planJob = try #require(jobs.jobs["plan"]), applyJob = try #require(jobs.jobs["apply"])

        try await DocumentationSandbox.with { sandbox in
            func shell(_ script: String) async throws -> IAPCatRun {
                let run = try await sandbox.run(script: script)
                #expect(run.status == 0, "\(script): \(run.stdout)\(run.stderr)")
                return run
            }
            // The app's repository: the example catalog (the app the fakes hold) as catalogs/catalog.yaml,
            // beside its lists; the store holds it. The pull request renames a product and exports.
            _ = try await shell(
                "cp catalogs/example.yaml catalogs/catalog.yaml && iapcat \(store) apply --catalog catalogs/catalog.yaml --yes")
            let git = "git -c user.name=t -c user.email=t@example.com"
            _ = try await shell(
                "\(git) init -q -b main && \(git) add catalogs && \(git) commit -q -m catalog && git update-ref refs/remotes/origin/main HEAD"
            )
            _ = try await shell(
                "\(git) checkout -q -b rename && sed -i 's/display_name: 100 Coins,/display_name: 100 Gold Coins,/' catalogs/catalog.yaml"
                    + " && iapcat export --catalog catalogs/catalog.yaml --all && \(git) commit -q -am rename")
            var github = WorkflowRunner.GitHub()
            github.headSHA = try await shell("git rev-parse HEAD").stdout.trimmingCharacters(in: .newlines)

            var environment = sandbox.environment
            for name in Self.credentials { environment[name] = nil }
            let secrets = try Self.secrets(of: sandbox.environment)
            // The repository variables the App Store Connect recipe reads: sending to App Review is on,
            // with the app version the fakes' app has in preparation.
            var expressions = secrets.merging([
                "github.token": "token-for-gh", "github.event.pull_request.number": String(github.pullRequest), "github.base_ref": "main",
                "vars.IAPCAT_SUBMIT == 'true'": "true", "vars.IAPCAT_APP_VERSION": "1.0",
            ]) { $1 }
            let folder = sandbox.repository + "/../workflow"
            var runner = try WorkflowRunner(
                repository: sandbox.repository, environment: environment, expressions: expressions, folder: folder)
            try runner.set(github)

            // The pull request's run: lint, plan of what changed, the comment, the artifact.
            let planned = try await runner.run(planJob, job: "plan")
            #expect(planned.map(\.status) == Array(repeating: 0, count: planJob.count), "\(Self.describe(planned))")
            let planFile = try #require(planJob.compactMap { $0.with["path"] }.first)
            let comment = try #require(runner.comment(on: github.pullRequest), "no comment posted: \(Self.describe(planned))")
            #expect(comment.contains("**1 change:**") && comment.contains("- `~` update "), "\(comment)")
            await #expect(comment == (try shell("iapcat \(store) show \(planFile) --format markdown").stdout))
            #expect(planned.contains { $0.stderr.contains("changed since origin/main") }, "\(Self.describe(planned))")

            // The merge, and the run on main: a fresh workspace that fetches the reviewed plan and applies it.
            _ = try await shell("git checkout -q main && git merge -q --ff-only rename && rm -f \(planFile) comment.md")
            github.mergeSHA = try await shell("git rev-parse HEAD").stdout.trimmingCharacters(in: .newlines)
            try runner.set(github)
            expressions["github.sha"] = github.mergeSHA
            runner = try WorkflowRunner(repository: sandbox.repository, environment: environment, expressions: expressions, folder: folder)
            let applied = try await runner.run(applyJob, job: "apply")
            #expect(applied.map(\.status) == Array(repeating: 0, count: applyJob.count), "\(Self.describe(applied))")
            let apply = applied.first { $0.name == "iapcat \(store) apply" }
            #expect(apply?.stdout.contains("[1/1] ~ ") == true, "\(Self.describe(applied))")
            if store == "asc" {
                // Then the approved products went to App Review, with the app version.
                let submit = applied.first { $0.name == "iapcat asc submit" }
                #expect(submit?.skipped == false)
                #expect(submit?.stdout.contains("~ add app version 1.0 to the review submission\n") == true, "\(Self.describe(applied))")
                #expect(submit?.stdout.contains("Read back: review submission ") == true, "\(Self.describe(applied))")
                let again = try await sandbox.run(script: "iapcat asc submit --catalog catalogs/catalog.yaml --dry-run")
                #expect(
                    again.stdout.hasPrefix("Nothing to send to App Review.\n") || again.stdout.contains("not done: "), "\(again.stdout)")
                #expect(!again.stdout.contains("~ add"), "\(again.stdout)")
            }
            #expect(runner.ghLog.contains("gh run list --workflow"), "\(runner.ghLog)")
            #expect(runner.ghLog.contains("--commit \(github.headSHA)"), "\(runner.ghLog)")
            // The store now holds the merged catalog.
            let after = try await sandbox.run(script: "iapcat \(store) plan --catalog catalogs/catalog.yaml --detailed-exitcode")
            #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
            // No step printed a secret.
            for run in planned + applied {
                for secret in secrets.values where secret.count > 20 {
                    #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(run.name) printed a secret")
                }
            }
        }
    }

    /// The repository secrets the recipes name, from the fakes' credentials.
    static func secrets(of environment: [String: String]) throws -> [String: String] {
        func contents(_ variable: String) throws -> String {
            try String(contentsOfFile: try #require(environment[variable]), encoding: .utf8).trimmingCharacters(in: .newlines)
        }
        return [
            "secrets.ASC_KEY_ID": environment["ASC_KEY_ID"] ?? "", "secrets.ASC_ISSUER_ID": environment["ASC_ISSUER_ID"] ?? "",
            "secrets.ASC_PRIVATE_KEY": try contents("ASC_PRIVATE_KEY_PATH"),
            "secrets.PLAY_SERVICE_ACCOUNT": try contents("GOOGLE_APPLICATION_CREDENTIALS"),
        ]
    }

    static func describe(_ runs: [WorkflowRunner.StepRun]) -> String {
        runs.map { "[\($0.name)] exit \($0.status)\n\($0.stdout.suffix(2000))\($0.stderr.suffix(2000))" }.joined(separator: "\n")
    }
}
