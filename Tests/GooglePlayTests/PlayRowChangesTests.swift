import IAPCatalog
import Testing

@testable import GooglePlay

/// What a Play saved plan's refusal names when a row moved: regions with decimal amounts and
/// their currencies, items by their ids, fields in words; never a JSON pointer, units or nanos.
@Suite struct PlayRowChangesTests {
    static func row(_ json: String) throws -> JSONValue {
        try JSONValueReader.read(Array(json.utf8)).sortingKeys
    }

    static let adapter = PlayAdapter(api: PlayBodiesTests.NoTransport(), packageName: "com.example.app")

    @Test func aOneTimeProductsPriceAvailabilityAndTitleAreNamedInPlaysWords() throws {
        func product(us: String, nanos: Int, availability: String, title: String) throws -> JSONValue {
            try Self.row(
                """
                {"one_time_product": {"packageName": "com.example.app", "productId": "gems",
                  "listings": [{"languageCode": "en-US", "title": "\(title)"}],
                  "purchaseOptions": [{"purchaseOptionId": "buy", "state": "ACTIVE", "buyOption": {"legacyCompatible": true},
                    "regionalPricingAndAvailabilityConfigs": [
                      {"regionCode": "US", "price": {"currencyCode": "USD", "units": "\(us)", "nanos": \(nanos)}, "availability": "\(availability)"},
                      {"regionCode": "JP", "price": {"currencyCode": "JPY", "units": "160"}, "availability": "AVAILABLE"}]}],
                  "regionsVersion": {"version": "2025/03"}},
                 "subscription": null, "offers": []}
                """)
        }
        let old = try product(us: "1", nanos: 490_000_000, availability: "AVAILABLE", title: "Gems")
        let new = try product(us: "1", nanos: 290_000_000, availability: "NO_LONGER_AVAILABLE", title: "Gems!")
        #expect(
            Self.adapter.changes(of: "product gems", from: old, to: new) == [
                #"listing en-US: title "Gems" → "Gems!""#,
                "purchase option buy: US availability AVAILABLE → NO_LONGER_AVAILABLE",
                "purchase option buy: US 1.49 USD → 1.29 USD",
            ])
        // A product that appeared is one line; so is the regions version.
        #expect(
            Self.adapter.changes(
                of: "product gems", from: try Self.row(#"{"one_time_product": null, "subscription": null, "offers": []}"#), to: new)
                == ["one-time product: not on Google Play → on Google Play"])
        #expect(Self.adapter.changes(of: "regions version", from: .string("2022/02"), to: .string("2025/03")) == ["2022/02 → 2025/03"])
    }

    @Test func aSubscriptionsBasePlansAndOffersAreNamedByTheirIds() throws {
        func subscription(monthly: String, intro: String, newRegions: String) throws -> JSONValue {
            try Self.row(
                """
                {"one_time_product": null,
                 "subscription": {"productId": "plus", "basePlans": [{"basePlanId": "monthly", "state": "ACTIVE",
                   "autoRenewingBasePlanType": {"billingPeriodDuration": "P1M"},
                   "regionalConfigs": [{"regionCode": "DE", "newSubscriberAvailability": true,
                     "price": {"currencyCode": "EUR", "units": "\(monthly)", "nanos": 990000000}}],
                   "otherRegionsConfig": {"usdPrice": {"currencyCode": "USD", "units": "\(newRegions)", "nanos": 990000000},
                     "eurPrice": {"currencyCode": "EUR", "units": "4", "nanos": 990000000}, "newSubscriberAvailability": true}}]},
                 "offers": [{"productId": "plus", "basePlanId": "monthly", "offerId": "intro", "state": "ACTIVE",
                   "phases": [{"recurrenceCount": 1, "duration": "P1M",
                     "regionalConfigs": [{"regionCode": "DE", "price": {"currencyCode": "EUR", "units": "\(intro)", "nanos": 0}}]}],
                   "offerTags": [{"tag": "spring"}]}]}
                """)
        }
        let old = try subscription(monthly: "4", intro: "1", newRegions: "4")
        let new = try subscription(monthly: "5", intro: "2", newRegions: "5")
        #expect(
            Self.adapter.changes(of: "product plus", from: old, to: new) == [
                "offer intro of base plan monthly, phase 1: DE 1 EUR → 2 EUR",
                "base plan monthly: other regions USD price 4.99 USD → 5.99 USD",
                "base plan monthly: DE 4.99 EUR → 5.99 EUR",
            ])
    }

    @Test func atMostFivePlacesAreNamedThenHowManyMore() throws {
        func regions(_ units: String) throws -> JSONValue {
            let configs = ["AT", "BE", "DE", "ES", "FR", "IT", "NL"].map {
                #"{"regionCode": "\#($0)", "price": {"currencyCode": "EUR", "units": "\#(units)"}, "availability": "AVAILABLE"}"#
            }
            return try Self.row(
                #"{"one_time_product": {"purchaseOptions": [{"purchaseOptionId": "buy", "regionalPricingAndAvailabilityConfigs": [\#(configs.joined(separator: ","))]}]}, "subscription": null, "offers": []}"#
            )
        }
        let lines = Self.adapter.changes(of: "product gems", from: try regions("1"), to: try regions("2"))
        #expect(
            lines == [
                "purchase option buy: AT 1 EUR → 2 EUR", "purchase option buy: BE 1 EUR → 2 EUR", "purchase option buy: DE 1 EUR → 2 EUR",
                "purchase option buy: ES 1 EUR → 2 EUR", "purchase option buy: FR 1 EUR → 2 EUR", "… and 2 more differences",
            ])
        #expect(!lines.joined().contains("nanos") && !lines.joined().contains("/"))
    }
}
