import FakeAppStoreConnect
import Foundation
import IAPCatalog
import Testing

@testable import AppStoreConnect

/// A subscription's multiseat setting (`multiSeatStatus`, `marketSettings`, API 4.5) against the
/// fake App Store Connect of the 4.5.1 document: created, pulled explicitly, planned empty, changed
/// with the right mark, read back.
@Suite struct MultiseatSyncTests {
    static func catalog(multiseat: String, familySharing: Bool = false) -> String {
        """
        format_version: 1
        app: { bundle_id: com.example.cosmicquest, default_locale: en-US }
        subscription_groups:
          - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }
        products:
          - id: com.example.team
            type: auto-renewable
            reference_name: Team
        \(familySharing ? "    family_sharing: true\n" : "")    localizations: { en-US: { display_name: Team } }
            price: { storefronts: { USA: "9.99" } }
            subscription: { group: premium, duration: P1M, rank: 1\(multiseat.isEmpty ? "" : ", multiseat: \(multiseat)") }

        """
    }

    static func summaries(_ plan: ConnectPlan) -> [String] {
        plan.steps.filter { if case .setMultiseat = $0.action { true } else { false } }.map { "\($0.impact.rawValue) \($0.summary)" }
    }

    @Test func aSubscriptionsMultiseatSurvivesPullAndAChangeIsPlannedAppliedAndReadBack() async throws {
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let wanted = try SaleStateRoundTripTests.desired(Self.catalog(multiseat: "{ enabled: true, markets: [app_store] }"))
        // New: created without it (the create request has no such member), then set.
        #expect(
            Self.summaries(try await session.plan(wanted).0) == [
                "+ set whether organizations buy subscription com.example.team in seats: multiseat unset → on; markets unset → APP_STORE"
            ])
        #expect(try await session.apply(wanted) == nil)
        let (again, remote) = try await session.plan(wanted)
        #expect(again.steps.map(\.summary) == [])
        #expect(remote.products["com.example.team"]?.multiSeatStatus == "ENABLED")
        #expect(remote.products["com.example.team"]?.marketSettings == ["APP_STORE"])

        // Pulled, it says so explicitly; planned again, nothing; applied, nothing is written.
        let pulled = ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: AppInfo(bundleID: "com.example.cosmicquest"))
        let text = CatalogYAMLWriter().render(pulled.catalog)
        #expect(text.contains("      multiseat:\n        enabled: true\n        markets: [app_store]\n"), "\(text)")
        let pulledState = try SaleStateRoundTripTests.desired(text)
        #expect(ConnectPlanner(today: FakeRoundTripTests.today).plan(pulledState, against: remote).steps.map(\.summary) == [])
        session.fake.resetRequestLog()
        #expect(try await session.apply(pulledState) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.isEmpty)

        // Live, a change to who may buy it is `!`; applied, it reads back.
        session.fake.approveAll(app: FakeRoundTripTests.appID)
        let wider = try SaleStateRoundTripTests.desired(
            Self.catalog(multiseat: "{ enabled: true, markets: [app_store, apple_business, apple_school] }"))
        #expect(
            Self.summaries(try await session.plan(wider).0) == [
                "! set whether organizations buy subscription com.example.team in seats: markets APP_STORE → APP_STORE, APPLE_BUSINESS, APPLE_SCHOOL"
            ])
        #expect(try await session.apply(wider) == nil)
        #expect(try await session.plan(wider).0.steps.map(\.summary) == [])
        let off = try SaleStateRoundTripTests.desired(Self.catalog(multiseat: "{ enabled: false }"))
        #expect(
            Self.summaries(try await session.plan(off).0) == [
                "! set whether organizations buy subscription com.example.team in seats: multiseat on → off"
            ])
        #expect(try await session.apply(off) == nil)
        #expect(try await session.plan(off).0.steps.map(\.summary) == [])
        // Unsaid, it is left as App Store Connect has it.
        #expect(Self.summaries(try await session.plan(try SaleStateRoundTripTests.desired(Self.catalog(multiseat: ""))).0) == [])
    }

    /// Family Sharing turns multiseat off (App Store Connect does it): a subscription created with
    /// it needs no step, and App Store Connect refuses turning multiseat on beside it.
    @Test func familySharingTurnsMultiseatOff() async throws {
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        let shared = try SaleStateRoundTripTests.desired(Self.catalog(multiseat: "{ enabled: false }", familySharing: true))
        #expect(Self.summaries(try await session.plan(shared).0) == [])
        #expect(try await session.apply(shared) == nil)
        let (plan, remote) = try await session.plan(shared)
        #expect(plan.steps.map(\.summary) == [])
        #expect(remote.products["com.example.team"]?.multiSeatStatus == "DISABLED")
        let refused = try await session.apply(
            try SaleStateRoundTripTests.desired(Self.catalog(multiseat: "{ enabled: true }", familySharing: true)))
        #expect(refused?.apiError?.errors.first?.pointer == "/data/attributes/multiSeatStatus", "\(String(describing: refused))")
    }
}
