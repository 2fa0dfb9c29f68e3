import IAPCatalog

/// What the served catalog says that a report is checked and bounded against: which app it is on
/// each store, which product ids it knows on each, and which lists the server serves. Made once
/// per catalog version (the server's reload), then only read.
public struct CatalogFacts: Sendable, Equatable {
    /// The app on each store: the bundle id on the App Store, the package name on Google Play.
    /// A store without one accepts no reports.
    public var appIDs: [ReportedStore: String]
    /// The product ids each store knows the catalog's products by (Play's may differ from the
    /// catalog's `id`), removed products included.
    public var productIDs: [ReportedStore: Set<String>]
    /// The paths the server serves lists at, without their leading `/`: `products_v2.json`,
    /// `sandbox/products_v1.json`.
    public var servedLists: Set<String>

    public init(appIDs: [ReportedStore: String], productIDs: [ReportedStore: Set<String>], servedLists: Set<String>) {
        self.appIDs = appIDs
        self.productIDs = productIDs
        self.servedLists = servedLists
    }

    /// The facts of `catalog` served at `servedPaths` (the server's artifact paths, `/products_v2.json`).
    public init(catalog: Catalog, servedPaths: some Sequence<String>) {
        var appIDs: [ReportedStore: String] = [:]
        if let bundleID = catalog.app.bundleID, !bundleID.isEmpty { appIDs[.appStore] = bundleID }
        if let packageName = catalog.app.googlePlay?.packageName, !packageName.isEmpty { appIDs[.googlePlay] = packageName }
        let appStore = catalog.products.filter { $0.isSold(on: .appStore) }.map(\.id)
        let googlePlay = catalog.products.filter { $0.isSold(on: .googlePlay) }.map(\.playProductID)
        self.init(
            appIDs: appIDs, productIDs: [.appStore: Set(appStore), .googlePlay: Set(googlePlay)],
            servedLists: Set(servedPaths.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }))
    }

    /// Whether the catalog knows `id` on any store: such ids are never bounded (the catalog bounds them).
    public func knows(_ id: String) -> Bool {
        productIDs.values.contains { $0.contains(id) }
    }

    /// The catalog's own copy of `id`, when it knows it: queued reports then share one string per
    /// id instead of each holding the one it was sent.
    func interned(_ id: String) -> String? {
        for ids in productIDs.values {
            if let index = ids.firstIndex(of: id) { return ids[index] }
        }
        return nil
    }
}
