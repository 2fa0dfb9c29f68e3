import IAPCatTestSupport
import IAPCatalog

/// The jobs of a documented GitHub Actions workflow and their steps, read with iapcat's own YAML
/// parser: what ``WorkflowRunner`` carries out.
struct DocumentedWorkflowJobs {
    /// One step: a `uses:` action with its `with:` inputs, or a `run:` script; each with its `env:`
    /// and its `if:` condition.
    struct Step {
        var name: String
        var condition: String? = nil
        var uses: String?
        var with: [String: String] = [:]
        var env: [String: String] = [:]
        var run: String?
    }

    /// The jobs by their key, each with its steps in order.
    let jobs: [String: [Step]]

    init(yaml: String) throws {
        let parsed = try YAMLParser().parse(Array(yaml.utf8))
        guard let root = parsed.document.root, let jobsNode = Self.value(root, "jobs") else {
            throw FixtureError("the workflow has no jobs")
        }
        var jobs: [String: [Step]] = [:]
        for (key, job) in jobsNode.pairs {
            let name = key.scalar?.text ?? ""
            jobs[name] = try (Self.value(job, "steps")?.items ?? []).enumerated().map { number, step in
                let run = Self.value(step, "run")?.scalar?.text, uses = Self.value(step, "uses")?.scalar?.text
                guard (run == nil) != (uses == nil) else {
                    throw FixtureError("step \(number + 1) of \(name) has neither or both of run and uses")
                }
                return Step(
                    name: Self.value(step, "name")?.scalar?.text ?? uses ?? "step \(number + 1)",
                    condition: Self.value(step, "if")?.scalar?.text, uses: uses,
                    with: try Self.strings(Self.value(step, "with")), env: try Self.strings(Self.value(step, "env")), run: run)
            }
        }
        self.jobs = jobs
    }

    private static func value(_ mapping: Node, _ key: String) -> Node? {
        mapping.pairs.first { $0.key.scalar?.text == key }?.value
    }

    private static func strings(_ mapping: Node?) throws -> [String: String] {
        var strings: [String: String] = [:]
        for (key, value) in mapping?.pairs ?? [] {
            guard let key = key.scalar?.text, let value = value.scalar?.text else { throw FixtureError("a mapping of strings holds more") }
            strings[key] = value
        }
        return strings
    }
}
