import IAPCatalog

/// A synthetic, deterministic catalog for benchmarks and tests: the products of
/// ``ProductFactory``, subscription groups of at most ``subscriptionsPerGroup``, at most
/// ``AppStoreLimits/promotedProducts`` promoted products, and the lists it declares. It lints clean except for
/// `product_limit` above 10,000 products (drafts name the blank ``ReviewScreenshot``).
package struct SyntheticCatalog: Sendable {
    /// The subscriptions per group, ranked 1 to this number.
    package static let subscriptionsPerGroup = 200
    /// The lists every generated catalog declares.
    package static let lists = [
        ProductListDeclaration(path: "product_ids.plist", format: .plist, environment: .production),
        ProductListDeclaration(path: "products_v1.json", format: .v1, environment: .production),
        ProductListDeclaration(path: "products_v2.json", format: .v2, environment: .sandbox),
    ]
    /// The list written with ``GeneratorOptions/listIDs``: a random sample of the production
    /// identifiers, to lint by path. The catalog does not declare it: a declared list is what
    /// `iapcat export --all` writes (`stale_list`), and export would write every production product.
    package static let bigList = ProductListDeclaration(path: "big_ids.plist", format: .plist, environment: .production)

    package var options: GeneratorOptions
    package var catalog: Catalog
    /// The identifiers of ``bigList``, in their random order; nil without ``GeneratorOptions/listIDs``.
    package var bigListIDs: [String]?

    package init(_ options: GeneratorOptions) throws(GenerationError) {
        try options.check()
        self.options = options
        var random = SeededRandom(seed: options.seed)
        let factory = ProductFactory()
        var products = (1...options.products).map { factory.product($0, random: &random) }
        let groups = Self.group(&products, random: &random)

        let sellable = products.indices.filter { products[$0].isAvailable(in: .production) }
        for (order, index) in random.sample(sellable, count: min(AppStoreLimits.promotedProducts, sellable.count)).enumerated() {
            products[index].appStore.promotion = Promotion(visible: true, order: order + 1)
        }
        if let listIDs = options.listIDs {
            guard listIDs <= sellable.count else { throw .notEnoughListIDs(requested: listIDs, available: sellable.count) }
            bigListIDs = random.sample(sellable, count: listIDs).map { products[$0].id }
        }

        let app = AppInfo(
            bundleID: "com.example.gen", appleID: String(1_000_000_000 + options.seed % 9_000_000_000), sku: "GEN-\(options.seed)",
            defaultLocale: SampleTexts.defaultLocale.locale)
        catalog = Catalog(
            app: app, subscriptionGroups: groups, products: products,
            lists: Self.lists)
    }

    /// Puts the subscriptions that are not removed into groups of ``subscriptionsPerGroup`` in
    /// catalog order, ranked within each, and returns the groups (each localized in the default
    /// locale and up to two others).
    private static func group(_ products: inout [Product], random: inout SeededRandom) -> [SubscriptionGroup] {
        let subscriptions = products.indices.filter { products[$0].subscription != nil }
        let count = (subscriptions.count + subscriptionsPerGroup - 1) / subscriptionsPerGroup
        let groups = (0..<count).map { offset in
            let number = offset + 1
            let others = random.sample(SampleTexts.all.dropFirst().map(\.locale), count: random.int(in: 0...2))
            let localizations = SampleTexts.all.filter { $0.locale == SampleTexts.defaultLocale.locale || others.contains($0.locale) }
                .map { GroupLocalization(locale: $0.locale, name: "\($0.nouns[.subscription]) \(number)", appName: "Gen Quest") }
            return SubscriptionGroup(id: "gen-group-\(number)", referenceName: "Generated group \(number)", localizations: localizations)
        }
        for (position, index) in subscriptions.enumerated() {
            products[index].subscription?.group = groups[position / subscriptionsPerGroup].id
            products[index].subscription?.rank = position % subscriptionsPerGroup + 1
        }
        return groups
    }

    /// The number of products of `type`.
    package func count(of type: ProductType) -> Int {
        catalog.products.reduce(0) { $0 + ($1.type == type ? 1 : 0) }
    }

    /// One line for stderr: the products per type, tombstones, groups and list sizes.
    package var summary: String {
        let types = ProductType.allCases.map { "\(count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        let removed = catalog.products.reduce(0) { $0 + ($1.status == .removed ? 1 : 0) }
        let production = catalog.products.reduce(0) { $0 + ($1.isAvailable(in: .production) ? 1 : 0) }
        let sandbox = catalog.products.reduce(0) { $0 + ($1.isAvailable(in: .sandbox) ? 1 : 0) }
        return "\(Plural.count(catalog.products.count, "product")) (\(types); \(removed) removed), "
            + "subscription groups: \(catalog.subscriptionGroups.count), production ids: \(production), sandbox products: \(sandbox)"
            + (bigListIDs.map { ", big-list ids: \($0.count)" } ?? "")
    }
}
