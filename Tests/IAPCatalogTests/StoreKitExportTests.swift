import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// `.storekit` export: golden files of the example catalog, Xcode's serialization checked against
/// every real file, stable identifiers, and the errors that stop an export.
@Suite struct StoreKitExportTests {
    static let realFiles = [
        "real/storekit/revenuecat-swiftexample-v1.0.storekit", "real/storekit/skdemo-v2.0.storekit",
        "real/storekit/revenuecat-paywallstester-v4.0.storekit", "real/storekittesting_Configuration.storekit",
    ]

    static func export(_ catalog: Catalog, _ options: StoreKitExporter.Options = .init()) throws -> String {
        let bytes = try StoreKitExporter(catalog: catalog, catalogFile: "c.yaml", options: options).render().get()
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [("4.0", ""), ("3.0", ".v3"), ("5.0", ".v5")])
    func theExampleCatalogMatchesItsGoldenFile(version: String, suffix: String) throws {
        let parsedVersion = try #require(StoreKitVersion(version))
        let options = StoreKitExporter.Options(version: parsedVersion)
        try expectGolden(try Self.export(try ExportTests.exampleCatalog(), options), "export/example.sandbox\(suffix).storekit")
    }

    @Test func productionHoldsOnlyApprovedProductsClearedForSale() throws {
        let text = try Self.export(try ExportTests.exampleCatalog(), .init(environment: .production))
        #expect(!text.contains("premium.yearly"))
        #expect(text.contains("premium.monthly"))
        try expectGolden(text, "export/example.production.storekit")
    }

    /// Xcode's own files come back byte for byte (the oldest lacks a final newline, which Xcode
    /// has written since).
    @Test(arguments: realFiles)
    func xcodesSerializationIsReproducedForEveryRealFile(name: String) throws {
        let bytes = try Fixtures.bytes(name)
        let parsed = try JSONParser().parse(bytes)
        var decoder = NodeDecoder(file: name)
        let root = try #require(parsed.document.root)
        let converted = decoder.jsonValue(root)
        let value = try #require(converted)
        var expected = String(decoding: bytes, as: UTF8.self)
        if !expected.hasSuffix("\n") { expected += "\n" }
        #expect(XcodeJSONWriter.serialize(value) == expected)
    }

    @Test func textIsEscapedAsJSONSerializationEscapesIt() {
        #expect(XcodeJSONWriter.serialize(.string("a/b \"c\" \\ \n\t\u{1}ü")) == "\"a\\/b \\\"c\\\" \\\\ \\n\\t\\u0001ü\"\n")
        #expect(XcodeJSONWriter.serialize(.string("\r\u{8}\u{C}\u{1F}//")) == "\"\\r\\b\\f\\u001f\\/\\/\"\n")
        #expect(XcodeJSONWriter.serialize(.string("")) == "\"\"\n")
        #expect(
            XcodeJSONWriter.serialize(.object([("b", .int(1)), ("_storeKitErrors", .null), ("_storefront", .array([]))])) == """
                {
                  "_storefront" : [

                  ],
                  "_storeKitErrors" : null,
                  "b" : 1
                }

                """)
    }

    /// Case-insensitive key order as lower-casing whole keys gives it (the reference), bytes breaking ties.
    @Test func keysAreOrderedCaseInsensitivelyThenByBytes() {
        func reference(_ first: String, _ second: String) -> Bool {
            let (a, b) = (Array(first.lowercased().utf8), Array(second.lowercased().utf8))
            return a != b ? a.lexicographicallyPrecedes(b) : first.utf8.lexicographicallyPrecedes(second.utf8)
        }
        let pool: [Unicode.Scalar] = ["a", "A", "b", "B", "_", "z", "Z", "[", "`", "0", "\u{212A}", "k", "Σ", "σ", "é", "É"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var pair = ["", ""]
            for side in 0..<2 {
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    pair[side].unicodeScalars.append(pool.randomElement(using: &generator)!)
                }
            }
            #expect(XcodeJSONWriter.keyPrecedes(pair[0], pair[1]) == reference(pair[0], pair[1]), "\(pair)")
        }
    }

    @Test func realNumbersHaveSeventeenSignificantDigitsAsJSONSerializationWritesThem() {
        #expect(XcodeJSONWriter.real(791_211_041.412_307_02) == "791211041.41230702")
        #expect(XcodeJSONWriter.real(6) == "6")
        #expect(XcodeJSONWriter.real(0.1) == "0.10000000000000001")
        #expect(XcodeJSONWriter.real(-2.5) == "-2.5")
        #expect(
            XcodeJSONWriter.serialize(.object([("_lastSynchronizedDate", .double(791_211_041.412_307_02))])) == """
                {
                  "_lastSynchronizedDate" : 791211041.41230702
                }

                """)
    }

    /// Identifiers derive from the ids: editing one product changes no other product's lines.
    @Test func anEditChangesOnlyTheEditedProductsLines() throws {
        var catalog = try ExportTests.exampleCatalog()
        let before = try Self.export(catalog).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(catalog.products.firstIndex { $0.id == "com.example.cosmicquest.level.nebula" })
        catalog.products[index].localizations[0].displayName = "Nebula Pack Deluxe"
        let after = try Self.export(catalog).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.map { String($1) } == ["          \"displayName\" : \"Nebula Pack Deluxe\","])
    }

    /// A product added in front of the others moves their lines but changes none of their
    /// identifiers, nor the file's.
    @Test func aNewProductChangesNoOtherIdentifier() throws {
        var catalog = try ExportTests.exampleCatalog()
        let before = try Self.identifiers(in: Self.export(catalog))
        var added = try #require(catalog.products.first { $0.id == "com.example.cosmicquest.level.nebula" })
        added.id = "com.example.cosmicquest.level.comet"
        catalog.products.insert(added, at: 0)
        let after = try Self.identifiers(in: Self.export(catalog))
        #expect(before.isSubset(of: after))
        let comet = StoreKitIdentifiers(app: catalog.app).product("com.example.cosmicquest.level.comet")
        #expect(after.subtracting(before) == ["\"internalID\" : \"\(comet)\""])
        #expect(before.contains("\"identifier\" : \"F994F90E\""))
    }

    /// The `identifier`, `id` and `internalID` lines of a file, without indentation or comma.
    static func identifiers(in text: String) -> Set<String> {
        let keys = ["\"identifier\" : ", "\"id\" : ", "\"internalID\" : "]
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { line in keys.contains { line.hasPrefix($0) } }
                .map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 })
    }

    /// The example prices its coins in JPN but nothing else: every other product and paid offer is
    /// named, at its price, and nothing is written.
    @Test func theExampleCannotBeExportedForJapan() throws {
        let result = StoreKitExporter(
            catalog: try ExportTests.exampleCatalog(), catalogFile: "catalogs/example.yaml", options: .init(storefront: "JPN")
        ).render()
        guard case .failure(let error) = result else {
            Issue.record("exported without JPN prices")
            return
        }
        #expect(error.diagnostics.allSatisfy { $0.location.file == "catalogs/example.yaml" })
        #expect(
            render(error.diagnostics) == [
                "65:12: error: 'com.example.cosmicquest.level.nebula' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]",
                "91:12: error: 'com.example.cosmicquest.premium.monthly' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]",
                "128:9: error: the introductory offer of 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add prices.JPN [missing_price]",
                "135:11: error: the promotional offer 'winback.yearly.half' of 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add prices.JPN [missing_price]",
                "137:7: error: 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]",
                "151:12: error: 'com.example.cosmicquest.season_pass.2026' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]",
            ])
    }

    /// A `.storekit` file has no place for a free subscription (a deprecated type) nor for a
    /// subscription's bonus duration: both are left out.
    @Test func freeSubscriptionsAndBonusDurationsAreLeftOut() throws {
        var catalog = try ExportTests.exampleCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.example.cosmicquest.coins.small" })
        catalog.products[index].type = .freeSubscription
        let text = try Self.export(catalog)
        #expect(!text.contains("coins.small"))
        #expect(!text.lowercased().contains("bonus"))
    }

    @Test func aProductWithoutAPriceInTheStorefrontStopsTheExport() throws {
        let catalog = try cleanCatalog(
            catalogYAML(
                products: """
                      - id: com.example.gems
                        type: non-consumable
                        reference_name: Gems
                        status: approved
                        price: { tier: 3, storefronts: { JPN: "480" } }
                        localizations:
                          en-US: { display_name: Gems, description: A bag of gems }

                    """))
        let result = StoreKitExporter(catalog: catalog, catalogFile: "c.yaml", options: .init(storefront: "DEU")).render()
        guard case .failure(let error) = result else {
            Issue.record("exported without prices")
            return
        }
        #expect(
            render(error.diagnostics) == [
                "8:12: error: 'com.example.good' has no price in storefront DEU: add price.storefronts.DEU (a legacy tier stands for a USA price only) [missing_price]",
                "15:12: error: 'com.example.gems' has no price in storefront DEU: add price.storefronts.DEU (a legacy tier stands for a USA price only) [missing_price]",
            ])
        #expect(try Self.export(catalog).contains("\"displayPrice\" : \"2.99\""))
    }

    @Test func legacyTiersHaveTheirHistoricalUSPrices() {
        #expect(LegacyPriceTiers.usdPrice(ofTier: 0) == "0.00")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 1) == "0.99")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 50) == "49.99")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 60) == "99.99")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 63) == "124.99")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 87) == "999.99")
        #expect(LegacyPriceTiers.usdPrice(ofTier: 88) == nil)
    }
}
