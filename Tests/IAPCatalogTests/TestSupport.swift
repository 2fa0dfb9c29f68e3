import Foundation

@testable import IAPCatalog

/// Renders diagnostics as `line:column: severity: message [rule]` (text-report lines without the file).
func render(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.sorted().map { diagnostic in
        let location = diagnostic.location
        let place = location.line.map { "\($0):\(location.column ?? 0)" } ?? location.index.map { "[\($0)]" } ?? "-"
        return "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.rawValue)]"
    }
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

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Paths of files under `Tests/IAPCatalogTests/Fixtures`.
enum Fixtures {
    static let directory: String = {
        let file = #filePath
        return String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func bytes(_ name: String) throws -> [UInt8] { try InputFile.read(path(name)) }
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
