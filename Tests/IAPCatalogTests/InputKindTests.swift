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
    ])
    func contentDecidesAndTheNameOnlyWhenThereIsNone(content: String, path: String, kind: InputKind) {
        #expect(InputKind.detect(Array(content.utf8), path: path) == kind)
    }
}
