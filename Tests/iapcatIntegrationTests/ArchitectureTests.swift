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
}
