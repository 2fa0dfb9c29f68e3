/// Review submissions (4.4.1): how products reach App Review. A submission of an app for one
/// platform starts READY_FOR_REVIEW (a draft items are added to), is submitted (WAITING_FOR_REVIEW),
/// reviewed (IN_REVIEW) and ends COMPLETE, each item APPROVED or REJECTED. The rules App Store
/// Connect enforces that its document cannot say, by hand here:
/// - one open submission (any state but COMPLETE) per app and platform;
/// - a product version is added only while its product is READY_TO_SUBMIT and its version in
///   preparation, and to one open submission at a time;
/// - items are added and removed only before the submission is submitted, and an empty one is not
///   submitted;
/// - an app's first in-app purchases and subscriptions go to review with an app version: a
///   submission holding a product version of an app none of whose products was ever approved is
///   refused unless it holds an `appStoreVersion` too (Apple's help on submitting in-app purchases:
///   the first ones are submitted with a new app version).
/// Cancelling (`canceled: true`) before review removes the items: their versions return to
/// preparation and their products to READY_TO_SUBMIT.

/// An app version on the App Store side (seeded by a test hook): what carries an app's first
/// in-app purchases to review.
struct AppStoreVersionRecord {
    let id: String
    let appID: String
    var versionString: String
    var platform = "IOS"
    var state = "PREPARE_FOR_SUBMISSION"
}

struct ReviewSubmissionRecord {
    let id: String
    /// Its place among the fake's submissions, oldest first.
    let sequence: Int
    let appID: String
    let platform: String
    var state = "READY_FOR_REVIEW"
    var submittedDate: String?
    var itemIDs: [String] = []

    static let states = ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "UNRESOLVED_ISSUES", "CANCELING", "COMPLETING", "COMPLETE"]
    var isOpen: Bool { state != "COMPLETE" }
}

struct ReviewSubmissionItemRecord {
    /// What an item submits: a product's (or group's) version, or an app version.
    enum Target: Equatable {
        case version(String)
        case appStoreVersion(String)
    }

    let id: String
    let submissionID: String
    let target: Target
    var state = "READY_FOR_REVIEW"
}

extension FakeState {
    /// The open submission of `appID` for `platform`, if any.
    func openSubmission(app appID: String, platform: String) -> ReviewSubmissionRecord? {
        reviewSubmissions.values.first { $0.appID == appID && $0.platform == platform && $0.isOpen }
    }

    /// The `state` of a product; nil for a group, which has none.
    func productState(of owner: Owner) -> String? {
        switch owner {
        case .inAppPurchase(let id): inAppPurchases[id]?.state
        case .subscription(let id): subscriptions[id]?.state
        case .group: nil
        }
    }

    /// Whether any product of the app was ever approved (so its purchases no longer need an app version).
    func hasApprovedProducts(app appID: String) -> Bool {
        let everApproved: Set<String> = ["APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE"]
        if inAppPurchases.values.contains(where: { $0.appID == appID && everApproved.contains($0.state) }) { return true }
        return subscriptions.values.contains { $0.appID == appID && everApproved.contains($0.state) }
    }

    /// Moves every item of `submissionID`, its version and its product, to `itemState` /
    /// `versionState` / `productState` (nil: the product's state is recomputed).
    func move(submission submissionID: String, item itemState: String, version versionState: String, product productState: String?) {
        for itemID in reviewSubmissions[submissionID]?.itemIDs ?? [] {
            guard let item = reviewSubmissionItems[itemID] else { continue }
            reviewSubmissionItems[itemID]?.state = itemState
            switch item.target {
            case .version(let versionID):
                guard let owner = versions[versionID]?.owner else { continue }
                versions[versionID]?.state = versionState
                if let productState {
                    setProductState(productState, of: owner)
                } else {
                    setProductState("READY_TO_SUBMIT", of: owner)
                    refreshState(of: owner)
                }
            case .appStoreVersion(let versionID):
                appStoreVersions[versionID]?.state = versionState
            }
        }
    }

    /// App Review takes up the app's waiting submissions (a test hook).
    func startReview(app appID: String) {
        for submission in reviewSubmissions.values where submission.appID == appID && submission.state == "WAITING_FOR_REVIEW" {
            reviewSubmissions[submission.id]?.state = "IN_REVIEW"
            move(submission: submission.id, item: "READY_FOR_REVIEW", version: "IN_REVIEW", product: "IN_REVIEW")
        }
    }

    /// App Review decides the app's waiting or reviewed submissions (a test hook).
    func completeReview(app appID: String, approved: Bool) {
        for submission in reviewSubmissions.values
        where submission.appID == appID && ["WAITING_FOR_REVIEW", "IN_REVIEW"].contains(submission.state) {
            reviewSubmissions[submission.id]?.state = "COMPLETE"
            let outcome = approved ? "APPROVED" : "REJECTED"
            move(submission: submission.id, item: outcome, version: outcome, product: outcome)
        }
    }

    /// The attributes of an app version, a submission or an item; nil when there is none.
    func reviewAttributes(of ref: Ref) -> [String: JSON]? {
        switch ref.kind {
        case .appStoreVersion:
            guard let record = appStoreVersions[ref.id] else { return nil }
            return [
                "platform": .string(record.platform), "versionString": .string(record.versionString),
                "appVersionState": .string(record.state),
            ]
        case .reviewSubmission:
            guard let record = reviewSubmissions[ref.id] else { return nil }
            return ["platform": .string(record.platform), "state": .string(record.state), "submittedDate": .optional(record.submittedDate)]
        case .reviewSubmissionItem:
            return reviewSubmissionItems[ref.id].map { ["state": .string($0.state)] }
        default:
            return nil
        }
    }

    /// The relationships of an app version, a submission or an item.
    func reviewRelated(_ ref: Ref, _ name: String) -> Related? {
        switch (ref.kind, name) {
        case (.appStoreVersion, "app"):
            return .one(appStoreVersions[ref.id].map { Ref(.app, $0.appID) })
        case (.reviewSubmission, "app"):
            return .one(reviewSubmissions[ref.id].map { Ref(.app, $0.appID) })
        case (.reviewSubmission, "items"):
            return .many((reviewSubmissions[ref.id]?.itemIDs ?? []).map { Ref(.reviewSubmissionItem, $0) })
        case (.reviewSubmission, "appStoreVersionForReview"):
            let items = (reviewSubmissions[ref.id]?.itemIDs ?? []).compactMap { reviewSubmissionItems[$0] }
            for item in items { if case .appStoreVersion(let id) = item.target { return .one(Ref(.appStoreVersion, id)) } }
            return .one(nil)
        case (.reviewSubmissionItem, _):
            guard let item = reviewSubmissionItems[ref.id] else { return .one(nil) }
            switch item.target {
            case .appStoreVersion(let id):
                return .one(name == "appStoreVersion" ? Ref(.appStoreVersion, id) : nil)
            case .version(let id):
                guard let owner = versions[id]?.owner else { return .one(nil) }
                let kind = VersionFamily.of(owner).versionKind
                return .one(name == Self.itemRelationship(of: kind) ? Ref(kind, id) : nil)
            }
        default:
            return nil
        }
    }

    /// The item relationship that names a version of `kind`.
    static func itemRelationship(of kind: Kind) -> String {
        switch kind {
        case .subscriptionVersion: "subscriptionVersion"
        case .groupVersion: "subscriptionGroupVersion"
        default: "inAppPurchaseVersion"
        }
    }
}
