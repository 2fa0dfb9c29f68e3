import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// One test per list rule, through ``ProductListValidator`` and the JSON reader.
@Suite struct ProductListRuleTests {
    static let catalog: Catalog = {
        let yaml = catalogYAML(
            products: """
                  - { id: com.example.draft, type: consumable, reference_name: Draft coins, status: draft, localizations: { en-US: { display_name: Coins } } }
                  - { id: com.example.hidden, type: consumable, reference_name: Hidden coins, status: approved, cleared_for_sale: false, price: { tier: 1 }, localizations: { en-US: { display_name: Coins } } }
                  - { id: com.example.gone, type: consumable, status: removed }

                """)
        return try! cleanCatalog(yaml)
    }()

    func lint(_ json: String, environment: StoreEnvironment = .production) -> [String] {
        let read = ProductListJSONReader().read(Array(json.utf8), file: "l.json")
        var diagnostics = read.diagnostics
        if let list = read.list {
            diagnostics += ProductListValidator(catalog: Self.catalog).validate(list, environment: environment)
        }
        return render(diagnostics)
    }

    /// ``lint(_:environment:)`` on `marked`, a list with `↓` where each diagnostic should point
    /// (see ``checkMarked(_:sourceLocation:lint:)``); returns the diagnostics without positions.
    func lintMarkedList(
        _ marked: String, environment: StoreEnvironment = .production, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [String] {
        checkMarked(marked, sourceLocation: sourceLocation) { lint($0, environment: environment) }
    }

    @Test func aListOfKnownApprovedProductsIsClean() {
        #expect(lint(#"["com.example.good"]"#) == [])
    }

    @Test func unknownIdentifiersSuggestNearMisses() {
        #expect(
            lintMarkedList(#"[↓"com.example.Good", ↓"com.example.godo", ↓"com.other.thing"]"#) == [
                "error: 'com.example.Good' is not in the catalog: StoreKit would report it as an invalid product identifier; did you mean 'com.example.good'? (identifiers are case-sensitive) [unknown_product_id]",
                "error: 'com.example.godo' is not in the catalog: StoreKit would report it as an invalid product identifier; did you mean 'com.example.good'? [unknown_product_id]",
                "error: 'com.other.thing' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
            ])
    }

    @Test func duplicatesAreWarnings() {
        #expect(
            lintMarkedList("[\n  \"com.example.good\",\n  ↓\"com.example.good\"\n]") == [
                "warning: 'com.example.good' is listed twice (first at line 2) [duplicate_list_entry]"
            ])
    }

    @Test func removedProducts() {
        #expect(
            lintMarkedList(#"[↓"com.example.gone"]"#, environment: .sandbox) == [
                "error: 'com.example.gone' was removed from the App Store; StoreKit reports it as invalid [removed_product_in_list]"
            ])
    }

    @Test func productionListsNameOnlyApprovedProductsThatAreClearedForSale() {
        let json = #"[↓"com.example.draft", ↓"com.example.hidden"]"#
        #expect(
            lintMarkedList(json) == [
                "error: 'com.example.draft' is draft, not approved: StoreKit reports it as invalid in production [unapproved_in_production]",
                "error: 'com.example.hidden' is not cleared for sale: StoreKit reports it as invalid in production [not_cleared_for_sale]",
            ])
        #expect(lint(MarkedText(json).text, environment: .sandbox) == [])
    }

    @Test func malformedEntries() {
        #expect(
            lintMarkedList(#"[↓"", ↓" com.example.good", ↓7, ↓null, ↓{"id": 1}]"#) == [
                "error: empty identifier [malformed_entry]",
                "error: identifier ' com.example.good' has surrounding whitespace; StoreKit would not find 'com.example.good' through it [malformed_entry]",
                "error: expected an identifier string, found a number [malformed_entry]",
                "error: expected an identifier string, found null [malformed_entry]",
                "error: expected an identifier string, found a mapping [malformed_entry]",
            ])
    }

    @Test func v2ListsAreReadFromTheirProductsArray() {
        let json = """
            {
              "version": 2,
              "products": [
                {"id": "com.example.good", "type": "consumable"},
                ↓{"type": "consumable"},
                {"id": ↓"com.example.nope"},
                ↓"com.example.good"
              ]
            }
            """
        #expect(
            lintMarkedList(json) == [
                "error: a product in a v2 list has no 'id' [malformed_entry]",
                "error: 'com.example.nope' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
                "error: expected an identifier string, found a string [malformed_entry]",
            ])
    }

    /// The products of a v2 list are read as the parser completes each one, then dropped from the
    /// document: the findings must not depend on where `version` stands, nor on a second `products`.
    @Test func v2ProductsAreStreamedWhereverTheOtherKeysStand() {
        #expect(
            lintMarkedList(#"{"products": [{"id": "com.example.good"}, {"id": ↓"com.example.nope"}, ↓[]], "version": 2}"#) == [
                "error: 'com.example.nope' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
                "error: expected an identifier string, found a list [malformed_entry]",
            ])
        #expect(
            lintMarkedList(#"{"products": [{"id": "com.example.nope"}], "version": ↓3}"#) == [
                "error: list version 3 is not supported; this iapcat reads versions 1 and 2 [unsupported_format_version]"
            ])
        // A repeated key is reported, and the first `products` (the one streamed) is the list.
        #expect(
            lintMarkedList(#"{"version": 2, "products": [{"id": ↓"com.example.one"}], ↓"products": [{"id": "com.example.two"}]}"#)
                == [
                    "error: 'com.example.one' is not in the catalog: StoreKit would report it as an invalid product identifier [unknown_product_id]",
                    "error: duplicate key 'products' (first at line 1) [duplicate_key]",
                ])
    }

    @Test func listStructureAndVersions() {
        #expect(
            lintMarkedList(#"{"version": ↓3, "products": []}"#) == [
                "error: list version 3 is not supported; this iapcat reads versions 1 and 2 [unsupported_format_version]"
            ])
        #expect(lintMarkedList(#"↓{"products": []}"#) == ["error: a v2 list is missing required field 'version' [missing_field]"])
        #expect(
            lintMarkedList(#"{"version": 2, "products": ↓{}, ↓"extra": 1}"#) == [
                "error: 'products' must be an array, found a mapping [invalid_list_structure]",
                "error: unknown key 'extra' in a v2 list [unknown_key]",
            ])
        #expect(
            lintMarkedList(#"↓"com.example.good""#) == [
                "error: a JSON list must be an array (v1) or an object with 'version' (v2), found a string [invalid_list_structure]"
            ])
        #expect(lintMarkedList("[\"a\",↓]") == ["error: trailing comma before ']' [json_syntax]"])
    }

    @Test func suggestionsStopAfterTheBudgetSoAWrongCatalogStaysFast() {
        let ids = (0..<300).map { "\"com.example.goo\($0 % 10)d\($0)\"" }.joined(separator: ",")
        let diagnostics = lint("[\(ids)]")
        #expect(diagnostics.count == 300)
        #expect(diagnostics.filter { $0.contains("did you mean") }.count <= ProductListValidator.suggestionBudget)
    }
}
