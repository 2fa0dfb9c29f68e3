extension CatalogValidator.Check {
    /// `duplicate_list_path`, and `path_outside_folder` for a list that is not inside the
    /// catalog's folder: lint reads it and `export --all` replaces it.
    mutating func listDeclarations() {
        var seen: [String: ProductListDeclaration] = [:]
        for list in catalog.lists {
            if case .failure(let escape) = ReferencedPath.resolve(list.path, in: directory, allowingOutside: allowsOutsidePaths) {
                report(
                    .pathOutsideFolder,
                    "list '\(list.path)' \(escape.reason(folder: "the catalog's folder")); iapcat reads and writes lists there only (--allow-outside-paths allows it)",
                    at: list.position)
            }
            let key = FilePaths.normalized(list.path)
            if let first = seen[key] {
                report(
                    .duplicateListPath, "list '\(list.path)' is declared twice (first at line \(first.position?.line ?? 0))",
                    at: list.position)
            } else {
                seen[key] = list
            }
        }
    }
}
