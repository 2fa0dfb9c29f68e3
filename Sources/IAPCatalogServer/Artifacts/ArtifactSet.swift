import IAPCatalog

/// Everything the server hosts for one catalog version: the three lists per environment, rendered
/// by the same exporter as `iapcat export`. Production lists are at `/NAME`, sandbox lists at
/// `/sandbox/NAME`. Built off the request path and then only read.
public final class ArtifactSet: Sendable {
    public static let files: [(name: String, format: ProductListFormat, contentType: String)] = [
        ("products_v1.json", .v1, "application/json; charset=utf-8"),
        ("products_v2.json", .v2, "application/json; charset=utf-8"),
        ("product_ids.plist", .plist, "application/x-plist; charset=utf-8"),
    ]

    public let artifacts: [String: Artifact]
    /// Where the catalog's Last-Modified came from, for logs and `/healthz`.
    public let lastModifiedSource: String

    public init(catalog: Catalog, lastModified: Int64, lastModifiedSource: String) {
        let exporter = ProductListExporter(catalog: catalog)
        var artifacts: [String: Artifact] = [:]
        for environment in Environment.allCases {
            let prefix = environment == .production ? "/" : "/sandbox/"
            for file in Self.files {
                guard let body = exporter.render(file.format, environment: environment) else { continue }
                let path = prefix + file.name
                artifacts[path] = Artifact(path: path, contentType: file.contentType, body: body, lastModified: lastModified)
            }
        }
        self.artifacts = artifacts
        self.lastModifiedSource = lastModifiedSource
    }
}
