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
        #expect(
            reread.products.map(\.price).map { $0?.tiers.schedule.map(\.tier) }
                == example.products.map { $0.price?.tiers.schedule.map(\.tier) })
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

    /// Every scalar a reader could fold, drop or refuse (C0, DEL, C1 with NEL, the line and
    /// paragraph separators, a byte-order mark) is read back as written.
    @Test func everyScalarReadsBackAsWritten() throws {
        let scalars = (0x01...0x2FF).map { Unicode.Scalar($0)! } + ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}"]
        for scalar in scalars {
            let text = "a\(Character(scalar))b \(Character(scalar))"
            let rendered = YAMLScalar.render(text)
            let root = try #require(try YAMLParser().parse(Array("k: \(rendered)\n".utf8)).document.root)
            #expect(root.pairs[0].value.scalar?.value == .string(text), "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        #expect(YAMLScalar.render("a\u{85}b") == "\"a\\Nb\"")
    }

    /// The rule as written before ASCII was read as bytes (the reference).
    static func plainSafeReference(_ text: String) -> Bool {
        let reserved: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"]
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " ",
            !reserved.contains(text.lowercased())
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || " ._-/()+'&,!?".unicodeScalars.contains(scalar)
        }
    }

    @Test func plainSafetyOfRandomTextIsTheRuleAsWritten() {
        let pool = (0x20...0x7E).map { Unicode.Scalar($0)! } + ["\u{212A}", "é", "Ö", "金", "٣", "\u{301}", "\u{A0}", "\t"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text.unicodeScalars.append(pool.randomElement(using: &generator)!) }
            #expect(
                YAMLScalar.isPlainSafe(text) == Self.plainSafeReference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for word in ["yes", "Yes", "YES", "no", "On", "oFF", "true", "False", "NULL", "y", "N", "\u{212A}", "Off"] {
            #expect(YAMLScalar.isPlainSafe(word) == Self.plainSafeReference(word), "\(word)")
        }
    }
}
