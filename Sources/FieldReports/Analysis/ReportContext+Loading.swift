import IAPCatalog

extension ReportContext {
    /// The context `iapcat reports` and the server's page explain reports with, built the one same
    /// way so that both say the same: `catalog` (read from `catalogFile`, which evidence names),
    /// the lists it declares as their files beside it hold them now, and the pulled catalogs given.
    public static func load(catalog: Catalog, catalogFile: String, observed: [ObservedCatalog] = []) -> ReportContext {
        ReportContext(
            catalog: catalog, catalogName: catalogFile, lists: DeclaredLists.read(catalog: catalog, catalogFile: catalogFile),
            observed: observed)
    }
}

extension ObservedCatalog {
    /// Why a pulled catalog could not be read.
    public enum ReadFailure: Error, Sendable {
        /// The file could not be read.
        case unreadable(any Error)
        /// The file is no catalog: its errors.
        case notACatalog(LintResult)
    }

    /// The catalog `iapcat asc pull` or `iapcat play pull` wrote at `path`: read whole, its lint
    /// findings aside (a product App Store Connect holds without metadata is one the catalog would
    /// refuse, and the very thing to see).
    public static func read(_ path: String) throws(ReadFailure) -> ObservedCatalog {
        let result: CatalogLoader.Result
        do {
            result = try CatalogLoader().load(path)
        } catch {
            throw .unreadable(error)
        }
        guard let catalog = result.catalog else {
            throw .notACatalog(LintResult(diagnostics: result.diagnostics.filter { $0.severity == .error }, files: [path]))
        }
        return ObservedCatalog(name: path, catalog: catalog)
    }
}
