import IAPCatalog

/// What is known of one product id of one store: its rows, the catalog's product, the pulled
/// store's product, and the lists its reports came from.
struct ProductFacts {
    var store: ReportedStore
    var id: String
    var rows: [MissingRow]
    var stats: FindingStats
    var context: ReportContext
    var cells: Cells

    /// The catalog's product the store's SDK asks for as ``id``.
    let product: Product?
    /// The catalog's product of that id (or Play id) that this store does not sell.
    let elsewhere: Product?
    /// The catalog's product this store sells whose id on the other store is ``id``: the App Store
    /// asked for a Play id, or Play for an App Store id.
    let otherName: Product?
    /// The pulled store's product, and the observed catalog's name.
    let observed: (product: Product, source: String)?

    init(store: ReportedStore, id: String, rows: [MissingRow], stats: FindingStats, context: ReportContext, cells: Cells) {
        self.store = store
        self.id = id
        self.rows = rows
        self.stats = stats
        self.context = context
        self.cells = cells
        product = context.catalog.product(id, on: store)
        let named = context.catalog.products.filter { $0.id == id || $0.playProductID == id }
        elsewhere = product == nil ? named.first { !$0.isSold(on: store.catalogStore) } : nil
        otherName = product == nil ? named.first { $0.isSold(on: store.catalogStore) } : nil
        observed = context.observedProduct(id, on: store)
    }

    /// Rows from production.
    var productionRows: [MissingRow] { rows.filter { $0.dimensions.environment == .production } }

    /// How many times it was reported missing in `environment`.
    func count(in environment: ReportedEnvironment) -> Int64 { stats.environments[environment] ?? 0 }

    /// The App Store state: the pulled one, else the one the catalog carries from an earlier pull;
    /// with where it was read. A pulled product without a state is approved (`asc pull` leaves
    /// APPROVED out).
    var appStoreState: (state: AppStoreState, source: Evidence.Source, name: String)? {
        guard store == .appStore else { return nil }
        if let observed {
            if let state = observed.product.appStore.storeState { return (state, .observed, observed.source) }
            if observed.product.status == .approved { return (.approved, .observed, observed.source) }
        }
        if let state = product?.appStore.storeState { return (state, .catalog, context.catalogName) }
        return nil
    }

    /// `App Store Connect state WAITING_FOR_REVIEW (pulled.yaml)`.
    func stateFact(_ state: (state: AppStoreState, source: Evidence.Source, name: String)) -> Evidence {
        Evidence(state.source, "\(store.consoleName) state \(state.state.rawValue) (\(state.name))")
    }

    /// `version 1.0`, `versions 1.0, 1.1`: the app versions of `rows`, in order.
    static func versions(_ rows: [MissingRow]) -> String {
        let versions = Set(rows.map(\.dimensions.appVersion)).sorted(by: AppVersionOrder.precedes)
        return Plural.word(versions.count, "version ", "versions ") + versions.joined(separator: ", ")
    }

    /// `version 1.0 asks`, `versions 1.0, 1.1 ask`.
    static func versions(_ rows: [MissingRow], _ one: String, _ other: String) -> String {
        let count = Set(rows.map(\.dimensions.appVersion)).count
        return versions(rows) + " " + Plural.word(count, one, other)
    }

    /// How many times `rows` reported it.
    static func count(_ rows: [MissingRow]) -> Int64 { rows.reduce(0) { $0.saturating(plus: $1.count) } }
}
