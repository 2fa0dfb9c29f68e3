extension CatalogLoader {
    /// Loads and validates `path`: what every command that generates something starts with.
    /// Check ``Result/hasErrors`` before using the catalog.
    public func loadValidated(_ path: String, validator: CatalogValidator = CatalogValidator()) throws(InputError) -> Result {
        validated(try load(path), file: path, validator: validator)
    }

    /// Loads and validates a catalog from `bytes` in memory; `file` is the name diagnostics point at.
    public func loadValidated(_ bytes: [UInt8], file: String, validator: CatalogValidator = CatalogValidator()) -> Result {
        validated(load(bytes, file: file), file: file, validator: validator)
    }

    private func validated(_ loaded: Result, file: String, validator: CatalogValidator) -> Result {
        var result = loaded
        if let catalog = result.catalog {
            result.diagnostics += validator.validate(catalog, file: file)
        }
        result.diagnostics.sort()
        return result
    }
}
