import Foundation
import Testing

@testable import IAPCatalog

/// Large YAML is parsed on two threads and a catalog's products are decoded while the rest is
/// parsed. These tests run the same inputs through the one-thread path and the two-thread path
/// and expect the same documents, catalogs and errors.
@Suite struct PipelinedParsingTests {
    static let oneThread = YAMLParser()
    static let twoThreads: YAMLParser = {
        var parser = YAMLParser()
        parser.pipelineThreshold = 0
        return parser
    }()

    /// Every node with its kind, position and text, in document order.
    func dump(_ node: Node?, indent: String = "") -> String {
        guard let node else { return "(empty)" }
        let head = "\(indent)\(node.kind) \(node.position.line):\(node.position.column)"
        switch node.kind {
        case .scalar:
            let scalar = node.scalar!
            return "\(head) \(scalar.isPlain ? "plain" : "quoted") \(scalar.text)\n"
        case .sequence:
            return head + "\n" + node.items.map { dump($0, indent: indent + "  ") }.joined()
        case .mapping:
            return head + "\n" + node.pairs.map { dump($0.key, indent: indent + "  ") + dump($0.value, indent: indent + "    ") }.joined()
        }
    }

    /// A document of `count` products that is many batches of events long.
    static func bigCatalog(_ count: Int) -> String {
        var yaml = """
            format_version: 1
            app: { bundle_id: com.example.big }
            x-defaults: { live: &live { status: approved, cleared_for_sale: true } }
            products:

            """
        for number in 0..<count {
            yaml += """
                  - id: com.example.big.item\(number)
                    type: \(number % 3 == 0 ? "non-consumable" : "consumable")
                    reference_name: Item \(number)
                    <<: *live
                    price: { tier: \(number % 80 + 1) }
                    localizations:
                      en-US: { display_name: "Item \(number)", description: A thing you can buy }
                      ja: { display_name: アイテム \(number), description: 買えるもの }

                """
        }
        return yaml
    }

    @Test(arguments: [
        "a: 1\nb: [x, 'y', !!str 3]\nc: { d: ~ }\n",
        "base: &b { a: 1, b: 2 }\nitem:\n  b: 20\n  <<: *b\n  a: 3\n  a: 4\n",
        "- &s scalar\n- *s\n- &m { k: [1, 2] }\n- *m\n- <<: bad\n",
        bigCatalog(600),
    ])
    func bothPathsBuildTheSameDocument(yaml: String) throws {
        let one = try Self.oneThread.parse(Array(yaml.utf8))
        let two = try Self.twoThreads.parse(Array(yaml.utf8))
        #expect(dump(one.document.root) == dump(two.document.root))
        #expect(one.findings == two.findings)
    }

    @Test(arguments: [
        // libyaml's own error, after many batches.
        (bigCatalog(300) + "  - [unclosed\n", "did not find expected ',' or ']' while parsing a flow sequence"),
        // Errors found while building, with libyaml still producing batches behind them.
        ("a: *nowhere\n" + bigCatalog(300), "alias *nowhere refers to no anchor"),
        (bigCatalog(300) + "---\nb: 1\n", "a second YAML document (`---`); a catalog is one document"),
        (String(repeating: "[", count: 300) + "\n" + bigCatalog(300), "nesting deeper than 256 levels"),
    ])
    func bothPathsStopAtTheSameError(yaml: String, message: String) {
        var errors: [DocumentSyntaxError] = []
        for parser in [Self.oneThread, Self.twoThreads] {
            do {
                _ = try parser.parse(Array(yaml.utf8))
                Issue.record("parsed without an error")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.count == 2)
        #expect(errors.first?.message.hasPrefix(message) == true, "\(errors.first?.message ?? "")")
        #expect(errors.first == errors.last)
    }

    @Test func streamedProductsAreTheProductsDecodedAfterParsing() throws {
        let bytes = Array(Self.bigCatalog(3_000).utf8)
        #expect(bytes.count > 512 * 1024)
        let streamed = CatalogLoader().load(bytes, file: "big.yaml")
        let parsed = try Self.oneThread.parse(bytes)
        let afterwards = CatalogLoader().decode(parsed.document, findings: parsed.findings, file: "big.yaml")
        let catalog = try #require(streamed.catalog)
        #expect(catalog.products.count == 3_000)
        #expect(catalog.products == afterwards.catalog?.products)
        #expect(streamed.diagnostics == afterwards.diagnostics)
    }

    @Test func aCatalogStreamedFromItsFileLoadsAsFromBytes() throws {
        let bytes = Array((Self.bigCatalog(3_000) + "  - id: com.example.broken\n    type: \u{FF}\n").utf8) + [0xFF, 0x0A]
        let path = NSTemporaryDirectory() + "iapcat-streamed-\(getpid()).yaml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try CatalogLoader().load(path)
        let fromBytes = CatalogLoader().load(bytes, file: path)
        // Invalid UTF-8 at the very end: the file is read to its last byte, and the reader error
        // is located by reading the file again up to it.
        #expect(render(fromFile.diagnostics) == render(fromBytes.diagnostics))
        #expect(render(fromFile.diagnostics).first?.hasSuffix("invalid leading UTF-8 octet [yaml_syntax]") == true)

        let valid = Array(Self.bigCatalog(3_000).utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(valid)))
        let catalog = try #require(try CatalogLoader().load(path).catalog)
        #expect(catalog.products == CatalogLoader().load(valid, file: path).catalog?.products)
        #expect(catalog.products.count == 3_000)
    }

    @Test func releasedItemsKeepTheDocumentAsSmallAsOneItem() throws {
        let bytes = Array(Self.bigCatalog(3_000).utf8)
        var seen = 0
        let stream = ItemStream(key: "products", releasesItems: true) { _, item in
            if item.kind == .mapping { seen += 1 }
        }
        let parsed = try Self.twoThreads.parse(bytes, itemStream: stream)
        #expect(seen == 3_000)
        // The header, the anchored defaults and one placeholder per product: no product's nodes.
        #expect(parsed.document.records.count < 3_000 + 50, "\(parsed.document.records.count) records")
        let products = try #require(parsed.document.root).pairs.first { $0.key.scalar?.text == "products" }?.value
        #expect(products?.items.allSatisfy { $0.scalar?.value == .null } == true)
    }

    @Test func aProductWithAnAnchorStaysForTheAliasesThatFollow() throws {
        let yaml = """
            format_version: 1
            app: { bundle_id: com.example.app }
            products:
              - &base
                id: com.example.base
                type: consumable
                reference_name: Base
                localizations: { en-US: { display_name: Base, description: The first product } }
              - <<: *base
                id: com.example.copy
                reference_name: Copy

            """
        let bytes = Array(yaml.utf8)
        let streamed = CatalogLoader().load(bytes, file: "anchor.yaml")
        let parsed = try Self.oneThread.parse(bytes)
        let afterwards = CatalogLoader().decode(parsed.document, findings: parsed.findings, file: "anchor.yaml")
        #expect(streamed.catalog?.products.map(\.id) == ["com.example.base", "com.example.copy"])
        #expect(streamed.catalog?.products.last?.localizations.first?.displayName == "Base")
        #expect(streamed.catalog?.products == afterwards.catalog?.products)
    }

    @Test func aSecondProductsKeyLeavesTheFirstListInForce() throws {
        let yaml = """
            format_version: 1
            app: { bundle_id: com.example.app }
            products:
              - { id: com.example.first, type: consumable, reference_name: First }
            products:
              - { id: com.example.second, type: consumable, reference_name: Second }
              - { id: com.example.third, type: consumable, reference_name: Third }

            """
        let result = CatalogLoader().load(Array(yaml.utf8), file: "dup.yaml")
        #expect(result.catalog?.products.map(\.id) == ["com.example.first"])
        #expect(render(result.diagnostics) == ["5:1: error: duplicate key 'products' (first at line 3) [duplicate_key]"])
    }

    @Test func productsMergedInFromElsewhereAreDecodedAfterParsing() throws {
        let yaml = """
            format_version: 1
            app: { bundle_id: com.example.app }
            x-shared: &shared
              products:
                - { id: com.example.merged, type: consumable, reference_name: Merged }
            <<: *shared

            """
        let result = CatalogLoader().load(Array(yaml.utf8), file: "merged.yaml")
        #expect(result.catalog?.products.map(\.id) == ["com.example.merged"])
    }
}
