/// What App Store Connect holds of an app's way to App Review, for one platform: the review
/// submissions still open (a draft, waiting, in review…) with what is in them, and the app
/// versions in preparation (an app's first in-app purchases go to review with one).
package struct RemoteReview: Sendable, Equatable, Encodable {
    /// A review submission that is not COMPLETE.
    package struct Submission: Sendable, Equatable, Encodable {
        /// The resource id.
        package var id: String
        /// `READY_FOR_REVIEW` (a draft), `WAITING_FOR_REVIEW`, `IN_REVIEW`, … (open).
        package var state: String
        /// What it holds.
        package var items: [Item]

        /// Whether items may still be added (it has not been submitted).
        package var isDraft: Bool { state == "READY_FOR_REVIEW" }
        /// Whether it is closing (`CANCELING`, `COMPLETING`): on its way out, not one to add to or wait for.
        package var isClosing: Bool { state == "CANCELING" || state == "COMPLETING" }
        /// Its items not removed.
        package var activeItems: [Item] { items.filter { $0.state != "REMOVED" } }
        /// Whether it may be withdrawn (`canceled: true`): before App Review starts, or when App
        /// Review found unresolved issues.
        package var isCancellable: Bool { ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "UNRESOLVED_ISSUES"].contains(state) }
    }

    /// One item of a submission: a product's or group's version, or an app version.
    package struct Item: Sendable, Equatable, Encodable {
        /// The resource id.
        package var id: String
        /// `READY_FOR_REVIEW`, `ACCEPTED`, `APPROVED`, `REJECTED`, `REMOVED` (open).
        package var state: String
        /// The `inAppPurchaseVersions`, `subscriptionVersions` or `subscriptionGroupVersions` id.
        package var versionID: String? = nil
        /// The `appStoreVersions` id.
        package var appVersionID: String? = nil
    }

    /// An app version in preparation.
    package struct AppVersion: Sendable, Equatable, Encodable {
        /// The resource id.
        package var id: String
        /// `1.2`, as the developer names it.
        package var versionString: String
    }

    /// `IOS`, `MAC_OS`, `TV_OS` or `VISION_OS`.
    package var platform: String
    /// The open submissions, as App Store Connect lists them.
    package var submissions: [Submission]
    /// The app versions in `PREPARE_FOR_SUBMISSION`.
    package var appVersions: [AppVersion]

    package init(platform: String, submissions: [Submission] = [], appVersions: [AppVersion] = []) {
        self.platform = platform
        self.submissions = submissions
        self.appVersions = appVersions
    }

    /// The open submission that is not closing: the one a submission adds to or waits for.
    package var current: Submission? { submissions.first { !$0.isClosing } }

    /// The open submission holding the version `versionID`, with its item, when one does.
    package func submission(holding versionID: String) -> (submission: Submission, item: Item)? {
        for submission in submissions {
            if let item = submission.activeItems.first(where: { $0.versionID == versionID }) {
                return (submission, item)
            }
        }
        return nil
    }
}
