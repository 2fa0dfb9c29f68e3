extension ProductListExporter {
    /// Every list the catalog declares, each rendered in its own format and environment, at its
    /// declared path: relative to `outDir` when given, else to the directory of `catalogFile`
    /// (`/` for a catalog at the root). Lists iapcat does not write (`.storekit`) are returned
    /// in `skipped`.
    public func declaredFiles(
        catalogFile: String, outDir: String? = nil
    ) -> (files: [ExportedFile], skipped: [ProductListDeclaration]) {
        let directory = outDir ?? FilePaths.directory(of: catalogFile)
        var files: [ExportedFile] = []
        var skipped: [ProductListDeclaration] = []
        for list in catalog.lists {
            guard let bytes = render(list.format, environment: list.environment) else {
                skipped.append(list)
                continue
            }
            files.append(ExportedFile(path: FilePaths.join(directory, list.path), bytes: bytes))
        }
        return (files, skipped)
    }
}
