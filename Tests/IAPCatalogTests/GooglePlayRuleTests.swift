import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// The `play_*` rules: Google Play's ids, languages, lengths, regions, prices and fields, each
/// located; App Store rules leave products only Play sells alone.
@Suite struct GooglePlayRuleTests {
    static let app = "{ bundle_id: com.example.app, google_play: { package_name: com.example.app } }"

    static func catalog(_ products: String, app: String = Self.app) -> String {
        catalogYAML(products: products, app: app)
    }

    @Test func productsOnBothStoresAndOnPlayOnlyLintClean() {
        #expect(
            lintCatalog(
                Self.catalog(
                    """
                      - id: com.example.both
                        type: non-consumable
                        reference_name: Both stores
                        localizations: { en-US: { display_name: Both, description: On both stores } }
                        google_play:
                          purchase_options:
                            - { id: buy, legacy_compatible: true, regions: { US: "0.99", JP: "160", NO: "9.90" }, new_regions: { usd: "0.99", eur: "0.99" } }
                            - { id: rent, type: rent, rental_period: P7D, regions: { US: "0.49", FR: { price: "0.49", availability: no_longer_available } } }
                      - id: com.example.monthly
                        type: auto-renewable
                        reference_name: Monthly
                        subscription: { group: pro, duration: P1M, rank: 1 }
                        localizations: { en-US: { display_name: Monthly, description: Every month } }
                        google_play:
                          listings:
                            en-US: { title: Monthly, description: Every month, benefits: [All levels, No ads] }
                          base_plans:
                            - id: monthly
                              regions: { US: "4.99", DE: "4.99" }
                              offers:
                                - id: trial
                                  phases: [{ mode: free-trial, duration: P3D }, { mode: pay-as-you-go, duration: P1M, periods: 2, prices: { US: "1.99", DE: "1.99" } }]
                                - { id: half, eligibility: upgrade, regions: [US], phases: [{ mode: pay-up-front, duration: P3M, discount: 0.5 }] }
                            - { id: yearly-prepaid, type: prepaid, period: P1Y, regions: { US: "39.99" } }
                      - id: com.example.playonly
                        type: consumable
                        stores: [google_play]
                        localizations: { en-US: { display_name: Play gems, description: Only on Play } }
                        google_play: { product_id: gems_10, purchase_options: [{ id: buy, regions: { KR: "1200" } }] }

                    """,
                ) + "subscription_groups:\n  - { id: pro, reference_name: Pro, localizations: { en-US: { name: Pro } } }\n") == [])
    }

    @Test func identifiers() {
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: com.example.upper
                        type: consumable
                        reference_name: Upper
                        localizations: { en-US: { display_name: Upper, description: Upper case } }
                        google_play: { product_id: ↓Gems.Big, purchase_options: [{ id: ↓Buy_1, regions: { US: "0.99" } }, { id: buy-2, regions: { US: "0.99" } }, { id: ↓buy-2, regions: { US: "0.99" } }] }
                      - id: com.example.again
                        type: consumable
                        reference_name: Again
                        localizations: { en-US: { display_name: Again, description: Same Play id } }
                        google_play: { product_id: gems.big2, purchase_options: [{ id: buy, regions: { US: "0.99" } }] }
                      - id: com.example.same
                        type: consumable
                        reference_name: Same
                        localizations: { en-US: { display_name: Same, description: Same Play id } }
                        google_play: { product_id: ↓gems.big2, purchase_options: [{ id: buy, regions: { US: "0.99" } }] }

                    """, app: "{ bundle_id: com.example.app, google_play: { package_name: ↓example } }")) == [
                    "error: package name 'example' is not an Android package name (two or more parts such as com.example.app) [play_identifier]",
                    "error: 'Gems.Big' is not a Play product id: it must start with a lowercase letter or digit and hold only lowercase letters, digits, '_' and '.' [play_identifier]",
                    "error: purchase option 'Buy_1' of 'com.example.upper' has an id Play refuses: a lowercase letter or digit, then lowercase letters, digits and '-', at most 63 characters [play_identifier]",
                    "error: purchase option 'buy-2' of 'com.example.upper' is given twice [play_identifier]",
                    "error: Play product id 'gems.big2' of 'com.example.same' is already the id of 'com.example.again' [play_identifier]",
                ])
        // A subscription's Play id is at most 40 characters; an app selling on Play needs a package name.
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: ↓com.example.monthly.with.a.very.long.identifier
                        type: auto-renewable
                        reference_name: Monthly
                        subscription: { group: pro, duration: P1M, rank: 1 }
                        localizations: { en-US: { display_name: Monthly, description: Every month } }
                        google_play: { base_plans: [{ id: monthly, regions: { US: "4.99" } }] }

                    """, app: "↓{ bundle_id: com.example.app }")
                    + "subscription_groups:\n  - { id: pro, reference_name: Pro, localizations: { en-US: { name: Pro } } }\n"
            ) == [
                "error: products are sold on google_play but app.google_play.package_name is not set; Play names the app by it [play_identifier]",
                "error: Play product id 'com.example.monthly.with.a.very.long.identifier' is 47 characters; a subscription's is at most 40 [play_identifier]",
            ])
    }

    @Test func listings() {
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: com.example.texts
                        type: consumable
                        reference_name: Texts
                        localizations: { en-US: { display_name: Texts, description: Many texts } }
                        google_play:
                          ↓listings:
                            ↓de_DE: { title: Texte, description: Viele Texte }
                            fr-FR: { title: ↓\(String(repeating: "t", count: 56)), description: ↓"", benefits: ↓[Un] }
                            ↓ja-JP: { title: テキスト }
                          purchase_options: [{ id: buy, regions: { US: "0.99" } }]
                      - id: com.example.sub
                        type: auto-renewable
                        reference_name: Sub
                        subscription: { group: pro, duration: P1M, rank: 1 }
                        localizations: { en-US: { display_name: Sub, description: Subscribed } }
                        google_play:
                          listings:
                            en-US: { title: Sub, description: Subscribed, benefits: ↓[a, b, c, d, e] }
                            en-GB: { title: Sub, description: Subscribed, benefits: ↓[\(String(repeating: "b", count: 41))] }
                          base_plans: [{ id: monthly, regions: { US: "4.99" } }]

                    """) + "subscription_groups:\n  - { id: pro, reference_name: Pro, localizations: { en-US: { name: Pro } } }\n"
            ) == [
                "error: the Play listings of 'com.example.texts' have none in the app's default language (en-US) [play_language]",
                "error: 'de_DE' is not a language Play lists products in; did you mean 'de-DE'? [play_language]",
                "error: the title in the fr-FR Play listing of 'com.example.texts' is 56 characters; Play allows 1 to 55 [play_length]",
                "error: the description in the fr-FR Play listing of 'com.example.texts' is 0 characters; Play allows 1 to 200 [play_length]",
                "error: the fr-FR Play listing of 'com.example.texts' lists benefits; only subscriptions have them [play_fields]",
                "error: the ja-JP Play listing of 'com.example.texts' has no description [play_length]",
                "error: the en-US Play listing of 'com.example.sub' lists 5 benefits; Play shows at most 4 [play_length]",
                "warning: a benefit in the en-GB Play listing of 'com.example.sub' is 41 characters; Play Console shows at most 40 [play_length]",
            ])
    }

    @Test func regionsAndPrices() {
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: com.example.priced
                        type: consumable
                        reference_name: Priced
                        localizations: { en-US: { display_name: Priced, description: With prices } }
                        google_play:
                          purchase_options:
                            - id: buy
                              regions:
                                ↓DEU: "0.99"
                                ↓JP: "160.5"
                                ↓US: "0"
                                ↓FR: { availability: available }
                                GB: { availability: no_longer_available }
                                ↓GB: "0.79"
                              new_regions: ↓{ usd: "0.99" }
                            - ↓{ id: nowhere }

                    """)) == [
                    "error: 'DEU' is not a Google Play region (ISO 3166-1 alpha-2, e.g. US); did you mean 'DE'? [play_region]",
                    "error: the JP price '160.5' of purchase option 'buy' of 'com.example.priced' is not a positive amount of JPY (no decimals) [play_price]",
                    "error: the US price '0' of purchase option 'buy' of 'com.example.priced' is not a positive amount of USD (at most 2 decimals) [play_price]",
                    "error: purchase option 'buy' of 'com.example.priced' is available in FR but has no price there [play_missing_price]",
                    "error: duplicate key 'GB' (first at line 23) [duplicate_key]",
                    "error: new_regions of purchase option 'buy' of 'com.example.priced' needs both a usd and an eur price [play_missing_price]",
                    "error: purchase option 'nowhere' of 'com.example.priced' has no regions and no new_regions: Play would sell it nowhere [play_missing_price]",
                ])
    }

    @Test func fieldsThatDoNotFitTheProduct() {
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: com.example.rent
                        type: non-consumable
                        reference_name: Rent
                        localizations: { en-US: { display_name: Rent, description: Rented for a week } }
                        google_play:
                          ↓purchase_options:
                            - ↓{ id: rent, type: rent, regions: { US: "0.99" } }
                            - ↓{ id: rent-b, type: rent, rental_period: P7D, multi_quantity: true, regions: { US: "0.99" } }
                            - { id: buy-a, legacy_compatible: true, regions: { US: "1.99" } }
                            - { id: buy-b, legacy_compatible: true, regions: { US: "1.99" } }
                          ↓base_plans: [{ id: monthly, regions: { US: "4.99" } }]
                      - id: com.example.sub
                        type: auto-renewable
                        reference_name: Sub
                        subscription: { group: pro, duration: P1M, rank: 1 }
                        localizations: { en-US: { display_name: Sub, description: Subscribed monthly } }
                        google_play:
                          ↓purchase_options: [{ id: buy, regions: { US: "0.99" } }]
                          base_plans:
                            - { id: odd, period: ↓P5M, regions: { US: "4.99" } }
                            - id: monthly
                              regions: { US: "4.99", DE: "4.99" }
                              offers:
                                - { id: three, ↓phases: [{ mode: free-trial, duration: P3D }, { mode: free-trial, duration: P3D }, { mode: free-trial, duration: P3D }] }
                                - { id: paid, regions: ↓[US, FR], phases: [↓{ mode: pay-as-you-go, duration: P1M }] }
                                - { id: both, regions: [US], phases: [{ mode: pay-up-front, duration: P1M, ↓prices: { US: "1.99", DE: "1.99" }, discount: 0.5 }] }
                                - { id: missing, phases: [{ mode: pay-as-you-go, duration: P1M, ↓prices: { US: "1.99" } }] }
                                - { id: upfront, regions: [US], phases: [↓{ mode: pay-up-front, duration: P1M, periods: 3, prices: { US: "9.99" } }] }
                      - id: com.example.apple
                        type: consumable
                        stores: ↓[app_store]
                        reference_name: Apple only
                        localizations: { en-US: { display_name: Apple, description: On the App Store only } }
                        google_play: { purchase_options: [{ id: buy, regions: { US: "0.99" } }] }
                      - id: com.example.bare
                        type: consumable
                        stores: ↓[google_play]
                        localizations: { en-US: { display_name: Bare, description: No Play part at all } }

                    """) + "subscription_groups:\n  - { id: pro, reference_name: Pro, localizations: { en-US: { name: Pro } } }\n"
            ) == [
                "error: 'com.example.rent' has 2 legacy-compatible purchase options; Play allows one [play_fields]",
                "error: purchase option 'rent' of 'com.example.rent' is rented but has no rental_period [play_fields]",
                "error: purchase option 'rent-b' of 'com.example.rent' is rented: legacy_compatible and multi_quantity apply to bought options only [play_fields]",
                "error: 'com.example.rent' is a one-time product: Play sells it through purchase_options, not base_plans [play_fields]",
                "error: 'com.example.sub' is a subscription: Play sells it through base_plans, not purchase_options [play_fields]",
                "error: base plan 'odd' of 'com.example.sub' renews every 'P5M'; Play's billing periods are P1W, P4W, P1M, P2M, P3M, P4M, P6M, P8M, P1Y [play_fields]",
                "error: offer 'three' of base plan 'monthly' of 'com.example.sub' has 3 phases; Play takes 1 or 2 [play_fields]",
                "error: offer 'paid' of base plan 'monthly' of 'com.example.sub' runs in FR, where the base plan has no price [play_region]",
                "error: a paid phase of offer 'paid' of base plan 'monthly' of 'com.example.sub' has neither prices nor a discount [play_missing_price]",
                "error: a phase of offer 'both' of base plan 'monthly' of 'com.example.sub' has both prices and a discount; give one [play_fields]",
                "error: a paid phase of offer 'missing' of base plan 'monthly' of 'com.example.sub' has no price in DE, where the offer runs [play_missing_price]",
                "error: a pay-up-front phase of offer 'upfront' of base plan 'monthly' of 'com.example.sub' is one payment for the phase: give its whole length as duration and periods 1 (Play would charge every period) [play_fields]",
                "error: 'com.example.apple' has a google_play part but its stores do not include google_play [play_fields]",
                "error: 'com.example.bare' is sold on google_play but has no google_play part (purchase options or base plans say how it is sold) [play_fields]",
            ])
    }

    @Test func pricesThatDifferFromTheAppStoreAreNoted() {
        let product = """
              - id: com.example.coins
                type: consumable
                reference_name: Coins
                price: { storefronts: { USA: "0.99", JPN: "160", BRA: "5.90" } }
                localizations: { en-US: { display_name: Coins, description: A pouch of coins } }
                google_play: { purchase_options: [{ id: buy, regions: { ↓US: "1.49", JP: "170", BR: "5.90", AR: "0.99" } }] }

            """
        #expect(
            lintMarked(Self.catalog(product)) == [
                "note: 'com.example.coins' costs 0.99 on the App Store in USA and 1.49 on Google Play in US (51 % apart, more than the price_tolerance of 10 %) [play_price_difference]"
            ])
        let tolerant = "{ bundle_id: com.example.app, google_play: { package_name: com.example.app, price_tolerance: 0.6 } }"
        #expect(lintCatalog(MarkedText(Self.catalog(product, app: tolerant)).text) == [])
    }

    /// The writer gives every Play form back: render → read → render is the same text, and the
    /// catalog read back equals the one rendered.
    @Test func everyPlayFormRoundTripsThroughTheWriter() throws {
        let text = try String(contentsOfFile: Fixtures.path("catalogs/google-play.yaml"), encoding: .utf8)
        #expect(lintCatalog(text) == [])
        let catalog = try cleanCatalog(text)
        let written = CatalogYAMLWriter().render(catalog)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("#") }.joined(separator: "\n")
        #expect(written == body)
        #expect(CatalogYAMLWriter().render(try cleanCatalog(written)) == written)
    }

    /// A phase price is an amount: a mapping without one is reported, never exported as free.
    @Test func aPhasePriceWithoutAnAmountIsMissing() {
        #expect(
            lintMarked(
                Self.catalog(
                    """
                      - id: com.example.sub
                        type: auto-renewable
                        reference_name: Sub
                        subscription: { group: pro, duration: P1M, rank: 1 }
                        localizations: { en-US: { display_name: Sub, description: Subscribed monthly } }
                        google_play:
                          base_plans:
                            - id: monthly
                              regions: { US: "4.99" }
                              offers: [{ id: cheap, phases: [{ mode: pay-as-you-go, duration: P1M, prices: { ↓US: {} } }] }]

                    """) + "subscription_groups:\n  - { id: pro, reference_name: Pro, localizations: { en-US: { name: Pro } } }\n"
            ) == [
                "error: a paid phase of offer 'cheap' of base plan 'monthly' of 'com.example.sub' has no amount in US (phase prices are amounts only) [play_missing_price]"
            ])
    }

    /// A tombstone keeps its Play part through the writer (Play never frees an id either).
    @Test func aRemovedProductKeepsItsPlayPart() throws {
        let catalog = try cleanCatalog(
            catalogYAML(
                products: "  - { id: com.example.gone, type: consumable, status: removed, google_play: { product_id: gone_coins } }\n"))
        let written = CatalogYAMLWriter().render(catalog)
        #expect(written.contains("    status: removed\n    google_play:\n      product_id: gone_coins\n"), "\(written)")
    }
}
