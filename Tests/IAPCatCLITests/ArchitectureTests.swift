import Foundation
import IAPCatTestSupport
import Testing

/// docs/architecture.md is how a new engineer finds their way: it must show the tree as it is.
@Suite struct ArchitectureTests {
    @Test func theArchitectureTreeNamesEveryFolder() throws {
        let document = try String(contentsOfFile: packageRoot + "/docs/architecture.md", encoding: .utf8)
        let tree = document.components(separatedBy: "## The tree").dropFirst().first?.components(separatedBy: "```").dropFirst().first ?? ""
        var missing: [String] = []
        for top in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: packageRoot + "/" + top)
            while let path = enumerator?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: packageRoot + "/" + top + "/" + path, isDirectory: &isDirectory)
                guard isDirectory.boolValue, !path.contains("Fixtures") else { continue }
                // Nested folders are written with their parent (`Parsing/YAML/`), top-level ones alone.
                let components = path.split(separator: "/")
                let name = components.count > 2 ? components.suffix(2).joined(separator: "/") : String(components.last!)
                if !tree.contains(" " + name + "/") { missing.append(top + "/" + path) }
            }
        }
        #expect(missing.isEmpty, "docs/architecture.md's tree lacks \(missing)")
    }

    /// The in-process tier starts no process: its tests are every test target but EndToEndTests
    /// (docs/development.md). A test that needs the binary or another program belongs there.
    @Test func theInProcessTierStartsNoProcess() throws {
        let forbidden = [
            "Process()", "ChildProcess", "IAPCat.run(", "IAPCat.runWaiting(", "ServerProcess", "PostgresServer", "ExternalTool",
            "DocumentationSandbox", "posix_spawn", "fork(", "execv", "popen(", "system(",
        ]
        var found: [String] = []
        let tests = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Tests").filter {
            $0.hasSuffix("Tests") && $0 != "EndToEndTests"
        }
        #expect(tests.contains("IAPCatCLITests") && tests.contains("IAPCatalogTests"))
        for target in tests {
            let folder = packageRoot + "/Tests/" + target
            for file in FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) ?? []
            where file.hasSuffix(".swift") && folder + "/" + file != #filePath  // this file names them
            {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), let name = forbidden.first(where: { code.contains($0) }) else { continue }
                    found.append("Tests/\(target)/\(file):\(number + 1): \(name)")
                }
            }
        }
        #expect(found.isEmpty, "the in-process tier starts a process; move these tests to EndToEndTests:\n\(found.joined(separator: "\n"))")
    }
}
