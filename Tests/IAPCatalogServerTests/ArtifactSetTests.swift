import IAPCatalog
import Testing

@testable import IAPCatalogServer

@Suite struct ArtifactSetTests {
    static func product(_ id: String, _ status: ProductStatus) -> Product {
        Product(
            id: id, type: .consumable, referenceName: "Coins", status: status, price: Price(tier: 1),
            localizations: [Localization(locale: "en-US", displayName: "Coins", description: "A pouch of coins")])
    }

    static let before = Catalog(app: AppInfo(bundleID: "com.example.app"), products: [product("com.example.a", .approved)])
    static let after = Catalog(
        app: AppInfo(bundleID: "com.example.app"), products: [product("com.example.a", .approved), product("com.example.b", .draft)])

    @Test func everyListIsServedInBothEnvironments() {
        let set = ArtifactSet(catalog: Self.before, lastModified: 100, lastModifiedSource: "test")
        #expect(
            set.artifacts.keys.sorted() == [
                "/product_ids.plist", "/products_v1.json", "/products_v2.json", "/sandbox/product_ids.plist", "/sandbox/products_v1.json",
                "/sandbox/products_v2.json",
            ])
        #expect(set.artifacts["/products_v1.json"]?.identity.body == Array("[\n  \"com.example.a\"\n]\n".utf8))
        #expect(set.artifacts["/products_v1.json"]?.identity.etag != set.artifacts["/products_v1.json"]?.gzip.etag)
    }

    @Test func theListsAtTheRootAreInTheEnvironmentTheCatalogDeclaresForTheirFormat() {
        var catalog = Self.after
        catalog.lists = [
            ProductListDeclaration(path: "products_v2.json", format: .v2, environment: .sandbox),
            ProductListDeclaration(path: "App/ids.plist", format: .plist, environment: .production),
        ]
        let set = ArtifactSet(catalog: catalog, lastModified: 100, lastModifiedSource: "test")
        let production = Array("[\n  \"com.example.a\"\n]\n".utf8)
        let sandbox = Array("[\n  \"com.example.a\",\n  \"com.example.b\"\n]\n".utf8)
        #expect(set.artifacts.count == 6)
        // v2 declared for the sandbox: the draft is at the root too.
        #expect(set.artifacts["/products_v2.json"]?.identity.body == set.artifacts["/sandbox/products_v2.json"]?.identity.body)
        #expect(String(decoding: set.artifacts["/products_v2.json"]!.identity.body, as: UTF8.self).contains("com.example.b"))
        // The plist declared for production (by another name), v1 not declared: production.
        #expect(set.artifacts["/product_ids.plist"]?.identity.body != set.artifacts["/sandbox/product_ids.plist"]?.identity.body)
        #expect(set.artifacts["/products_v1.json"]?.identity.body == production)
        #expect(set.artifacts["/sandbox/products_v1.json"]?.identity.body == sandbox)
        // Both environments declared for one format: production at the root, the sandbox under /sandbox.
        catalog.lists.append(ProductListDeclaration(path: "legacy/products_v2.json", format: .v2, environment: .production))
        let both = ArtifactSet(catalog: catalog, lastModified: 100, lastModifiedSource: "test")
        #expect(!String(decoding: both.artifacts["/products_v2.json"]!.identity.body, as: UTF8.self).contains("com.example.b"))
        #expect(both.artifacts["/sandbox/products_v2.json"]?.identity.body == set.artifacts["/sandbox/products_v2.json"]?.identity.body)
    }

    @Test func onlyChangedListsGetTheNewLastModified() {
        let first = ArtifactSet(catalog: Self.before, lastModified: 100, lastModifiedSource: "test")
        // A draft changes the sandbox lists only.
        #expect(first.latestModification(changedIn: Self.after) == 100)
        #expect(first.latestModification(changedIn: Self.before) == nil)
        let second = ArtifactSet(catalog: Self.after, lastModified: 200, lastModifiedSource: "test", previous: first)
        #expect(second.artifacts["/products_v1.json"]?.lastModified == 100)
        #expect(second.artifacts["/sandbox/products_v1.json"]?.lastModified == 200)
        #expect(second.artifacts["/products_v1.json"]?.identity.etag == first.artifacts["/products_v1.json"]?.identity.etag)
    }
}
