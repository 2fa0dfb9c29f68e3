import Testing

@testable import IAPCatalog

/// A refresh's policy, with the store's answer made by hand: what is kept, what the base's forms
/// may stand for.
@Suite struct CatalogRefreshTests {
    static let text = """
        format_version: 1
        app:
          bundle_id: com.example.app
          default_locale: en-US
        subscription_groups:
          - id: vip                 # not in the store yet
            reference_name: VIP
        products:
          - id: com.example.app.coins
            type: consumable
            reference_name: Coins
            status: draft
          - id: com.example.app.vip.monthly
            type: auto-renewable
            reference_name: VIP monthly
            status: draft
            subscription: { group: vip, duration: P1M }

        """

    @Test func aKeptSubscriptionKeepsTheGroupItNames() throws {
        let base = try #require(CatalogLoader().load(Array(Self.text.utf8), file: "c.yaml").catalog)
        var pulled = base
        pulled.subscriptionGroups = []
        pulled.products.removeLast()
        let outcome = try CatalogRefresh(store: .appStore, storeName: "App Store Connect", prune: false).refresh(
            Array(Self.text.utf8), base: base,
            pulled: PulledCatalog(catalog: pulled, notes: [], header: "", contents: "", found: ["com.example.app.coins"]), path: "c.yaml")
        #expect(outcome.notFound == ["com.example.app.vip.monthly"])
        #expect(
            String(decoding: outcome.bytes, as: UTF8.self)
                == Self.text.replacingOccurrences(
                    of: "  - id: com.example.app.vip.monthly\n",
                    with: "  # iapcat: not found in App Store Connect when last pulled; kept\n  - id: com.example.app.vip.monthly\n"))
        #expect(outcome.changes.isEmpty)
    }

    static func product(_ price: Price?) -> Product {
        var product = Product(id: "com.example.app.coins", type: .consumable, referenceName: "Coins", status: .approved)
        product.price = price
        return product
    }

    static func kept(base: Price?, store: Price?) -> Price? {
        var pulled = Catalog(app: AppInfo(bundleID: "com.example.app"), products: [product(store)])
        BaseForms.keep(in: &pulled, base: Catalog(app: AppInfo(bundleID: "com.example.app"), products: [product(base)])) { _, _ in true }
        return pulled.products[0].price
    }

    /// Even where the planner would see no difference, the base's price form stands only for what
    /// the store holds: no price says nothing, and a manual price the base lacks is the store's.
    @Test func theBasesPriceStandsOnlyForWhatItSays() {
        let store = Price(storefronts: [
            StorefrontPrice(storefront: "USA", amount: "0.99"), StorefrontPrice(storefront: "JPN", amount: "210"),
        ])
        #expect(Self.kept(base: nil, store: store) == store)
        #expect(Self.kept(base: Price(), store: store) == store)
        #expect(Self.kept(base: Price(tier: 1), store: store) == store)
        let usa = Price(storefronts: [StorefrontPrice(storefront: "USA", amount: "0.99")])
        #expect(Self.kept(base: Price(tier: 1), store: usa) == Price(tier: 1))
        #expect(Self.kept(base: Price(tier: 2), store: usa) == usa)
    }
}
