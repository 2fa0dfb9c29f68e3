extension CatalogValidator.Check {
    /// `duplicate_list_path`.
    mutating func listDeclarations() {
        var seen: [String: ProductListDeclaration] = [:]
        for list in catalog.lists {
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
