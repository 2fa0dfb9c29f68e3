import Foundation
import Testing

@testable import IAPCatalog

/// Unity IAP catalogs (`IAPProductCatalog.json`): what the reader finds and where, the locale
/// tables, and the lint of one against a catalog (`unity_type` and the list rules).
@Suite struct UnityCatalogTests {
    static let catalog = """
        format_version: 1
        app: { bundle_id: com.example.game }
        subscription_groups:
          - { id: vip, reference_name: VIP, localizations: { en-US: { name: VIP } } }
        products:
          - { id: coins, type: consumable, reference_name: Coins }
          - { id: ios.noads, type: non-consumable, reference_name: No ads }
          - { id: vip.month, type: auto-renewable, reference_name: VIP month, subscription: { group: vip, duration: P1M } }
          - { id: season, type: non-renewing, reference_name: Season }
          - { id: old, type: consumable, status: removed }
        """

    /// Lints the Unity catalog `json` (with `↓` markers) in the sandbox against ``catalog``.
    func lintUnity(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        checkMarked(json, sourceLocation: sourceLocation) { text in
            let read = UnityCatalogReader().read(Array(text.utf8), file: "IAPProductCatalog.json")
            guard let reference = CatalogLoader().load(Array(Self.catalog.utf8), file: "c.yaml").catalog, let list = read.list,
                let unity = read.catalog
            else { return render(read.diagnostics) }
            return render(
                read.diagnostics + ProductListValidator(catalog: reference).validate(list, environment: .sandbox)
                    + UnityTypeChecker(catalog: reference).check(unity))
        }
    }

    @Test func appleIdsAndTypesAreCheckedWhereTheyAreWritten() {
        #expect(
            lintUnity(
                """
                {"appleSKU":"","products":[
                  {"id":"coins","type":↓1,"storeIDs":[]},
                  {"id":"noads","type":1,"storeIDs":[{"store":"GooglePlay","id":"android.noads"},{"store":"AppleAppStore","id":"ios.noads"}]},
                  {"id":"vip.month","type":2},
                  {"id":"season","type":2},
                  {"id":"","type":0},
                  {"id":"coins","type":0,"storeIDs":[{"store":"AppleAppStore","id":↓"gems"}]},
                  {"id":"coins2","type":0,"storeIDs":[{"store":"AppleAppStore","id":↓"coins"}]},
                  {"id":↓"old","type":0},
                  {"id":↓7,"type":0},
                  {"id":↓"vip.year","type":↓5}
                ]}
                """) == [
                    "error: 'coins' is NonConsumable (1) here but consumable in the catalog (Unity: Consumable (0)) [unity_type]",
                    "error: 'gems' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
                    "warning: 'coins' is listed twice (first at line 2) [duplicate_list_entry]",
                    "error: 'old' was removed from the App Store; StoreKit reports it as invalid [removed_product_in_list]",
                    "error: expected an identifier string, found a number [malformed_entry]",
                    "error: 'vip.year' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
                    "error: type 5 of 'vip.year' is not a Unity product type (0 Consumable, 1 NonConsumable, 2 Subscription) [invalid_value]",
                ])
    }

    @Test func titlesAreDecodedAsUnityDecodesThem() {
        #expect(UnityCatalogReader.decodeUnityText(#"\u0410 fili\u017canka"#) == "А filiżanka")
        #expect(UnityCatalogReader.decodeUnityText(#"\ud83d\ude00 and \u00e9"#) == "😀 and é")
        // Not four hex digits: kept as written; a lone surrogate becomes U+FFFD.
        #expect(UnityCatalogReader.decodeUnityText(#"\u12 \u+123 \uzzzz"#) == #"\u12 \u+123 \uzzzz"#)
        #expect(UnityCatalogReader.decodeUnityText(#"a\ud83d"#) == "a\u{FFFD}")
    }

    @Test func theTwoLocaleTablesAreUnitysTwoEnumOrders() {
        #expect(UnityLocaleTable.legacy.names.count == 32)
        #expect(UnityLocaleTable.current.names.count == 88)
        #expect(UnityLocaleTable.legacy.name(at: 4) == "en_US" && UnityLocaleTable.legacy.name(at: 21) == "en_CA")
        #expect(UnityLocaleTable.current.name(at: 21) == "en_US" && UnityLocaleTable.current.name(at: 4) == "hy_AM")
        #expect(UnityLocaleTable.legacy.name(at: 32) == nil)
        #expect(
            ["zh_CN", "zh_TW", "iw_IL", "ja_JP", "de_DE", "no_NO", "af_ZA", "es_419"].map(UnityLocaleTable.appStoreLocale) == [
                "zh-Hans", "zh-Hant", "he", "ja", "de-DE", "no", nil, nil,
            ])
        #expect(UnityLocaleTable.written(byVersion: "4.12.2") == .legacy)
        #expect(UnityLocaleTable.written(byVersion: "5.0.0-pre.5") == .legacy)
        #expect(UnityLocaleTable.written(byVersion: "5.0.0-pre.6") == .current)
        #expect(UnityLocaleTable.written(byVersion: "5.0.0") == .current)
        #expect(UnityLocaleTable.written(byVersion: "5.4.0") == .current)
        #expect(UnityLocaleTable.written(byVersion: "3.0.1") == .legacy)
        #expect(UnityLocaleTable.written(byVersion: "https://github.com/x/y.git") == nil)
        // Nothing before the dash: not a version (it trapped once).
        #expect(UnityLocaleTable.written(byVersion: "") == nil)
        #expect(UnityLocaleTable.written(byVersion: "-") == nil)
    }

    /// A repeated id or a product without a Unity type is left out with a warning; the rest imports.
    @Test func whatTheImportLeavesOutIsAWarning() throws {
        let json = #"{"products":[{"id":"a.b","type":0},{"id":"a.b","type":1},{"id":"c.d","type":0}]}"#
        let unity = try #require(UnityCatalogReader().read(Array(json.utf8), file: "IAPProductCatalog.json").catalog)
        let result = UnityCatalogImporter().makeCatalog(unity)
        #expect(result.catalog.products.map(\.id) == ["a.b", "c.d"])
        #expect(result.diagnostics.map(\.severity) == [.warning])
    }

    /// An index neither table has does not make the file the new order's.
    @Test func anIndexBeyondBothTablesDoesNotChooseTheNewOrder() throws {
        let json = #"""
            {"products":[{"id":"a.b","type":0,"defaultDescription":{"googleLocale":4,"title":"Coins","description":"Some coins"},
             "descriptions":[{"googleLocale":9223372036854775807,"title":"X","description":"Y"}]}]}
            """#
        let unity = try #require(UnityCatalogReader().read(Array(json.utf8), file: "IAPProductCatalog.json").catalog)
        let result = UnityCatalogImporter().makeCatalog(unity)
        #expect(result.catalog.products.first?.localizations.first { $0.locale == "en-US" }?.displayName == "Coins")
    }

    /// A catalog product whose type was not given is not compared with the Unity type.
    @Test func anAssumedTypeIsNotComparedWithUnitys() throws {
        let reference = try #require(
            CatalogLoader().load(
                Array("format_version: 1\nproducts:\n  - { id: gold, reference_name: Gold }\n".utf8), file: "c.yaml"
            ).catalog)
        let json = #"{"products":[{"id":"gold","type":0}]}"#
        let unity = try #require(UnityCatalogReader().read(Array(json.utf8), file: "IAPProductCatalog.json").catalog)
        #expect(UnityTypeChecker(catalog: reference).check(unity).isEmpty)
    }

    @Test func notAnObjectIsReportedAndReadsAsNoList() {
        let read = UnityCatalogReader().read(Array("[1]".utf8), file: "IAPProductCatalog.json")
        #expect(read.catalog == nil && read.list == nil)
        #expect(render(read.diagnostics) == ["1:1: error: a Unity IAP catalog is a JSON object, found a list [invalid_list_structure]"])
    }

    /// The project's `Packages/manifest.json` is found above a relative path as above an absolute one: the path is taken
    /// against the working directory and its folders climbed; the manifest is named relative to the working directory.
    @Test func theManifestIsFoundAboveARelativePath() throws {
        let root = FileManager.default.temporaryDirectory.path + "/unity-project-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Assets/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Packages", withIntermediateDirectories: true)
        try #"{"dependencies":{"com.unity.purchasing":"4.12.2"}}"#.write(
            toFile: root + "/Packages/manifest.json", atomically: true, encoding: .utf8)
        let cases: [(file: String, workingDirectory: String, manifest: String)] = [
            (root + "/Assets/Resources/IAPProductCatalog.json", "/", root + "/Packages/manifest.json"),
            ("Assets/Resources/IAPProductCatalog.json", root, "Packages/manifest.json"),
            ("IAPProductCatalog.json", root + "/Assets/Resources", "../../Packages/manifest.json"),
            ("./Resources/../Resources/IAPProductCatalog.json", root + "/Assets", "../Packages/manifest.json"),
            ("Resources/IAPProductCatalog.json", root + "/Assets/", "../Packages/manifest.json"),
        ]
        for (file, workingDirectory, manifest) in cases {
            let found = UnityLocaleTable.projectPackageVersion(near: file, workingDirectory: workingDirectory)
            #expect(found?.manifest == manifest, "\(file) from \(workingDirectory)")
            #expect(found?.version == "4.12.2", "\(file) from \(workingDirectory)")
        }
        #expect(UnityLocaleTable.projectPackageVersion(near: "IAPProductCatalog.json", workingDirectory: "/") == nil)
    }
}
