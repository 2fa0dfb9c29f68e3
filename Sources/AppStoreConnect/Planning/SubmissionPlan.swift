import IAPCatalog

/// What `asc submit` would do: open (or reuse) the app's review submission for a platform, add the
/// versions of the products that are ready (and an app version when one must carry them), and
/// submit it. Every product asked for that cannot go is named with the reason; a product named on
/// the command line that cannot go is an error, one chosen from the catalog a note. What `asc
/// cancel-submission` would do is a plan of this kind too: one step that withdraws the open one.
package struct SubmissionPlan: SyncPlan {
    /// Which command the plan is for.
    package enum Purpose: String, Sendable {
        case submit
        case cancel = "cancel-submission"
    }

    package var purpose = Purpose.submit
    /// The products the submission carries once the plan is carried out: those it adds and those
    /// the reused draft holds already. What reading back checks.
    package var products: [String] = []
    package var steps: [SubmissionStep] = []
    package var notDone: [PlanNote] = []
    package var warnings: [PlanNote] = []
    package var errors: [PlanNote] = []
    /// Reading back: the submissions list and app versions, each open submission's items, and
    /// (after a submission) the products' states: two lists and one per subscription group.
    package var estimatedRequests: Int {
        guard !steps.isEmpty else { return 0 }
        let groups = Set(
            steps.compactMap { step -> String? in
                if case .addVersion(.group(let key), _, _) = step.action { key } else { nil }
            }
        ).count
        let subscriptions = steps.contains { if case .addVersion(.subscription, _, _) = $0.action { true } else { false } }
        let submitted = steps.contains { if case .submit = $0.action { true } else { false } }
        return steps.count + 3 + (submitted ? 2 + max(groups, subscriptions ? 1 : 0) : 0)
    }

    package static var store: SyncStore { ConnectPlan.store }

    package init(purpose: Purpose = .submit) {
        self.purpose = purpose
    }

    package var applyCommand: String { purpose.rawValue }
    package var planCommand: String { "\(purpose.rawValue) --dry-run" }
    package var consentReason: String { "what goes on sale once App Review approves" }
    package var emptyMessage: String {
        switch purpose {
        case .submit: "Nothing to send to App Review."
        case .cancel: "No review submission to cancel."
        }
    }
}

/// One step of a ``SubmissionPlan``.
package struct SubmissionStep: SyncStep {
    package enum Action: Sendable, Equatable {
        /// `POST /v1/reviewSubmissions` for the platform.
        case createSubmission(platform: String)
        /// `POST /v1/reviewSubmissionItems` with the product's (or group's) version.
        case addVersion(PlanOwner, versionID: String, number: Int)
        /// `POST /v1/reviewSubmissionItems` with the app version.
        case addAppVersion(id: String, versionString: String)
        /// `PATCH /v1/reviewSubmissions/{id}` with `submitted: true` (nil id: the one created above).
        case submit(submissionID: String?, platform: String)
        /// `PATCH /v1/reviewSubmissions/{id}` with `canceled: true`: its items leave App Review.
        case cancel(submissionID: String, platform: String, state: String, items: Int)
    }

    package var action: Action

    /// Sending a product to App Review reaches customers (it goes on sale when approved); opening a
    /// draft submission or adding to it does not by itself.
    package var impact: PlanImpact {
        switch action {
        case .createSubmission: .create
        case .addVersion, .addAppVersion: .change
        case .submit: .customers
        case .cancel: .change
        }
    }

    package var ownerNoun: String {
        switch action {
        case .addVersion(let owner, _, _): owner.noun
        case .addAppVersion: "app version"
        case .createSubmission, .submit, .cancel: "review submission"
        }
    }

    package var ownerKey: String {
        switch action {
        case .addVersion(let owner, _, _): owner.key
        case .addAppVersion(_, let versionString): versionString
        case .createSubmission(let platform), .submit(_, let platform), .cancel(_, let platform, _, _): platform
        }
    }

    package var verb: String {
        switch action {
        case .createSubmission: "create"
        case .addVersion, .addAppVersion: "add"
        case .submit: "submit"
        case .cancel: "cancel"
        }
    }

    package var summary: String {
        switch action {
        case .createSubmission(let platform): "create a review submission for \(platform)"
        case .addVersion(let owner, _, let number): "add version \(number) of \(owner.noun) \(owner.key) to the review submission"
        case .addAppVersion(_, let versionString): "add app version \(versionString) to the review submission"
        case .submit(let id, let platform):
            "submit the review submission for \(platform)\(id.map { " (\($0))" } ?? "") to App Review"
        case .cancel(let id, let platform, let state, let items):
            "cancel the review submission for \(platform) (\(id), \(state)): \(Plural.count(items, "item"))\(Plural.word(items, " returns", " return")) to preparation"
        }
    }
}
