/// What `pull` made of a store: the catalog, what it could not carry, and how to head it.
package struct PulledCatalog: Sendable {
    /// The catalog.
    package var catalog: Catalog
    /// What was left out or assumed, per resource.
    package var notes: [PlanNote]
    /// The YAML's first comment line: `Pulled by iapcat from Google Play (com.example.app).`
    package var header: String
    /// What was written, counted: `3 products, 1 subscription group`.
    package var contents: String
    /// The ids of the catalog's products the store holds (a product of the base catalog that is
    /// not among them is not found).
    package var found: Set<String>

    /// A pulled catalog.
    package init(catalog: Catalog, notes: [PlanNote], header: String, contents: String, found: Set<String>) {
        self.catalog = catalog
        self.notes = notes
        self.header = header
        self.contents = contents
        self.found = found
    }
}
