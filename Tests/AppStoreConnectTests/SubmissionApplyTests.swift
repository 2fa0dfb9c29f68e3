import Crypto
import FakeAppStoreConnect
import Testing

@testable import AppStoreConnect

/// A submission plan carried out against the fake App Store Connect: the products reach App
/// Review with the app version, and a run stopped part-way is completed by the next without
/// adding anything twice.
@Suite struct SubmissionApplyTests {
    /// A fake with app 1 holding READY_TO_SUBMIT consumables `ids` (each with a version) and an
    /// app version 2.0 in preparation.
    static func start(_ ids: [String]) async throws -> (FakeAppStoreConnect, ConnectClient) {
        let key = P256.Signing.PrivateKey()
        let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "K", issuerID: "I", publicKey: key.publicKey)])
        fake.addApp(id: "1", bundleID: "com.example.app")
        fake.addAppStoreVersion(app: "1", versionString: "2.0")
        let client = ConnectClient(baseURL: fake.baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: key)))
        try await addReadyProducts(ids, fake, client)
        return (fake, client)
    }

    /// READY_TO_SUBMIT consumables `ids` of app 1, each with a version in preparation.
    static func addReadyProducts(_ ids: [String], _ fake: FakeAppStoreConnect, _ client: ConnectClient) async throws {
        for id in ids {
            let created = try await client.send(
                ConnectRequest(
                    .post, "/v2/inAppPurchases",
                    body: Resource(
                        type: "inAppPurchases",
                        attributes: ["name": .string(id), "productId": .string(id), "inAppPurchaseType": "CONSUMABLE"],
                        relationships: ["app": .one(ResourceIdentifier(type: "apps", id: "1"))]))
            ).data.first?.id
            _ = try await client.send(
                ConnectRequest(
                    .post, "/v1/inAppPurchaseVersions",
                    body: Resource(
                        type: "inAppPurchaseVersions",
                        relationships: ["inAppPurchase": .one(ResourceIdentifier(type: "inAppPurchases", id: try #require(created)))])))
            fake.setProductState(app: "1", productID: id, state: "READY_TO_SUBMIT")
        }
    }

    static func plan(_ ids: [String], _ client: ConnectClient) async throws -> SubmissionPlan {
        let reader = ConnectRemoteReader(api: client)
        return SubmissionPlanner().plan(
            ids.map { .init(productID: $0, named: true) }, appVersion: "2.0", remote: try await reader.read(appID: "1"),
            review: try await reader.readReview(appID: "1"))
    }

    static let ids = ["com.example.coins", "com.example.gems"]

    @Test func theProductsReachAppReviewWithTheAppVersion() async throws {
        let (fake, client) = try await Self.start(Self.ids)
        let plan = try await Self.plan(Self.ids, client)
        #expect(plan.errors.isEmpty)
        var shown: [String] = []
        try await SubmissionApplier(api: client, appID: "1").apply(plan) { index, step in shown.append("[\(index + 1)] \(step.summary)") }
        #expect(shown.count == 5)
        #expect(fake.reviewSubmissions(app: "1").map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(fake.reviewSubmissions(app: "1").first?.items == ["READY_FOR_REVIEW", "READY_FOR_REVIEW", "READY_FOR_REVIEW"])
        let again = try await Self.plan(Self.ids, client)
        #expect(again.steps.isEmpty)
        #expect(
            again.notDone.map(\.message) == [
                "with App Review already (WAITING_FOR_REVIEW)", "with App Review already (WAITING_FOR_REVIEW)",
            ])
        await client.shutdown()
        try await fake.shutdown()
    }

    @Test func aRunStoppedPartWayIsCompletedByTheNextWithoutDuplicates() async throws {
        let (fake, client) = try await Self.start(Self.ids)
        let plan = try await Self.plan(Self.ids, client)
        // App Store Connect refuses the second item: the run stops with a draft holding the first.
        fake.inject(.status(409), onRequest: 2, matching: .pathPrefix("/v1/reviewSubmissionItems"))
        await #expect(throws: SubmissionApplier.Failure.self) {
            try await SubmissionApplier(api: client, appID: "1").apply(plan) { _, _ in }
        }
        #expect(fake.reviewSubmissions(app: "1").map(\.state) == ["READY_FOR_REVIEW"])
        #expect(fake.reviewSubmissions(app: "1").first?.items.count == 1)

        let resumed = try await Self.plan(Self.ids, client)
        #expect(resumed.notDone.count == 1 && resumed.notDone[0].message.hasPrefix("already in review submission "))
        #expect(resumed.steps.map(\.verb) == ["add", "add", "submit"])
        try await SubmissionApplier(api: client, appID: "1").apply(resumed) { _, _ in }
        #expect(fake.reviewSubmissions(app: "1").map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(fake.reviewSubmissions(app: "1").first?.items.count == 3)
        await client.shutdown()
        try await fake.shutdown()
    }
}
