import FieldReports
import IAPCatalog

/// Everything the server hosts for one catalog version: the three lists per environment, rendered
/// by the same exporter as `iapcat export`. Sandbox lists are at `/sandbox/NAME`; `/NAME` serves
/// the environment the catalog declares for its lists of that format (``environment(at:in:)``).
/// Built off the request path and then only read.
package final class ArtifactSet: Sendable {
    package static let files: [(name: String, format: ProductListFormat, contentType: String)] = [
        ("products_v1.json", .v1, "application/json; charset=utf-8"),
        ("products_v2.json", .v2, "application/json; charset=utf-8"),
        ("product_ids.plist", .plist, "application/x-plist; charset=utf-8"),
    ]

    package let artifacts: [String: Artifact]
    /// Where the catalog's Last-Modified came from, for logs and `/healthz`.
    package let lastModifiedSource: String
    /// The catalog these lists were rendered from.
    package let catalog: Catalog
    /// What a report must agree with while this version is served (`POST /v1/reports`).
    package let reportFacts: CatalogFacts

    /// Renders `catalog`. An artifact whose bytes equal `previous`'s keeps its `Last-Modified`;
    /// the others get `lastModified`.
    package init(catalog: Catalog, lastModified: Int64, lastModifiedSource: String, previous: ArtifactSet? = nil) {
        var artifacts: [String: Artifact] = [:]
        for (path, file, body) in Self.render(catalog) {
            let unchanged = previous?.artifacts[path].flatMap { $0.identity.body == body ? $0 : nil }
            artifacts[path] = Artifact(
                path: path, contentType: file.contentType, body: body, lastModified: unchanged?.lastModified ?? lastModified)
        }
        self.artifacts = artifacts
        self.lastModifiedSource = lastModifiedSource
        self.catalog = catalog
        self.reportFacts = CatalogFacts(catalog: catalog, servedPaths: artifacts.keys)
    }

    /// Each artifact's path, kind and bytes.
    static func render(_ catalog: Catalog) -> [(
        path: String, file: (name: String, format: ProductListFormat, contentType: String), body: [UInt8]
    )] {
        let exporter = ProductListExporter(catalog: catalog)
        var result: [(path: String, file: (name: String, format: ProductListFormat, contentType: String), body: [UInt8])] = []
        for file in files {
            for (prefix, environment) in [("/", environment(at: file.format, in: catalog)), ("/sandbox/", .sandbox)] {
                guard let body = exporter.render(file.format, environment: environment) else { continue }
                result.append((prefix + file.name, file, body))
            }
        }
        return result
    }

    /// The environment of the list of `format` at `/NAME`: the one the catalog's `lists:` declare
    /// for every list of that format (so the bytes are those `iapcat export --all` writes for
    /// them), else production (none declared, or both).
    static func environment(at format: ProductListFormat, in catalog: Catalog) -> StoreEnvironment {
        let declared = Set(catalog.lists.filter { $0.format == format }.map(\.environment))
        return declared.count == 1 ? declared.first! : .production
    }

    /// The latest `Last-Modified` among the artifacts whose bytes differ in `catalog`, or nil when none changed.
    func latestModification(changedIn catalog: Catalog) -> Int64? {
        Self.render(catalog).compactMap { path, _, body in
            artifacts[path].flatMap { $0.identity.body == body ? nil : $0.lastModified }
        }.max()
    }
}
