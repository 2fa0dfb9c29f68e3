import Foundation
import IAPCatTestSupport

/// Carries out a documented workflow's job on this machine, as far as that can be done without
/// GitHub: each `run:` script with bash as GitHub runs it (`bash --noprofile --norc -eo pipefail`)
/// in the repository, with the step's `env:`, what earlier steps wrote to `$GITHUB_ENV`, and
/// `$RUNNER_TEMP`; `${{ … }}` and a step's `if:` from `expressions` (an expression the table lacks
/// stops the run; a condition the table makes other than `true` skips the step);
/// `gh` a stub answering the recipes' questions from what the test says GitHub holds; and the
/// actions the recipes use done here: `actions/checkout` (the test has set the repository),
/// iapcat's own action (its lint step), `actions/upload-artifact` (a copy into `artifacts/`).
struct WorkflowRunner: CustomStringConvertible {
    /// What one step did.
    struct StepRun {
        var name: String
        var status: Int32
        var stdout: String
        var stderr: String
        /// Its `if:` was false.
        var skipped = false
    }

    /// What the `gh` stub answers: the pull request a merge commit came from, its head, and the
    /// run of the pull request's workflow whose artifacts `gh run download` gives.
    struct GitHub {
        var repository = "example/app"
        var pullRequest = 7
        var headSHA = ""
        var mergeSHA = ""
        var runID = 1001
    }

    let repository: String
    let environment: [String: String]
    let expressions: [String: String]
    /// Holds `bin/gh`, `artifacts/NAME/`, the stub's answers and log, and each job's `temp/`.
    let folder: String

    init(repository: String, environment: [String: String], expressions: [String: String], folder: String) throws {
        (self.repository, self.environment, self.expressions, self.folder) = (repository, environment, expressions, folder)
        for path in ["bin", "artifacts", "gh"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
        }
        let stub = """
            #!/bin/bash
            # The workflow test's gh: what the documented recipes ask GitHub, answered from $GH_STUB.
            printf 'gh' >> "$GH_STUB/log"; printf ' %q' "$@" >> "$GH_STUB/log"; echo >> "$GH_STUB/log"
            answer() { cat "$GH_STUB/$1"; }
            case "$1 $2" in
              "pr comment") [ "$4" = --body-file ] && cp "$5" "$GH_STUB/comment-$3.md" && exit 0 ;;
              "api repos/$(answer repository)/commits/$(answer merge-sha)/pulls") answer pull-request; exit 0 ;;
              "pr view") [ "$3" = "$(answer pull-request)" ] && answer head-sha && exit 0 ;;
              "run list") [[ " $* " == *" --commit $(answer head-sha) "* ]] && answer run-id && exit 0 ;;
              "run download") [ "$2 $3 $4" = "download $(answer run-id) --name" ] && cp -R "$GH_STUB/../artifacts/$5/." . && exit 0 ;;
            esac
            echo "gh stub: nothing known of: gh $*" >&2
            exit 1

            """
        _ = FileManager.default.createFile(atPath: folder + "/bin/gh", contents: Data(stub.utf8), attributes: [.posixPermissions: 0o755])
    }

    /// Where it runs; never the expressions, which hold the secrets.
    var description: String { "WorkflowRunner(\(folder))" }

    /// Says what GitHub holds, for the `gh` stub.
    func set(_ github: GitHub) throws {
        let answers = [
            "repository": github.repository, "pull-request": String(github.pullRequest), "head-sha": github.headSHA,
            "merge-sha": github.mergeSHA, "run-id": String(github.runID),
        ]
        for (file, answer) in answers { try (answer + "\n").write(toFile: folder + "/gh/" + file, atomically: true, encoding: .utf8) }
    }

    /// The `gh` commands the steps ran, one a line, arguments shell-quoted.
    var ghLog: String { (try? String(contentsOfFile: folder + "/gh/log", encoding: .utf8)) ?? "" }

    /// The comment `gh pr comment` posted on pull request `number`.
    func comment(on number: Int) -> String? { try? String(contentsOfFile: folder + "/gh/comment-\(number).md", encoding: .utf8) }

    /// Runs `steps` in order, stopping after the first that fails; what each did.
    func run(_ steps: [DocumentedWorkflowJobs.Step], job: String) async throws -> [StepRun] {
        let temp = folder + "/temp-" + job, githubEnv = folder + "/env-" + job
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: githubEnv, contents: nil)
        var runs: [StepRun] = []
        for step in steps {
            if let condition = step.condition {
                guard let value = expressions[condition] else { throw FixtureError("no value for if: \(condition)") }
                guard value == "true" else {
                    runs.append(StepRun(name: step.name, status: 0, stdout: "", stderr: "", skipped: true))
                    continue
                }
            }
            var environment = self.environment
            environment["PATH"] = folder + "/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["GH_STUB"] = folder + "/gh"
            environment["RUNNER_TEMP"] = temp
            environment["GITHUB_ENV"] = githubEnv
            environment["GITHUB_WORKSPACE"] = repository
            environment["GITHUB_REPOSITORY"] = try String(contentsOfFile: folder + "/gh/repository", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
            for line in try String(contentsOfFile: githubEnv, encoding: .utf8).split(separator: "\n") {
                guard let equals = line.firstIndex(of: "="), !line.contains("<<") else { throw FixtureError("$GITHUB_ENV line '\(line)'") }
                environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            for (name, value) in step.env { environment[name] = try evaluate(value) }
            let result: IAPCatRun
            if let script = step.run {
                result = try await DocumentationSandbox.run(
                    ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", try evaluate(script)], in: repository,
                    environment: environment, timeout: 300)
            } else {
                result = try await action(step, environment: environment)
            }
            runs.append(StepRun(name: step.name, status: result.status, stdout: result.stdout, stderr: result.stderr))
            if result.status != 0 { break }
        }
        return runs
    }

    /// The `uses:` steps the recipes take.
    private func action(_ step: DocumentedWorkflowJobs.Step, environment: [String: String]) async throws -> IAPCatRun {
        let uses = step.uses ?? ""
        if uses.hasPrefix("actions/checkout@") { return IAPCatRun(status: 0, stdout: "", stderr: "") }
        if uses.hasPrefix("OWNER/iapcat@") {
            // action.yml's lint step: `"$IAPCAT" lint --format github $IAPCAT_ARGS`.
            let arguments = try evaluate(step.with["args"] ?? "").split(separator: " ").map(String.init)
            return try await DocumentationSandbox.run(
                ["iapcat", "lint", "--format", "github"] + arguments, in: repository, environment: environment)
        }
        if uses.hasPrefix("actions/upload-artifact@"), let name = step.with["name"], let path = step.with["path"] {
            let target = folder + "/artifacts/" + name
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repository + "/" + path, toPath: target + "/" + path)
            return IAPCatRun(status: 0, stdout: "", stderr: "")
        }
        throw FixtureError("no way to run `uses: \(uses)` here")
    }

    /// `text` with each `${{ expression }}` replaced from the table.
    private func evaluate(_ text: String) throws -> String {
        var result = "", rest = Substring(text)
        while let open = rest.range(of: "${{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw FixtureError("an unclosed ${{ in '\(text)'") }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let value = expressions[expression] else { throw FixtureError("no value for ${{ \(expression) }}") }
            result += rest[..<open.lowerBound] + value
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
