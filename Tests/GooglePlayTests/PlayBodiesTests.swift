import Foundation
import IAPCatalog
import Testing

@testable import GooglePlay

/// What apply sends, built from what Play holds: fields the catalog does not model survive, a
/// region Play has is never dropped, and what Play cannot change is kept.
@Suite struct PlayBodiesTests {
    /// A one-time product as Play might hold it: tax settings, offer tags, an option the catalog
    /// does not name, a region (FR) the catalog leaves out.
    static let held = """
        {"packageName": "com.example.app", "productId": "gems", "regionsVersion": {"version": "2022/02"},
         "listings": [{"languageCode": "en-US", "title": "Gems", "description": "Shiny"},
                      {"languageCode": "fr-FR", "title": "Gemmes", "description": "Brillantes"}],
         "taxAndComplianceSettings": {"isTokenizedDigitalAsset": false, "productTaxCategoryCode": "digital"},
         "purchaseOptions": [
           {"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {"legacyCompatible": true},
            "offerTags": [{"tag": "launch"}],
            "regionalPricingAndAvailabilityConfigs": [
              {"regionCode": "US", "price": {"currencyCode": "USD", "units": "0", "nanos": 990000000}, "availability": "AVAILABLE"},
              {"regionCode": "FR", "price": {"currencyCode": "EUR", "units": "1", "nanos": 90000000}, "availability": "AVAILABLE"}]},
           {"purchaseOptionId": "legacy", "state": "INACTIVE_PUBLISHED", "buyOption": {},
            "regionalPricingAndAvailabilityConfigs": []}]}
        """

    static func catalog() throws -> Catalog {
        try TestCatalogs.load(
            text: """
                format_version: 1
                app: { bundle_id: com.example.app, google_play: { package_name: com.example.app } }
                products:
                  - id: gems
                    type: consumable
                    stores: [google_play]
                    google_play:
                      listings:
                        en-US: { title: Gems!, description: Shiny }
                      purchase_options:
                        - id: buy
                          legacy_compatible: true
                          regions: { US: "1.29", JP: "200" }
                """)
    }

    @Test func anUpdateKeepsWhatTheCatalogDoesNotNameAndNeverDropsARegion() throws {
        let remote = PlayRemoteState(oneTimeProducts: [try JSONValueReader.read(Array(Self.held.utf8))])
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(try Self.catalog(), against: remote)
        #expect(
            PlanRenderer().text(plan) == """
                ! update one-time product gems: listing en-US: title "Gems" → "Gems!"; purchase option buy: FR available → no_longer_available; purchase option buy: adds JP at 200 JPY; purchase option buy: US 0.99 USD → 1.29 USD
                not done: gems has taxAndComplianceSettings; the catalog does not hold them, Play keeps them
                not done: gems purchase option buy has offer tags or tax settings; the catalog does not hold them, Play keeps them
                not done: gems listing fr-FR is on Google Play but not in the catalog: kept
                not done: gems purchase option buy: FR is not in the catalog; Play never removes a region, so it becomes no longer available
                not done: gems purchase option legacy is on Google Play but not in the catalog: left as it is (iapcat never deletes)
                Plan: 1 change. 1 marked - or ! needs apply --allow-impact. 5 differences left alone.
                Apply sends about 3 requests, its read-back included (Google Play allows 3,000 a minute and 7,200 product updates an hour per app).

                """)
        let request = PlayApplier(api: NoTransport(), remote: remote, packageName: "com.example.app").request(
            for: plan.steps[0], version: "2022/02")
        #expect(
            request.target(packageName: "com.example.app").hasPrefix(
                "/androidpublisher/v3/applications/com.example.app/onetimeproducts/gems?updateMask=listings%2CpurchaseOptions&regionsVersion.version=2022%2F02"
            ))
        let body = String(decoding: JSONWriter.bytes(try #require(request.body), pretty: false), as: UTF8.self)
        #expect(
            body == """
                {"packageName":"com.example.app","productId":"gems","listings":[{"languageCode":"en-US","title":"Gems!","description":"Shiny"},\
                {"languageCode":"fr-FR","title":"Gemmes","description":"Brillantes"}],"taxAndComplianceSettings":{"isTokenizedDigitalAsset":false,\
                "productTaxCategoryCode":"digital"},"purchaseOptions":[{"purchaseOptionId":"buy","buyOption":{"legacyCompatible":true,\
                "multiQuantityEnabled":false},"offerTags":[{"tag":"launch"}],"regionalPricingAndAvailabilityConfigs":[{"regionCode":"US",\
                "price":{"currencyCode":"USD","units":"1","nanos":290000000},"availability":"AVAILABLE"},{"regionCode":"FR","price":\
                {"currencyCode":"EUR","units":"1","nanos":90000000},"availability":"NO_LONGER_AVAILABLE"},{"regionCode":"JP","price":\
                {"currencyCode":"JPY","units":"200","nanos":0},"availability":"AVAILABLE"}]},{"purchaseOptionId":"legacy","buyOption":{},\
                "regionalPricingAndAvailabilityConfigs":[]}]}
                """)
    }

    @Test func aProductIsCreatedInEveryRegionTheCatalogNamesAndActivatedAsAStepOfItsOwn() throws {
        let plan = PlayPlanner(regionsVersion: "2025/03").plan(try Self.catalog(), against: PlayRemoteState())
        #expect(
            plan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                "+ create one-time product gems: buy (buy) in JP 200 JPY, US 1.29 USD",
                "+ activate purchase option buy of one-time product gems: customers can buy it",
            ])
        let request = PlayApplier(api: NoTransport(), remote: PlayRemoteState(), packageName: "com.example.app").request(
            for: plan.steps[0], version: plan.regionsVersion)
        #expect(
            request.target(packageName: "com.example.app")
                == "/androidpublisher/v3/applications/com.example.app/onetimeproducts/gems?updateMask=listings%2CpurchaseOptions&regionsVersion.version=2025%2F03&allowMissing=true&latencyTolerance=PRODUCT_UPDATE_LATENCY_TOLERANCE_LATENCY_SENSITIVE"
        )
    }

    @Test func aNewWayToBuyAProductOnSaleNeedsConsent() throws {
        let remote = PlayRemoteState(oneTimeProducts: [try JSONValueReader.read(Array(Self.held.utf8))])
        var catalog = try Self.catalog()
        catalog.products[0].googlePlay!.purchaseOptions.append(
            PlayPurchaseOption(id: "rent", kind: .rent, regions: [PlayRegionalPrice(region: "US", price: "0.49")]))
        catalog.products[0].googlePlay!.purchaseOptions[1].rentalPeriod = "P2D"
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(catalog, against: remote)
        #expect(
            plan.steps.map { "\($0.impact.rawValue) \($0.verb)" } == ["! update", "! activate-purchase-option"])
        #expect(plan.steps[0].summary.contains("adds purchase option rent (rent) in US 0.49 USD"))
        // The same option on a product never sold is a creation.
        let draft = Self.held.replacingOccurrences(of: #""state": "ACTIVE""#, with: #""state": "DRAFT""#)
            .replacingOccurrences(of: #""state": "INACTIVE_PUBLISHED""#, with: #""state": "DRAFT""#)
        let fresh = PlayPlanner(regionsVersion: "2022/02").plan(
            catalog, against: PlayRemoteState(oneTimeProducts: [try JSONValueReader.read(Array(draft.utf8))]))
        #expect(
            fresh.steps.map { "\($0.impact.rawValue) \($0.verb)" } == [
                "~ update", "+ activate-purchase-option", "+ activate-purchase-option",
            ])
    }

    @Test func pricesAreReadAndComparedAsDecimalsNeverAsBinaryFloatingPoint() {
        let money: (String, Int) -> JSONValue = {
            .object([("currencyCode", .string("USD")), ("units", .string($0)), ("nanos", .int($1))])
        }
        #expect(PlayMoney.decimal(money("1", 990_000_000)) == "1.99")
        #expect(PlayMoney.decimal(money("0", 100_000_000)) == "0.1")
        #expect(PlayMoney.decimal(money("160", 0)) == "160")
        #expect(PlayMoney.decimal(money("-1", 0)) == nil)
        #expect(PlayMoney.decimal(money("1", 1_000_000_000)) == nil)
        #expect(PlayMoney.same("1.50", "1.5") && !PlayMoney.same("1.5", "1.05"))
    }

    @Test func idsGoIntoPathsAsOneSegmentEach() {
        let request = PlayRequest(.get, ["oneTimeProducts", "../../v2/x y"])
        #expect(
            request.target(packageName: "com.example.app")
                == "/androidpublisher/v3/applications/com.example.app/oneTimeProducts/..%2F..%2Fv2%2Fx%20y")
        #expect(!PlayRequest(.get, ["oneTimeProducts", ".."]).hasSinglePathSegments)
        #expect(!PlayRequest(.get, ["oneTimeProducts", ""]).hasSinglePathSegments)
    }

    /// A transport that is never called.
    struct NoTransport: PlayTransport {
        func send(_ request: PlayRequest) async throws(PlayAPIError) -> JSONValue {
            throw .malformed(request: request.summary, message: "not expected")
        }
    }
}

/// Offers: a region the offer ran in stays (closed to new subscribers) when the catalog leaves it
/// out, and whether it runs in regions Play adds later is compared and shown.
@Suite struct PlayOfferTests {
    static let subscription = """
        format_version: 1
        app: { bundle_id: com.example.app, google_play: { package_name: com.example.cosmicquest } }
        products:
          - id: vip
            type: auto-renewable
            stores: [google_play]
            google_play:
              listings: { en-US: { title: VIP, description: Everything } }
              base_plans:
                - id: monthly
                  period: P1M
                  regions: { US: "4.99", DE: "4.99" }
                  new_regions: { usd: "4.99", eur: "4.99" }
                  offers:
                    - id: trial
                      phases: [{ mode: free-trial, duration: P1W }]
        """

    @Test func aRegionLeftOutOfAnOfferStaysClosedAndNewRegionsAreCompared() async throws {
        try await PlayFixture.run { fixture in
            let catalog = try TestCatalogs.load(text: Self.subscription)
            try await fixture.apply(catalog)
            // The offer leaves DE out: DE stays in the offer, closed; the offer stops running in new regions.
            let narrowed = try TestCatalogs.load(
                text: Self.subscription.replacingOccurrences(
                    of: "phases: [{ mode: free-trial, duration: P1W }]",
                    with: "regions: [US]\n              phases: [{ mode: free-trial, duration: P2W }]"))
            let plan = try await fixture.apply(narrowed)
            #expect(
                plan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                    "! update offer trial of base plan monthly of subscription vip: phases free for P1W → free for P2W; regions DE,US → US; runs in regions Play adds later: true → false"
                ])
            let snapshot = String(decoding: fixture.fake.snapshot(package: PlayFixture.packageName), as: UTF8.self)
            #expect(snapshot.contains(#"{"regionCode":"DE"}"#))  // kept, closed (false is not stored)
            #expect(snapshot.contains(#""otherRegionsConfig":{}"#) || !snapshot.contains("otherRegionsNewSubscriberAvailability"))
            #expect(try await fixture.plan(narrowed).steps.isEmpty)
            // Pulled back, the offer says what it is.
            let pulled = try await fixture.pull(into: narrowed)
            #expect(pulled.yaml == CatalogYAMLWriter().render(narrowed))
        }
    }
}
