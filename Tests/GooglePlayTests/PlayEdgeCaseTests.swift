import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import GooglePlay

/// States real accounts reach that the catalog cannot say: each is left as Play holds it, named,
/// and never written over by guess.
@Suite struct PlayEdgeCaseTests {
    static func remote(oneTime: [String] = [], subscriptions: [String] = []) throws -> PlayRemoteState {
        PlayRemoteState(
            oneTimeProducts: try oneTime.map { try JSONValueReader.read(Array($0.utf8)) },
            subscriptions: try subscriptions.map { try JSONValueReader.read(Array($0.utf8)) })
    }

    static let header =
        "format_version: 1\napp: { bundle_id: com.example.app, google_play: { package_name: com.example.app } }\nproducts:\n"

    static func gems(_ option: String) -> String {
        header + """
              - id: gems
                type: consumable
                stores: [google_play]
                google_play:
                  listings: { en-US: { title: Gems, description: Shiny } }
                  purchase_options: [\(option)]

            """
    }

    static func held(_ options: String) -> String {
        #"{"productId": "gems", "listings": [{"languageCode": "en-US", "title": "Gems", "description": "Shiny"}], "purchaseOptions": [\#(options)]}"#
    }

    static let us = #"{"regionCode": "US", "price": {"currencyCode": "USD", "units": "1"}, "availability": "AVAILABLE"}"#

    @Test func aRegionInAnAvailabilityIapcatDoesNotKnowIsNeverOpened() throws {
        let fr = #"{"regionCode": "FR", "price": {"currencyCode": "EUR", "units": "1"}, "availability": "AVAILABILITY_UNSPECIFIED"}"#
        let remote = try Self.remote(oneTime: [
            Self.held(
                #"{"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {}, "regionalPricingAndAvailabilityConfigs": [\#(Self.us), \#(fr)]}"#
            )
        ])
        let catalog = try TestCatalogs.load(text: Self.gems(#"{ id: buy, regions: { US: "1.49" } }"#))
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
        #expect(plan.steps.isEmpty)
        #expect(
            plan.errors.map(\.message) == [
                "purchase option buy is on Google Play in a form iapcat cannot read (see the notes); give the catalog's option another id"
            ])
        #expect(
            plan.notDone.map(\.message).contains(
                "purchase option buy is in FR with an availability iapcat does not know; left as Play holds it"))
    }

    @Test func aPreOrderRegionLeftOutStaysAsPlayHasIt() throws {
        let jp = #"{"regionCode": "JP", "price": {"currencyCode": "JPY", "units": "160"}, "availability": "AVAILABLE_IF_RELEASED"}"#
        let remote = try Self.remote(oneTime: [
            Self.held(
                #"{"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {}, "regionalPricingAndAvailabilityConfigs": [\#(Self.us), \#(jp)]}"#
            )
        ])
        let catalog = try TestCatalogs.load(text: Self.gems(#"{ id: buy, regions: { US: "1.49" } }"#))
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
        #expect(plan.steps.map(\.summary) == ["update one-time product gems: purchase option buy: US 1 USD → 1.49 USD"])
        #expect(plan.notDone.map(\.message) == ["purchase option buy: JP is not in the catalog; left available_if_released as Play has it"])
        let body = PlayApplier(api: PlayBodiesTests.NoTransport(), remote: remote, packageName: "com.example.app").request(
            for: plan.steps[0], version: "2022/02"
        ).body
        #expect(
            JSONWriter.serialize(body!, pretty: false).contains(
                #"{"regionCode":"JP","price":{"currencyCode":"JPY","units":"160","nanos":0},"availability":"AVAILABLE_IF_RELEASED"}"#))
    }

    @Test func removingAnExpirationPeriodIsSentAndTheRestOfTheKindBlockKept() throws {
        let remote = try Self.remote(oneTime: [
            Self.held(
                #"{"purchaseOptionId": "rent", "state": "ACTIVE", "rentOption": {"rentalPeriod": "P7D", "expirationPeriod": "P2D", "futureField": 1}, "regionalPricingAndAvailabilityConfigs": [\#(Self.us)]}"#
            )
        ])
        let catalog = try TestCatalogs.load(text: Self.gems(#"{ id: rent, type: rent, rental_period: P7D, regions: { US: "1" } }"#))
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
        #expect(
            plan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                "! update one-time product gems: purchase option rent: rental P7D, expires never"
            ])
        let body = PlayApplier(api: PlayBodiesTests.NoTransport(), remote: remote, packageName: "com.example.app").request(
            for: plan.steps[0], version: "2022/02"
        ).body
        #expect(JSONWriter.serialize(body!, pretty: false).contains(#""rentOption":{"rentalPeriod":"P7D","futureField":1}"#))
    }

    @Test func pullMatchesByPlayIdAndNeverAddsARemovedOrClashingProduct() throws {
        let base = try TestCatalogs.load(
            text: Self.header + """
                  - id: gems
                    type: consumable
                    stores: [google_play]
                    google_play:
                      product_id: gems_v2
                      listings: { en-US: { title: Gems, description: Shiny } }
                      purchase_options: [{ id: buy, regions: { US: "2" } }]
                  - id: old.coins
                    type: consumable
                    status: removed

                """)
        func product(_ id: String, _ units: String) -> String {
            #"{"productId": "\#(id)", "listings": [{"languageCode": "en-US", "title": "Gems", "description": "Shiny"}], "purchaseOptions": [{"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {}, "regionalPricingAndAvailabilityConfigs": [{"regionCode": "US", "price": {"currencyCode": "USD", "units": "\#(units)"}, "availability": "AVAILABLE"}]}]}"#
        }
        let remote = try Self.remote(oneTime: [product("gems", "9"), product("gems_v2", "3"), product("old.coins", "1")])
        let result = PlayCatalogBuilder().build(remote, packageName: "com.example.app", base: base)
        #expect(result.catalog.products.map(\.id) == ["gems", "old.coins"])
        #expect(result.catalog.products[0].googlePlay?.productID == "gems_v2")
        #expect(result.catalog.products[0].googlePlay?.purchaseOptions.first?.regions.first?.price == "3")
        #expect(
            result.notes.map { "\($0.resource) \($0.message)" } == [
                "gems has the id of catalog product gems, whose Play id is gems_v2; not pulled",
                "old.coins is removed in the catalog but still on Google Play (iapcat never deletes); not pulled",
            ])
    }
}

extension PlayEdgeCaseTests {
    @Test func anOfferInSomeRegionsAndInNewOnesIsNamedOnPull() throws {
        let subscription = """
            {"productId": "vip", "listings": [{"languageCode": "en-US", "title": "VIP", "description": "All"}],
             "basePlans": [{"basePlanId": "monthly", "state": "ACTIVE", "autoRenewingBasePlanType": {"billingPeriodDuration": "P1M"},
               "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true, "price": {"currencyCode": "USD", "units": "5"}},
                                   {"regionCode": "DE", "newSubscriberAvailability": true, "price": {"currencyCode": "EUR", "units": "5"}}],
               "otherRegionsConfig": {"usdPrice": {"currencyCode": "USD", "units": "5"}, "eurPrice": {"currencyCode": "EUR", "units": "5"},
                                      "newSubscriberAvailability": true}}]}
            """
        let offer = """
            {"productId": "vip", "basePlanId": "monthly", "offerId": "trial", "state": "ACTIVE",
             "phases": [{"recurrenceCount": 1, "duration": "P1W", "regionalConfigs": [{"regionCode": "US", "free": {}}]}],
             "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true}],
             "otherRegionsConfig": {"otherRegionsNewSubscriberAvailability": true}}
            """
        var remote = try Self.remote(subscriptions: [subscription])
        remote.offers = [try JSONValueReader.read(Array(offer.utf8))]
        let result = PlayCatalogBuilder().build(remote, packageName: "com.example.app", base: nil)
        #expect(
            result.notes.map(\.message).contains(
                "offer trial of base plan monthly runs in some of its plan's regions and in regions Play adds later; the catalog cannot say both (a regions list means those only), so plan will show the difference"
            ))
        #expect(result.catalog.products.first?.googlePlay?.basePlans.first?.offers.first?.regions == ["US"])
    }
}

/// A catalog pinning an older regions version prices each region in that version's currency.
@Suite struct PlayRegionsVersionTests {
    static let catalog = """
        format_version: 1
        app: { bundle_id: com.example.app, google_play: { package_name: com.example.cosmicquest, regions_version: "2022/02" } }
        products:
          - id: gems
            type: consumable
            stores: [google_play]
            google_play:
              listings: { en-US: { title: Gems, description: Shiny } }
              purchase_options: [{ id: buy, regions: { US: "0.99", BG: "1.99", DE: "0.99" } }]
        """

    @Test func pricesAreSentInTheCurrencyOfThePinnedVersion() async throws {
        try await PlayFixture.run { fixture in
            let catalog = try TestCatalogs.load(text: Self.catalog)
            try await fixture.apply(catalog)
            let snapshot = String(decoding: fixture.fake.snapshot(package: PlayFixture.packageName), as: UTF8.self)
            #expect(snapshot.contains(#""currencyCode":"BGN""#))
            #expect(try await fixture.plan(catalog).steps.isEmpty)
            let json = String(decoding: PlayJSONExporter(catalog: catalog).render(), as: UTF8.self)
            #expect(json.contains(#""currencyCode": "BGN""#))
        }
    }

    @Test func aRegionNotBillableAtThePinnedVersionIsPlayRegion() throws {
        let text = Self.catalog.replacingOccurrences(of: #"BG: "1.99""#, with: #"MN: "1.99""#)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-mn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("catalog.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try CatalogLoader().loadValidated(file)
        #expect(result.diagnostics.map(\.message) == ["'MN' is not billable at regions version 2022/02"])
    }
}

/// Answers are read in time linear in their size, whatever their shape.
@Suite struct PlayAnswerSizeTests {
    @Test func anObjectOfManyKeysIsReadQuickly() throws {
        var text = "{"
        for index in 0..<200_000 { text += "\"k\(index)\":\(index)," }
        text += "\"end\":-1}"
        var value = JSONValue.null
        let elapsed = try ThreadCPUTime.measure { value = try JSONValueReader.read(Array(text.utf8)) }
        #expect(elapsed < .seconds(20))
        #expect(value["end"] == .int(-1) && value["k199999"] == .int(199_999))
    }
}

/// Region codes, listing languages and option ids in Play's answers reach the plan: every format shows their control
/// characters escaped (an OSC 8 hyperlink, `ESC c`, C1 CSI) as the text format does.
@Suite struct PlayPlanControlCharacterTests {
    static func plan() throws -> PlayPlan {
        let held = PlayBodiesTests.held
            .replacingOccurrences(of: #""regionCode": "FR""#, with: #""regionCode": "F\u009b2JR""#)
            .replacingOccurrences(of: #""languageCode": "fr-FR""#, with: #""languageCode": "fr\u001bc-FR""#)
            .replacingOccurrences(
                of: #""purchaseOptionId": "legacy""#, with: #""purchaseOptionId": "\u001b]8;;https://x\u0007old\u001b]8;;\u0007""#)
        let remote = PlayRemoteState(oneTimeProducts: [try JSONValueReader.read(Array(held.utf8))])
        return PlayPlanner(regionsVersion: "2022/02").plan(try PlayBodiesTests.catalog(), against: remote)
    }

    @Test func markdownShowsThemAsTextDoes() throws {
        let plan = try Self.plan()
        let text = PlanRenderer().text(plan)
        #expect(text.contains("not done: gems listing fr\\u{1B}c-FR is on Google Play but not in the catalog: kept\n"), "\(text)")
        let markdown = PlanRenderer().markdown(plan)
        #expect(
            markdown.contains(
                "  - `!` update one-time product gems: listing en-US: title \"Gems\" → \"Gems!\"; purchase option buy: F\\\\u{9B}2JR "
                    + "available → no\\_longer\\_available; purchase option buy: adds JP at 200 JPY; purchase option buy: US 0.99 USD → 1.29 USD\n"
            ),
            "\(markdown)")
        #expect(markdown.contains("- `gems`: listing fr\\\\u{1B}c-FR is on Google Play but not in the catalog: kept\n"))
        #expect(
            markdown.contains(
                "- `gems`: purchase option \\\\u{1B}\\]8;;https\\://x\\\\u{7}old\\\\u{1B}\\]8;;\\\\u{7} is on Google Play but not in the "
                    + "catalog: left as it is (iapcat never deletes)\n"))
        for output in [text, markdown, PlanRenderer().json(plan)] {
            #expect(!output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
        #expect(PlanRenderer().json(plan).contains(#""message" : "purchase option buy: F\u009b2JR is not in the catalog;"#))
    }
}
