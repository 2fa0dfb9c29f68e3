import IAPCatTestSupport
import Testing

@testable import IAPCatalog

@Suite struct PlistReaderTests {
    func read(_ name: String) throws -> (list: ProductList?, diagnostics: [String]) {
        let result = PlistReader().read(try Fixtures.bytes(name), file: name)
        return (result.list, render(result.diagnostics))
    }

    func entries(_ list: ProductList?) -> [String] {
        (list?.entries ?? []).map { entry in
            let place = entry.location.line.map { "\($0):\(entry.location.column ?? 0)" } ?? "[\(entry.location.index ?? -1)]"
            switch entry.value {
            case .identifier(let id): return "\(place) \(id)"
            case .notAString(let what): return "\(place) (\(what))"
            }
        }
    }

    @Test func realAppPlistsParseWithTheirLines() throws {
        let bandit = try read("real/bandit4e_product_ids.plist")
        #expect(bandit.diagnostics == [])
        #expect(entries(bandit.list) == ["5:10 com.bandit4e.full_version"])
        // DOCTYPE split over two lines, spaces for indentation, no final newline.
        let stepper = try read("real/m7stepcounter_product_ids.plist")
        #expect(stepper.diagnostics == [])
        #expect(entries(stepper.list) == ["6:17 com.minddiaper.stepster.disableAds"])
    }

    @Test func severalEntriesOnOneLineGetTheirOwnColumns() throws {
        let minified = try read("plists/minified.plist")
        #expect(entries(minified.list) == ["2:37 com.example.good", "2:71 (<integer>)", "2:90 com.example.Good"])
    }

    /// A minified plist (every entry on one line) once took quadratic time: 40,000 entries 26 s.
    /// Each entry's column is still exact, and 100,000 entries read in well under the old time
    /// of 10,000.
    @Test func aMinifiedPlistIsReadInLinearTimeWithExactColumns() throws {
        let count = 100_000
        var line = #"<plist version="1.0"><array>"#
        var characters = line.count  // counted as the line grows: String.count is linear
        var expected: [String] = []
        for index in 0..<count {
            let id = index % 2 == 0 ? "com.example.ü\(index)" : "com.example.p\(index)"
            expected.append("2:\(characters + "<string>".count + 1) \(id)")
            line += "<string>" + id + "</string>"
            characters += "<string>".count + id.count + "</string>".count
        }
        let text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + line + "</array></plist>\n"
        var result = PlistReader().read([], file: "min.plist")
        let elapsed = ThreadCPUTime.measure { result = PlistReader().read(Array(text.utf8), file: "min.plist") }
        let read = entries(result.list)
        #expect(read.count == count)
        #expect(read.first == expected.first)
        #expect(read.last == expected.last)
        #expect(read == expected)
        #expect(elapsed < .seconds(10), "reading \(count) entries on one line took \(elapsed)")
    }

    /// Text comes from libxml2 in pieces (entity and character references, CDATA); an entry's
    /// value is all of its own text, without that of elements inside it. Empty elements are
    /// located after `/>`.
    @Test func anEntrysTextIsJoinedFromEveryPiece() throws {
        let text = """
            <plist version="1.0"><array>
            <string>com.&amp;a<![CDATA[.b]]>&#46;c<!-- note --><i>x</i>.d</string>
              <true/><string/>
            </array></plist>
            """
        let result = PlistReader().read(Array(text.utf8), file: "p.plist")
        #expect(result.diagnostics.isEmpty)
        #expect(entries(result.list) == ["2:9 com.&a.b.c.d", "3:10 (<true>)", "3:19 "])
    }

    @Test func binaryPlistsAreLocatedByIndex() throws {
        let binary = try read("plists/binary.plist")
        #expect(binary.list?.isBinary == true)
        #expect(entries(binary.list) == ["[0] com.example.good", "[1] (a number)", "[2] com.example.nope"])
        #expect(
            try read("plists/binary-dict.plist").diagnostics == [
                "-: error: a product-ID plist must hold an array of strings [invalid_list_structure]"
            ])
    }

    @Test func externalEntitiesAreNeverResolved() throws {
        let result = try read("plists/xxe.plist")
        #expect(result.list == nil)
        #expect(
            result.diagnostics == ["3:3: error: the plist declares an XML entity; iapcat never expands or fetches entities [xml_entities]"])
    }

    @Test func entityBombsAreRefusedBeforeParsing() throws {
        var result = try read("plists/binary.plist")
        let elapsed = try ThreadCPUTime.measure { result = try read("plists/entity-bomb.plist") }
        #expect(elapsed < .seconds(1))
        #expect(
            result.diagnostics == ["3:2: error: the plist declares an XML entity; iapcat never expands or fetches entities [xml_entities]"])
    }

    @Test func malformedXMLIsReportedWithLibxml2sPosition() throws {
        #expect(
            try read("plists/malformed.plist").diagnostics == [
                "5:38: error: Opening and ending tag mismatch: string line 5 and strin [plist_syntax]"
            ])
    }

    @Test func aPlistThatIsNotAnArrayIsAStructureError() throws {
        #expect(
            try read("plists/dict.plist").diagnostics == [
                "2:1: error: a product-ID plist must hold one <array> of <string>s, found <dict> [invalid_list_structure]"
            ])
    }

    @Test func theRemoteDTDIsNeverFetched() throws {
        // The Apple DOCTYPE names http://www.apple.com/DTDs/…; parsing must neither fetch nor need it.
        let bytes = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://127.0.0.1:9/PropertyList-1.0.dtd">
            <plist version="1.0"><array><string>a.b</string></array></plist>
            """.utf8)
        let result = PlistReader().read(bytes, file: "p.plist")
        #expect(result.diagnostics.isEmpty)
        #expect(result.list?.identifiers == ["a.b"])
    }
}
