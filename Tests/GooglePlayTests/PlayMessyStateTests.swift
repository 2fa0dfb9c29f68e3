import FakeGooglePlay
import Foundation
import IAPCatalog
import Testing

@testable import GooglePlay

/// An app as real accounts have them — an option auto-migrated as INACTIVE_PUBLISHED, tax
/// settings and offer tags, an installments base plan, an offer with an absolute discount, a
/// region the catalog never named — pulled, planned, edited and applied: what the catalog cannot
/// hold survives byte for byte, and pull then plan is empty.
@Suite struct PlayMessyStateTests {
    static let oneTime = """
        {"packageName": "com.example.cosmicquest", "productId": "gems",
         "listings": [{"languageCode": "en-US", "title": "Gems", "description": "Shiny gems"}],
         "taxAndComplianceSettings": {"isTokenizedDigitalAsset": false},
         "purchaseOptions": [
           {"purchaseOptionId": "legacy-buy", "state": "INACTIVE_PUBLISHED", "buyOption": {"legacyCompatible": true},
            "regionalPricingAndAvailabilityConfigs": [
              {"regionCode": "US", "price": {"currencyCode": "USD", "units": "1", "nanos": 990000000}, "availability": "AVAILABLE"}]},
           {"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {"multiQuantityEnabled": true},
            "offerTags": [{"tag": "launch"}],
            "regionalPricingAndAvailabilityConfigs": [
              {"regionCode": "US", "price": {"currencyCode": "USD", "units": "1", "nanos": 990000000}, "availability": "AVAILABLE"},
              {"regionCode": "GB", "price": {"currencyCode": "GBP", "units": "1", "nanos": 790000000}, "availability": "NO_LONGER_AVAILABLE"}]}]}
        """
    static let subscription = """
        {"packageName": "com.example.cosmicquest", "productId": "vip",
         "listings": [{"languageCode": "en-US", "title": "VIP", "description": "Everything", "benefits": ["All levels"]}],
         "basePlans": [
           {"basePlanId": "monthly", "state": "ACTIVE",
            "autoRenewingBasePlanType": {"billingPeriodDuration": "P1M", "gracePeriodDuration": "P7D", "resubscribeState": "RESUBSCRIBE_STATE_ACTIVE"},
            "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true, "price": {"currencyCode": "USD", "units": "4", "nanos": 990000000}}],
            "offerTags": [{"tag": "core"}]},
           {"basePlanId": "yearly-installments", "state": "ACTIVE",
            "installmentsBasePlanType": {"billingPeriodDuration": "P1M", "committedPaymentsCount": 12},
            "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true, "price": {"currencyCode": "USD", "units": "3", "nanos": 990000000}}]}]}
        """
    static let offer = """
        {"packageName": "com.example.cosmicquest", "productId": "vip", "basePlanId": "monthly", "offerId": "winback", "state": "ACTIVE",
         "phases": [{"recurrenceCount": 1, "duration": "P1M",
                     "regionalConfigs": [{"regionCode": "US", "absoluteDiscount": {"currencyCode": "USD", "units": "2", "nanos": 0}}]}],
         "regionalConfigs": [{"regionCode": "US", "newSubscriberAvailability": true}]}
        """

    @Test func whatTheCatalogCannotHoldSurvivesPullPlanEditApply() async throws {
        try await PlayFixture.run { fixture in
            let package = PlayFixture.packageName
            fixture.fake.seedOneTimeProduct(package: package, json: Data(Self.oneTime.utf8))
            fixture.fake.seedSubscription(package: package, json: Data(Self.subscription.utf8))
            fixture.fake.seedOffer(package: package, json: Data(Self.offer.utf8))
            let before = fixture.fake.snapshot(package: package)

            let pulled = try await fixture.pull(into: nil)
            #expect(
                pulled.notes.map { "\($0.resource) \($0.message)" } == [
                    "gems has taxAndComplianceSettings; the catalog does not hold them, Play keeps them",
                    "gems purchase option buy has offer tags or tax settings; the catalog does not hold them, Play keeps them",
                    "gems is new in the catalog as non-consumable (Play does not say; set consumable if the app consumes it)",
                    "vip base plan monthly has gracePeriodDuration, resubscribeState, offerTags; the catalog does not hold them, Play keeps them",
                    "vip offer winback of base plan monthly has a phase the catalog cannot express (an absolute discount, or prices mixed with discounts); left as Play holds it",
                    "vip base plan yearly-installments is an installments plan (or of a kind iapcat does not know); left as Play holds it",
                ])
            var catalog = try TestCatalogs.load(text: pulled.yaml)
            let plan = try await fixture.plan(catalog)
            #expect(plan.steps.isEmpty)
            #expect(plan.notDone.count == 5)

            // An edit: the live option's US price. Only that changes.
            let index = try #require(catalog.products.firstIndex { $0.id == "gems" })
            catalog.products[index].googlePlay!.purchaseOptions[1].regions[1].price = "2.49"
            let applied = try await fixture.apply(catalog)
            #expect(
                applied.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                    "! update one-time product gems: purchase option buy: US 1.99 USD → 2.49 USD"
                ])
            let after = fixture.fake.snapshot(package: package)
            // The one price, and the regions version Play records on a write: nothing else differs.
            let expected = String(decoding: before, as: UTF8.self)
                .replacingOccurrences(
                    of:
                        #"{"availability":"AVAILABLE","price":{"currencyCode":"USD","nanos":990000000,"units":"1"},"regionCode":"US"},{"availability":"NO_LONGER_AVAILABLE""#,
                    with:
                        #"{"availability":"AVAILABLE","price":{"currencyCode":"USD","nanos":490000000,"units":"2"},"regionCode":"US"},{"availability":"NO_LONGER_AVAILABLE""#
                )
                .replacingOccurrences(
                    of: #""taxAndComplianceSettings":{"isTokenizedDigitalAsset":false}"#,
                    with: #""regionsVersion":{"version":"2022/02"},"taxAndComplianceSettings":{"isTokenizedDigitalAsset":false}"#)
            #expect(expected != String(decoding: before, as: UTF8.self))
            #expect(String(decoding: after, as: UTF8.self) == expected)
            #expect(try await fixture.plan(catalog).steps.isEmpty)
        }
    }
}
