import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat init` process shows: a new project written into the folder it runs in (its
/// default), then linted and checked there with the default catalog; and actionlint, another
/// program, accepting the workflow. The rest of init's tests run in process (IAPCatCLITests'
/// InitCommandTests).
@Suite struct InitProcessTests {
    @Test func aNewProjectIsWrittenAndLintsClean() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["init", "--bundle-id", "com.example.myapp"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr == IAPCat.initFiles.map { "wrote \($0)\n" }.joined() + IAPCat.initNextSteps)
        for file in IAPCat.initFiles {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            let name = (file as NSString).lastPathComponent
            try IAPCat.expectGolden(text, "init/" + (file.hasPrefix("catalogs/sandbox/") ? "sandbox-" + name : name))
        }

        let lint = try await IAPCat.run(["lint", "--strict"], in: directory)
        #expect(lint.status == 0)
        #expect(lint.stdout == "0 errors, 0 warnings, 0 notes in 5 files\n")
        #expect(lint.stderr == "")
        let check = try await IAPCat.run(["export", "--all", "--check"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// The starter's production list is the one `serve` offers App Store builds at
    /// `/products_v2.json`: a product made a draft is there only under `/sandbox/`.
    @Test func initThenServeOffersProductionBuildsNoDraft() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await IAPCat.run(["init", "--bundle-id", "com.example.myapp"], in: directory).status == 0)
        let catalog = directory + "/catalogs/catalog.yaml"
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        let drafted = text.replacingOccurrences(
            of: "    reference_name: Premium yearly\n", with: "    reference_name: Premium yearly\n    status: draft\n")
        #expect(drafted != text)
        try drafted.write(toFile: catalog, atomically: true, encoding: .utf8)
        let draft = "com.example.myapp.premium.yearly"

        let server = try await ServerProcess.start(catalog: catalog)
        let production = try await server.request("GET", "/products_v2.json")
        #expect(production.status == 200)
        #expect(!String(decoding: production.body, as: UTF8.self).contains(draft))
        #expect(String(decoding: production.body, as: UTF8.self).contains("com.example.myapp.premium.monthly"))
        let sandbox = try await server.request("GET", "/sandbox/products_v2.json")
        #expect(String(decoding: sandbox.body, as: UTF8.self).contains(draft))
        await #expect(server.stop().status == 0)
    }

    /// Where actionlint is installed (scripts/bootstrap --tests installs it), it accepts the workflow as written.
    @Test(.enabled(if: ExternalTool.actionlint.isInstalled, ExternalTool.actionlint.skipReason))
    func actionlintAcceptsTheWorkflow() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await IAPCat.run(["init"], in: directory).status == 0)
        let run = try await BulkXMLProcessTests.shell(
            [ExternalTool.actionlint.path!, "-no-color", ".github/workflows/iapcat.yml"], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "")
    }
}
