import Foundation
import Testing

/// The README documents what the binary does; these tests keep the two from drifting apart.
@Suite struct DocumentationTests {
    static let readme = (try? String(contentsOfFile: IAPCat.packageRoot + "/README.md", encoding: .utf8)) ?? ""

    @Test func theReadmeRuleTableIsWhatIapcatRulesPrints() throws {
        let run = try IAPCat.run(["rules", "--markdown"])
        #expect(run.status == 0)
        #expect(Self.readme.contains(run.stdout), "README.md's rule table differs from `iapcat rules --markdown`; paste the new output")
    }

    @Test func theReadmeStartsWithTheTwoCommands() {
        let firstScreen = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(30).joined(separator: "\n")
        #expect(firstScreen.contains("scripts/bootstrap && swift run iapcat lint --catalog catalogs/example.yaml"))
        #expect(firstScreen.contains("scripts/bootstrap && swift test"))
    }

    @Test func theCIScriptRunsTheReadmeTestCommand() throws {
        let ci = try String(contentsOfFile: IAPCat.packageRoot + "/.ci/run", encoding: .utf8)
        #expect(ci.split(separator: "\n").last == "scripts/bootstrap && swift test")
    }
}
