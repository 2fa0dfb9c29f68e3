import IAPCatalog

/// A catalog `iapcat asc pull` or `iapcat play pull` wrote: the store's state when it was pulled
/// (App Store Connect's state and availability per product, Play's purchase options and base
/// plans with their states and regions).
public struct ObservedCatalog: Sendable {
    /// The file it was read from, as given: evidence names it.
    public var name: String
    /// The catalog as pulled.
    public var catalog: Catalog

    /// `catalog`, read from the file `name`.
    public init(name: String, catalog: Catalog) {
        self.name = name
        self.catalog = catalog
    }

    /// Whether the catalog says what `store` holds: for the App Store, it has a product the App
    /// Store sells (`asc pull` writes every one); for Google Play, it names the Play app
    /// (`play pull` writes its package name).
    func speaks(for store: ReportedStore) -> Bool {
        switch store {
        case .appStore: catalog.products.contains { $0.isSold(on: .appStore) }
        case .googlePlay: catalog.app.googlePlay?.packageName != nil
        }
    }
}

extension Catalog {
    /// The product `store`'s SDK asks for as `id`: by id on the App Store, by Play id on Google
    /// Play; only a product sold on that store.
    func product(_ id: String, on store: ReportedStore) -> Product? {
        switch store {
        case .appStore: products.first { $0.id == id && $0.isSold(on: .appStore) }
        case .googlePlay: products.first { $0.playProductID == id && $0.isSold(on: .googlePlay) }
        }
    }

    /// The ids `store`'s SDK may ask for.
    func ids(on store: ReportedStore) -> [String] {
        switch store {
        case .appStore: products.filter { $0.isSold(on: .appStore) }.map(\.id)
        case .googlePlay: products.filter { $0.isSold(on: .googlePlay) }.map(\.playProductID)
        }
    }
}

extension ReportedStore {
    /// The catalog's name of the store.
    var catalogStore: Store { self == .appStore ? .appStore : .googlePlay }

    /// `App Store Connect`, `Google Play`.
    var consoleName: String { self == .appStore ? "App Store Connect" : "Google Play" }
}
