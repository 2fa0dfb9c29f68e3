import FakeAppStoreConnect
import Testing

@testable import AppStoreConnect

/// Whether a product can go to App Review, and why not, from App Store Connect's state; and the
/// read of the app's open review submissions and app versions that readiness needs.
@Suite struct ReviewReadinessTests {
    /// An in-app purchase holding every piece of metadata, in `state`, its version 1 in `versionState`.
    static func product(_ state: String, versionState: String = "PREPARE_FOR_SUBMISSION") -> RemoteProduct {
        RemoteProduct(
            id: "6400000001", productID: "com.example.gems", type: "CONSUMABLE", name: "Gems", state: state, reviewNote: nil,
            familySharable: false, version: RemoteVersion(id: "v1", number: 1, state: versionState),
            localizations: [RemoteLocalization(id: "l1", locale: "en-US", name: "Gems", description: nil, customAppName: nil)],
            baseTerritory: "USA", prices: [RemotePrice(id: "p1", territory: "USA", customerPrice: "0.99", startDate: nil)],
            availability: RemoteAvailability(id: "a1", availableInNewTerritories: true, territories: ["USA"]), groupID: nil,
            period: nil, groupLevel: nil, introductoryOffers: [], screenshotChecksum: "0f343b0931126a20f133d67c2b018a3b")
    }

    static let noReview = RemoteReview(platform: "IOS")

    @Test func aReadyProductIsSentThroughItsVersionInPreparation() {
        #expect(ReviewReadiness(Self.product("READY_TO_SUBMIT"), group: nil, review: Self.noReview) == .ready(versionID: "v1"))
        // An approved product whose edited metadata waits in a new version is sent the same way.
        #expect(ReviewReadiness(Self.product("APPROVED"), group: nil, review: Self.noReview) == .ready(versionID: "v1"))
        #expect(
            ReviewReadiness(Self.product("APPROVED", versionState: "APPROVED"), group: nil, review: Self.noReview)
                == .reviewed(state: "APPROVED"))
        // Its new version not complete: said so, not "with App Review".
        var edited = Self.product("APPROVED")
        edited.localizations = []
        #expect(ReviewReadiness(edited, group: nil, review: Self.noReview) == .notReady(["its new version lacks a localization"]))
        #expect(
            ReviewReadiness(Self.product("READY_TO_SUBMIT", versionState: "READY_FOR_REVIEW"), group: nil, review: Self.noReview)
                == .notReady(["App Store Connect lists no version of it in preparation: send it from App Store Connect"]))
    }

    @Test func aProductInAnOpenSubmissionIsNotSentTwice() {
        let review = RemoteReview(
            platform: "IOS",
            submissions: [
                .init(
                    id: "s1", state: "READY_FOR_REVIEW",
                    items: [.init(id: "i1", state: "READY_FOR_REVIEW", versionID: "v1", appVersionID: nil)])
            ])
        #expect(
            ReviewReadiness(Self.product("READY_TO_SUBMIT"), group: nil, review: review)
                == .inSubmission(submissionID: "s1", state: "READY_FOR_REVIEW"))
        // An item removed from it does not hold the version.
        var removed = review
        removed.submissions[0].items[0].state = "REMOVED"
        #expect(ReviewReadiness(Self.product("READY_TO_SUBMIT"), group: nil, review: removed) == .ready(versionID: "v1"))
    }

    @Test(
        arguments: [
            ("WAITING_FOR_REVIEW", ReviewReadiness.reviewed(state: "WAITING_FOR_REVIEW")),
            ("IN_REVIEW", .reviewed(state: "IN_REVIEW")),
            (
                "REJECTED",
                .notReady(["App Review rejected it: change what App Review's message in App Store Connect asks, then send it again"])
            ),
            ("DEVELOPER_ACTION_NEEDED", .notReady(["App Review asks for a change: see its message in App Store Connect"])),
            ("PROCESSING_CONTENT", .notReady(["its hosted content is not uploaded and processed yet (PROCESSING_CONTENT)"])),
            ("REMOVED_FROM_SALE", .notReady(["it is removed from sale (REMOVED_FROM_SALE)"])),
            ("SOME_NEW_STATE", .notReady(["App Store Connect says SOME_NEW_STATE"])),
        ] as [(String, ReviewReadiness)])
    func everyOtherStateSaysWhy(state: String, readiness: ReviewReadiness) {
        #expect(ReviewReadiness(Self.product(state), group: nil, review: Self.noReview) == readiness)
    }

    @Test func missingMetadataIsNamed() {
        var bare = Self.product("MISSING_METADATA")
        bare.localizations = []
        bare.prices = []
        bare.availability = nil
        bare.screenshotChecksum = nil
        #expect(
            ReviewReadiness(bare, group: nil, review: Self.noReview)
                == .notReady(["missing a localization, a price, a territory to be sold in, a review screenshot"]))
        var subscription = Self.product("MISSING_METADATA")
        subscription.type = "AUTO_RENEWABLE"
        let group = RemoteGroup(id: "g", referenceName: "Pro", version: nil, localizations: [])
        #expect(
            ReviewReadiness(subscription, group: group, review: Self.noReview)
                == .notReady(["missing a localization of its subscription group"]))
        #expect(
            ReviewReadiness(Self.product("MISSING_METADATA"), group: nil, review: Self.noReview)
                == .notReady([
                    "MISSING_METADATA in App Store Connect with nothing iapcat can see missing: a review screenshot may still be processing"
                ]))
    }

    @Test func anAppWithoutApprovedProductsNeedsAnAppVersion() {
        #expect(ReviewReadiness.needsAppVersion([Self.product("READY_TO_SUBMIT"), Self.product("REJECTED")]))
        #expect(!ReviewReadiness.needsAppVersion([Self.product("READY_TO_SUBMIT"), Self.product("REMOVED_FROM_SALE")]))
    }

    @Test func theOpenSubmissionsWithTheirItemsAndTheAppVersionsInPreparationAreRead() async throws {
        let (fake, client) = try await SubmissionApplyTests.start([])
        let reader = ConnectRemoteReader(api: client)
        let appVersion = try #require(try await reader.readReview(appID: "1").appVersions.first?.id)
        #expect(
            try await reader.readReview(appID: "1")
                == RemoteReview(platform: "IOS", appVersions: [.init(id: appVersion, versionString: "2.0")]))

        fake.addAppStoreVersion(app: "1", versionString: "1.9", state: "READY_FOR_DISTRIBUTION")
        try await SubmissionApplyTests.addReadyProducts(["com.example.gems"], fake, client)
        let version = try await reader.read(appID: "1").products["com.example.gems"]?.version?.id
        let submission = try await client.send(
            ConnectRequest(
                .post, "/v1/reviewSubmissions",
                body: Resource(
                    type: "reviewSubmissions", attributes: ["platform": "IOS"],
                    relationships: ["app": .one(ResourceIdentifier(type: "apps", id: "1"))]))
        ).data.first?.id
        let item = try await client.send(
            ConnectRequest(
                .post, "/v1/reviewSubmissionItems",
                body: Resource(
                    type: "reviewSubmissionItems",
                    relationships: [
                        "reviewSubmission": .one(ResourceIdentifier(type: "reviewSubmissions", id: try #require(submission))),
                        "inAppPurchaseVersion": .one(ResourceIdentifier(type: "inAppPurchaseVersions", id: try #require(version))),
                    ]))
        ).data.first?.id

        let review = try await reader.readReview(appID: "1")
        #expect(
            review
                == RemoteReview(
                    platform: "IOS",
                    submissions: [
                        .init(
                            id: try #require(submission), state: "READY_FOR_REVIEW",
                            items: [.init(id: try #require(item), state: "READY_FOR_REVIEW", versionID: version, appVersionID: nil)])
                    ],
                    appVersions: [.init(id: appVersion, versionString: "2.0")]))
        let state = try await reader.read(appID: "1")
        let gems = try #require(state.products["com.example.gems"])
        #expect(
            ReviewReadiness(gems, group: nil, review: review)
                == .inSubmission(submissionID: try #require(submission), state: "READY_FOR_REVIEW"))
        await client.shutdown()
        try await fake.shutdown()
    }
}
