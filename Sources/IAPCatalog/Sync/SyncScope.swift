/// The part of a catalog a plan covers when it does not cover everything: some products (by
/// catalog id) and subscription groups (by key). A scoped plan reads only what those products
/// need and holds the steps the whole plan holds for them — the groups of its subscriptions
/// included — and nothing else; the full read stays the default and the way to find drift.
package struct SyncScope: Sendable, Equatable {
    /// Catalog product ids (products the catalog no longer has included).
    package var products: Set<String>
    /// Subscription group keys planned besides the groups of the scoped subscriptions.
    package var groups: Set<String>

    /// A scope of `products` and `groups`.
    package init(products: Set<String>, groups: Set<String> = []) {
        self.products = products
        self.groups = groups
    }

    /// `catalog` with only the scope's products, and the groups named or holding one of them.
    package func restrict(_ catalog: Catalog) -> Catalog {
        var scoped = catalog
        scoped.products = catalog.products.filter { products.contains($0.id) }
        let held = Set(scoped.products.compactMap { $0.subscription?.group })
        scoped.subscriptionGroups = catalog.subscriptionGroups.filter { groups.contains($0.id) || held.contains($0.id) }
        return scoped
    }

    /// What differs between `old` and `new` (two revisions of one catalog): the products whose
    /// entries differ, are new or are gone, and the groups likewise. Entries are compared as the
    /// catalog writer renders them, so moving an entry or reformatting its YAML is no change.
    package static func changes(from old: Catalog, to new: Catalog) -> SyncScope {
        func entries<T>(_ items: [T], id: (T) -> String, render: (T) -> String) -> [String: String] {
            Dictionary(items.map { (id($0), render($0)) }, uniquingKeysWith: { first, _ in first })
        }
        let writer = CatalogYAMLWriter()
        func render(_ product: Product) -> String { writer.render(Catalog(app: AppInfo(bundleID: nil), products: [product])) }
        func render(_ group: SubscriptionGroup) -> String {
            writer.render(Catalog(app: AppInfo(bundleID: nil), subscriptionGroups: [group]))
        }
        func differing(_ before: [String: String], _ after: [String: String]) -> Set<String> {
            Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        }
        return SyncScope(
            products: differing(entries(old.products, id: \.id, render: render), entries(new.products, id: \.id, render: render)),
            groups: differing(
                entries(old.subscriptionGroups, id: \.id, render: render), entries(new.subscriptionGroups, id: \.id, render: render)))
    }
}
