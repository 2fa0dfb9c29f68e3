import IAPCatalog

/// What the reports are explained with: the catalog, the lists it declares with what they hold,
/// and the store's observed state, when pulled catalogs are given.
public struct ReportContext: Sendable {
    /// The catalog (`--catalog`), validated.
    public var catalog: Catalog
    /// The catalog's file, as given: evidence names it.
    public var catalogName: String
    /// The lists the catalog declares, with what they hold.
    public var lists: DeclaredLists
    /// In the order given; the first that has a product is the one read for it.
    public var observed: [ObservedCatalog]

    /// The context of `catalog`; `lists` default to what the catalog declares, none of their files read.
    public init(catalog: Catalog, catalogName: String, lists: DeclaredLists? = nil, observed: [ObservedCatalog] = []) {
        self.catalog = catalog
        self.catalogName = catalogName
        self.lists = lists ?? DeclaredLists(catalog: catalog)
        self.observed = observed
    }

    /// The product as the first observed catalog that has it holds it, with that catalog's name.
    func observedProduct(_ id: String, on store: ReportedStore) -> (product: Product, source: String)? {
        for observed in observed where observed.speaks(for: store) {
            if let product = observed.catalog.product(id, on: store) { return (product, observed.name) }
        }
        return nil
    }

    /// The observed catalogs that speak for `store`, by name.
    func observedNames(for store: ReportedStore) -> [String] {
        observed.filter { $0.speaks(for: store) }.map(\.name)
    }
}
