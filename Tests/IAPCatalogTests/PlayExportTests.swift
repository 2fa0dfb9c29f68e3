import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// `export --format play-json` and `play-csv`: the Play Developer API's bodies and Play Console's
/// CSV, byte for byte, with Money and micro-units computed from the decimal text.
@Suite struct PlayExportTests {
    @Test func theExamplesPlayBodiesMatchTheirGoldenFile() throws {
        let catalog = try ExportTests.exampleCatalog()
        let bytes = PlayJSONExporter(catalog: catalog).render()
        try expectGolden(ExportTests.text(bytes), "export/example.play.json")
        #expect(PlayJSONExporter(catalog: catalog).render() == bytes)
        // Every body is JSON a client can send: the products only Play sells and those on both.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let oneTime = try #require(document["oneTimeProducts"] as? [[String: Any]])
        #expect(oneTime.map { $0["productId"] as? String } == ["com.example.cosmicquest.coins.small", "film.making_of"])
        #expect((document["subscriptionOffers"] as? [[String: Any]])?.map { $0["offerId"] as? String } == ["free-week"])
    }

    @Test func theExamplesCSVMatchesItsGoldenFileAndNamesWhatItLeavesOut() throws {
        let (bytes, leftOut) = PlayCSVExporter(catalog: try ExportTests.exampleCatalog()).render()
        try expectGolden(ExportTests.text(bytes), "export/example.play.csv")
        #expect(leftOut == ["com.example.cosmicquest.premium.monthly: a subscription (the CSV holds one-time products only)"])
    }

    @Test(arguments: [
        ("0.99", "0", 990_000_000, "990000"), ("160", "160", 0, "160000000"), ("1", "1", 0, "1000000"),
        ("12.5", "12", 500_000_000, "12500000"),
        ("0.000000001", "0", 1, "0"), ("007.10", "7", 100_000_000, "7100000"), ("19999.99", "19999", 990_000_000, "19999990000"),
    ])
    func moneyAndMicrosComeFromTheDecimalText(amount: String, units: String, nanos: Int, micros: String) {
        #expect(PlayMoney.parts(amount) == (units, nanos))
        #expect(PlayMoney.micros(amount) == micros)
    }

    @Test func csvFieldsAndLocaleTextsAreEscaped() {
        #expect(PlayCSVExporter.subValue("a;b\\c") == "a\\;b\\\\c")
        #expect(PlayCSVExporter.csvField("plain") == "plain")
        #expect(PlayCSVExporter.csvField("a, \"b\"") == "\"a, \"\"b\"\"\"")
        #expect(PlayCSVExporter.locale("es-419") == "es_419")
    }
}
