extension CatalogLoader {
    /// Loads and validates `path`: what every command that generates something starts with.
    /// Check ``Result/hasErrors`` before using the catalog.
    public func loadValidated(_ path: String, validator: CatalogValidator = CatalogValidator()) throws(InputError) -> Result {
        var result = try load(path)
        if let catalog = result.catalog {
            result.diagnostics += validator.validate(catalog, file: path)
        }
        result.diagnostics.sort()
        return result
    }
}
