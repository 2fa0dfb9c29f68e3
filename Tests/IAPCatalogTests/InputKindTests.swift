import Testing

@testable import IAPCatalog

@Suite struct InputKindTests {
    @Test(arguments: [
        ("bplist00…", "ids", InputKind.plist),
        ("\u{FEFF}  <?xml version=\"1.0\"?>", "ids", .plist),
        ("\n[\"a\"]", "ids", .jsonList),
        ("{\"version\": 2}", "products.yaml", .jsonList),
        ("{\"format_version\": 1}", "catalog.json", .catalog),
        ("format_version: 1", "products.json", .catalog),
        ("", "products.json", .jsonList),
        ("  \n", "ids.plist", .plist),
        ("", "catalog.yaml", .catalog),
        // Xcode StoreKit configurations: keys only they have, whatever the name…
        ("{\n  \"products\" : [ { \"productID\" : \"com.example.coins\" } ]\n}", "ids.json", .storeKit),
        ("{\"subscriptionGroups\": []}", "products", .storeKit),
        ("{\"nonRenewingSubscriptions\": []}", "list.json", .storeKit),
        // …any object in a file named .storekit, and an empty or blank one by its name alone.
        ("{\"version\": 2, \"products\": []}", "Products.storekit", .storeKit),
        ("{}", "Configuration.STOREKIT", .storeKit),
        ("", "Products.storekit", .storeKit),
        ("\n \n", "Products.storekit", .storeKit),
        // A v2 list (ids as `id`) is a list; an array is a list even in a .storekit file (the
        // format check then says it is not a StoreKit configuration).
        ("{\"version\": 2, \"products\": [{\"id\": \"com.example.coins\"}], \"subscription_groups\": []}", "products.json", .jsonList),
        ("[\"com.example.coins\"]", "Products.storekit", .jsonList),
        // Unity IAP catalogs: Unity's keys, or any object named IAPProductCatalog.json.
        ("{\"appleSKU\":\"\",\"products\":[{\"id\":\"coins\",\"type\":0,\"storeIDs\":[]}]}", "catalog.json", .unity),
        ("{\"products\":[]}", "Assets/Resources/IAPProductCatalog.json", .unity),
        ("", "IAPProductCatalog.json", .unity),
        // A Unity catalog whose text mentions format_version stays one; so does a list.
        ("{\"products\":[{\"id\":\"a\",\"defaultDescription\":{\"title\":\"See format_version\"}}]}", "IAPProductCatalog.json", .unity),
        ("{\"version\": 2, \"products\": [{\"id\": \"format_version\"}]}", "products.json", .jsonList),
        ("{ format_version: 1 }", "catalog.yaml", .catalog),
        // A catalog in JSON stays a catalog even when it names StoreKit's keys.
        ("{\"format_version\": 1, \"productID\": 1}", "catalog.storekit", .catalog),
    ])
    func contentDecidesAndTheNameOnlyWhenThereIsNone(content: String, path: String, kind: InputKind) {
        #expect(InputKind.detect(Array(content.utf8), path: path) == kind)
    }
}
