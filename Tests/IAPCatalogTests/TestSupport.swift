import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// Renders diagnostics as `line:column: severity: message; hint [rule]` (text-report lines without the file).
func render(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.sorted().map { diagnostic in
        let location = diagnostic.location
        let place = location.line.map { "\($0):\(location.column ?? 0)" } ?? location.index.map { "[\($0)]" } ?? "-"
        return "\(place): \(diagnostic.severity.rawValue): \(diagnostic.text) [\(diagnostic.rule.rawValue)]"
    }
}

/// Loads and validates `marked`, a catalog with `↓` before each place a diagnostic should point
/// at (see ``MarkedText``); expects the diagnostics' positions to be the markers', in order, and
/// returns the diagnostics as `severity: message [rule]`. Options as for ``lintCatalog(_:files:screenshots:)``.
func lintMarked(
    _ marked: String, files: Set<String> = [], screenshots: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [String] {
    checkMarked(marked, sourceLocation: sourceLocation) { lintCatalog($0, files: files, screenshots: screenshots) }
}

/// Runs `lint` on `marked` without its `↓` markers (see ``MarkedText``), a catalog or a product
/// list in text form (JSON, XML plist) with `↓` before each place a diagnostic should point at; expects the
/// positions of `lint`'s findings (as ``render(_:)`` gives them) to be the markers', in order, and
/// returns the findings as `severity: message [rule]`. Not for binary plists: their entries are
/// located by `[index]`, so those tests state the index.
func checkMarked(
    _ marked: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, lint: (String) -> [String]
) -> [String] {
    let example = MarkedText(marked)
    let findings = lint(example.text).map { line -> (String, String) in
        let separator = line.firstIndex(of: " ")!
        return (String(line[..<separator].dropLast()), String(line[line.index(after: separator)...]))
    }
    #expect(findings.map(\.0) == example.positions, "diagnostics are not where the ↓ markers are", sourceLocation: sourceLocation)
    return findings.map(\.1)
}

/// Loads and validates `yaml` as the catalog `c.yaml`; `files` are the paths that exist.
/// `missing_review_screenshot` is left out unless `screenshots` is set: most rule fixtures are
/// drafts without one, and the rule has tests of its own.
func lintCatalog(_ yaml: String, files: Set<String> = [], screenshots: Bool = false) -> [String] {
    let loaded = CatalogLoader().load(Array(yaml.utf8), file: "c.yaml")
    var diagnostics = loaded.diagnostics
    if let catalog = loaded.catalog {
        diagnostics += CatalogValidator(fileExists: { files.contains($0) }).validate(catalog, file: "c.yaml")
    }
    if !screenshots { diagnostics.removeAll { $0.rule == .missingReviewScreenshot } }
    let rendered = render(diagnostics)
    if printsDiagnostics {
        // IAPCAT_PRINT_DIAGNOSTICS=1 swift test: print what a test got, as Swift literals to review.
        print(
            rendered.map { "    \"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"," }
                .joined(separator: "\n"))
    }
    return rendered
}

let printsDiagnostics = ProcessInfo.processInfo.environment["IAPCAT_PRINT_DIAGNOSTICS"] != nil

/// Decodes `yaml` as a catalog and fails the test when it has any diagnostic.
func cleanCatalog(_ yaml: String) throws -> Catalog {
    let loaded = CatalogLoader().load(Array(yaml.utf8), file: "c.yaml")
    guard let catalog = loaded.catalog, loaded.diagnostics.isEmpty else {
        throw FixtureError("catalog did not load cleanly: \(render(loaded.diagnostics))")
    }
    return catalog
}

/// Paths of files under `Tests/IAPCatalogTests/Fixtures`.
enum Fixtures {
    static let directory = FixtureDirectory(besideFile: #filePath)

    static func path(_ name: String) -> String { directory.path(name) }

    static func bytes(_ name: String) throws -> [UInt8] { try InputFile.read(path(name)) }
}

/// Compares output with the golden file `Fixtures/golden/name` (see ``Golden``).
func expectGolden(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try Golden.expect(actual, path: Fixtures.path("golden/" + name), sourceLocation: sourceLocation)
}

/// A small valid catalog that rule tests extend: `products` holds `extraProducts` after one good product.
func catalogYAML(
    products extraProducts: String = "", groups: String = "", lists: String = "", app: String = "{ bundle_id: com.example.app }"
) -> String {
    var yaml = """
        format_version: 1
        app: \(app)
        products:
          - id: com.example.good
            type: consumable
            reference_name: Good coins
            status: approved
            price: { tier: 1 }
            localizations:
              en-US: { display_name: Coins, description: A pouch of coins }

        """
    yaml += extraProducts
    if !groups.isEmpty { yaml += "subscription_groups:\n" + groups }
    if !lists.isEmpty { yaml += "lists:\n" + lists }
    return yaml
}
