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

    // MARK: Generated

    /// A small seeded generator (an LCG): the same seed gives the same catalog in every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    /// A catalog written as people write them — comments own-line and inline, blank lines, an
    /// anchor merged into some products, flow and block maps, quoted and plain strings — and the
    /// line each value the test may change stands on.
    static func annotatedCatalog(_ random: inout Seeded) -> String {
        var lines = [
            "# Catalog of a test app.", "format_version: 1", "", "app:", "  bundle_id: com.example.app    # ours",
            "  default_locale: en-US", "",
            "x-defaults:", "  sale: &sale", "    status: approved", "    cleared_for_sale: true", "", "products:",
        ]
        for index in 0..<Int.random(in: 2...6, using: &random) {
            if Bool.random(using: &random) { lines.append("  # Product \(index).") }
            lines.append("  - id: com.example.app.p\(index)" + (Bool.random(using: &random) ? "   # inline" : ""))
            lines.append("    type: non-consumable")
            let name = Bool.random(using: &random) ? "Name \(index)" : "\"Name \(index)\""
            lines.append("    reference_name: \(name)")
            lines.append(Bool.random(using: &random) ? "    <<: *sale" : "    status: approved")
            lines.append("    family_sharing: \(Bool.random(using: &random))")
            if Bool.random(using: &random) {
                lines.append("    price: { storefronts: { USA: \"\(index).99\", DEU: \"\(index).49\" } }")
            } else {
                lines += ["    price:", "      storefronts:", "        USA: \"\(index).99\"   # dollars", "        DEU: '\(index).49'"]
            }
            lines.append("    localizations:")
            if Bool.random(using: &random) {
                lines.append("      en-US: { display_name: Item \(index), description: Thing number \(index) }")
            } else {
                lines += [
                    "      en-US:", "        display_name: Item \(index)", "        # what it is",
                    "        description: Thing number \(index)",
                ]
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Random catalogs, a random set of values changed: the edit changes exactly the lines those
    /// values stand on, and reads back as the changed catalog.
    @Test(arguments: 1...40)
    func theDiffIsExactlyTheChangedValuesLines(seed: UInt64) throws {
        var random = Seeded(state: seed)
        let text = Self.annotatedCatalog(&random)
        let old = try Self.load(text)
        var new = old
        var expected: Set<Int> = []
        for index in new.products.indices {
            let product = old.products[index]
            if Int.random(in: 0..<4, using: &random) == 0 {
                new.products[index].referenceName = (product.referenceName ?? "") + " v2"
                expected.insert(product.positions.referenceName!.line)
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                new.products[index].price?.storefronts[0].amount = "99.99"
                expected.insert(product.price!.storefronts[0].position!.line)
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                new.products[index].localizations[0].displayName = "Renamed"
                expected.insert(product.localizations[0].positions.displayName!.line)
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                new.products[index].appStore.familySharing.toggle()
                expected.insert(product.appStore.positions.familySharing!.line)
            }
        }
        let result = try CatalogTextEditor.edit(Array(text.utf8), from: old, to: new)
        let edited = String(decoding: result.bytes, as: UTF8.self)
        let before = text.split(separator: "\n", omittingEmptySubsequences: false)
        let after = edited.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(before.count == after.count, "seed \(seed):\n\(edited)")
        let changed = Set(zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 })
        #expect(changed == expected, "seed \(seed):\n\(edited)")
        #expect(CatalogYAMLWriter().render(try Self.load(edited)) == CatalogYAMLWriter().render(new), "seed \(seed)")
        // Comments, the anchor and its merges are all still there.
        for line in before where line.contains("#") || line.contains("&sale") || line.contains("*sale") {
            #expect(after.contains { $0.hasPrefix(line.prefix { $0 != "#" }.prefix(8)) && ($0.contains("#") == line.contains("#")) })
        }
        #expect(edited.components(separatedBy: "#").count == text.components(separatedBy: "#").count)
        #expect(edited.components(separatedBy: "*sale").count == text.components(separatedBy: "*sale").count)
    }
}
