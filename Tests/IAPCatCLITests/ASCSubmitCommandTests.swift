import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat asc submit` and `asc cancel-submission`, run in process (``CLI``) against the fake App
/// Store Connect, after `asc apply` put the example catalog there. The catalog marks
/// four products the App Store sells `approved`; the app has none App Review approved yet, so they
/// go with an app version. A saved submission plan, which names its catalog relative to the working
/// directory, is in ASCSubmitProcessTests.
@Suite(.serialized) struct ASCSubmitCommandTests {
    typealias Setup = ASCCommandTests.Setup
    static let app = ASCSubmitFixtures.app
    static let additions = ASCSubmitFixtures.additions

    /// `setup` with the example catalog applied.
    static func applied() async throws -> Setup {
        let setup = try await Setup.start()
        let apply = await setup.run(["asc", "apply", "--catalog", setup.catalog, "--yes"])
        #expect(apply.status == 0, "\(apply.stderr)")
        return setup
    }

    /// `text` with every review submission id (a UUID the fake makes) as `<id>`.
    static func withoutIDs(_ text: String) -> String {
        text.replacingOccurrences(
            of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<id>", options: .regularExpression)
    }

    @Test func theApprovedProductsGoToAppReviewWithTheAppVersionAndAreReadBack() async throws {
        let setup = try await Self.applied()
        defer { Task { try? await setup.stop() } }

        // No app version named: the plan says why it cannot go, and exits 1.
        let first = await setup.run(["asc", "submit", "--catalog", setup.catalog, "--dry-run"])
        #expect(first.status == 1)
        #expect(
            first.stdout == Self.additions + """
                ! submit the review submission for IOS to App Review
                error: app 1234567890 has no in-app purchase or subscription App Review ever approved: App Store Connect takes the first ones only with a new app version; name it with --app-version (none is in preparation for IOS: create one in App Store Connect first)
                Plan: 7 changes. 1 marked - or ! needs submit --allow-impact.
                Submit sends about 13 requests, its read-back included (App Store Connect allows 3,600 an hour per key).

                """, "\(first.stdout)")
        #expect(first.stderr == "iapcat: error: the plan has 1 error; submit would refuse it\n")

        setup.fake.addAppStoreVersion(app: Self.app, versionString: "2.0")
        let send = ["asc", "submit", "--catalog", setup.catalog, "--app-version", "2.0", "--yes"]
        setup.fake.resetRequestLog()
        let refused = await setup.run(send)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "iapcat: error: 1 step marked - or ! changes what goes on sale once App Review approves; nothing was applied. "
                + "Review the plan and pass --allow-impact to submit it\n", "\(refused.stderr)")
        #expect(setup.fake.requests.filter { $0.method != "GET" }.isEmpty)

        let sent = await setup.run(send + ["--allow-impact"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(
            Self.withoutIDs(sent.stdout) == Self.additions + """
                ~ add app version 2.0 to the review submission
                ! submit the review submission for IOS to App Review
                Plan: 8 changes. 1 marked - or ! needs submit --allow-impact.
                Submit sends about 14 requests, its read-back included (App Store Connect allows 3,600 an hour per key).
                [1/8] + create a review submission for IOS
                [2/8] ~ add version 1 of in-app purchase com.example.cosmicquest.coins.small to the review submission
                [3/8] ~ add version 1 of in-app purchase com.example.cosmicquest.level.nebula to the review submission
                [4/8] ~ add version 1 of subscription group Cosmic Premium to the review submission
                [5/8] ~ add version 1 of subscription com.example.cosmicquest.premium.monthly to the review submission
                [6/8] ~ add version 1 of in-app purchase com.example.cosmicquest.season_pass.2026 to the review submission
                [7/8] ~ add app version 2.0 to the review submission
                [8/8] ! submit the review submission for IOS to App Review
                Read back: review submission <id>: WAITING_FOR_REVIEW, 6 items
                Read back: com.example.cosmicquest.coins.small: WAITING_FOR_REVIEW
                Read back: com.example.cosmicquest.level.nebula: WAITING_FOR_REVIEW
                Read back: com.example.cosmicquest.premium.monthly: WAITING_FOR_REVIEW
                Read back: com.example.cosmicquest.season_pass.2026: WAITING_FOR_REVIEW
                Carried out 8 changes.

                """, "\(sent.stdout)")
        #expect(sent.stderr == "")
        #expect(setup.fake.reviewSubmissions(app: Self.app).map(\.state) == ["WAITING_FOR_REVIEW"])

        // Again: nothing to send, each product named with where it is; the comment a pull request would show.
        let again = await setup.run(["asc", "submit", "--catalog", setup.catalog, "--dry-run", "--format", "markdown"])
        #expect(again.status == 0)
        #expect(
            again.stdout == """
                ### iapcat asc submit --dry-run

                Nothing to send to App Review.

                #### Not done (4)

                - `com.example.cosmicquest.coins.small`: with App Review already (WAITING\\_FOR\\_REVIEW)
                - `com.example.cosmicquest.level.nebula`: with App Review already (WAITING\\_FOR\\_REVIEW)
                - `com.example.cosmicquest.premium.monthly`: with App Review already (WAITING\\_FOR\\_REVIEW)
                - `com.example.cosmicquest.season_pass.2026`: with App Review already (WAITING\\_FOR\\_REVIEW)

                """, "\(again.stdout)")

        // Withdrawn: the items return to preparation, and the products can be sent again.
        let cancel = await setup.run(["asc", "cancel-submission", "--catalog", setup.catalog, "--yes"])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        #expect(
            Self.withoutIDs(cancel.stdout) == """
                ~ cancel the review submission for IOS (<id>, WAITING_FOR_REVIEW): 6 items return to preparation
                Plan: 1 change.
                Cancel submission sends about 4 requests, its read-back included (App Store Connect allows 3,600 an hour per key).
                [1/1] ~ cancel the review submission for IOS (<id>, WAITING_FOR_REVIEW): 6 items return to preparation
                Read back: review submission <id>: canceled
                Carried out 1 change.

                """, "\(cancel.stdout)")
        #expect(setup.fake.reviewSubmissions(app: Self.app).map(\.state) == ["COMPLETE"])
        let nothing = await setup.run(["asc", "cancel-submission", "--catalog", setup.catalog, "--yes"])
        #expect(nothing.status == 0)
        #expect(nothing.stdout == "No review submission to cancel.\n")
        let resend = await setup.run(["asc", "submit", "--catalog", setup.catalog, "--app-version", "2.0", "--dry-run"])
        #expect(resend.status == 0)
        #expect(resend.stdout.hasPrefix(Self.additions), "\(resend.stdout)")
    }

    /// A product named that cannot go is an error saying why; one the catalog does not hold is a
    /// usage error; a run stopped part-way is completed by the next, nothing added twice.
    @Test func namedProductsThatCannotGoAreErrorsAndAStoppedRunIsCompleted() async throws {
        let setup = try await Self.applied()
        defer { Task { try? await setup.stop() } }
        setup.fake.addAppStoreVersion(app: Self.app, versionString: "2.0")
        setup.fake.setProductState(app: Self.app, productID: "com.example.cosmicquest.level.nebula", state: "DEVELOPER_ACTION_NEEDED")

        let named = await setup.run([
            "asc", "submit", "--catalog", setup.catalog, "--app-version", "2.0", "--dry-run", "--product",
            "com.example.cosmicquest.level.nebula",
            "--product", "com.example.cosmicquest.coins.small",
        ])
        #expect(named.status == 1)
        #expect(
            named.stdout.contains(
                "error: com.example.cosmicquest.level.nebula cannot go to App Review: App Review asks for a change: see its message in App Store Connect\n"
            ), "\(named.stdout)")
        let unknown = await setup.run(["asc", "submit", "--catalog", setup.catalog, "--product", "com.example.cosmicquest.coins.smal"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "iapcat: error: --product 'com.example.cosmicquest.coins.smal' is not a product of \(setup.catalog) (did you mean 'com.example.cosmicquest.coins.small'?)\n",
            "\(unknown.stderr)")
        let format = await setup.run(["asc", "submit", "--catalog", setup.catalog, "--format", "json"])
        #expect(format.status == 2)
        #expect(format.stderr == "iapcat: error: --format json goes with --dry-run\n")

        // The catalog's choice: the product that cannot go is a note, the rest go.
        setup.fake.inject(.status(409), onRequest: 2, matching: .pathPrefix("/v1/reviewSubmissionItems"))
        let send = ["asc", "submit", "--catalog", setup.catalog, "--app-version", "2.0", "--yes", "--allow-impact"]
        let stopped = await setup.run(send)
        #expect(stopped.status == 1)
        #expect(
            stopped.stdout.contains(
                "not done: com.example.cosmicquest.level.nebula cannot go to App Review: App Review asks for a change: see its message in App Store Connect\n"
            ), "\(stopped.stdout)")
        #expect(
            stopped.stderr.contains(
                "iapcat: error: step 3 of 7 failed (add version 1 of subscription group Cosmic Premium to the review submission): App Store Connect: POST /v1/reviewSubmissionItems answered HTTP 409"
            ), "\(stopped.stderr)")
        #expect(
            stopped.stderr.hasSuffix("Run `iapcat asc submit` again to continue: it re-reads App Store Connect and plans what is left.\n"))
        #expect(setup.fake.reviewSubmissions(app: Self.app).map(\.state) == ["READY_FOR_REVIEW"])

        let completed = await setup.run(send)
        #expect(completed.status == 0, "\(completed.stderr)")
        #expect(
            Self.withoutIDs(completed.stdout).hasPrefix(
                """
                ~ add version 1 of subscription group Cosmic Premium to the review submission
                ~ add version 1 of subscription com.example.cosmicquest.premium.monthly to the review submission
                ~ add version 1 of in-app purchase com.example.cosmicquest.season_pass.2026 to the review submission
                ~ add app version 2.0 to the review submission
                ! submit the review submission for IOS (<id>) to App Review

                """), "\(completed.stdout)")
        let submissions = setup.fake.reviewSubmissions(app: Self.app)
        #expect(submissions.map(\.state) == ["WAITING_FOR_REVIEW"])
        #expect(submissions.first?.items.count == 5)
    }
}
