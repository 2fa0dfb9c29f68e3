import FakeAppStoreConnect
import Foundation
import IAPCatalog
import Testing

@testable import AppStoreConnect

/// Offer codes of a one-time purchase (`inAppPurchaseOfferCodes`) against the fake App Store
/// Connect: created with their prices and custom codes, pulled, planned empty, applied as nothing,
/// a change planned with its mark, applied and read back; what App Store Connect keeps once
/// created is a note.
@Suite struct PurchaseOfferCodeSyncTests {
    static func catalog(codes: String) -> String {
        """
        format_version: 1
        app: { bundle_id: com.example.cosmicquest, default_locale: en-US }
        products:
          - id: com.example.coins
            type: consumable
            reference_name: Coins
            localizations: { en-US: { display_name: Coins } }
            price: { storefronts: { USA: "4.99" } }
        \(codes)
        """
    }

    static let halfPrice = """
            offer_codes:
              - reference_name: Half-price coins
                eligibility: [non_spender, churned_spender]
                prices: { USA: "2.49", DEU: "2.49" }
                custom_codes:
                  - { code: COINS50, count: 500, expires: 2030-12-31 }
        """

    static func summaries(_ plan: ConnectPlan) -> [String] {
        plan.steps.filter {
            switch $0.action {
            case .createPurchaseOfferCode, .deactivatePurchaseOfferCode, .createCustomCodes, .deactivateCustomCode: true
            default: false
            }
        }
        .map { "\($0.impact.rawValue) \($0.summary)" }
    }

    @Test func aConsumablesOfferCodesSurvivePullAndAChangeIsPlannedAppliedAndReadBack() async throws {
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let wanted = try SaleStateRoundTripTests.desired(Self.catalog(codes: Self.halfPrice))
        // New, the product is not approved: the offer code is created, its custom codes wait (App
        // Store Connect makes them only for an approved in-app purchase).
        let waiting =
            "the custom codes of offer code \"Half-price coins\" wait until App Store Connect approves the in-app purchase: it makes custom codes only for approved ones"
        let first = try await session.plan(wanted).0
        #expect(
            Self.summaries(first) == [
                "+ create offer code \"Half-price coins\" of in-app purchase com.example.coins: USA at 2.49, DEU at 2.49, for non_spender/churned_spender customers"
            ])
        #expect(first.notDone.map(\.message).filter { $0.contains("offer code") } == [waiting])
        #expect(try await session.apply(wanted) == nil)
        #expect(try await session.plan(wanted).0.steps.map(\.summary) == [])
        session.fake.approveAll(app: FakeRoundTripTests.appID)
        #expect(
            Self.summaries(try await session.plan(wanted).0) == [
                "! create custom codes of offer code \"Half-price coins\" of in-app purchase com.example.coins: COINS50 (500 until 2030-12-31)"
            ])
        #expect(try await session.apply(wanted) == nil)
        let (again, remote) = try await session.plan(wanted)
        #expect(again.steps.map(\.summary) == [])
        #expect(again.notDone.map(\.message) == [])
        let held = try #require(remote.products["com.example.coins"]?.purchaseOfferCodes.first)
        #expect(held.name == "Half-price coins")
        #expect(held.customerEligibilities.sorted() == ["CHURNED_SPENDER", "NON_SPENDER"])
        #expect(held.prices == ["USA": "2.49", "DEU": "2.49"])
        #expect(held.customCodes.map { "\($0.code) \($0.count) \($0.expirationDate ?? "-")" } == ["COINS50 500 2030-12-31"])

        // Pulled, the catalog says the same; planned again, nothing; applied, nothing is written.
        let pulled = ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: AppInfo(bundleID: "com.example.cosmicquest"))
        let text = CatalogYAMLWriter().render(pulled.catalog)
        #expect(
            text.contains(
                """
                    offer_codes:
                      - reference_name: Half-price coins
                        eligibility: [non_spender, churned_spender]
                        prices:
                          USA: "2.49"
                          DEU: "2.49"
                        custom_codes:
                          - { code: COINS50, count: 500, expires: 2030-12-31 }

                """), "\(text)")
        let pulledState = try SaleStateRoundTripTests.desired(text)
        #expect(ConnectPlanner(today: FakeRoundTripTests.today).plan(pulledState, against: remote).steps.map(\.summary) == [])
        session.fake.resetRequestLog()
        #expect(try await session.apply(pulledState) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.isEmpty)

        // Live: a new custom code is `+`; turning a custom code and then the offer code off is `!`.
        let more = try SaleStateRoundTripTests.desired(
            Self.catalog(codes: Self.halfPrice + "\n          - { code: WELCOMEBACK, count: 50 }"))
        #expect(
            Self.summaries(try await session.plan(more).0) == [
                "! create custom codes of offer code \"Half-price coins\" of in-app purchase com.example.coins: WELCOMEBACK (50)"
            ])
        #expect(try await session.apply(more) == nil)
        #expect(try await session.plan(more).0.steps.map(\.summary) == [])
        let off = try SaleStateRoundTripTests.desired(
            Self.catalog(
                codes: Self.halfPrice.replacingOccurrences(of: "expires: 2030-12-31 }", with: "expires: 2030-12-31, active: false }")
                    + "\n          - { code: WELCOMEBACK, count: 50 }\n        active: false"))
        #expect(
            Self.summaries(try await session.plan(off).0) == [
                "! deactivate offer code \"Half-price coins\" of in-app purchase com.example.coins: customers can no longer redeem it, and App Store Connect cannot activate it again",
                "! deactivate custom code COINS50 of offer code \"Half-price coins\" of in-app purchase com.example.coins: customers can no longer redeem it, and App Store Connect cannot activate it again",
            ])
        #expect(try await session.apply(off) == nil)
        let (after, afterRemote) = try await session.plan(off)
        #expect(after.steps.map(\.summary) == [])
        #expect(afterRemote.products["com.example.coins"]?.purchaseOfferCodes.first?.active == false)

        // Other terms of an existing code, or a code only the store has, are notes, never steps.
        let other = try SaleStateRoundTripTests.desired(
            Self.catalog(codes: Self.halfPrice.replacingOccurrences(of: "\"2.49\", DEU", with: "\"1.99\", DEU")))
        let otherPlan = try await session.plan(other).0
        #expect(Self.summaries(otherPlan) == [])
        #expect(
            otherPlan.notDone.map(\.message).filter { $0.contains("offer code") } == [
                "offer code \"Half-price coins\" has other eligibility or prices in App Store Connect, which keeps an offer code's terms once created: create one under a new name",
                "has custom code WELCOMEBACK of offer code \"Half-price coins\" in App Store Connect, not in the catalog: deletions are never automatic",
            ])
        // Saying a deactivated custom code is active cannot turn it on: a note.
        let reactivated = try SaleStateRoundTripTests.desired(
            Self.catalog(
                codes: Self.halfPrice.replacingOccurrences(of: "expires: 2030-12-31 }", with: "expires: 2030-12-31, active: true }")
                    + "\n          - { code: WELCOMEBACK, count: 50 }\n        active: false"))
        let reactivation = try await session.plan(reactivated).0
        #expect(Self.summaries(reactivation) == [])
        #expect(
            reactivation.notDone.map(\.message).filter { $0.contains("offer code") } == [
                "custom code COINS50 of offer code \"Half-price coins\" is deactivated in App Store Connect, which cannot activate it again"
            ])
        let none = try SaleStateRoundTripTests.desired(Self.catalog(codes: ""))
        #expect(
            try await session.plan(none).0.notDone.map(\.message).filter { $0.contains("offer code") } == [
                "has offer code \"Half-price coins\" in App Store Connect, not in the catalog: deletions are never automatic"
            ])
    }
}
