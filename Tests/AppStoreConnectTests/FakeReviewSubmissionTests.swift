import FakeAppStoreConnect
import Foundation
import Testing

/// Review submissions in the fake App Store Connect: the way products reach App Review, with the
/// rules App Store Connect enforces (one open submission per platform, READY_TO_SUBMIT products
/// only, items only before submitting, an app's first purchases with an app version), checked
/// against the OpenAPI document like every other route.
@Suite struct FakeReviewSubmissionTests {
    let harness = FakeAppStoreConnectTests()
    var appID: String { FakeAppStoreConnectTests.appID }

    typealias Client = FakeAppStoreConnectTests.Client

    /// A consumable `productID` with a version in preparation, READY_TO_SUBMIT: its version's id.
    func readyProduct(_ productID: String, _ fake: FakeAppStoreConnect, _ client: Client) async throws -> String {
        let created = try await client.createInAppPurchase(productID)
        let version = try await client.createInAppPurchaseVersion(of: created.id)
        #expect(version.status == 201)
        fake.setProductState(app: appID, productID: productID, state: "READY_TO_SUBMIT")
        return version.id
    }

    func createSubmission(_ client: Client) async throws -> Client.Response {
        try await client.send(
            "POST", "/v1/reviewSubmissions",
            body: [
                "data": [
                    "type": "reviewSubmissions", "attributes": ["platform": "IOS"],
                    "relationships": ["app": ["data": ["type": "apps", "id": appID]]],
                ]
            ])
    }

    func addItem(_ client: Client, submission: String, _ relationship: String, _ type: String, _ id: String) async throws -> Client.Response
    {
        try await client.send(
            "POST", "/v1/reviewSubmissionItems",
            body: [
                "data": [
                    "type": "reviewSubmissionItems",
                    "relationships": [
                        "reviewSubmission": ["data": ["type": "reviewSubmissions", "id": submission]],
                        relationship: ["data": ["type": type, "id": id]],
                    ],
                ]
            ])
    }

    func patch(_ client: Client, submission: String, _ attributes: [String: Any]) async throws -> Client.Response {
        try await client.send(
            "PATCH", "/v1/reviewSubmissions/\(submission)",
            body: ["data": ["type": "reviewSubmissions", "id": submission, "attributes": attributes]])
    }

    func productState(_ client: Client, _ productID: String) async throws -> String? {
        let list = try await client.get("/v1/apps/\(appID)/inAppPurchasesV2?filter[productId]=\(productID)")
        return (list.list.first?["attributes"] as? [String: Any])?["state"] as? String
    }

    @Test func anAppsFirstPurchaseGoesToReviewWithAnAppVersionThroughOneOpenSubmission() async throws {
        try await harness.withFake { fake, client in
            let version = try await readyProduct("com.example.gems", fake, client)
            let submission = try await createSubmission(client)
            #expect(submission.status == 201)
            #expect(submission.attributes["state"] as? String == "READY_FOR_REVIEW")
            #expect(submission.attributes["platform"] as? String == "IOS")
            let second = try await createSubmission(client)
            #expect(second.status == 409 && second.errorCode == "STATE_ERROR")
            #expect(second.errorDetail == "The app already has a review submission for IOS in state READY_FOR_REVIEW: \(submission.id).")

            let item = try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", version)
            #expect(item.status == 201)
            #expect(item.attributes["state"] as? String == "READY_FOR_REVIEW")
            #expect(try await client.get("/v1/inAppPurchaseVersions/\(version)").attributes["state"] as? String == "READY_FOR_REVIEW")
            let twice = try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", version)
            #expect(twice.errorDetail == "The inAppPurchaseVersion '\(version)' is already in an open review submission.")

            // No product of the app was ever approved: the first goes with an app version.
            let alone = try await patch(client, submission: submission.id, ["submitted": true])
            #expect(alone.status == 409)
            #expect(
                alone.errorDetail
                    == "The first in-app purchases and subscriptions of an app must be submitted with a new app version: "
                    + "add an appStoreVersion to this review submission.")
            let appVersion = try #require(fake.addAppStoreVersion(app: appID, versionString: "1.1"))
            let listed = try await client.get("/v1/apps/\(appID)/appStoreVersions?filter[versionString]=1.1&filter[platform]=IOS")
            #expect(listed.list.map { $0["id"] as? String } == [appVersion])
            #expect(try await addItem(client, submission: submission.id, "appStoreVersion", "appStoreVersions", appVersion).status == 201)

            let submitted = try await patch(client, submission: submission.id, ["submitted": true])
            #expect(submitted.status == 200)
            #expect(submitted.attributes["state"] as? String == "WAITING_FOR_REVIEW")
            #expect(submitted.attributes["submittedDate"] is String)
            #expect(try await productState(client, "com.example.gems") == "WAITING_FOR_REVIEW")
            let late = try await readyProduct("com.example.coins", fake, client)
            let afterSubmit = try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", late)
            #expect(
                afterSubmit.errorDetail
                    == "Items can be added only to a review submission that is READY_FOR_REVIEW; this one is WAITING_FOR_REVIEW.")

            fake.startReview(app: appID)
            #expect(try await productState(client, "com.example.gems") == "IN_REVIEW")
            fake.completeReview(app: appID)
            #expect(fake.reviewSubmissions(app: appID).map(\.state) == ["COMPLETE"])
            #expect(fake.reviewSubmissions(app: appID).first?.items == ["APPROVED", "APPROVED"])
            #expect(try await productState(client, "com.example.gems") == "APPROVED")
            let items = try await client.get("/v1/reviewSubmissions/\(submission.id)/items")
            #expect(items.list.count == 2)

            // The next submission is allowed, and needs no app version now.
            let next = try await createSubmission(client)
            #expect(next.status == 201)
            #expect(try await addItem(client, submission: next.id, "inAppPurchaseVersion", "inAppPurchaseVersions", late).status == 201)
            #expect(try await patch(client, submission: next.id, ["submitted": true]).status == 200)
            let open = try await client.get("/v1/reviewSubmissions?filter[app]=\(appID)&filter[state]=WAITING_FOR_REVIEW")
            #expect(open.list.map { $0["id"] as? String } == [next.id])
        }
    }

    @Test func onlyReadyProductsAreAddedAndACanceledSubmissionGivesThemBack() async throws {
        try await harness.withFake { fake, client in
            let version = try await readyProduct("com.example.gems", fake, client)
            fake.setProductState(app: appID, productID: "com.example.gems", state: "MISSING_METADATA")
            let submission = try await createSubmission(client)
            let missing = try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", version)
            #expect(missing.status == 409)
            #expect(
                missing.errorDetail
                    == "The product is MISSING_METADATA; only a product that is READY_TO_SUBMIT can be submitted for review.")
            let empty = try await patch(client, submission: submission.id, ["submitted": true])
            #expect(empty.errorDetail == "The review submission has no items to submit.")

            fake.setProductState(app: appID, productID: "com.example.gems", state: "READY_TO_SUBMIT")
            let item = try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", version)
            #expect(try await client.send("DELETE", "/v1/reviewSubmissionItems/\(item.id)").status == 204)
            #expect(try await client.get("/v1/inAppPurchaseVersions/\(version)").attributes["state"] as? String == "PREPARE_FOR_SUBMISSION")
            #expect(
                try await addItem(client, submission: submission.id, "inAppPurchaseVersion", "inAppPurchaseVersions", version).status == 201
            )

            let canceled = try await patch(client, submission: submission.id, ["canceled": true])
            #expect(canceled.attributes["state"] as? String == "COMPLETE")
            #expect(fake.reviewSubmissions(app: appID).first?.items == ["REMOVED"])
            #expect(try await client.get("/v1/inAppPurchaseVersions/\(version)").attributes["state"] as? String == "PREPARE_FOR_SUBMISSION")
            #expect(try await productState(client, "com.example.gems") == "MISSING_METADATA")  // recomputed: it holds no metadata

            let unfiltered = try await client.get("/v1/reviewSubmissions")
            #expect(unfiltered.status == 400 && unfiltered.errorCode == "PARAMETER_ERROR.REQUIRED")
            let neither = try await client.send(
                "POST", "/v1/reviewSubmissionItems",
                body: [
                    "data": [
                        "type": "reviewSubmissionItems",
                        "relationships": ["reviewSubmission": ["data": ["type": "reviewSubmissions", "id": submission.id]]],
                    ]
                ])
            #expect(neither.status == 409 && neither.errorCode == "ENTITY_ERROR.RELATIONSHIP.INVALID")
        }
    }
}
