import Testing

@testable import IAPCatalog

@Suite struct CatalogYAMLWriterTests {
    @Test func theExampleRoundTripsThroughTheWriter() throws {
        let example = try ExportTests.exampleCatalog()
        let text = CatalogYAMLWriter().render(example)
        let reread = try cleanCatalog(text)
        #expect(CatalogYAMLWriter().render(reread) == text)
        let (before, after) = (ProductListExporter(catalog: example), ProductListExporter(catalog: reread))
        for format in [ProductListFormat.plist, .v1, .v2] {
            #expect(before.render(format, environment: .sandbox) == after.render(format, environment: .sandbox))
        }
        #expect(reread.products.map(\.price).map { $0?.schedule.map(\.tier) } == example.products.map { $0.price?.schedule.map(\.tier) })
        try expectGolden(text, "example.rewritten.yaml")
    }

    @Test(arguments: [
        ("Coins", "Coins"), ("Level 1 (gold)", "Level 1 (gold)"), ("Münzen", "Münzen"), ("金币", "金币"),
        ("100 Coins", "\"100 Coins\""), ("yes", "\"yes\""), ("NO", "\"NO\""), ("Null", "\"Null\""),
        ("2016-01-17", "\"2016-01-17\""), ("a: b", "\"a: b\""), ("a #b", "\"a #b\""), ("", "\"\""),
        ("trailing ", "\"trailing \""), ("say \"hi\"\n", "\"say \\\"hi\\\"\\n\""), ("bell\u{07}", "\"bell\\x07\""),
        ("-dash", "\"-dash\""), ("*star", "\"*star\""),
    ])
    func scalarsAreQuotedOnlyWhenAReaderCouldMisreadThem(text: String, rendered: String) throws {
        #expect(YAMLScalar.render(text) == rendered)
        let root = try #require(try YAMLParser().parse(Array("k: \(rendered)".utf8)).document.root)
        #expect(root.pairs[0].value.scalar?.value == .string(text))
    }
}
