import Foundation
import IAPCatTestSupport
import IAPCatalog

/// Catalogs the Play tests start from, loaded and validated as `play plan` loads them.
enum TestCatalogs {
    /// The catalog at `path` (package-relative), which must load without errors.
    static func load(_ path: String) throws -> Catalog {
        try load(file: packageRoot + "/" + path)
    }

    /// The catalog `text`, which must load without errors.
    static func load(text: String) throws -> Catalog {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("catalog.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return try load(file: file)
    }

    private static func load(file: String) throws -> Catalog {
        let result = try CatalogLoader().loadValidated(file, validator: CatalogValidator(allowsOutsidePaths: true))
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let catalog = result.catalog, errors.isEmpty else {
            throw FixtureError("catalog has errors: \(errors.map(\.message))")
        }
        return catalog
    }
}
