import Foundation
import IAPCatTestSupport
import Testing

/// What only a process shows of iapcat's output style: `--color auto` on a terminal, which
/// `script` gives the binary. The rest of its tests run in process (IAPCatCLITests'
/// OutputStyleTests).
@Suite struct OutputStyleProcessTests {
    static let list = IAPCat.fixture("warnings-only.json")
    static let lintWarning = ["lint", "--catalog", "catalogs/example.yaml", "--environment", "sandbox", list]

    /// On a terminal (`script` gives one), `auto` colours unless NO_COLOR is non-empty.
    @Test(
        .enabled(if: ExternalTool.script.isInstalled, ExternalTool.script.skipReason),
        arguments: [("", true), ("1", false), ("UNSET", true)])
    func autoColoursATerminal(noColor: String, colours: Bool) async throws {
        let command = ([IAPCat.executable] + Self.lintWarning).map { "'\($0)'" }.joined(separator: " ")
        let setting = noColor == "UNSET" ? "unset NO_COLOR; " : "export NO_COLOR='\(noColor)'; "
        let run = try await BulkXMLProcessTests.shell(["TERM=xterm", "script", "-qec", setting + command, "/dev/null"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("duplicate_list_entry"))
        #expect(run.output.contains("\u{1B}[1;33mwarning:") == colours, "\(run.output.debugDescription)")
    }
}
