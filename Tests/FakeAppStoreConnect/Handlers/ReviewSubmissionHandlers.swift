import Foundation

/// `reviewSubmissions`, `reviewSubmissionItems` and an app's `appStoreVersions`, by the rules in
/// ReviewSubmissions.swift.
enum ReviewSubmissionHandlers {
    static let platforms = ["IOS", "MAC_OS", "TV_OS", "VISION_OS"]
    /// The item relationships the fake models: product and group versions, and app versions.
    static let itemTargets = ["inAppPurchaseVersion", "subscriptionVersion", "subscriptionGroupVersion", "appStoreVersion"]

    /// `GET /v1/reviewSubmissions?filter[app]=…` (`filter[app]` is required).
    static func list(_ c: Context) throws(APIError) -> Reply {
        let apps = c.query.filter("app") ?? []
        let submissions = c.state.reviewSubmissions.values
            .filter {
                apps.contains($0.appID) && (c.query.filter("platform")?.contains($0.platform) ?? true)
                    && (c.query.filter("state")?.contains($0.state) ?? true)
            }
            .sorted { $0.sequence < $1.sequence }
        return c.list(submissions.map { Ref(.reviewSubmission, $0.id) })
    }

    /// `GET /v1/reviewSubmissions/{id}`.
    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try submission(c.id, c)
        return c.one(Ref(.reviewSubmission, c.id))
    }

    /// `GET /v1/reviewSubmissions/{id}/items`.
    static func items(_ c: Context) throws(APIError) -> Reply {
        c.list(try submission(c.id, c).itemIDs.map { Ref(.reviewSubmissionItem, $0) })
    }

    /// `POST /v1/reviewSubmissions`: a draft for the app and platform, unless one is open.
    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.reviewSubmissionCreate).data
        let appID = entity.one("app")!
        _ = try c.state.app(appID)
        let platform = entity.string("platform") ?? "IOS"
        if let open = c.state.openSubmission(app: appID, platform: platform) {
            throw .stateError("The app already has a review submission for \(platform) in state \(open.state): \(open.id).")
        }
        let record = ReviewSubmissionRecord(
            id: c.state.newUUID(), sequence: c.state.reviewSubmissions.count, appID: appID, platform: platform)
        c.state.reviewSubmissions[record.id] = record
        return c.created(Ref(.reviewSubmission, record.id))
    }

    /// `PATCH /v1/reviewSubmissions/{id}`: `submitted: true` sends it to App Review, `canceled:
    /// true` withdraws it before review.
    static func update(_ c: Context) throws(APIError) -> Reply {
        let record = try submission(c.id, c)
        let entity = try c.body(.reviewSubmissionUpdate).data
        if entity.bool("submitted") == true {
            guard record.state == "READY_FOR_REVIEW" else {
                throw .stateError("The review submission is \(record.state); only one that is READY_FOR_REVIEW can be submitted.")
            }
            guard !record.itemIDs.isEmpty else { throw .stateError("The review submission has no items to submit.") }
            let targets = record.itemIDs.compactMap { c.state.reviewSubmissionItems[$0]?.target }
            let hasAppVersion = targets.contains { if case .appStoreVersion = $0 { true } else { false } }
            if !hasAppVersion && !c.state.hasApprovedProducts(app: record.appID) {
                throw .stateError(
                    "The first in-app purchases and subscriptions of an app must be submitted with a new app version: "
                        + "add an appStoreVersion to this review submission.")
            }
            c.state.reviewSubmissions[c.id]?.state = "WAITING_FOR_REVIEW"
            c.state.reviewSubmissions[c.id]?.submittedDate = ISO8601DateFormatter().string(from: Date())
            c.state.move(submission: c.id, item: "READY_FOR_REVIEW", version: "WAITING_FOR_REVIEW", product: "WAITING_FOR_REVIEW")
        } else if entity.bool("canceled") == true {
            guard ["READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "UNRESOLVED_ISSUES"].contains(record.state) else {
                throw .stateError("The review submission is \(record.state) and cannot be canceled.")
            }
            c.state.move(submission: c.id, item: "REMOVED", version: "PREPARE_FOR_SUBMISSION", product: nil)
            c.state.reviewSubmissions[c.id]?.state = "COMPLETE"
        }
        return c.one(Ref(.reviewSubmission, c.id))
    }

    /// `POST /v1/reviewSubmissionItems`: one version into a draft submission.
    static func createItem(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.reviewSubmissionItemCreate).data
        let submissionID = entity.one("reviewSubmission")!
        guard let record = c.state.reviewSubmissions[submissionID] else {
            throw entity.invalidRelationship("reviewSubmission", "There is no review submission with id '\(submissionID)'.")
        }
        let named = itemTargets.filter { entity.one($0) != nil }
        guard named.count == 1, let relationship = named.first, let targetID = entity.one(relationship) else {
            throw .entity(
                "ENTITY_ERROR.RELATIONSHIP.INVALID", "/data/relationships",
                "A review submission item names exactly one of \(itemTargets.joined(separator: ", ")).")
        }
        guard record.state == "READY_FOR_REVIEW" else {
            throw .stateError("Items can be added only to a review submission that is READY_FOR_REVIEW; this one is \(record.state).")
        }
        let target: ReviewSubmissionItemRecord.Target =
            relationship == "appStoreVersion" ? .appStoreVersion(targetID) : .version(targetID)
        let busy = c.state.reviewSubmissionItems.values.contains { item in
            item.target == target && c.state.reviewSubmissions[item.submissionID]?.isOpen == true && item.state != "REMOVED"
        }
        switch target {
        case .appStoreVersion:
            guard let version = c.state.appStoreVersions[targetID], version.appID == record.appID else {
                throw entity.invalidRelationship(relationship, "There is no app version '\(targetID)' of app '\(record.appID)'.")
            }
            if busy { throw .stateError("The \(relationship) '\(targetID)' is already in an open review submission.") }
            guard version.state == "PREPARE_FOR_SUBMISSION" else {
                throw .stateError("App version \(version.versionString) is \(version.state), not PREPARE_FOR_SUBMISSION.")
            }
        case .version:
            guard let version = c.state.versions[targetID],
                FakeState.itemRelationship(of: VersionFamily.of(version.owner).versionKind) == relationship,
                c.state.appID(of: version.owner) == record.appID
            else {
                throw entity.invalidRelationship(relationship, "There is no \(relationship) '\(targetID)' of app '\(record.appID)'.")
            }
            if busy { throw .stateError("The \(relationship) '\(targetID)' is already in an open review submission.") }
            if let productState = c.state.productState(of: version.owner), productState != "READY_TO_SUBMIT" {
                throw .stateError("The product is \(productState); only a product that is READY_TO_SUBMIT can be submitted for review.")
            }
            guard version.isEditable else {
                throw .stateError("Version \(version.number) is \(version.state); only a version in preparation can be submitted.")
            }
        }
        let item = ReviewSubmissionItemRecord(id: c.state.newUUID(), submissionID: submissionID, target: target)
        c.state.reviewSubmissionItems[item.id] = item
        c.state.reviewSubmissions[submissionID]?.itemIDs.append(item.id)
        if case .version(let versionID) = target { c.state.versions[versionID]?.state = "READY_FOR_REVIEW" }
        return c.created(Ref(.reviewSubmissionItem, item.id))
    }

    /// `DELETE /v1/reviewSubmissionItems/{id}`: out of a draft submission.
    static func deleteItem(_ c: Context) throws(APIError) -> Reply {
        guard let item = c.state.reviewSubmissionItems[c.id] else { throw .resourceNotFound("reviewSubmissionItems", c.id) }
        let state = c.state.reviewSubmissions[item.submissionID]?.state ?? ""
        guard state == "READY_FOR_REVIEW" else {
            throw .stateError("Items can be removed only from a review submission that is READY_FOR_REVIEW; this one is \(state).")
        }
        if case .version(let versionID) = item.target { c.state.versions[versionID]?.state = "PREPARE_FOR_SUBMISSION" }
        c.state.reviewSubmissionItems[c.id] = nil
        c.state.reviewSubmissions[item.submissionID]?.itemIDs.removeAll { $0 == c.id }
        return .noContent
    }

    /// `GET /v1/apps/{id}/appStoreVersions`.
    static func appStoreVersions(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.app(c.id)
        let versions = c.state.appStoreVersions.values
            .filter {
                $0.appID == c.id && (c.query.filter("platform")?.contains($0.platform) ?? true)
                    && (c.query.filter("versionString")?.contains($0.versionString) ?? true)
                    && (c.query.filter("appVersionState")?.contains($0.state) ?? true)
            }
            .sorted { $0.id < $1.id }
        return c.list(versions.map { Ref(.appStoreVersion, $0.id) })
    }

    private static func submission(_ id: String, _ c: Context) throws(APIError) -> ReviewSubmissionRecord {
        guard let record = c.state.reviewSubmissions[id] else { throw .resourceNotFound("reviewSubmissions", id) }
        return record
    }
}
