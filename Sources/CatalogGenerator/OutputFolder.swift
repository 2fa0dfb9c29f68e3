import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a ``SyntheticCatalog`` into a folder (created if missing): `catalog.yaml` by the
/// library's ``CatalogYAMLWriter``, each declared list by its ``ProductListExporter``, every file
/// atomically.
package struct OutputFolder: Sendable {
    /// The catalog's file name in the folder.
    package static let catalogFileName = "catalog.yaml"

    package var path: String

    package init(_ path: String) {
        self.path = path
    }

    /// The files' contents by path inside the folder, the catalog first, then the lists in the
    /// order the catalog declares them.
    package func files(for generated: SyntheticCatalog) -> [(path: String, bytes: [UInt8])] {
        let options = generated.options
        let writer = CatalogYAMLWriter(headerComments: [
            "Synthetic catalog written by `iapcat generate --products \(options.products) --seed \(options.seed)`",
            "(the same arguments give the same bytes). Not a real app.",
        ])
        var files = [(Self.catalogFileName, Array(writer.render(generated.catalog).utf8))]
        let exporter = ProductListExporter(catalog: generated.catalog)
        for list in SyntheticCatalog.lists {
            files.append((list.path, exporter.render(list.format, environment: list.environment) ?? []))
        }
        if let ids = generated.bigListIDs {
            // The exporter lists a catalog's products in catalog order: a catalog of just the
            // sampled products, in the sampled order, gives the big list.
            let byID = Dictionary(uniqueKeysWithValues: generated.catalog.products.map { ($0.id, $0) })
            let sampled = Catalog(app: generated.catalog.app, products: ids.map { byID[$0]! })
            let list = SyntheticCatalog.bigList
            files.append((list.path, ProductListExporter(catalog: sampled).render(list.format, environment: list.environment) ?? []))
        }
        return files
    }

    /// Writes every file and returns their paths, in the order written.
    @discardableResult
    package func write(_ generated: SyntheticCatalog) throws(GenerationError) -> [String] {
        try Self.makeDirectories(path)
        var written: [String] = []
        for file in files(for: generated) {
            let target = FilePaths.join(path, file.path)
            do { try AtomicFile.write(file.bytes, to: target) } catch { throw .output(error) }
            written.append(target)
        }
        return written
    }

    /// `mkdir -p`: creates `path` and any missing parent.
    package static func makeDirectories(_ path: String) throws(GenerationError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .output(OutputError(path: path, reason: String(cString: strerror(errno))))
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw .output(OutputError(path: path, reason: "not a directory"))
        }
    }
}
