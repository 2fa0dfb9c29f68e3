/// Carries out a ``SubmissionPlan`` serially and stops at the first failure: the review submission
/// is created (or the draft reused), each version added, then submitted. A run stopped part-way
/// leaves a draft holding what was added; planning again reuses it and adds only what it lacks, so
/// a second run completes the submission without duplicates.
package struct SubmissionApplier: Sendable {
    /// Why it stopped: the step (0-based) and the API's error.
    package struct Failure: Error, Sendable {
        package var stepIndex: Int
        package var step: String
        package var apiError: ConnectAPIError
    }

    private let api: any ConnectTransport
    private let appID: String

    package init(api: any ConnectTransport, appID: String) {
        self.api = api
        self.appID = appID
    }

    /// Runs every step, calling `progress` before each; the submission's id.
    @discardableResult package func apply(_ plan: SubmissionPlan, progress: (Int, SubmissionStep) -> Void) async throws(Failure) -> String?
    {
        // A reused draft is named by the plan's last step; a new one is known once created.
        var submissionID: String? = plan.steps.lazy.compactMap { step -> String? in
            if case .submit(let id?, _) = step.action { id } else { nil }
        }.first
        for (index, step) in plan.steps.enumerated() {
            progress(index, step)
            do throws(ConnectAPIError) {
                switch step.action {
                case .createSubmission(let platform):
                    let created = try await api.send(
                        ConnectRequest(
                            .post, "/v1/reviewSubmissions",
                            body: Resource(
                                type: "reviewSubmissions", attributes: ["platform": .string(platform)],
                                relationships: ["app": .one(ResourceIdentifier(type: "apps", id: appID))])))
                    submissionID = created.data.first?.id
                case .addVersion(let owner, let versionID, _):
                    try await addItem(
                        to: submissionID, Self.itemRelationship(owner), ResourceIdentifier(type: Self.versionType(owner), id: versionID))
                case .addAppVersion(let id, _):
                    try await addItem(to: submissionID, "appStoreVersion", ResourceIdentifier(type: "appStoreVersions", id: id))
                case .submit(let existing, _):
                    guard let id = existing ?? submissionID else {
                        throw ConnectAPIError.malformedResponse(
                            request: "POST /v1/reviewSubmissions", message: "the answer names no review submission")
                    }
                    _ = try await api.send(
                        ConnectRequest(
                            .patch, "/v1/reviewSubmissions/\(id: id)",
                            body: Resource(type: "reviewSubmissions", id: id, attributes: ["submitted": true])))
                case .cancel(let id, _, _, _):
                    _ = try await api.send(
                        ConnectRequest(
                            .patch, "/v1/reviewSubmissions/\(id: id)",
                            body: Resource(type: "reviewSubmissions", id: id, attributes: ["canceled": true])))
                    submissionID = id
                }
            } catch {
                throw Failure(stepIndex: index, step: step.summary, apiError: error)
            }
        }
        return submissionID
    }

    private func addItem(to submissionID: String?, _ relationship: String, _ target: ResourceIdentifier) async throws(ConnectAPIError) {
        guard let submissionID else {
            throw .malformedResponse(request: "POST /v1/reviewSubmissionItems", message: "no review submission to add to")
        }
        _ = try await api.send(
            ConnectRequest(
                .post, "/v1/reviewSubmissionItems",
                body: Resource(
                    type: "reviewSubmissionItems",
                    relationships: [
                        "reviewSubmission": .one(ResourceIdentifier(type: "reviewSubmissions", id: submissionID)),
                        relationship: .one(target),
                    ])))
    }

    static func itemRelationship(_ owner: PlanOwner) -> String {
        switch owner {
        case .inAppPurchase: "inAppPurchaseVersion"
        case .subscription: "subscriptionVersion"
        case .group: "subscriptionGroupVersion"
        }
    }

    static func versionType(_ owner: PlanOwner) -> String { itemRelationship(owner) + "s" }
}
