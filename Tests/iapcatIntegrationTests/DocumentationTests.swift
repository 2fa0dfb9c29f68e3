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

    @Test func sourcesAreFormattedWithSwiftFormat() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "format", "lint", "--strict", "--recursive", "Sources", "Tests", "Package.swift"]
        process.currentDirectoryURL = URL(fileURLWithPath: IAPCat.packageRoot)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let findings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run `swift format -i -r Sources Tests Package.swift`:\n\(findings)")
    }
}
