import Foundation
import IAPCatTestSupport
import Testing

/// What only a process shows of `iapcat bulk-xml`: xmllint, another program, validating the package
/// it wrote, and the progress it prints only when standard error is a terminal (`script` gives it
/// one). The rest of its tests run in process (IAPCatCLITests' BulkXMLCommandTests).
@Suite struct BulkXMLProcessTests {
    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("bulkcli") }

    /// Runs a program and returns its exit status and combined output.
    static func shell(_ arguments: [String], in directory: String? = nil) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcess.run("/usr/bin/env", arguments, in: directory ?? IAPCat.packageRoot, timeout: 300)
        return (run.status, run.stdout + run.stderr)
    }

    @Test func theExamplePackageIsWrittenAndXmllintAgreesItIsValid() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let package = directory + "/COSMICQUEST.itmsp"
        let run = try await IAPCat.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", package])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "wrote \(package)\n")
        let xmllint = try await Self.shell(["xmllint", "--noout", "--schema", "schemas/bulk-iap.xsd", package + "/metadata.xml"])
        #expect(xmllint.status == 0, "xmllint (from scripts/bootstrap): \(xmllint.output)")
        #expect(xmllint.output == "\(package)/metadata.xml validates\n")
    }

    @Test func progressIsShownOnlyWhenStderrIsATerminal() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = "\(IAPCat.executable) bulk-xml --catalog catalogs/example.yaml -o \(directory)/T.itmsp"
        let terminal = try await Self.shell(["script", "-qec", command, "/dev/null"])
        #expect(terminal.status == 0)
        #expect(terminal.output.contains("\r\u{1B}[2Kpackage 1 of 1: 5 in-app purchases → \(directory)/T.itmsp"))
        let piped = try await IAPCat.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", directory + "/P.itmsp"])
        #expect(!piped.stderr.contains("\u{1B}"))
    }
}
