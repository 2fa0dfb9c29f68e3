import Foundation
import IAPCatTestSupport
import Testing

/// The version is stated once (`IAPCatalogVersion.current`); what users see of it must agree.
@Suite struct VersionTests {
    @Test func dashDashVersionIsTheNewestReleaseInTheChangelog() async throws {
        let run = try await IAPCat.run(["--version"])
        #expect(run.status == 0)
        let changelog = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
        let release = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let version = release.map { String($0.dropFirst(4).prefix { $0 != "]" }) }
        #expect(version != nil, "CHANGELOG.md has no release heading")
        #expect(run.stdout == (version ?? "") + "\n")
        #expect(release?.contains(try #require(version) + "] - 20") == true, "a release heading carries its date")
    }
}
