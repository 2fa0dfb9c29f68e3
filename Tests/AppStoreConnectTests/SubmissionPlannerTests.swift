import IAPCatalog
import Testing

@testable import AppStoreConnect

/// `asc submit`'s plan: which products go to App Review through which submission, and why the
/// others do not, by App Store Connect's rules.
@Suite struct SubmissionPlannerTests {
    static func product(_ productID: String, _ state: String, version: String) -> RemoteProduct {
        var product = ReviewReadinessTests.product(state)
        product.productID = productID
        product.version = RemoteVersion(id: version, number: 1, state: "PREPARE_FOR_SUBMISSION")
        return product
    }

    static func remote(_ products: RemoteProduct...) -> ConnectRemoteState {
        ConnectRemoteState(appID: "1", products: Dictionary(uniqueKeysWithValues: products.map { ($0.productID, $0) }))
    }

    static let gems = product("com.example.gems", "READY_TO_SUBMIT", version: "vg")
    static let coins = product("com.example.coins", "READY_TO_SUBMIT", version: "vc")
    static let approved: RemoteProduct = {
        var old = product("com.example.old", "APPROVED", version: "vo")
        old.version?.state = "APPROVED"
        return old
    }()
    let planner = SubmissionPlanner()

    func requests(_ ids: String..., named: Bool = true) -> [SubmissionPlanner.Request] {
        ids.map { SubmissionPlanner.Request(productID: $0, named: named) }
    }

    @Test func anAppsFirstPurchasesGoWithTheAppVersionNamed() {
        let remote = Self.remote(Self.gems, Self.coins)
        let review = RemoteReview(platform: "IOS", appVersions: [.init(id: "av", versionString: "2.0")])
        let without = planner.plan(requests("com.example.gems"), appVersion: nil, remote: remote, review: review)
        #expect(
            without.errors == [
                PlanNote(
                    resource: "app 1",
                    message:
                        "has no in-app purchase or subscription App Review ever approved: App Store Connect takes the first ones only with a new app version; name it with --app-version (in preparation: 2.0)"
                )
            ])
        let plan = planner.plan(requests("com.example.gems", "com.example.coins"), appVersion: "2.0", remote: remote, review: review)
        #expect(plan.errors.isEmpty)
        // The plan as `asc submit` prints it: its last lines name `submit`, not `apply`.
        #expect(
            PlanRenderer().text(plan) == """
                + create a review submission for IOS
                ~ add version 1 of in-app purchase com.example.gems to the review submission
                ~ add version 1 of in-app purchase com.example.coins to the review submission
                ~ add app version 2.0 to the review submission
                ! submit the review submission for IOS to App Review
                Plan: 5 changes. 1 marked - or ! needs submit --allow-impact.
                Submit sends about 10 requests, its read-back included (App Store Connect allows 3,600 an hour per key).

                """)
        #expect(plan.estimatedRequests == 10)
        let missing = planner.plan(requests("com.example.gems"), appVersion: "2.1", remote: remote, review: review)
        #expect(
            missing.errors == [
                PlanNote(
                    resource: "app version 2.1",
                    message: "App Store Connect has no app version 2.1 in preparation for IOS: create it there first")
            ])
    }

    @Test func aDraftSubmissionIsReusedAndWhatIsInItIsNotAddedTwice() {
        let review = RemoteReview(
            platform: "IOS",
            submissions: [.init(id: "s1", state: "READY_FOR_REVIEW", items: [.init(id: "i1", state: "READY_FOR_REVIEW", versionID: "vg")])])
        let plan = planner.plan(
            requests("com.example.gems", "com.example.coins"), appVersion: nil, remote: Self.remote(Self.gems, Self.coins, Self.approved),
            review: review)
        #expect(plan.errors.isEmpty)
        #expect(plan.notDone == [PlanNote(resource: "com.example.gems", message: "already in review submission s1")])
        #expect(
            plan.steps.map(\.action) == [
                .addVersion(.inAppPurchase("com.example.coins"), versionID: "vc", number: 1), .submit(submissionID: "s1", platform: "IOS"),
            ])
        #expect(plan.steps.last?.summary == "submit the review submission for IOS (s1) to App Review")
    }

    @Test func aSubmissionWithAppReviewStopsThePlan() {
        let review = RemoteReview(platform: "IOS", submissions: [.init(id: "s9", state: "WAITING_FOR_REVIEW", items: [])])
        let plan = planner.plan(
            requests("com.example.gems"), appVersion: nil, remote: Self.remote(Self.gems, Self.approved), review: review)
        #expect(plan.steps.isEmpty)
        #expect(
            plan.errors == [
                PlanNote(
                    resource: "review submission s9",
                    message:
                        "is WAITING_FOR_REVIEW for IOS; App Store Connect takes one review submission per platform at a time: wait until App Review is done with it"
                )
            ])
    }

    @Test func aProductThatCannotGoIsAnErrorWhenNamedAndANoteWhenTheCatalogChoseIt() {
        var bare = Self.product("com.example.bare", "MISSING_METADATA", version: "vb")
        bare.screenshotChecksum = nil
        let remote = Self.remote(Self.gems, bare, Self.approved)
        let reason = "cannot go to App Review: missing a review screenshot"
        let named = planner.plan(
            requests("com.example.bare", "com.example.absent"), appVersion: nil, remote: remote, review: .init(platform: "IOS"))
        #expect(
            named.errors == [
                PlanNote(resource: "com.example.bare", message: reason),
                PlanNote(resource: "com.example.absent", message: "App Store Connect has no such product yet: run iapcat asc apply first"),
            ])
        #expect(named.steps.isEmpty)
        let chosen = planner.plan(
            requests("com.example.bare", "com.example.gems", "com.example.old", named: false), appVersion: nil, remote: remote,
            review: .init(platform: "IOS"))
        #expect(chosen.errors.isEmpty)
        #expect(
            chosen.notDone == [
                PlanNote(resource: "com.example.bare", message: reason),
                PlanNote(resource: "com.example.old", message: "with App Review already (APPROVED)"),
            ])
        #expect(
            chosen.steps.map(\.action) == [
                .createSubmission(platform: "IOS"), .addVersion(.inAppPurchase("com.example.gems"), versionID: "vg", number: 1),
                .submit(submissionID: nil, platform: "IOS"),
            ])
        #expect(chosen.stepsNeedingConsent.map(\.verb) == ["submit"])
    }

    @Test func cancellingWithdrawsTheOpenSubmissionOnlyBeforeReview() {
        let none = planner.cancel(RemoteReview(platform: "IOS"))
        #expect(PlanRenderer().text(none) == "No review submission to cancel.\n")
        let item = RemoteReview.Item(id: "i1", state: "READY_FOR_REVIEW", versionID: "vg")
        let removed = RemoteReview.Item(id: "i2", state: "REMOVED", versionID: "vc")
        let waiting = planner.cancel(
            RemoteReview(platform: "IOS", submissions: [.init(id: "s1", state: "WAITING_FOR_REVIEW", items: [item, removed])]))
        #expect(
            PlanRenderer().text(waiting) == """
                ~ cancel the review submission for IOS (s1, WAITING_FOR_REVIEW): 1 item returns to preparation
                Plan: 1 change.
                Cancel submission sends about 4 requests, its read-back included (App Store Connect allows 3,600 an hour per key).

                """)
        let inReview = planner.cancel(RemoteReview(platform: "IOS", submissions: [.init(id: "s1", state: "IN_REVIEW", items: [item])]))
        #expect(inReview.steps.isEmpty)
        #expect(
            inReview.errors == [
                PlanNote(
                    resource: "review submission s1",
                    message:
                        "is IN_REVIEW for IOS: only a submission not yet in review (or with unresolved issues) can be withdrawn; "
                        + "App Store Connect's website shows what it allows now")
            ])
        #expect(PlanRenderer().markdown(inReview).contains("**1 error: `iapcat asc cancel-submission` would refuse this plan.**"))
    }

    /// A subscription goes with its group's version when that waits in preparation (a new group,
    /// or its names edited): added once, before the first of its subscriptions, never when an open
    /// submission holds it already.
    @Test func aSubscriptionsGroupVersionInPreparationGoesWithIt() {
        func subscription(_ id: String, version: String) -> RemoteProduct {
            var product = Self.product(id, "READY_TO_SUBMIT", version: version)
            product.type = ProductKind.autoRenewable.rawValue
            product.groupID = "g1"
            return product
        }
        let group = RemoteGroup(
            id: "g1", referenceName: "Plus", version: RemoteVersion(id: "gv", number: 1, state: "PREPARE_FOR_SUBMISSION"),
            localizations: [RemoteLocalization(id: "gl", locale: "en-US", name: "Plus", description: nil, customAppName: nil)])
        var remote = Self.remote(subscription("com.example.monthly", version: "vm"), subscription("com.example.yearly", version: "vy"))
        remote.groups = [group]
        let plan = planner.plan(
            requests("com.example.monthly", "com.example.yearly"), appVersion: nil, remote: remote,
            review: RemoteReview(platform: "IOS", appVersions: [.init(id: "av", versionString: "2.0")]))
        #expect(
            plan.steps.map(\.action) == [
                .createSubmission(platform: "IOS"),
                .addVersion(.group("Plus"), versionID: "gv", number: 1),
                .addVersion(.subscription("com.example.monthly"), versionID: "vm", number: 1),
                .addVersion(.subscription("com.example.yearly"), versionID: "vy", number: 1),
                .submit(submissionID: nil, platform: "IOS"),
            ])
        // In an open draft already: only the subscriptions are added.
        let draft = RemoteReview(
            platform: "IOS",
            submissions: [.init(id: "s1", state: "READY_FOR_REVIEW", items: [.init(id: "i1", state: "READY_FOR_REVIEW", versionID: "gv")])],
            appVersions: [.init(id: "av", versionString: "2.0")])
        let reused = planner.plan(requests("com.example.monthly"), appVersion: "2.0", remote: remote, review: draft)
        #expect(reused.errors.isEmpty)
        #expect(
            reused.steps.map(\.action) == [
                .addVersion(.subscription("com.example.monthly"), versionID: "vm", number: 1),
                .addAppVersion(id: "av", versionString: "2.0"),
                .submit(submissionID: "s1", platform: "IOS"),
            ])
    }

    /// Submitting a draft sends all it holds: an item this run did not ask for stops the plan;
    /// an app version goes only where the app needs one.
    @Test func aDraftHoldingWhatWasNotAskedForStopsThePlanAndAnAppVersionGoesOnlyWhenNeeded() {
        let remote = Self.remote(Self.gems, Self.approved)
        let stranger = RemoteReview(
            platform: "IOS",
            submissions: [.init(id: "s1", state: "READY_FOR_REVIEW", items: [.init(id: "i9", state: "READY_FOR_REVIEW", versionID: "vx")])],
            appVersions: [.init(id: "av", versionString: "2.0")])
        let held = planner.plan(requests("com.example.gems"), appVersion: nil, remote: remote, review: stranger)
        #expect(
            held.errors == [
                PlanNote(
                    resource: "review submission s1",
                    message:
                        "holds 1 item this run did not ask for (i9): submitting it would send it too; remove it in App Store Connect, "
                        + "or ask for what it is with --product or --app-version")
            ])
        // The app has an approved purchase: the app version named is not sent.
        let plan = planner.plan(
            requests("com.example.gems"), appVersion: "2.0", remote: remote,
            review: RemoteReview(platform: "IOS", appVersions: [.init(id: "av", versionString: "2.0")]))
        #expect(plan.errors.isEmpty)
        #expect(!plan.steps.contains { if case .addAppVersion = $0.action { true } else { false } })
        #expect(
            plan.notDone == [
                PlanNote(
                    resource: "app version 2.0",
                    message: "not sent: the app has purchases App Review approved, so these go without an app version")
            ])
        #expect(plan.products == ["com.example.gems"])
    }

    /// `--product` and `--changed-since` together: the products named, and the approved ones the
    /// change touched, through their subscription group too.
    @Test func namedAndChangedProductsAreAskedForTogether() throws {
        let catalog = try exampleCatalog()
        let asked = SubmissionPlanner.requests(
            catalog, named: ["com.example.cosmicquest.premium.yearly"], changed: SyncScope(products: [], groups: ["premium"]))
        #expect(asked.map(\.productID) == ["com.example.cosmicquest.premium.yearly", "com.example.cosmicquest.premium.monthly"])
        #expect(asked.map(\.named) == [true, false])
        #expect(
            SubmissionPlanner.requests(catalog, named: ["com.example.cosmicquest.coins.small"]).map(\.productID) == [
                "com.example.cosmicquest.coins.small"
            ])
        #expect(
            SubmissionPlanner.requests(catalog, named: []).map(\.productID) == [
                "com.example.cosmicquest.coins.small", "com.example.cosmicquest.level.nebula", "com.example.cosmicquest.premium.monthly",
                "com.example.cosmicquest.season_pass.2026",
            ])
    }
}
