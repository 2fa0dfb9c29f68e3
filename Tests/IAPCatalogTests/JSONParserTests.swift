import Testing

@testable import IAPCatalog

@Suite struct JSONParserTests {
    @Test func aDocumentOverTheNodeLimitSaysSoWithoutBlamingAliases() {
        do throws(DocumentSyntaxError) {
            _ = try JSONParser(limits: DocumentLimits(maximumExpandedNodes: 5)).parse(Array("[1, 2, 3, 4, 5, 6]".utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.message == "the document has more than 5 nodes, the most iapcat reads")
        }
        #expect(InputFile.describe(bytes: 64 << 10) == "64 KiB")
        #expect(InputFile.describe(bytes: 64 << 20) == "64 MiB")
        #expect(InputFile.describe(bytes: 1000) == "1000 bytes")
    }

    func parse(_ json: String) throws(DocumentSyntaxError) -> ParsedDocument {
        try JSONParser().parse(Array(json.utf8))
    }

    func error(_ json: String) -> DocumentSyntaxError? {
        do throws(DocumentSyntaxError) {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesKeepLineAndCharacterColumn() throws {
        let root = try #require(try parse("{\n  \"ü\": [1, \"é\", true],\n  \"b\": null\n}").document.root)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let array = root.pairs[0].value
        #expect(root.pairs[0].key.position == SourcePosition(line: 2, column: 3))
        #expect(array.position == SourcePosition(line: 2, column: 8))
        #expect(array.items.map(\.position.column) == [9, 12, 17])
        #expect(array.items.map { $0.scalar!.value } == [.int(1), .string("é"), .bool(true)])
        #expect(root.pairs[1].value.scalar?.value == .null)
    }

    @Test func escapesDecode() throws {
        let root = try #require(try parse(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00"]"#).document.root)
        #expect(root.items[0].scalar?.text == "a\"b\\c/d\né😀")
    }

    @Test func duplicateKeysAreFindings() throws {
        let result = try parse("{\"a\": 1,\n \"a\": 2}")
        #expect(result.findings.map(\.message) == ["duplicate key 'a' (first at line 1)"])
        #expect(result.findings.map(\.position) == [SourcePosition(line: 2, column: 2)])
    }

    /// Read as a value (a saved plan, an API's answer), a member given twice is refused at its second place, naming it
    /// and where it was first given: jq, Python and JavaScript take the last value, the document the first.
    @Test(arguments: [
        (
            "{\"format\": \"x\",\n \"catalog\": {\"sha256\": \"a\", \"sha256\": \"b\"}}",
            #""catalog.sha256" appears more than once (first at line 2, column 14)"#, 2, 29
        ),
        (#"[{"a": [1, {"b": 1, "b": 2}]}]"#, #""[0].a[1].b" appears more than once (first at line 1, column 13)"#, 1, 21),
        // The earliest in the file: the member whose second value holds another duplicate.
        (#"{"a": 1, "a": {"b": 1, "b": 2}}"#, #""a" appears more than once (first at line 1, column 2)"#, 1, 10),
    ])
    func aValueReaderRefusesAMemberGivenTwice(json: String, message: String, line: Int, column: Int) {
        #expect(throws: DocumentSyntaxError(message, at: SourcePosition(line: line, column: column))) {
            try JSONValueReader.read(Array(json.utf8))
        }
        // The same member name in two objects is no duplicate.
        #expect(
            (try? JSONValueReader.read(Array(#"[{"a": 1}, {"a": 2}]"#.utf8)))
                == .array([.object([("a", .int(1))]), .object([("a", .int(2))])]))
    }

    @Test(arguments: [
        ("", "the file is empty; expected a JSON value", 1, 1),
        ("[1,]", "trailing comma before ']'", 1, 4),
        ("[01]", "a number may not have a leading zero", 1, 2),
        ("{'a': 1}", #"unexpected "'"; expected a string key"#, 1, 2),
        ("[\"a\\x\"]", "invalid escape '\\x'", 1, 4),
        ("[\"\\ud800\"]", "lone surrogate \\uD800", 1, 3),
        ("[\"a\nb\"]", "unterminated string (a raw line break in a string)", 1, 4),
        ("[1] x", "unexpected 'x' after the JSON value", 1, 5),
        ("[1, // comment\n2]", "unexpected '/'; expected a value", 1, 5),
        ("[\n  \"a\",\n  tru\n]", "unexpected 't'; expected a value", 3, 3),
        ("{\"a\" 1}", "unexpected '1'; expected ':' after the key", 1, 6),
        ("[1.]", "a number needs digits after '.'", 1, 4),
    ])
    func malformedJSONIsLocated(json: String, message: String, line: Int, column: Int) {
        #expect(error(json) == DocumentSyntaxError(message, at: SourcePosition(line: line, column: column)))
    }

    @Test func invalidUTF8InAStringIsLocated() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: DocumentSyntaxError("invalid UTF-8 in a string", at: SourcePosition(line: 1, column: 5))) {
            try JSONParser().parse(bytes)
        }
    }

    @Test func utf16IsRefusedWithAClearMessage() {
        #expect(throws: DocumentSyntaxError("the file is UTF-16; JSON lists must be UTF-8", at: .start)) {
            try JSONParser().parse([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00])
        }
    }

    @Test func aUTF8ByteOrderMarkIsTolerated() throws {
        let root = try #require(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[\"a\"]".utf8)).document.root)
        #expect(root.items.map(\.position) == [SourcePosition(line: 1, column: 2)])
    }

    @Test func deepNestingIsRefused() {
        #expect(
            error(String(repeating: "[", count: 10_000))
                == DocumentSyntaxError("nesting deeper than 256 levels", at: SourcePosition(line: 1, column: 257)))
    }
}
