import Testing

@testable import IAPCatalog

/// One test per catalog rule: the exact message, location and severity.
@Suite struct CatalogRuleTests {
    @Test func theBaseCatalogIsClean() {
        #expect(lintCatalog(catalogYAML()) == [])
    }

    @Test func invalidProductID() {
        let long = "com.example." + String(repeating: "x", count: 89)
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - { id: ↓"com.example.bad id", type: consumable, reference_name: Bad one, localizations: { en-US: { display_name: Hi } } }
                          - { id: ↓"com.example.ümlaut", type: consumable, reference_name: Bad two, localizations: { en-US: { display_name: Hi } } }
                          - { id: ↓\(long), type: consumable, reference_name: Bad three, localizations: { en-US: { display_name: Hi } } }

                        """)) == [
                    "error: product id 'com.example.bad id' contains a space; allowed are letters, digits, '.', '-' and '_' [invalid_product_id]",
                    "error: product id 'com.example.ümlaut' contains U+FC; allowed are letters, digits, '.', '-' and '_' [invalid_product_id]",
                    "error: product id '\(long)' is 101 characters; App Store Connect allows at most 100 [invalid_product_id]",
                ])
    }

    @Test func duplicateProductID() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - { id: ↓com.example.good, type: consumable, reference_name: Again, localizations: { en-US: { display_name: Hi } } }

                        """)) == ["error: duplicate product id 'com.example.good' (first at line 4) [duplicate_product_id]"])
    }

    @Test func reusedRemovedID() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - { id: com.example.old, type: consumable, status: removed }
                          - { id: ↓com.example.old, type: non-consumable, reference_name: New old, localizations: { en-US: { display_name: Hi } } }

                        """)) == [
                    "error: product id 'com.example.old' belongs to a removed product (line 11); App Store Connect never accepts a used identifier again [reused_removed_id]"
                ])
    }

    @Test func subscriptionFields() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - ↓id: com.example.sub
                            type: auto-renewable
                            reference_name: Monthly
                            localizations: { en-US: { display_name: Monthly } }
                          - id: com.example.pass
                            type: non-renewing
                            reference_name: Season pass
                            localizations: { en-US: { display_name: Pass } }
                            ↓subscription: { group: g, duration: P1M }
                          - { id: com.example.gone, type: auto-renewable, status: removed }

                        """)) == [
                    "error: auto-renewable product 'com.example.sub' needs 'subscription' with a group and a duration [subscription_fields]",
                    "error: 'subscription' is only for auto-renewable products; 'com.example.pass' is non-renewing [subscription_fields]",
                ])
    }

    @Test func subscriptionGroupsAndRanks() {
        let sub = { (id: String, group: String, rank: String) in
            "  - { id: \(id), type: auto-renewable, reference_name: Sub \(id.suffix(1)), localizations: { en-US: { display_name: Sub } }, subscription: { group: \(group), duration: P1M, rank: \(rank) } }\n"
        }
        let groups = """
              - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }
              - { id: ↓premium, reference_name: Premium 2, localizations: { en-US: { name: Premium } } }
              - { id: ↓unused, reference_name: Unused, localizations: { en-US: { name: Unused } } }

            """
        #expect(
            lintMarked(
                catalogYAML(
                    products: sub("com.example.a", "premium", "1") + sub("com.example.b", "premium", "↓1")
                        + sub("com.example.c", "↓premum", "2"),
                    groups: groups)) == [
                    "note: 'com.example.b' has rank 1 in group 'premium', as 'com.example.a' has (a crossgrade) [duplicate_subscription_rank]",
                    "error: subscription group 'premum' is not defined in subscription_groups; did you mean 'premium'? [unknown_subscription_group]",
                    "error: duplicate subscription group id 'premium' (first at line 15) [duplicate_subscription_group]",
                    "warning: no product belongs to subscription group 'unused' [unused_subscription_group]",
                ])
    }

    /// A catalog that syncs with App Store Connect says whether organizations buy each
    /// subscription in seats (App Store Connect sells multiseat by default); Family Sharing turns
    /// multiseat off, so the two together are an error.
    @Test func multiseatIsSaidAndNotWithFamilySharing() {
        let sub = { (id: String, extra: String) in
            "  - { id: \(id), type: auto-renewable, reference_name: Sub \(id.suffix(1)), localizations: { en-US: { display_name: Sub } }, \(extra)}\n"
        }
        let groups = "  - { id: g, reference_name: Group, localizations: { en-US: { name: Group } } }\n"
        #expect(
            lintMarked(
                catalogYAML(
                    products: sub("com.example.a", "subscription: ↓{ group: g, duration: P1M } ")
                        + sub(
                            "com.example.b",
                            "family_sharing: true, subscription: { group: g, duration: P1M, multiseat: { enabled: ↓true } } ")
                        + sub(
                            "com.example.c",
                            "subscription: { group: g, duration: P1M, multiseat: { enabled: true, markets: [app_store, apple_school] } } ")
                        + sub(
                            "com.example.d",
                            "family_sharing: true, subscription: { group: g, duration: P1M, multiseat: { enabled: false } } ")
                        + sub(
                            "com.example.f",
                            "subscription: { group: g, duration: P1M, multiseat: { enabled: true, markets: [↓app_stor] } } "),
                    groups: groups, app: "{ bundle_id: com.example.app, apple_id: \"123\" }")) == [
                    "note: 'com.example.a' does not say whether organizations may buy it in seats; App Store Connect sells multiseat by default since 2026-09-16: add 'multiseat: { enabled: true }' or '{ enabled: false }' [multiseat_unsaid]",
                    "error: 'com.example.b' has Family Sharing, which App Store Connect turns multiseat off for: set 'enabled: false' [multiseat_family_sharing]",
                    "error: expected a multiseat market to be one of app_store, apple_business, apple_school, found 'app_stor'; did you mean 'app_store'? [invalid_value]",
                ])
        // Without app.apple_id the catalog does not sync with App Store Connect: nothing to note.
        #expect(lintMarked(catalogYAML(products: sub("com.example.a", "subscription: { group: g, duration: P1M } "), groups: groups)) == [])
    }

    @Test func aOneTimePurchasesOfferCodesAreWhatAppStoreConnectAccepts() {
        let product = { (id: String, type: String, codes: String) in
            "  - { id: \(id), type: \(type), reference_name: P \(id.suffix(1)), localizations: { en-US: { display_name: Pack } }, offer_codes: \(codes) }\n"
        }
        #expect(
            lintMarked(
                catalogYAML(
                    products: product(
                        "com.example.a", "consumable",
                        "[{ reference_name: Half, eligibility: [non_spender], prices: { USA: \"0.49\" }, custom_codes: [{ code: HALF, count: 5 }] }, "
                            + "↓↓{ reference_name: Free }, { reference_name: ↓Half, eligibility: [active_spender], prices: { USA: \"0.49\" } }]"
                    )
                        + product(
                            "com.example.b", "non-renewing",
                            "[{ reference_name: Back, eligibility: [churned_spender], prices: { USA: \"1.99\" }, custom_codes: [↓{ code: HALF, count: 1 }, ↓{ code: ZERO, count: 0 }] }]"
                        )
                        + "  - { id: com.example.c, type: auto-renewable, reference_name: Sub c, localizations: { en-US: { display_name: Sub } }, "
                        + "subscription: { group: g, duration: P1M }, ↓offer_codes: [{ reference_name: X, eligibility: [non_spender], prices: { USA: \"1.99\" } }] }\n",
                    groups: "  - { id: g, reference_name: Group, localizations: { en-US: { name: Group } } }\n")) == [
                    "error: offer code 'Free' of 'com.example.a' needs 'eligibility': non_spender, active_spender or churned_spender [purchase_offer_code]",
                    "error: offer code 'Free' of 'com.example.a' needs 'prices' (per storefront, e.g. USA: \"0.99\") [purchase_offer_code]",
                    "error: offer code 'Half' of 'com.example.a' is named twice; offer codes are told apart by name [purchase_offer_code]",
                    "error: custom code 'HALF' of offer code 'Back' of 'com.example.b' is already a code of 'com.example.a' [purchase_offer_code]",
                    "error: custom code 'ZERO' of offer code 'Back' of 'com.example.b' must be redeemable at least once [purchase_offer_code]",
                    "error: 'com.example.c' is an auto-renewable subscription: its offer codes go under 'subscription' as 'offer_codes' [purchase_offer_code]",
                ])
    }

    /// App Store Connect allows 10 active offers of one-time purchases per app; inactive ones do not count.
    @Test func anAppHasAtMostTenActiveOfferCodesOfOneTimePurchases() {
        let codes = (1...12).map { index in
            "\(index == 12 ? "↓" : ""){ reference_name: Code \(index), eligibility: [non_spender], prices: { USA: \"0.49\" }\(index == 3 ? ", active: false" : "") }"
        }
        #expect(
            lintMarked(
                catalogYAML(
                    products:
                        "  - { id: com.example.a, type: consumable, reference_name: Coins, localizations: { en-US: { display_name: Coins } }, "
                        + "offer_codes: [\(codes.joined(separator: ", "))] }\n")) == [
                    "error: offer code 'Code 12' of 'com.example.a' is the app's 11th active offer code of a one-time purchase; App Store Connect allows 10 at a time: set 'active: false' on the ones that ended [purchase_offer_code]"
                ])
    }

    @Test func subscriptionDurationMustBeOneAppStoreConnectOffers() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.sub
                            type: auto-renewable
                            reference_name: Sub daily
                            localizations: { en-US: { display_name: Sub } }
                            subscription: { group: g, duration: ↓P3D, free_trial_duration: ↓P5D }

                        """, groups: "  - { id: ↓g, reference_name: Group, localizations: { en-US: { name: Group } } }\n")) == [
                    "error: expected the subscription duration to be one of P1W, P1M, P2M, P3M, P6M, P1Y, found 'P3D'; did you mean 'P3M'? [invalid_value]",
                    "error: expected free_trial_duration to be one of P3D, P1W, P2W, P1M, P2M, P3M, P6M, P1Y, found 'P5D'; did you mean 'P3D'? [invalid_value]",
                    "warning: no product belongs to subscription group 'g' [unused_subscription_group]",
                ])
    }

    @Test func typeSpecificFieldsAndDeprecatedTypes() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.hosted
                            type: consumable
                            reference_name: Hosted coins
                            hosted_content: ↓true
                            family_sharing: ↓true
                            localizations: { en-US: { display_name: Coins } }
                          - id: com.example.news
                            type: ↓free-subscription
                            reference_name: Newsstand
                            localizations: { en-US: { display_name: News } }

                        """)) == [
                    "error: hosted content is only for non-consumable products; 'com.example.hosted' is consumable [type_specific_field]",
                    "error: Family Sharing is only for non-consumables and auto-renewable subscriptions; 'com.example.hosted' is consumable [type_specific_field]",
                    "warning: 'free-subscription' is no longer offered by App Store Connect; use auto-renewable or non-renewing [deprecated_type]",
                ])
    }

    @Test func lengthLimitsAndAdvisories() {
        let notes = String(repeating: "n", count: 4_001)
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.texts
                            type: consumable
                            reference_name: ↓X
                            localizations:
                              en-US: { display_name: ↓A, description: ↓Short }
                              de-DE: { display_name: ↓Ein sehr langer Anzeigename für Münzen, description: ↓"Eine Beschreibung, die deutlich länger als erlaubt ist" }
                            review: { notes: ↓\(notes) }

                        """)) == [
                    "error: the reference name of 'com.example.texts' is 1 character; App Store Connect allows at least 2 [length_limit]",
                    "error: the en-US display name of 'com.example.texts' is 1 character; App Store Connect needs at least 2 [length_limit]",
                    "warning: the en-US description of 'com.example.texts' is 5 characters; bulk upload needed at least 10 [length_advisory]",
                    "warning: the de-DE display name of 'com.example.texts' is 38 characters; the documented limit is 30 [length_advisory]",
                    "warning: the de-DE description of 'com.example.texts' is 54 characters; the documented limit is 45 [length_advisory]",
                    "error: the review notes of 'com.example.texts' are 4001 characters; App Store Connect allows at most 4000 [length_limit]",
                ])
    }

    @Test func unknownLocalesAndTheDefaultLocale() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.loc
                            type: consumable
                            reference_name: Localized
                            ↓localizations:
                              ↓en_US: { display_name: Coins }
                              ↓cmn-Hans: { display_name: 金币 }
                              ↓de-CH: { display_name: Münzen }

                        """, app: "{ bundle_id: com.example.app, default_locale: en-US }")) == [
                    "error: product 'com.example.loc' has no en-US localization (the app's default locale) [missing_default_locale]",
                    "error: unknown locale 'en_US'; App Store Connect spells it 'en-US' [unknown_locale]",
                    "error: unknown locale 'cmn-Hans'; App Store Connect spells it 'zh-Hans' [unknown_locale]",
                    "error: unknown locale 'de-CH'; did you mean 'de-DE'? [unknown_locale]",
                ])
    }

    @Test func anUnknownDefaultLocaleIsReportedAtTheApp() {
        #expect(
            lintMarked(catalogYAML(app: "{ bundle_id: com.example.app, default_locale: ↓english }")) == [
                "error: unknown locale 'english' [unknown_locale]"
            ])
    }

    @Test func prices() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.priced
                            type: consumable
                            reference_name: Priced coins
                            status: approved
                            price: { tier: ↓88, storefronts: { USA: "0.99", ↓US: "1", ↓JPN: 1.2.3, ↓DEU: "-1" } }
                            localizations: { en-US: { display_name: Coins } }
                          - ↓id: com.example.free
                            type: consumable
                            reference_name: Free coins
                            status: approved
                            localizations: { en-US: { display_name: Coins } }

                        """)) == [
                    "error: price tier 88 does not exist; tiers run from 0 (free) to 87 [invalid_price_tier]",
                    "error: unknown storefront 'US'; storefronts are ISO 3166-1 alpha-3 codes such as USA; did you mean 'USA'? [unknown_storefront]",
                    "error: the JPN price '1.2.3' is not a decimal amount such as 0.99 [invalid_price]",
                    "error: the DEU price '-1' is not a decimal amount such as 0.99 [invalid_price]",
                    "error: approved product 'com.example.free' has no price: give a tier or storefront prices [missing_price]",
                ])
    }

    @Test func baseTerritoriesAreStorefronts() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.based
                            type: consumable
                            reference_name: Based coins
                            status: approved
                            price: { base_territory: ↓GER, storefronts: { DEU: "0.99" } }
                            localizations: { en-US: { display_name: Coins } }
                          - id: com.example.japan
                            type: consumable
                            reference_name: Japanese coins
                            status: approved
                            price: { base_territory: JPN, storefronts: { JPN: "160" } }
                            localizations: { en-US: { display_name: Coins } }

                        """)) == [
                    "error: unknown base territory 'GER'; territories are ISO 3166-1 alpha-3 codes such as USA; did you mean 'GBR'? [unknown_storefront]"
                ])
    }

    @Test func promotions() {
        var products = ""
        for index in 1...21 {
            let order = index == 2 ? "↓1" : "\(index)"  // p2 repeats p1's order
            let promotion = index == 21 ? "↓" : ""  // p21 is one promoted product too many
            products +=
                "  - { id: com.example.p\(index), type: consumable, reference_name: Promo \(index), localizations: { en-US: { display_name: Promo } }, promotion: \(promotion){ visible: true, order: \(order) } }\n"
        }
        #expect(
            lintMarked(catalogYAML(products: products)) == [
                "error: 'com.example.p2' has promotion order 1, as 'com.example.p1' has [duplicate_promotion_order]",
                "error: 'com.example.p21' is promoted product number 21; the App Store shows at most 20 [promotion_limit]",
            ])
    }

    @Test func reviewScreenshotsResolveAgainstTheCatalogDirectory() {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.shot
                    type: consumable
                    reference_name: Shot
                    localizations: { en-US: { display_name: Shot } }
                    review: { screenshot: ↓shots/missing.png }
                  - id: com.example.shot2
                    type: consumable
                    reference_name: Shot 2
                    localizations: { en-US: { display_name: Shot } }
                    review: { screenshot: shots/here.png }

                """)
        #expect(
            lintMarked(yaml, files: ["shots/here.png"]) == [
                "error: review screenshot 'shots/missing.png' of 'com.example.shot' not found (looked for shots/missing.png) [screenshot_not_found]"
            ])
    }

    @Test func productLimit() {
        var products = ""
        for index in 0...10_000 {
            let marker = index == 9_999 ? "↓" : ""  // n9999 is product number 10001
            products +=
                "  - \(marker){ id: com.example.n\(index), type: consumable, reference_name: N\(index), localizations: { en-US: { display_name: NN } } }\n"
        }
        #expect(
            lintMarked(catalogYAML(products: products)) == [
                "error: the catalog has more than 10000 products, App Store Connect's limit per app [product_limit]"
            ])
    }

    @Test func listDeclarations() {
        #expect(
            lintMarked(
                catalogYAML(
                    lists: """
                          - { path: lists/ids.plist }
                          - { path: ↓./lists/ids.plist, environment: sandbox }
                          - ↓{ path: lists/products.json }
                          - { path: lists/a.json, format: ↓v3 }

                        """)) == [
                    "error: list './lists/ids.plist' is declared twice (first at line 12) [duplicate_list_path]",
                    "error: list 'lists/products.json' needs a 'format' (plist, v1, v2, storekit or unity): its file name does not say [missing_field]",
                    "error: expected the list format to be one of plist, v1, v2, storekit, unity, found 'v3' [invalid_value]",
                ])
    }

    @Test func duplicateKeysInTheCatalog() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.dup
                            type: consumable
                            ↓type: non-consumable
                            reference_name: Dup
                            localizations: { en-US: { display_name: Dup } }

                        """)) == ["error: duplicate key 'type' (first at line 12) [duplicate_key]"])
    }

    @Test func yamlSyntaxErrors() {
        #expect(
            lintMarked("format_version: 1\napp: { bundle_id: x\nproducts↓: []\n") == [
                "error: did not find expected ',' or '}' while parsing a flow mapping [yaml_syntax]"
            ])
    }

    @Test func missingReviewScreenshotsAreReportedForDraftsOnly() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - ↓{ id: com.example.draft, type: consumable, reference_name: Draft, localizations: { en-US: { display_name: Draft } } }
                          - { id: com.example.gone, type: consumable, status: removed }

                        """), screenshots: true) == [
                    "warning: draft 'com.example.draft' has no review screenshot; App Review needs one before it is submitted [missing_review_screenshot]"
                ])
    }

    @Test func priceSchedules() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.scheduled
                            type: consumable
                            reference_name: Scheduled
                            localizations: { en-US: { display_name: Coins } }
                            price:
                              tier: ↓2
                              schedule:
                                - { tier: 1 }
                                - ↓{ tier: 3, start_date: 2026-03-01, end_date: 2026-02-01 }
                                - ↓{ tier: 4 }
                                - ↓{ tier: 5, start_date: 2026-01-01 }
                                - { tier: 99, start_date: ↓2026-06-31 }

                        """)) == [
                    "error: '\(scheduledID)' has both a tier and a schedule; give one [price_schedule]",
                    "error: this price step ends (2026-02-01) before it starts (2026-03-01) [price_schedule]",
                    "error: only the first price step may omit start_date [price_schedule]",
                    "error: price steps must be in date order: 2026-01-01 is not after 2026-03-01 [price_schedule]",
                    "error: expected start_date to be a date YYYY-MM-DD, found '2026-06-31' [invalid_value]",
                ])
    }

    @Test func subscriptionOffers() {
        let group = "  - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }\n"
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.sub
                            type: auto-renewable
                            reference_name: Sub
                            localizations: { en-US: { display_name: Sub } }
                            subscription:
                              group: premium
                              duration: P1M
                              free_trial_duration: P1W
                              introductory_offer: ↓{ mode: free-trial, duration: P1W, periods: ↓0, ↓prices: { USA: "1" } }
                              promotional_offers:
                                - ↓{ mode: pay-as-you-go, duration: P1M, periods: 3, prices: { USA: "0.99" } }
                                - ↓{ id: half, mode: ↓pay-up-front, duration: P3M }
                                - { id: ↓half, reference_name: Half again, mode: free-trial, duration: P1W }
                              offer_codes:
                                - ↓{ mode: pay-up-front, duration: P1M, prices: { ↓XYZ: "0.99" }, eligibility: [new], stackable: true }
                                - { id: ↓code, reference_name: Code, mode: free-trial, duration: P1M, eligibility: [↓returning] }

                        """,
                    groups: group)) == [
                    "error: give either free_trial_duration or introductory_offer, not both [subscription_offer]",
                    "error: the introductory offer of 'com.example.sub' lasts 0 periods; an offer lasts 1 or more [subscription_offer]",
                    "error: the introductory offer of 'com.example.sub' is a free trial; it has no 'prices' [subscription_offer]",
                    "error: a promotional offer of 'com.example.sub' needs an 'id' (the offer identifier) [subscription_offer]",
                    "error: promotional offer 'half' of 'com.example.sub' needs a 'reference_name' [subscription_offer]",
                    "error: a promotional offer of 'com.example.sub' is pay-up-front but has no 'prices' (per storefront, e.g. USA: \"0.99\") [subscription_offer]",
                    "error: offer id 'half' is used twice by 'com.example.sub' (first at line 22) [subscription_offer]",
                    "error: an offer code of 'com.example.sub' needs a 'reference_name' [subscription_offer]",
                    "error: unknown storefront 'XYZ'; storefronts are ISO 3166-1 alpha-3 codes such as USA [unknown_storefront]",
                    "error: offer codes have no 'id'; customers redeem them by code [subscription_offer]",
                    "error: expected an eligibility to be one of new, existing, expired, found 'returning' [invalid_value]",
                ])
    }

    /// Free promotional offers, offer codes and win-back offers may name their territories (App
    /// Store Connect needs them; without, where the subscription is sold); paid ones run where
    /// they have prices, and only introductory and win-back offers have dates.
    @Test func freeOffersNameTheirTerritories() {
        let group = "  - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }\n"
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.sub
                            type: auto-renewable
                            reference_name: Sub
                            localizations: { en-US: { display_name: Sub } }
                            subscription:
                              group: premium
                              duration: P1M
                              promotional_offers:
                                - { id: trial, reference_name: Trial, mode: free-trial, duration: P1W, territories: ↓[USA, XYZ] }
                                - { id: half, reference_name: Half, mode: pay-up-front, duration: P3M, prices: { USA: "1.99" }, territories: ↓[USA] }
                                - { id: dated, reference_name: Dated, mode: free-trial, duration: P1W, start_date: ↓2027-01-01 }
                              offer_codes:
                                - { reference_name: Press, mode: free-trial, duration: P1M, eligibility: [new], stackable: true, territories: all, except: [CAN] }
                              win_back_offers:
                                - id: back
                                  reference_name: Back
                                  mode: free-trial
                                  duration: P1W
                                  paid_months: 3
                                  lapsed_months: { min: 2 }
                                  territories: ↓[USA, USA]
                                  start_date: 2027-01-01
                                  priority: normal

                        """,
                    groups: group)) == [
                    "error: unknown territory 'XYZ' in a promotional offer of 'com.example.sub'; territories are ISO 3166-1 alpha-3 codes such as USA [unknown_storefront]",
                    "error: a promotional offer of 'com.example.sub' is pay-up-front: it runs where it has prices; 'territories' is for free trials [subscription_offer]",
                    "error: a promotional offer of 'com.example.sub' has no dates; only introductory offers and win-back offers do [subscription_offer]",
                    "error: territory 'USA' is listed twice in win-back offer 'back' of 'com.example.sub' [availability]",
                ])
    }

    @Test func availabilityAndDatedPrices() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: com.example.some
                            type: consumable
                            reference_name: Some
                            localizations: { en-US: { display_name: Some } }
                            cleared_for_sale: ↓false
                            availability: { territories: ↓↓[USA, XYZ, USA], available_in_new_territories: false }
                            price:
                              storefronts: { USA: "0.99" }
                              changes:
                                - ↓{ storefront: USA, price: "0.49" }
                                - ↓{ storefront: DEU, price: "1.99", start_date: 2026-12-24, end_date: 2026-12-01 }
                                - { storefront: JPN, price: "300", start_date: 2026-12-01, end_date: 2027-01-01 }
                                - ↓{ storefront: JPN, price: "250", start_date: 2026-12-20 }
                              ↓preserved: [{ storefront: USA, price: "0.79" }]
                          - id: com.example.all
                            type: consumable
                            reference_name: All
                            localizations: { en-US: { display_name: All } }
                            availability: { territories: [USA], ↓except: [CAN] }

                        """)) == [
                    "error: cleared_for_sale: false disagrees with the availability of 'com.example.some'; give one of them [availability]",
                    "error: territory 'USA' is listed twice in the availability [availability]",
                    "error: unknown territory 'XYZ' in the availability; territories are ISO 3166-1 alpha-3 codes such as USA [unknown_storefront]",
                    "error: USA has a price in effect in 'storefronts' already; a change without start_date would be a second one [price_schedule]",
                    "error: this DEU price ends (2026-12-01) before it starts (2026-12-24) [price_schedule]",
                    "error: this JPN price starts (2026-12-20) before the previous one ends (2027-01-01) [price_schedule]",
                    "error: preserved prices belong to auto-renewable subscriptions; 'com.example.some' is consumable [type_specific_field]",
                    "error: 'except' goes with 'territories: all'; a list of territories names them directly [invalid_value]",
                ])
    }

    @Test func draftsAndGroupsWithoutLocalizationsAreMissingMetadata() {
        #expect(
            lintMarked(
                catalogYAML(
                    products: """
                          - id: ↓com.example.draft
                            type: consumable
                            reference_name: Draft coins
                          - id: com.example.approved
                            type: consumable
                            reference_name: Approved coins
                            status: approved
                            price: { tier: 1 }
                            ↓localizations: {}
                          - id: com.example.sub
                            type: auto-renewable
                            reference_name: Sub
                            localizations: { en-US: { display_name: Sub } }
                            subscription: { group: premium, duration: P1M }

                        """,
                    groups: "  - { id: ↓premium, reference_name: Premium }\n")) == [
                    "warning: draft product 'com.example.draft' has no localizations yet; App Review needs its en-US display name [missing_metadata]",
                    "error: product 'com.example.approved' has no en-US localization (the app's default locale) [missing_default_locale]",
                    "warning: subscription group 'premium' has no localizations yet; its subscriptions cannot be submitted until it has its en-US name [missing_metadata]",
                ])
    }
}

private let scheduledID = "com.example.scheduled"
