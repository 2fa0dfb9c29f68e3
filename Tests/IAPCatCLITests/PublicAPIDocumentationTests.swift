import Foundation
import IAPCatTestSupport
import Testing

/// The public API is what a library user reads: every public declaration says in a `///` line what it is.
@Suite struct PublicAPIDocumentationTests {
    /// The library targets whose public declarations must be documented.
    static let libraryFolders = ["Sources/IAPCatalog", "Sources/IAPCatalogServer", "Sources/IAPCatReporting"]

    @Test func everyPublicDeclarationHasADocComment() throws {
        var undocumented: [String] = []
        var declarations = 0
        for folder in Self.libraryFolders {
            let enumerator = FileManager.default.enumerator(atPath: packageRoot + "/" + folder)
            var files: [String] = []
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".swift") { files.append(path) }
            }
            for path in files.sorted() {
                let file = folder + "/" + path
                let text = try String(contentsOfFile: packageRoot + "/" + file, encoding: .utf8)
                let found = Self.undocumentedPublicDeclarations(in: text)
                declarations += found.declarations
                undocumented += found.undocumented.map { "\(file):\($0.line): \($0.text)" }
            }
        }
        #expect(declarations > 0, "no public declarations found under \(Self.libraryFolders)")
        let list = undocumented.joined(separator: "\n")
        #expect(undocumented.isEmpty, "\(undocumented.count) public declarations have no /// doc comment above them:\n\(list)")
    }

    /// Lines that start with `public ` (after indentation) and have no `///` line above them;
    /// attribute lines (`@…`) between the comment and the declaration are skipped.
    static func undocumentedPublicDeclarations(in text: String) -> (declarations: Int, undocumented: [(line: Int, text: String)]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var declarations = 0
        var undocumented: [(line: Int, text: String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("public ") {
            declarations += 1
            var above = index - 1
            while above >= 0, lines[above].hasPrefix("@") { above -= 1 }
            if above < 0 || !lines[above].hasPrefix("///") {
                undocumented.append((index + 1, String(line.prefix(110))))
            }
        }
        return (declarations, undocumented)
    }
}
