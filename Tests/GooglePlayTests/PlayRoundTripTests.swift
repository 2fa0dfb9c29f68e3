import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import GooglePlay

/// The round trip every store sync owes: the example catalog applied to an empty app, planned
/// again (nothing left), pulled back (the same catalog, byte for byte).
@Suite struct PlayRoundTripTests {
    @Test func applyOnAnEmptyAppThenPlanIsEmptyAndPullGivesTheCatalogBack() async throws {
        try await PlayFixture.run { fixture in
            let catalog = try TestCatalogs.load("catalogs/example.yaml")
            let plan = try await fixture.apply(catalog)
            #expect(plan.errors.isEmpty)
            #expect(plan.steps.allSatisfy { $0.impact == .create })
            #expect(
                plan.steps.map(\.verb) == [
                    "create", "create", "create-offer", "create", "activate-purchase-option", "activate-base-plan",
                    "activate-purchase-option", "activate-purchase-option", "activate-offer",
                ])
            let again = try await fixture.plan(catalog)
            #expect(again.steps.map(\.summary) == [])
            let pulled = try await fixture.pull(into: catalog)
            #expect(pulled.yaml == CatalogYAMLWriter().render(catalog))
            #expect(pulled.notes.isEmpty)
        }
    }
}
