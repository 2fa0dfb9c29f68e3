import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// The JSON Schema and the decoder declare the same keys, and the sale state's forms survive the writer.
@Suite struct CatalogSchemaTests {
    /// Each object of the schema, by `$defs` name (nil: the top level), and the keys the decoder knows for it.
    static let objects: [(String?, FieldNames)] = [
        (nil, CatalogDecoder.Keys.top), ("app", CatalogDecoder.Keys.app), ("subscriptionGroup", CatalogDecoder.Keys.group),
        ("groupLocalization", CatalogDecoder.Keys.groupLocalization), ("product", CatalogDecoder.Keys.product),
        ("price", CatalogDecoder.Keys.price), ("priceChange", CatalogDecoder.Keys.priceChange),
        ("availability", CatalogDecoder.Keys.availability), ("image", CatalogDecoder.Keys.image),
        ("billingPlan", CatalogDecoder.Keys.billingPlan), ("winBackOffer", CatalogDecoder.Keys.winBackOffer),
        ("productLocalization", CatalogDecoder.Keys.localization), ("review", CatalogDecoder.Keys.review),
        ("promotion", CatalogDecoder.Keys.promotion), ("subscription", CatalogDecoder.Keys.subscription),
        ("subscriptionOffer", CatalogDecoder.Keys.offer), ("list", CatalogDecoder.Keys.list),
        ("googlePlayApp", CatalogDecoder.Keys.googlePlayApp), ("googlePlayProduct", CatalogDecoder.Keys.googlePlay),
        ("playListing", CatalogDecoder.Keys.playListing), ("purchaseOption", CatalogDecoder.Keys.purchaseOption),
        ("newRegions", CatalogDecoder.Keys.newRegions), ("basePlan", CatalogDecoder.Keys.basePlan),
        ("playOffer", CatalogDecoder.Keys.playOffer), ("offerPhase", CatalogDecoder.Keys.offerPhase),
    ]

    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/schemas/catalog.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyObjectOfTheSchemaHasExactlyTheDecodersKeys() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        for (name, keys) in Self.objects {
            let object = try #require((name.map { definitions[$0] } ?? schema) as? [String: Any], "no $defs/\(name ?? "")")
            let properties = Set((object["properties"] as? [String: Any] ?? [:]).keys).subtracting(["<<"])
            #expect(
                properties == Set(keys.names), "\(name ?? "the top level"): schema \(properties.sorted()), decoder \(keys.names.sorted())")
            #expect(object["additionalProperties"] as? Bool == false, "\(name ?? "the top level") allows other keys")
        }
        // Nested objects the decoder reads with their own keys.
        let price = try #require(definitions["price"] as? [String: Any])
        let schedule = try #require((price["properties"] as? [String: Any])?["schedule"] as? [String: Any])
        let step = try #require(schedule["items"] as? [String: Any])
        #expect(Set((step["properties"] as? [String: Any] ?? [:]).keys) == Set(CatalogDecoder.Keys.priceInterval.names))
        let winBack = try #require((definitions["winBackOffer"] as? [String: Any])?["properties"] as? [String: Any])
        let range = try #require(winBack["lapsed_months"] as? [String: Any])
        #expect(Set((range["properties"] as? [String: Any] ?? [:]).keys) == Set(CatalogDecoder.Keys.monthRange.names))
        let regions = try #require((definitions["playRegions"] as? [String: Any])?["additionalProperties"] as? [String: Any])
        let regionObject = try #require((regions["anyOf"] as? [[String: Any]])?.last)
        #expect(Set((regionObject["properties"] as? [String: Any] ?? [:]).keys) == Set(CatalogDecoder.Keys.regionalPrice.names))
    }

    @Test func everySaleStateFormLintsCleanAndTheWriterGivesItBackByteForByte() throws {
        let text = try String(contentsOfFile: Fixtures.path("catalogs/sale-state.yaml"), encoding: .utf8)
        let findings = lintCatalog(text, files: [Fixtures.path("catalogs/images/coins.png"), "images/coins.png"])
        #expect(findings == [])
        let catalog = try cleanCatalog(text)
        let written = CatalogYAMLWriter().render(catalog)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(written == body)
        #expect(CatalogYAMLWriter().render(try cleanCatalog(written)) == written)
    }

    @Test func aProductRemovedFromSaleIsNotAvailableInProduction() throws {
        let catalog = try cleanCatalog(try String(contentsOfFile: Fixtures.path("catalogs/sale-state.yaml"), encoding: .utf8))
        let byID = Dictionary(uniqueKeysWithValues: catalog.products.map { ($0.id, $0) })
        #expect(byID["com.example.salestate.coins"]?.isAvailable(in: .production) == true)
        #expect(byID["com.example.salestate.removed"]?.isAvailable(in: .production) == false)
        #expect(byID["com.example.salestate.removed"]?.isAvailable(in: .sandbox) == true)
        #expect(byID["com.example.salestate.yearly"]?.clearedForSale == true)
        #expect(byID["com.example.salestate.yearly"]?.effectiveAvailability.territories == .only(["CAN", "DEU", "JPN", "USA"]))
    }
}
