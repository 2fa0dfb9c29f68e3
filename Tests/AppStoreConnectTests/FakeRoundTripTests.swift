import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import IAPCatalog
import StoreHTTP
import Testing

@testable import AppStoreConnect

/// apply → plan → pull against the fake App Store Connect, and an apply interrupted at every step.
@Suite(.serialized) struct FakeRoundTripTests {
    static let appID = "1234567890"
    static let today = "2026-11-23"

    struct Session {
        let fake: FakeAppStoreConnect
        let client: ConnectClient

        static func start() async throws -> Session {
            let key = P256.Signing.PrivateKey()
            let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "KEY1", issuerID: "ISSUER", publicKey: key.publicKey)])
            fake.addApp(id: FakeRoundTripTests.appID, bundleID: "com.example.cosmicquest")
            let tokens = TokenProvider(key: APIKey(keyID: "KEY1", issuerID: "ISSUER", privateKey: key))
            let retry = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(200))
            return Session(fake: fake, client: ConnectClient(baseURL: fake.baseURL, tokens: tokens, retry: retry))
        }

        func stop() async throws {
            await client.shutdown()
            try await fake.shutdown()
        }

        func plan(_ desired: DesiredState) async throws -> (ConnectPlan, ConnectRemoteState) {
            let remote = try await ConnectRemoteReader(api: client).read(appID: FakeRoundTripTests.appID)
            return (ConnectPlanner(today: FakeRoundTripTests.today).plan(desired, against: remote), remote)
        }

        /// Plans and applies; returns the failure, if any.
        func apply(_ desired: DesiredState) async throws -> ConnectApplier.Failure? {
            let (plan, remote) = try await self.plan(desired)
            do throws(ConnectApplier.Failure) {
                let options = ConnectApplier.Options(pollInterval: .milliseconds(5))
                try await ConnectApplier(api: client, remote: remote, desired: desired, options: options).apply(plan) { _, _ in }
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func applyOnAnEmptyAppThenPlanHasNoChangesAndPullGivesTheCatalogBack() async throws {
        let catalog = try exampleCatalog()
        let desired = try exampleDesiredState()
        let session = try await Session.start()
        defer { Task { try? await session.stop() } }

        #expect(try await session.apply(desired) == nil)
        let (plan, remote) = try await session.plan(desired)
        #expect(plan.steps.map(\.summary) == [])
        // Apply wrote the promotions, the promotional offer and the offer code; what is left are
        // notes: approval (App Review's), hosted content (the API cannot set it), the order of
        // promoted purchases (new ones join the end of the list).
        let notes = plan.notDone.map { "\($0.resource) \($0.message)" }.sorted()
        #expect(
            notes.filter { !$0.contains(" approved in the catalog but ") } == [
                "com.example.cosmicquest.coins.small promoted purchase order 1 in App Store Connect, 2 in the catalog: iapcat does not write the order yet; arrange it in App Store Connect",
                "com.example.cosmicquest.level.nebula hosted content differs from App Store Connect, whose API cannot change it: change it in App Store Connect",
                "com.example.cosmicquest.level.nebula promoted purchase order 2 in App Store Connect, 1 in the catalog: iapcat does not write the order yet; arrange it in App Store Connect",
            ])

        let summary = session.fake.state(app: Self.appID)
        #expect(summary.inAppPurchases == 3)
        #expect(summary.subscriptions == 2)
        #expect(summary.subscriptionGroups == 1)
        #expect(summary.screenshots == 5)

        // With the catalog as the base, pull keeps its group keys (App Store Connect knows groups by
        // reference name only) and what the store does not hold.
        let pulled = ConnectCatalogBuilder(today: Self.today).build(remote, app: catalog.app, base: catalog).catalog
        // Google Play's parts are not App Store Connect's: pulled as the base has them, and the
        // product only Play sells stays.
        let playParts = { (catalog: Catalog) in
            catalog.products.filter { $0.googlePlay != nil }.map {
                "\($0.id) \($0.stores.map(\.rawValue)) \($0.googlePlay!.purchaseOptions.map(\.id) + $0.googlePlay!.basePlans.map(\.id))"
            }.sorted()
        }
        #expect(playParts(pulled) == playParts(catalog))
        #expect(playParts(pulled).count == 3)
        #expect(pulled.app.googlePlay?.packageName == "com.example.cosmicquest")
        var pulledState = DesiredState(catalog: pulled)
        for index in pulledState.products.indices { pulledState.products[index].screenshot = nil }
        var expected = desired
        expected.screenshotNotes = []
        // App Store Connect holds neither the screenshot path nor an approval iapcat could make.
        for index in expected.products.indices {
            expected.products[index].screenshot = nil
            expected.products[index].screenshotFile = nil
            expected.products[index].approved = false
        }
        expected.products.sort { $0.productID < $1.productID }
        pulledState.products.sort { $0.productID < $1.productID }
        // What apply wrote beside the product is pulled as the catalog says it, but for hosted
        // content (the store's: false) and the order of promoted purchases (the store's).
        let byID = Dictionary(uniqueKeysWithValues: pulledState.products.map { ($0.productID, $0.extras) })
        #expect(
            byID["com.example.cosmicquest.premium.yearly"]??.promotionalOffers.map { "\($0.id ?? "") \($0.prices.map(\.amount))" } == [
                "winback.yearly.half [\"19.99\", \"19.99\"]"
            ])
        let code = byID["com.example.cosmicquest.premium.monthly"]??.offerCodes.first
        #expect(code?.referenceName == "Press month" && code?.eligibility == [.new, .expired] && code?.stackable == false)
        #expect(byID["com.example.cosmicquest.coins.small"]??.promotion == Promotion(visible: true, order: 1))
        #expect(byID["com.example.cosmicquest.level.nebula"]??.hostedContent == false)
        for index in expected.products.indices {
            expected.products[index].extras = nil
            pulledState.products[index].extras = nil
        }
        // Subscriptions pull the price of every territory (the catalog named a few and let the
        // others follow the base): the rows differ in form, not in what the store holds.
        #expect(ConnectPlanner(today: Self.today).plan(pulledState, against: remote).steps.map(\.summary) == [])
        for index in pulledState.products.indices where pulledState.products[index].kind == .autoRenewable {
            #expect(pulledState.products[index].prices?.baseSteps == expected.products[index].prices?.baseSteps)
            pulledState.products[index].prices = nil
            expected.products[index].prices = nil
        }
        #expect(pulledState.products == expected.products)
        #expect(pulledState.groups == expected.groups)
        // Without a base catalog the group key derives from the reference name.
        let fresh = ConnectCatalogBuilder(today: Self.today).build(remote, app: catalog.app).catalog
        #expect(fresh.subscriptionGroups.map(\.id) == ["cosmic-premium"])
        #expect(fresh.products.compactMap(\.subscription?.group) == ["cosmic-premium", "cosmic-premium"])
        // The pulled catalog is a valid catalog.
        let yaml = CatalogYAMLWriter().render(pulled)
        let reloaded = CatalogLoader().load(Array(yaml.utf8), file: "pulled.yaml")
        #expect(reloaded.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    @Test func thePlansEstimateOfRequestsIsWithinATenthOfWhatApplyAndItsReadBackSend() async throws {
        let desired = try exampleDesiredState()
        let session = try await Session.start()
        defer { Task { try? await session.stop() } }
        let (plan, remote) = try await session.plan(desired)
        session.fake.resetRequestLog()
        let options = ConnectApplier.Options(pollInterval: .milliseconds(5))
        try await ConnectApplier(api: session.client, remote: remote, desired: desired, options: options).apply(plan) { _, _ in }
        #expect(
            try await ConnectReadBack(api: session.client, today: Self.today).remaining(after: plan, desired: desired, appID: Self.appID)
                .isEmpty)
        let sent = session.fake.requests.filter { !$0.path.hasPrefix("/upload/") }.count
        #expect(abs(sent - plan.estimatedRequests) * 10 <= sent, "estimated \(plan.estimatedRequests), sent \(sent)")
    }

    @Test func anApplyInterruptedAtAnyWriteResumesToTheSameStateWithoutDuplicates() async throws {
        let desired = try exampleDesiredState()
        let clean = try await Session.start()
        #expect(try await clean.apply(desired) == nil)
        let writes = clean.fake.requests.filter { $0.method != "GET" }.count
        let expected = clean.fake.state(app: Self.appID)
        try await clean.stop()
        #expect(writes > 20)

        let faults: [FakeFault] = [.status(409), .dropConnectionAfterHandling, .status(500), .dropConnection, .status(429, retryAfter: 0)]
        // One write's run at a time: each parses the fake's answers on Swift's cooperative threads,
        // and three at once kept both of them busy for long enough to starve the suite's timed tests.
        for n in 1...writes {
            try await Self.interrupt(desired, atWrite: n, with: faults[n % faults.count], expected: expected)
        }
    }

    /// An apply of `desired` to an empty app failing with `fault` at write `n`, then applied
    /// again until plan is empty (at most three times): the app must end as `expected`.
    static func interrupt(_ desired: DesiredState, atWrite n: Int, with fault: FakeFault, expected: FakeAppSummary) async throws {
        let session = try await Session.start()
        session.fake.inject(fault, onRequest: n, matching: .writes)
        _ = try await session.apply(desired)
        var rounds = 0
        var plan = try await session.plan(desired).0
        while plan.hasChanges, rounds < 3 {
            rounds += 1
            let failure = try await session.apply(desired)
            #expect(failure == nil, "write \(n) (\(fault)): \(failure?.message ?? "")")
            plan = try await session.plan(desired).0
        }
        #expect(plan.steps.map(\.summary) == [], "write \(n) (\(fault))")
        #expect(session.fake.state(app: Self.appID) == expected, "write \(n) (\(fault))")
        try await session.stop()
    }
}
