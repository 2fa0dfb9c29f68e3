import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// The catalog editor: a changed value is a changed line, and every other byte stays.
@Suite struct CatalogTextEditorTests {
    static let text = """
        # The team's catalog.
        format_version: 1

        app:
          bundle_id: com.example.app   # the app
          default_locale: en-US

        x-defaults:
          sale: &sale
            status: approved
            family_sharing: true

        products:
          # Coins first.
          - id: com.example.app.coins
            type: non-consumable
            reference_name: 'Coins'
            <<: *sale
            price: { storefronts: { USA: "0.99", DEU: "0.99" } }   # the price
            localizations:
              en-US: { display_name: Coins, description: A pouch of coins }

          - id: com.example.app.gems
            type: non-consumable
            reference_name: Gems       # plain
            status: approved
            price:
              storefronts:
                USA: "1.99"
            localizations:
              en-US:
                display_name: Gems
                description: A bag of gems

        """

    static func load(_ text: String) throws -> Catalog {
        let result = CatalogLoader().load(Array(text.utf8), file: "catalog.yaml")
        let catalog = try #require(result.catalog)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.text))")
        return catalog
    }

    static func edit(_ text: String, _ change: (inout Catalog) -> Void) throws -> (String, [CatalogChange]) {
        let old = try load(text)
        var new = old
        change(&new)
        let result = try CatalogTextEditor.edit(Array(text.utf8), from: old, to: new)
        let edited = String(decoding: result.bytes, as: UTF8.self)
        let back = try load(edited)
        #expect(CatalogYAMLWriter().render(back) == CatalogYAMLWriter().render(new))
        return (edited, result.changes)
    }

    @Test func theSameCatalogGivesTheSameBytes() throws {
        let (edited, changes) = try Self.edit(Self.text) { _ in }
        #expect(edited == Self.text)
        #expect(changes.isEmpty)
    }

    @Test func aPriceInAFlowMapChangesInPlaceAndItsCommentKeepsItsColumn() throws {
        let (edited, changes) = try Self.edit(Self.text) { $0.products[0].price?.storefronts[0].amount = "10.99" }
        #expect(
            edited
                == Self.text.replacingOccurrences(
                    of: #"{ USA: "0.99", DEU: "0.99" } }   # the price"#, with: #"{ USA: "10.99", DEU: "0.99" } }   # the price"#))
        #expect(changes.map(\.description) == ["price.storefronts.USA: 0.99 → 10.99"])
    }

    @Test func aScalarKeepsItsQuotingAndTheSpacesBeforeAComment() throws {
        let (edited, _) = try Self.edit(Self.text) {
            $0.products[0].referenceName = "Coins (big)"
            $0.products[1].referenceName = "Gems!"
        }
        #expect(
            edited
                == Self.text.replacingOccurrences(of: "reference_name: 'Coins'", with: "reference_name: 'Coins (big)'")
                .replacingOccurrences(of: "reference_name: Gems       # plain", with: "reference_name: Gems!      # plain"))
    }

    @Test func aMergedValueGetsAnOverrideAndTheAnchorStays() throws {
        let (edited, changes) = try Self.edit(Self.text) { $0.products[0].status = .draft }
        #expect(
            edited
                == Self.text.replacingOccurrences(
                    of: "    reference_name: 'Coins'\n", with: "    reference_name: 'Coins'\n    status: draft\n"))
        #expect(changes.map(\.description) == ["status: approved → draft"])
    }

    @Test func aMergedFlagTurnedOffIsWrittenFalseOverTheMerge() throws {
        let (edited, changes) = try Self.edit(Self.text) { $0.products[0].appStore.familySharing = false }
        #expect(
            edited
                == Self.text.replacingOccurrences(
                    of: "    reference_name: 'Coins'\n", with: "    reference_name: 'Coins'\n    family_sharing: false\n"))
        #expect(changes.map(\.description) == ["family_sharing: true → false"])
    }

    @Test func aNewKeyGoesWhereTheWriterPutsItInTheBlockStyleAround() throws {
        let (edited, _) = try Self.edit(Self.text) {
            $0.products[1].price?.storefronts.append(StorefrontPrice(storefront: "JPN", amount: "300"))
            $0.products[1].localizations.append(Localization(locale: "de-DE", displayName: "Edelsteine", description: "Ein Beutel"))
        }
        #expect(
            edited
                == Self.text.replacingOccurrences(of: "        USA: \"1.99\"\n", with: "        USA: \"1.99\"\n        JPN: \"300\"\n")
                .replacingOccurrences(
                    of: "        description: A bag of gems\n",
                    with:
                        "        description: A bag of gems\n      de-DE:\n        display_name: Edelsteine\n        description: Ein Beutel\n"
                ))
    }

    @Test func aNewKeyInAFlowMapGoesInItsFlowStyle() throws {
        let (edited, _) = try Self.edit(Self.text) {
            $0.products[0].price?.storefronts.append(StorefrontPrice(storefront: "JPN", amount: "160"))
        }
        #expect(edited == Self.text.replacingOccurrences(of: #"DEU: "0.99" }"#, with: #"DEU: "0.99", JPN: "160" }"#))
    }

    @Test func aRemovedValueTakesItsLineOrItsFlowEntry() throws {
        let (edited, changes) = try Self.edit(Self.text) {
            $0.products[0].price?.storefronts.removeAll { $0.storefront == "DEU" }
            $0.products[1].localizations[0].description = nil
        }
        #expect(
            edited
                == Self.text.replacingOccurrences(of: #"{ USA: "0.99", DEU: "0.99" }"#, with: #"{ USA: "0.99" }"#)
                .replacingOccurrences(of: "        description: A bag of gems\n", with: ""))
        #expect(
            changes.map(\.description) == [
                "price.storefronts.DEU: removed (was 0.99)", "localizations.en-US.description: removed (was A bag of gems)",
            ])
    }

    @Test func aNewProductIsAppendedApartLikeTheOthersAndARemovedOneGoesWithItsBlankLine() throws {
        var product = Product(id: "com.example.app.stars", type: .consumable, referenceName: "Stars", status: .draft)
        product.localizations = [Localization(locale: "en-US", displayName: "Stars", description: "Shiny")]
        let (added, _) = try Self.edit(Self.text) { $0.products.append(product) }
        #expect(
            added
                == Self.text + """

                      - id: com.example.app.stars
                        type: consumable
                        reference_name: Stars
                        status: draft
                        localizations:
                          en-US:
                            display_name: Stars
                            description: Shiny

                    """)
        let (removed, changes) = try Self.edit(Self.text) { $0.products.removeLast() }
        #expect(removed == String(Self.text[..<Self.text.range(of: "\n  - id: com.example.app.gems")!.lowerBound]))
        #expect(changes.map(\.description) == ["product removed"])
    }

    @Test func aFileWithCRLFLineEndsGetsCRLFInWhatIsInserted() throws {
        let text = Self.text.replacingOccurrences(of: "\n", with: "\r\n")
        let (edited, _) = try Self.edit(text) {
            $0.products[1].price?.storefronts.append(StorefrontPrice(storefront: "JPN", amount: "300"))
            $0.products[1].referenceName = "Gems (bag)"
        }
        #expect(
            edited
                == text.replacingOccurrences(of: "        USA: \"1.99\"\r\n", with: "        USA: \"1.99\"\r\n        JPN: \"300\"\r\n")
                .replacingOccurrences(of: "reference_name: Gems       # plain", with: "reference_name: Gems (bag) # plain"))
    }

    @Test func aBlockScalarChangesUpToItsLastLineAndTheNextKeyStays() throws {
        let text = Self.text.replacingOccurrences(
            of: "        description: A bag of gems\n",
            with: "        description: |\n          A bag\n          of gems\n\n        # after\n")
        let (edited, _) = try Self.edit(text) { $0.products[1].localizations[0].description = "A sack" }
        #expect(edited == text.replacingOccurrences(of: "|\n          A bag\n          of gems\n", with: "A sack\n"))
    }

    @Test func aByteOrderMarkKeepsTheFirstLinesOffsets() throws {
        let text =
            "\u{FEFF}"
            + #"{ format_version: 1, app: { bundle_id: com.example.app, default_locale: en-US }, products: [{ id: com.example.app.coins, type: consumable, reference_name: Coins, status: draft }] }"#
            + "\n"
        let (edited, _) = try Self.edit(text) { $0.products[0].referenceName = "Gold" }
        #expect(edited == text.replacingOccurrences(of: "reference_name: Coins", with: "reference_name: Gold"))
    }

    @Test func eachStoreKeepsItsOwnMarkAboveAnItem() throws {
        let old = try Self.load(Self.text)
        let prefix = "iapcat: not found in "
        func mark(_ text: String, _ store: String, _ ids: [String]) throws -> String {
            let marks = Dictionary(uniqueKeysWithValues: ids.map { ($0, prefix + store + " when last pulled; kept") })
            let result = try CatalogTextEditor.edit(
                Array(text.utf8), from: old, to: old, marks: marks, markPrefix: prefix + store, markFamily: prefix)
            return String(decoding: result.bytes, as: UTF8.self)
        }
        let asc = try mark(Self.text, "App Store Connect", ["com.example.app.gems"])
        let both = try mark(asc, "Google Play", ["com.example.app.gems"])
        #expect(
            both
                == Self.text.replacingOccurrences(
                    of: "  - id: com.example.app.gems\n",
                    with: "  # iapcat: not found in App Store Connect when last pulled; kept\n"
                        + "  # iapcat: not found in Google Play when last pulled; kept\n  - id: com.example.app.gems\n"))
        #expect(try mark(both, "App Store Connect", ["com.example.app.gems"]) == both)
        #expect(
            try mark(both, "App Store Connect", [])
                == Self.text.replacingOccurrences(
                    of: "  - id: com.example.app.gems\n",
                    with: "  # iapcat: not found in Google Play when last pulled; kept\n  - id: com.example.app.gems\n"))
    }

    @Test func aTierInAFlowMapBecomesTheStoresPrices() throws {
        let text = Self.text.replacingOccurrences(of: #"price: { storefronts: { USA: "0.99", DEU: "0.99" } }"#, with: "price: { tier: 1 }")
        let (edited, changes) = try Self.edit(text) {
            $0.products[0].price = Price(storefronts: [
                StorefrontPrice(storefront: "USA", amount: "0.99"), StorefrontPrice(storefront: "JPN", amount: "210"),
            ])
        }
        #expect(
            edited == text.replacingOccurrences(of: "price: { tier: 1 }", with: #"price: { storefronts: { USA: "0.99", JPN: "210" } }"#))
        #expect(changes.map(\.description) == ["price.storefronts: added 2 keys", "price.tier: removed (was 1)"])
    }

    @Test func emptyFlowCollectionsTakeTheirNewEntriesWhole() throws {
        var product = Product(id: "com.example.app.stars", type: .consumable, referenceName: "Stars", status: .draft)
        product.localizations = [Localization(locale: "en-US", displayName: "Stars", description: "Shiny")]
        let text = "format_version: 1\napp: { bundle_id: com.example.app, default_locale: en-US }\nproducts: []   # none yet\n"
        let (edited, _) = try Self.edit(text) {
            $0.products = [product, Product(id: "com.example.app.moons", type: .consumable, referenceName: "Moons", status: .draft)]
        }
        #expect(
            edited
                == "format_version: 1\napp: { bundle_id: com.example.app, default_locale: en-US }\nproducts: [{ id: com.example.app.stars, "
                + "type: consumable, reference_name: Stars, status: draft, localizations: { en-US: { display_name: Stars, description: Shiny } } }, "
                + "{ id: com.example.app.moons, type: consumable, reference_name: Moons, status: draft }]   # none yet\n")
    }

    // MARK: Generated

    /// Random annotated catalogs (``AnnotatedCatalog``), a random set of values changed in the
    /// model: the edit is exactly the text with those values changed by hand — same lines, same
    /// bytes — and reads back as the changed catalog.
    @Test(arguments: 1...60)
    func theEditIsExactlyTheChangedValues(seed: UInt64) throws {
        let annotated = AnnotatedCatalog(seed: seed)
        let old = try Self.load(annotated.text)
        var new = old
        let sites = annotated.someSites(seed: seed)
        for site in sites {
            switch site.field {
            case .referenceName: new.products[site.product].referenceName = site.new
            case .usaPrice: new.products[site.product].price?.storefronts[0].amount = site.new
            case .displayName: new.products[site.product].localizations[0].displayName = site.new
            case .description: new.products[site.product].localizations[0].description = site.new
            }
        }
        // And a flag turned, where the product writes it.
        let flagged = Int(seed % UInt64(old.products.count))
        new.products[flagged].appStore.familySharing.toggle()
        let flag = old.products[flagged].appStore.familySharing
        let expected = annotated.changing(sites).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index + 1 == old.products[flagged].appStore.positions.familySharing?.line
                ? line.replacingOccurrences(of: "family_sharing: \(flag)", with: "family_sharing: \(!flag)") : String(line)
        }.joined(separator: "\n")

        let result = try CatalogTextEditor.edit(Array(annotated.text.utf8), from: old, to: new)
        let edited = String(decoding: result.bytes, as: UTF8.self)
        #expect(edited == expected, "seed \(seed)")
        #expect(result.changes.count == sites.count + 1, "seed \(seed)")
        #expect(CatalogYAMLWriter().render(try Self.load(edited)) == CatalogYAMLWriter().render(new), "seed \(seed)")
    }
}
