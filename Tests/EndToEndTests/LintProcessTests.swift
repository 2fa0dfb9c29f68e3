import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat lint` process shows: the working directory it starts in, and the help and
/// version the binary prints (the help's width is the process's terminal's).
@Suite struct LintProcessTests {
    @Test func noCatalogIsAUsageErrorWithExitStatusTwo() async throws {
        let directory = FileManager.default.temporaryDirectory.path
        let run = try await IAPCat.run(["lint"], in: directory)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "iapcat: error: no catalog to lint: pass --catalog FILE or a catalog path, or start one at catalogs/catalog.yaml with `iapcat init`\n"
        )
    }

    @Test func helpAndVersion() async throws {
        let help = try await IAPCat.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: iapcat lint [<path> ...] [--catalog <file>]"))
        let version = try await IAPCat.run(["--version"])
        #expect(version.stdout == "0.1.0\n")
    }
}
