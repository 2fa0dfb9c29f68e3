import Testing

@testable import IAPCatalog

@Suite struct YAMLParserTests {
    func parse(_ yaml: String) throws(DocumentSyntaxError) -> ParsedDocument {
        try YAMLParser().parse(Array(yaml.utf8))
    }

    @Test func nodesKeepOneBasedLinesAndCharacterColumns() throws {
        let document = try parse("a:\n  - x\n  - ü: é\n").document
        let root = try #require(document.root)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let list = root.pairs[0].value
        #expect(list.position == SourcePosition(line: 2, column: 3))
        let mapping = list.items[1]
        #expect(mapping.pairs[0].key.position == SourcePosition(line: 3, column: 5))
        // 'é' follows the two-byte 'ü': columns count characters, not bytes.
        #expect(mapping.pairs[0].value.position == SourcePosition(line: 3, column: 8))
        #expect(mapping.pairs[0].value.scalar == Scalar(text: "é", isPlain: true))
    }

    @Test func quotedAndStrTaggedScalarsAreStrings() throws {
        let root = try #require(try parse("[true, 'true', !!str true, 12, \"12\", ~, 1.5]").document.root)
        #expect(
            root.items.map { $0.scalar!.value } == [
                .bool(true), .string("true"), .string("true"), .int(12), .string("12"), .null, .float(1.5),
            ])
    }

    @Test func yesAndNoAreStringsUnderTheCoreSchema() throws {
        let root = try #require(try parse("[yes, no, on, off, NO]").document.root)
        #expect(root.items.map { $0.scalar!.value } == [.string("yes"), .string("no"), .string("on"), .string("off"), .string("NO")])
    }

    @Test func plainScalarsResolvePerTheCoreSchema() throws {
        let yaml =
            "[0x1F, 0o17, -42, +7, 99999999999999999999, 1e3, .5, -.inf, .NaN, 1.2.3, 0x, 0xZZ, -, ., null, Null, nULL, FALSE, tRUE, '', ]"
        let root = try #require(try parse(yaml).document.root)
        let values = root.items.map { $0.scalar!.value }
        #expect(values[0] == .int(31))
        #expect(values[1] == .int(15))
        #expect(values[2] == .int(-42))
        #expect(values[3] == .int(7))
        #expect(values[4] == .float(1e20))
        #expect(values[5] == .float(1000))
        #expect(values[6] == .float(0.5))
        #expect(values[7] == .float(-.infinity))
        if case .float(let nan) = values[8] { #expect(nan.isNaN) } else { Issue.record("\(values[8]) is not NaN") }
        #expect(
            Array(values[9...]) == [
                .string("1.2.3"), .string("0x"), .string("0xZZ"), .string("-"), .string("."), .null, .null, .string("nULL"),
                .bool(false), .string("tRUE"), .string(""),
            ])
    }

    @Test func aliasesShareTheAnchoredNode() throws {
        let root = try #require(try parse("a: &x { k: v }\nb: *x\n").document.root)
        let b = root.pairs[1].value
        #expect(b.kind == .mapping)
        #expect(b.pairs[0].value.scalar?.text == "v")
        // The alias is the anchored node itself, located where the anchor is.
        #expect(b.position == SourcePosition(line: 1, column: 4))
    }

    @Test func mergeKeysAddOnlyKeysNotWrittenExplicitly() throws {
        let yaml = """
            base: &base { a: 1, b: 2 }
            more: &more { c: 3 }
            item:
              b: 20
              <<: [*base, *more]
            """
        let result = try parse(yaml)
        #expect(result.findings.isEmpty)
        let item = try #require(result.document.root).pairs[2].value
        #expect(item.pairs.map { $0.key.scalar!.text } == ["b", "a", "c"])
        #expect(item.pairs.map { $0.value.scalar!.text } == ["20", "1", "3"])
    }

    @Test func duplicateKeysAreFindingsAtTheSecondKey() throws {
        let result = try parse("a: 1\nb: 2\na: 3\n")
        #expect(
            result.findings == [
                DocumentFinding(
                    rule: .duplicateKey, message: "duplicate key 'a' (first at line 1)",
                    position: SourcePosition(line: 3, column: 1), firstPosition: SourcePosition(line: 1, column: 1))
            ])
        #expect(try #require(result.document.root).pairs.count == 2)
    }

    @Test func mergeOfAScalarIsAFinding() throws {
        let result = try parse("a: &s text\nb:\n  <<: *s\n")
        #expect(result.findings.map(\.message) == ["a merge key (<<) needs a mapping or a list of mappings"])
        #expect(result.findings.map(\.position) == [SourcePosition(line: 1, column: 4)])
    }

    @Test func syntaxErrorsCarryLibyamlsProblemAndMark() throws {
        #expect(throws: DocumentSyntaxError("mapping values are not allowed in this context", at: SourcePosition(line: 2, column: 3))) {
            try parse("a: 1\n b: 2\nc: [\n")
        }
        #expect(throws: DocumentSyntaxError("alias *nothing refers to no anchor", at: SourcePosition(line: 1, column: 4))) {
            _ = try parse("a: *nothing\n")
        }
    }

    @Test func invalidUTF8IsLocatedAtTheBadByte() throws {
        let bytes: [UInt8] = Array("a: ok\nb: x".utf8) + [0xFF] + Array("\n".utf8)
        #expect(throws: DocumentSyntaxError("invalid leading UTF-8 octet", at: SourcePosition(line: 2, column: 5))) {
            try YAMLParser().parse(bytes)
        }
    }

    @Test func aSecondDocumentIsRefused() {
        #expect(
            throws: DocumentSyntaxError("a second YAML document (`---`); a catalog is one document", at: SourcePosition(line: 2, column: 1))
        ) {
            try parse("a: 1\n---\nb: 2\n")
        }
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        let yaml = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: DocumentSyntaxError("nesting deeper than 256 levels", at: SourcePosition(line: 1, column: 257))) {
            try parse(yaml)
        }
    }

    @Test func aliasBombsStopAtTheExpansionLimit() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            yaml += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        #expect(throws: DocumentSyntaxError.self) { try parse(yaml) }
        do throws(DocumentSyntaxError) {
            _ = try parse(yaml)
        } catch {
            #expect(error.message == "aliases expand to more than 20000000 nodes (an alias bomb?)")
            #expect(error.position.line == 8)
        }
    }

    @Test func emptyInputHasNoRoot() throws {
        #expect(try parse("").document.root == nil)
        #expect(try parse("# only a comment\n").document.root == nil)
    }
}
