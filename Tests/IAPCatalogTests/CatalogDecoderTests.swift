import Testing

@testable import IAPCatalog

@Suite struct CatalogDecoderTests {
    @Test func theBundledExampleDecodesEveryField() throws {
        let catalog = try #require(CatalogLoader().load(Fixtures.path("../../../catalogs/example.yaml")).catalog)
        #expect(
            catalog.app
                == {
                    var app = AppInfo(
                        bundleID: "com.example.cosmicquest", appleID: "1234567890", sku: "COSMICQUEST", defaultLocale: "en-US")
                    app.provider = "ExampleGames"
                    app.teamID = "A1B2C3D4E5"
                    app.positions.entry = SourcePosition(line: 10, column: 3)
                    app.positions.defaultLocale = SourcePosition(line: 15, column: 19)
                    app.googlePlay = GooglePlayApp(packageName: "com.example.cosmicquest")
                    app.googlePlay?.positions.entry = SourcePosition(line: 17, column: 5)
                    app.googlePlay?.positions.packageName = SourcePosition(line: 17, column: 19)
                    return app
                }())
        #expect(
            catalog.products.map(\.id) == [
                "com.example.cosmicquest.coins.small", "com.example.cosmicquest.level.nebula", "com.example.cosmicquest.premium.monthly",
                "com.example.cosmicquest.premium.yearly", "com.example.cosmicquest.season_pass.2026",
                "com.example.cosmicquest.film.making_of",
                "com.example.cosmicquest.coins.huge",
            ])
        #expect(
            catalog.products.map(\.type) == [
                .consumable, .nonConsumable, .autoRenewable, .autoRenewable, .nonRenewing, .nonConsumable, .consumable,
            ])
        #expect(catalog.products.map(\.status) == [.approved, .approved, .approved, .draft, .approved, .draft, .removed])
        #expect(
            catalog.products.map(\.stores) == [
                [.appStore, .googlePlay], [.appStore], [.appStore, .googlePlay], [.appStore], [.appStore], [.googlePlay], [.appStore],
            ])
        let film = try #require(catalog.products[5].googlePlay)
        #expect(film.productID == "film.making_of")
        #expect(film.purchaseOptions.map(\.kind) == [.buy, .rent])
        #expect(
            film.purchaseOptions[0].regions.map { "\($0.region)=\($0.price ?? "-") \($0.availability.rawValue)" } == [
                "US=3.99 available", "DE=3.99 available",
            ])
        #expect(film.purchaseOptions[1].rentalPeriod == "P7D" && film.purchaseOptions[1].expirationPeriod == "P2D")
        let monthlyPlay = try #require(catalog.products[2].googlePlay)
        #expect(monthlyPlay.listings.map(\.language) == ["en-US", "de-DE"])
        #expect(monthlyPlay.listings[0].benefits == ["Every level", "No ads"])
        #expect(monthlyPlay.basePlans.map(\.id) == ["monthly"])
        #expect(monthlyPlay.basePlans[0].offers.first?.phases.map(\.mode) == [.freeTrial])
        let coins = catalog.products[0]
        #expect(coins.price?.tiers.tier == 1)
        #expect(coins.price?.storefronts.map { "\($0.storefront)=\($0.amount)" } == ["USA=0.99", "JPN=160", "DEU=0.99"])
        #expect(coins.localizations.map(\.locale) == ["en-US", "de-DE"])
        #expect(coins.localizations[1].displayName == "100 Münzen")
        #expect(coins.appStore.review?.screenshot == "screenshots/coins-small.png")
        #expect(coins.appStore.promotion?.order == 2)
        #expect(
            coins.clientData
                == .object([
                    ("category", .string("coins")), ("image_url", .string("https://cdn.example.com/iap/coins-small.png")),
                    ("sort_key", .int(10)),
                ]))
        let monthly = catalog.products[2]
        #expect(monthly.subscription?.group == "premium")
        #expect(monthly.subscription?.duration == .oneMonth)
        #expect(monthly.subscription?.freeTrialDuration == .oneWeek)
        #expect(monthly.appStore.familySharing)
        #expect(catalog.products[1].appStore.hostedContent)
        #expect(catalog.subscriptionGroups.map(\.id) == ["premium"])
        #expect(catalog.subscriptionGroups[0].localizations.map(\.appName) == ["Cosmic Quest", "Cosmic Quest"])
        #expect(
            catalog.lists.map { "\($0.path) \($0.format) \($0.environment)" } == [
                "example/product_ids.plist plist production", "example/products_v1.json v1 production",
                "example/products_v2.json v2 sandbox",
            ])
    }

    @Test func unknownKeysAreReportedWithTheClosestKnownKey() {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.typo
                    type: consumable
                    reference_name: Typo coins
                    localisations:
                      en-US: { display_name: Coins }
                    prise: { tier: 1 }
                    colour: blue

                """)
        #expect(
            lintCatalog(yaml) == [
                "11:9: warning: draft product 'com.example.typo' has no localizations yet; App Review needs its en-US display name [missing_metadata]",
                "14:5: error: unknown key 'localisations' in a product; did you mean 'localizations'? [unknown_key]",
                "16:5: error: unknown key 'prise' in a product; did you mean 'price'? [unknown_key]",
                "17:5: error: unknown key 'colour' in a product [unknown_key]",
            ])
    }

    @Test func valuesOfTheWrongTypeOrOutsideTheirVocabulary() {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.bad
                    type: consumabel
                  - id: com.example.bad2
                    type: non-consumable
                    reference_name: [a, b]
                    status: live
                    cleared_for_sale: yes
                    family_sharing: 1
                    price: { tier: "3" }
                    localizations:
                      en-US: { display_name: true, description: Fine text here }
                    client_data: [1]

                """)
        #expect(
            lintCatalog(yaml) == [
                // The product is still checked, as the type it most likely means.
                "11:5: error: product 'com.example.bad' is missing required field 'reference_name' [missing_field]",
                "11:9: warning: draft product 'com.example.bad' has no localizations yet; App Review needs its en-US display name [missing_metadata]",
                "12:11: error: expected type to be one of consumable, non-consumable, auto-renewable, non-renewing, free-subscription, found 'consumabel'; the rest of product 'com.example.bad' is checked as consumable; did you mean 'consumable'? [invalid_value]",
                "15:21: error: expected reference_name to be a string, found a list [invalid_value]",
                "16:13: error: expected status to be one of draft, approved, removed, found 'live' [invalid_value]",
                "17:23: error: expected cleared_for_sale to be true or false, found 'yes'; YAML 1.2 booleans are only true and false [invalid_value]",
                "18:21: error: expected family_sharing to be true or false, found '1' [invalid_value]",
                "19:20: error: expected the price tier to be a whole number, found \"3\" [invalid_value]",
                "21:30: error: expected display_name to be a string, found a boolean; quote it (\"true\") if it is meant as text [invalid_value]",
                "22:18: error: expected client_data to be a mapping, found a list [invalid_value]",
            ])
    }

    @Test func missingRequiredFields() {
        let yaml = """
            format_version: 1
            app: { sku: X }
            products:
              - type: consumable
              - id: com.example.noname
                type: consumable
                localizations: { en-US: { display_name: Hi } }
            subscription_groups:
              - id: g

            """
        #expect(
            lintCatalog(yaml) == [
                "4:5: error: a product is missing required field 'id' [missing_field]",
                "5:5: error: product 'com.example.noname' is missing required field 'reference_name' [missing_field]",
                "9:5: error: a subscription group is missing required field 'reference_name' [missing_field]",
                "9:9: warning: subscription group 'g' has no localizations yet; its subscriptions cannot be submitted until it has its en-US name [missing_metadata]",
                "9:9: warning: no product belongs to subscription group 'g' [unused_subscription_group]",
            ])
    }

    @Test func anUnsupportedFormatVersionStopsDecodingAMissingOneDoesNot() {
        #expect(
            lintCatalog("format_version: 2\nproducts: []\n") == [
                "1:17: error: format_version 2 is not supported; this iapcat reads format_version 1 [unsupported_format_version]"
            ])
        #expect(
            lintCatalog("app: {}\n") == [
                "1:1: error: the catalog is missing required field 'format_version'; the rest is checked as version 1; add 'format_version: 1' as the first line [missing_field]",
                "1:1: error: the catalog is missing required field 'products' [missing_field]",
            ])
        #expect(
            lintCatalog("format_version: one\napp: {}\nproducts: []\n") == [
                "1:17: error: expected format_version to be a whole number, found 'one' [invalid_value]"
            ])
        #expect(lintCatalog("") == ["1:1: error: the catalog is empty; it needs at least format_version, app and products [missing_field]"])
        #expect(lintCatalog("- a\n") == ["1:1: error: expected the catalog to be a mapping, found a list [invalid_value]"])
    }

    @Test func extensionKeysHoldAnchorsAndAreIgnored() throws {
        let yaml = """
            format_version: 1
            x-defaults: &d { status: approved, price: { tier: 2 } }
            app: { bundle_id: com.example.app }
            products:
              - id: com.example.a
                <<: *d
                type: consumable
                reference_name: Coins A
                localizations: { en-US: { display_name: Coins } }

            """
        let catalog = try cleanCatalog(yaml)
        #expect(catalog.products[0].status == .approved)
        #expect(catalog.products[0].price?.tiers.tier == 2)
        #expect(catalog.products[0].price?.positions.tier == SourcePosition(line: 2, column: 51))
    }

    @Test func aJSONCatalogLoadsLikeYAML() throws {
        let catalog = try cleanCatalog(#"{"format_version": 1, "app": {"bundle_id": "com.example.app"}, "products": []}"#)
        #expect(catalog.app.bundleID == "com.example.app")
    }
}
