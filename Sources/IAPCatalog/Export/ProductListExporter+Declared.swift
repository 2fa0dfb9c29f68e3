extension ProductListExporter {
    /// Every list the catalog declares, each rendered in its own format and environment, at its
    /// declared path: relative to `outDir` when given, else to the directory of `catalogFile`
    /// (`/` for a catalog at the root). `.storekit` files are written with `storeKit`'s storefront
    /// and version and the declaration's environment. When one cannot be written (a product or
    /// paid offer without a price in the storefront) no file at all is returned: the error holds
    /// the diagnostics, each once, in order. Unity IAP catalogs are inputs, never written.
    public func declaredFiles(
        catalogFile: String, outDir: String? = nil, storeKit: StoreKitExporter.Options = StoreKitExporter.Options()
    ) -> Result<[ExportedFile], StoreKitExportError> {
        let directory = outDir ?? FilePaths.directory(of: catalogFile)
        var files: [ExportedFile] = []
        var diagnostics: [Diagnostic] = []
        for list in catalog.lists where list.format.isWritten {
            let bytes: [UInt8]
            if let rendered = render(list.format, environment: list.environment) {
                bytes = rendered
            } else {
                var options = storeKit
                options.environment = list.environment
                switch StoreKitExporter(catalog: catalog, catalogFile: catalogFile, options: options).render() {
                case .success(let rendered): bytes = rendered
                case .failure(let error):
                    diagnostics += error.diagnostics
                    continue
                }
            }
            files.append(ExportedFile(path: FilePaths.join(directory, list.path), bytes: bytes))
        }
        // Two declared .storekit files (sandbox and production) may miss the same price.
        return diagnostics.isEmpty ? .success(files) : .failure(StoreKitExportError(diagnostics: Array(Set(diagnostics)).sorted()))
    }
}
