import Foundation
import IAPCatTestSupport
import Testing

/// What only another program shows of the documentation: actionlint accepting every GitHub workflow
/// it shows. The rest of its tests run in process (IAPCatCLITests' DocumentationTests).
@Suite struct DocumentationProcessTests {
    /// Every GitHub workflow the documentation shows is one GitHub accepts: actionlint checks each
    /// (and, when shellcheck is installed, the scripts of its `run:` steps). scripts/bootstrap --tests installs it.
    @Test(.enabled(if: ExternalTool.actionlint.isInstalled, ExternalTool.actionlint.skipReason))
    func everyWorkflowInTheDocumentationPassesActionlint() async throws {
        let actionlint = try #require(ExternalTool.actionlint.path)
        let workflows = try DocumentedWorkflow.all()
        #expect(workflows.contains { $0.origin.hasPrefix("docs/app-store-connect.md:") }, "no workflow found in docs/app-store-connect.md")
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-actionlint-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/.github/workflows", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var files: [String] = []
        for (number, workflow) in workflows.enumerated() {
            files.append(".github/workflows/\(number).yml")
            try workflow.yaml.write(toFile: directory + "/" + files[number], atomically: true, encoding: .utf8)
        }
        let run = try await BulkXMLProcessTests.shell([actionlint, "-no-color"] + files, in: directory)
        let origins = zip(files, workflows).map { "\($0) is the block at \($1.origin)" }.joined(separator: "\n")
        #expect(run.status == 0, "actionlint exited with \(run.status):\n\(run.output)\n\(origins)")
        #expect(run.output.isEmpty, "actionlint printed:\n\(run.output)\n\(origins)")
    }
}

/// A GitHub Actions workflow in the documentation: a ```yaml block with a top-level `on:` and `jobs:`.
struct DocumentedWorkflow {
    /// Where the block starts: the page, relative to the package root, and the line of its fence.
    let origin: String
    /// The block's text.
    let yaml: String

    /// Every workflow of the pages under docs/, in the order of the pages and their lines.
    static func all() throws -> [DocumentedWorkflow] {
        let docs = IAPCat.packageRoot + "/docs"
        let pages = (FileManager.default.subpaths(atPath: docs) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return try pages.flatMap { page in
            try yamlBlocks(in: String(contentsOfFile: docs + "/" + page, encoding: .utf8)).compactMap { line, yaml in
                let topLevel = yaml.split(separator: "\n")
                let isWorkflow =
                    topLevel.contains { $0.hasPrefix("on:") || $0.hasPrefix("\"on\":") } && topLevel.contains { $0.hasPrefix("jobs:") }
                return isWorkflow ? DocumentedWorkflow(origin: "docs/\(page):\(line)", yaml: yaml) : nil
            }
        }
    }

    /// The `yaml`/`yml` blocks of `markdown`: the line of each opening fence (from 1) and the text.
    static func yamlBlocks(in markdown: String) -> [(line: Int, yaml: String)] {
        MarkdownCodeBlock.blocks(in: markdown, languages: ["yaml", "yml"]).map { ($0.line, $0.text) }
    }
}
