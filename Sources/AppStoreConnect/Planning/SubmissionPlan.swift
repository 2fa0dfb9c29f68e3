import IAPCatalog

/// What `asc submit` would do: open (or reuse) the app's review submission for a platform, add the
/// versions of the products that are ready (and an app version when one must carry them), and
/// submit it. Every product asked for that cannot go is named with the reason; a product named on
/// the command line that cannot go is an error, one chosen from the catalog a note.
package struct SubmissionPlan: SyncPlan {
    package var steps: [SubmissionStep] = []
    package var notDone: [PlanNote] = []
    package var warnings: [PlanNote] = []
    package var errors: [PlanNote] = []
    /// Reading back: the submissions list, its items, the products.
    package var estimatedRequests: Int { steps.isEmpty ? 0 : steps.count + 3 }

    package static var store: SyncStore { ConnectPlan.store }
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
    }

    package var action: Action

    /// Sending a product to App Review reaches customers (it goes on sale when approved); opening a
    /// draft submission or adding to it does not by itself.
    package var impact: PlanImpact {
        switch action {
        case .createSubmission: .create
        case .addVersion, .addAppVersion: .change
        case .submit: .customers
        }
    }

    package var ownerNoun: String {
        switch action {
        case .addVersion(let owner, _, _): owner.noun
        case .addAppVersion: "app version"
        case .createSubmission, .submit: "review submission"
        }
    }

    package var ownerKey: String {
        switch action {
        case .addVersion(let owner, _, _): owner.key
        case .addAppVersion(_, let versionString): versionString
        case .createSubmission(let platform), .submit(_, let platform): platform
        }
    }

    package var verb: String {
        switch action {
        case .createSubmission: "create"
        case .addVersion, .addAppVersion: "add"
        case .submit: "submit"
        }
    }

    package var summary: String {
        switch action {
        case .createSubmission(let platform): "create a review submission for \(platform)"
        case .addVersion(let owner, _, let number): "add version \(number) of \(owner.noun) \(owner.key) to the review submission"
        case .addAppVersion(_, let versionString): "add app version \(versionString) to the review submission"
        case .submit(let id, let platform):
            "submit the review submission for \(platform)\(id.map { " (\($0))" } ?? "") to App Review"
        }
    }
}
