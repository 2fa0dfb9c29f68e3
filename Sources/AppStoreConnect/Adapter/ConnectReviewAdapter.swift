import IAPCatalog

/// `asc submit` and `asc cancel-submission` for one app and platform, as the commands run them:
/// read what App Store Connect holds, plan (``SubmissionPlanner``), carry the plan out
/// (``SubmissionApplier``) and read back what it changed, failing closed.
package struct ConnectReviewAdapter: Sendable {
    /// What reading back after a submission or a cancel found: one line per product and for the
    /// submission, and what App Store Connect does not hold as the plan meant (empty: all of it).
    package struct ReadBack: Sendable, Equatable {
        /// `review submission 4f…: WAITING_FOR_REVIEW, 3 items`, `com.example.coins: WAITING_FOR_REVIEW`.
        package var lines: [String] = []
        /// What differs from the plan's target.
        package var problems: [String] = []
    }

    /// A plan with what it was computed from, as a saved plan keeps it: the platform, the app
    /// version asked for, the app's open review submissions and app versions in preparation, and
    /// each requested product's state and version.
    package struct Planned: Sendable {
        package var plan: SubmissionPlan
        package var rows: [SavedPlan.Row]
    }

    private let api: any ConnectTransport
    private let appID: String
    private let planner: SubmissionPlanner

    /// The adapter for app `appID` on `platform` (`IOS`, `MAC_OS`, `TV_OS`, `VISION_OS`).
    package init(api: any ConnectTransport, appID: String, platform: String = "IOS") {
        self.api = api
        self.appID = appID
        planner = SubmissionPlanner(platform: platform)
    }

    /// The plan for sending `requests` (with the app version `appVersion`, when the app needs
    /// one). Only the requested products are read, unless none of them was ever approved: whether
    /// the app needs an app version can then be told only from all of its products.
    package func planSubmission(_ requests: [SubmissionPlanner.Request], appVersion: String?) async throws(SyncFailure) -> Planned {
        do throws(ConnectAPIError) {
            let reader = ConnectRemoteReader(api: api)
            let review = try await reader.readReview(appID: appID, platform: planner.platform)
            var remote = ConnectRemoteState(appID: appID)
            if !requests.isEmpty {
                remote = try await reader.read(appID: appID, productIDs: Set(requests.map(\.productID)))
                // Whether the app needs an app version is told by all of its products, unless one asked for was approved.
                if ReviewReadiness.needsAppVersion(remote.products.values) { remote = try await reader.read(appID: appID) }
            }
            var rows = [
                SavedPlan.Row(resource: Self.platformRow, value: .string(planner.platform)),
                SavedPlan.Row(resource: Self.appVersionRow, value: appVersion.map(JSONValue.string) ?? .null),
                SavedPlan.Row(resource: "review submissions", value: ConnectAdapter.row(review)),
            ]
            // What is sent is what App Store Connect holds: each product whole, and its group.
            var groups: Set<String> = []
            for request in requests {
                let product = remote.products[request.productID]
                rows.append(SavedPlan.Row(resource: "product \(request.productID)", value: ConnectAdapter.row(product)))
                if let id = product?.groupID, groups.insert(id).inserted, let group = remote.groups.first(where: { $0.id == id }) {
                    rows.append(SavedPlan.Row(resource: "subscription group \(group.referenceName)", value: ConnectAdapter.row(group)))
                }
            }
            return Planned(plan: planner.plan(requests, appVersion: appVersion, remote: remote, review: review), rows: rows)
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    static let platformRow = "platform", appVersionRow = "app version asked for"

    /// The platforms a review submission is for.
    package static let platforms = ["IOS", "MAC_OS", "TV_OS", "VISION_OS"]

    /// The platform and the app version `saved` (a submission plan) was planned for; a failure
    /// when the file names no platform App Store Connect knows.
    package static func parameters(of saved: SavedPlan) throws(SyncFailure) -> (platform: String, appVersion: String?) {
        let value = { (resource: String) in saved.rows.first { $0.resource == resource }?.value.string }
        guard let platform = value(platformRow), platforms.contains(platform) else {
            throw SyncFailure(
                "the plan names no platform App Store Connect knows (\(platforms.joined(separator: ", "))); nothing was sent")
        }
        return (platform, value(appVersionRow))
    }

    /// `saved` (a submission plan made from `catalog`) planned again from what App Store Connect
    /// holds now: the plan to carry out, or a failure, nothing sent, naming what moved.
    package func recheck(_ saved: SavedPlan, catalog: Catalog) async throws(SyncFailure) -> SubmissionPlan {
        // The file is input like any other: it names only products of the catalog it was made from.
        let known = Set(catalog.products.map(\.id))
        if let stranger = (saved.scope?.products ?? saved.dependencies.products).sorted().first(where: { !known.contains($0) }) {
            throw SyncFailure("the plan names product \(ServerText.printable(stranger)), which the catalog does not hold; nothing was sent")
        }
        // Named products are errors when they cannot go, the rest notes: as when it was planned.
        let named = saved.scope?.products ?? []
        let requests = SubmissionPlanner.requests(catalog, named: named.sorted(), changed: SyncScope(products: saved.dependencies.products))
        let planned = try await planSubmission(requests, appVersion: try Self.parameters(of: saved).appVersion)
        try saved.check(rows: planned.rows, steps: planned.plan.steps, storeName: SubmissionPlan.store.name)
        return planned.plan
    }

    /// The plan for withdrawing the open review submission.
    package func planCancel() async throws(SyncFailure) -> SubmissionPlan {
        do throws(ConnectAPIError) {
            return planner.cancel(try await ConnectRemoteReader(api: api).readReview(appID: appID, platform: planner.platform))
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    /// Carries out `plan`, calling `progress` before each step, then reads back the submission and
    /// the products it sent; a failure names the step, and a second run completes what the first left.
    package func apply(_ plan: SubmissionPlan, progress: (Int, SubmissionStep) -> Void) async throws(SyncFailure) -> ReadBack {
        let submissionID: String?
        do throws(SubmissionApplier.Failure) {
            submissionID = try await SubmissionApplier(api: api, appID: appID).apply(plan, progress: progress)
        } catch {
            throw SyncFailure(
                "step \(error.stepIndex + 1) of \(plan.steps.count) failed (\(ServerText.printable(error.step))): "
                    + error.apiError.diagnostic
                    + "\nRun `iapcat asc \(plan.applyCommand)` again to continue: it re-reads App Store Connect and plans what is left.")
        }
        do throws(ConnectAPIError) {
            return try await readBack(plan, submissionID: submissionID)
        } catch {
            throw SyncFailure("applied \(Plural.count(plan.steps.count, "step")), but reading them back failed: " + error.diagnostic)
        }
    }

    /// After a submission: it is open and no longer a draft, holding every version the plan added,
    /// and each product is with App Review. After a cancel: the submission is no longer open.
    private func readBack(_ plan: SubmissionPlan, submissionID: String?) async throws(ConnectAPIError) -> ReadBack {
        var result = ReadBack()
        let reader = ConnectRemoteReader(api: api)
        let review = try await reader.readReview(appID: appID, platform: planner.platform)
        let held = review.submissions.first { $0.id == submissionID }
        guard plan.purpose == .submit else {
            // App Store Connect may take a moment to close it: CANCELING is on its way.
            if let held, !held.isClosing {
                result.problems.append("review submission \(held.id) is still open (\(held.state))")
            } else {
                result.lines.append("review submission \(submissionID ?? "?"): \(held.map { "canceled (\($0.state))" } ?? "canceled")")
            }
            return result
        }
        guard let held else {
            result.problems.append("App Store Connect lists no open review submission \(submissionID ?? "") for \(planner.platform)")
            return result
        }
        let items = held.activeItems
        result.lines.append("review submission \(held.id): \(held.state), \(Plural.count(items.count, "item"))")
        if held.isDraft { result.problems.append("review submission \(held.id) is still a draft (READY_FOR_REVIEW)") }
        for step in plan.steps {
            switch step.action {
            case .addVersion(let owner, let versionID, _):
                if !items.contains(where: { $0.versionID == versionID }) {
                    result.problems.append("\(owner.noun) \(owner.key) is not in review submission \(held.id)")
                }
            case .addAppVersion(let id, let versionString):
                if !items.contains(where: { $0.appVersionID == id }) {
                    result.problems.append("app version \(versionString) is not in review submission \(held.id)")
                }
            case .createSubmission, .submit, .cancel: break
            }
        }
        guard !plan.products.isEmpty else { return result }
        let states = try await reader.readStates(appID: appID, productIDs: Set(plan.products))
        for id in plan.products.sorted() {
            let state = states[id] ?? "not found"
            result.lines.append("\(id): \(state)")
            if !ReviewReadiness.reviewedStates.contains(state) { result.problems.append("\(id) is \(state), not with App Review") }
        }
        return result
    }
}
