import Foundation
import Testing

@testable import FakeGooglePlay

/// The fake checks requests against Google's discovery document as the live service does.
@Suite struct PlayDiscoveryTests {
    let document = DiscoveryDocument.androidPublisher
    let prefix = "androidpublisher.monetization."

    @Test func theVendoredDocumentIsTheRevisionTheFakeFollows() {
        #expect(document.revision == "20261026")
        #expect(document.standard.contains("prettyPrint") && !document.standard.contains("userIp"))
        #expect(document.queryParameters(of: prefix + "subscriptions.create") == ["productId", "regionsVersion.version"])
        #expect(
            document.queryParameters(of: prefix + "subscriptions.patch")
                == ["allowMissing", "latencyTolerance", "regionsVersion.version", "updateMask"])
    }

    @Test func everyRouteOfTheFakeIsAMethodOfTheDocument() {
        let key = OfferKey(productId: "p", basePlanId: "b", offerId: "o")
        let routes: [PlayRoute] = [
            .listOneTimeProducts, .getOneTimeProduct("p"), .patchOneTimeProduct("p"), .updatePurchaseOptionStates(productId: "p"),
            .listSubscriptions, .createSubscription, .getSubscription("p"), .patchSubscription("p"),
            .setBasePlanState(productId: "p", basePlanId: "b", activate: true),
            .setBasePlanState(productId: "p", basePlanId: "b", activate: false), .listOffers(productId: "p", basePlanId: "b"),
            .createOffer(productId: "p", basePlanId: "b"), .getOffer(key), .patchOffer(key), .setOfferState(key, activate: true),
            .setOfferState(key, activate: false), .convertRegionPrices,
        ]
        for route in routes { #expect(document.has(route.discoveryMethod), "\(route.discoveryMethod)") }
    }

    @Test(arguments: [
        (
            "subscriptions.patch", #"{"productId":"p","basePlans":[{"basePlanId":"b","bogus":1}]}"#,
            #"Invalid JSON payload received. Unknown name "bogus" at 'subscription.base_plans[0]': Cannot find field."#
        ),
        (
            "subscriptions.patch", #"{"productId":"p","basePlans":[{"basePlanId":"b","state":"LIVE"}]}"#,
            #"Invalid JSON payload received. Invalid value at 'subscription.base_plans[0].state' (TYPE_ENUM), "LIVE""#
        ),
        (
            "subscriptions.create", #"{"productId":"p","listings":"Pro"}"#,
            #"Invalid JSON payload received. Invalid value at 'subscription.listings' (TYPE_MESSAGE), "Pro""#
        ),
        (
            "subscriptions.basePlans.offers.create", #"{"offerId":"o","phases":[{"recurrenceCount":true}]}"#,
            #"Invalid JSON payload received. Invalid value at 'subscription_offer.phases[0].recurrence_count' (TYPE_INT32), true"#
        ),
        (
            "onetimeproducts.purchaseOptions.batchUpdateStates", #"{"requests":[{"activate":{}}]}"#,
            #"Invalid JSON payload received. Unknown name "activate" at 'requests[0]': Cannot find field."#
        ),
        (
            "subscriptions.basePlans.activate", #"{"latencyTolerance":"SOON"}"#,
            #"Invalid JSON payload received. Invalid value at 'latency_tolerance' (TYPE_ENUM), "SOON""#
        ),
    ])
    func aBodyTheDocumentDoesNotDescribeIsRefusedAsGoogleRefusesIt(method: String, body: String, message: String) throws {
        let json = try #require(PlayJSON.parse(Data(body.utf8)))
        #expect(throws: Never.self) { try document.checkBody(json.withoutDisallowedParts, method: prefix + method) }
        do {
            try document.checkBody(json, method: prefix + method)
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.code == 400 && error.status == "INVALID_ARGUMENT")
            #expect(error.message == message)
        }
    }

    @Test func theFakesAnswersAreCheckedToo() throws {
        let page = try #require(PlayJSON.parse(Data(#"{"subscriptions":[{"productId":"p"}],"nextPageToken":"t"}"#.utf8)))
        #expect(throws: Never.self) { try document.checkAnswer(page, method: prefix + "subscriptions.list") }
        let extra = try #require(PlayJSON.parse(Data(#"{"subscriptions":[{"productId":"p","bogus":true}]}"#.utf8)))
        #expect(throws: PlayError.self) { try document.checkAnswer(extra, method: prefix + "subscriptions.list") }
    }

    @Test func whatIapcatSendsIsDescribed() throws {
        let body = #"""
            {"packageName":"com.example.app","productId":"pro","basePlans":[{"basePlanId":"monthly","state":"ACTIVE",
            "autoRenewingBasePlanType":{"billingPeriodDuration":"P1M","legacyCompatible":true},
            "regionalConfigs":[{"regionCode":"US","newSubscriberAvailability":true,"price":{"currencyCode":"USD","units":"4","nanos":990000000}}]}],
            "listings":[{"languageCode":"en-US","title":"Pro","benefits":["All levels"]}]}
            """#
        let json = try #require(PlayJSON.parse(Data(body.utf8)))
        #expect(throws: Never.self) { try document.checkBody(json, method: prefix + "subscriptions.patch") }
    }
}

extension PlayJSON {
    /// The value with the members the cases above make wrong taken out, so the rest is shown to pass.
    fileprivate var withoutDisallowedParts: PlayJSON {
        switch self {
        case .object(let members):
            var kept: [String: PlayJSON] = [:]
            let wrong: Set = ["bogus", "state", "listings", "recurrenceCount", "activate", "latencyTolerance"]
            for (key, value) in members where !wrong.contains(key) {
                kept[key] = value.withoutDisallowedParts
            }
            return .object(kept)
        case .array(let values): return .array(values.map(\.withoutDisallowedParts))
        default: return self
        }
    }
}
