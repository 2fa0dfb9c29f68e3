import IAPCatalog

/// Plans `asc submit` from what App Store Connect holds: each product's ``ReviewReadiness``, the
/// app's open review submissions for the platform, and its app versions in preparation.
///
/// App Store Connect's rules it plans by: one open review submission per app and platform (a draft
/// is reused; one already submitted stops the plan until App Review is done with it), products only
/// through a version in preparation while READY_TO_SUBMIT (a subscription's group with it when the
/// group's version waits in preparation), and an app's first in-app purchases and subscriptions only
/// with an app version (`appVersion`, named by its version string).
package struct SubmissionPlanner: Sendable {
    /// A product to send, and whether the user named it (an error when it cannot go) or the catalog
    /// chose it (a note).
    package struct Request: Sendable {
        package var productID: String
        package var named: Bool

        package init(productID: String, named: Bool) {
            self.productID = productID
            self.named = named
        }
    }

    package var platform = "IOS"

    /// What `asc submit` sends from `catalog`: the products `named` (an error each when it cannot
    /// go; in the order of their ids, so a saved plan is planned again alike); with `changed`
    /// (`--changed-since`), also the products the catalog marks `approved` that the change touched,
    /// directly or through their subscription group; with neither, every product the App Store
    /// sells that the catalog marks `approved`.
    package static func requests(_ catalog: Catalog, named: [String], changed: SyncScope? = nil) -> [Request] {
        let namedIDs = Set(named)
        let chosen =
            named.isEmpty || changed != nil
            ? catalog.products.filter { product in
                guard product.isSold(on: .appStore), product.status == .approved, !namedIDs.contains(product.id) else { return false }
                guard let changed else { return true }
                return changed.products.contains(product.id) || product.subscription.map { changed.groups.contains($0.group) } ?? false
            } : []
        return namedIDs.sorted().map { Request(productID: $0, named: true) } + chosen.map { Request(productID: $0.id, named: false) }
    }

    package init(platform: String = "IOS") {
        self.platform = platform
    }

    package func plan(
        _ requests: [Request], appVersion: String?, remote: ConnectRemoteState, review: RemoteReview
    ) -> SubmissionPlan {
        var plan = SubmissionPlan()
        let groups = Dictionary(remote.groups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var additions: [SubmissionStep] = []
        var groupsAdded: Set<String> = []
        // The versions this run may send: those of the products asked for (added now, or already
        // in the draft) and their groups'.
        var asked: Set<String> = []
        for request in requests {
            guard let product = remote.products[request.productID] else {
                note(request, "App Store Connect has no such product yet: run iapcat asc apply first", into: &plan)
                continue
            }
            let owner: PlanOwner = product.isSubscription ? .subscription(product.productID) : .inAppPurchase(product.productID)
            let group = product.groupID.flatMap { groups[$0] }
            if let version = product.version { asked.insert(version.id) }
            if let version = group?.version { asked.insert(version.id) }
            switch ReviewReadiness(product, group: group, review: review) {
            case .ready(let versionID):
                // A subscription's group goes with it when the group's own version (its
                // localizations) waits in preparation: a new group, or its names edited.
                if let group, let version = group.version, version.state == "PREPARE_FOR_SUBMISSION",
                    review.submission(holding: version.id) == nil, groupsAdded.insert(group.id).inserted
                {
                    additions.append(
                        SubmissionStep(action: .addVersion(.group(group.referenceName), versionID: version.id, number: version.number)))
                }
                additions.append(SubmissionStep(action: .addVersion(owner, versionID: versionID, number: product.version?.number ?? 1)))
                plan.products.append(product.productID)
            case .inSubmission(let submissionID, let state) where state == "READY_FOR_REVIEW":
                plan.products.append(product.productID)
                plan.notDone.append(PlanNote(resource: product.productID, message: "already in review submission \(submissionID)"))
            case .inSubmission(_, let state), .reviewed(let state):
                plan.notDone.append(PlanNote(resource: product.productID, message: "with App Review already (\(state))"))
            case .notReady(let reasons):
                note(request, "cannot go to App Review: \(reasons.joined(separator: "; "))", into: &plan)
            }
        }
        let open = review.current
        if let open, !open.isDraft {
            if !plan.products.isEmpty {
                plan.errors.append(
                    PlanNote(
                        resource: "review submission \(open.id)",
                        message:
                            "is \(open.state) for \(platform); App Store Connect takes one review submission per platform at a time: "
                            + "wait until App Review is done with it"))
            }
            plan.products = []
            return plan
        }
        guard !plan.products.isEmpty else { return plan }  // an app version alone is not iapcat's to send
        // The app version goes only where App Store Connect requires one: an app's first purchases.
        let needsAppVersion = ReviewReadiness.needsAppVersion(remote.products.values)
        let heldAppVersion = open?.activeItems.first { $0.appVersionID != nil }?.appVersionID
        let named = appVersion.flatMap { name in review.appVersions.first { $0.versionString == name } }
        if let appVersion, !needsAppVersion {
            plan.notDone.append(
                PlanNote(
                    resource: "app version \(appVersion)",
                    message: "not sent: the app has purchases App Review approved, so these go without an app version"))
        } else if heldAppVersion == nil, let appVersion {
            if let named {
                additions.append(SubmissionStep(action: .addAppVersion(id: named.id, versionString: appVersion)))
            } else {
                plan.errors.append(
                    PlanNote(
                        resource: "app version \(appVersion)",
                        message: "App Store Connect has no app version \(appVersion) in preparation for \(platform): create it there first")
                )
            }
        } else if heldAppVersion == nil && needsAppVersion {
            let prepared = review.appVersions.map(\.versionString)
            plan.errors.append(
                PlanNote(
                    resource: "app \(remote.appID)",
                    message:
                        "has no in-app purchase or subscription App Review ever approved: App Store Connect takes the first ones "
                        + "only with a new app version; name it with --app-version ("
                        + (prepared.isEmpty
                            ? "none is in preparation for \(platform): create one in App Store Connect first)"
                            : "in preparation: \(prepared.joined(separator: ", ")))")))
        }
        // Submitting a draft sends everything in it: what someone else put there is not this run's to send.
        if let open {
            let strangers = open.activeItems.filter { item in
                if let version = item.versionID { return !asked.contains(version) }
                return item.appVersionID != named?.id || !needsAppVersion
            }
            if !strangers.isEmpty {
                plan.errors.append(
                    PlanNote(
                        resource: "review submission \(open.id)",
                        message:
                            "holds \(Plural.count(strangers.count, "item")) this run did not ask for (\(strangers.map(\.id).joined(separator: ", "))): "
                            + "submitting it would send \(Plural.word(strangers.count, "it", "them")) too; remove "
                            + "\(Plural.word(strangers.count, "it", "them")) in App Store Connect, or ask for what \(Plural.word(strangers.count, "it is", "they are")) with --product or --app-version"
                    ))
            }
        }
        if open == nil { plan.steps.append(SubmissionStep(action: .createSubmission(platform: platform))) }
        plan.steps += additions
        plan.steps.append(SubmissionStep(action: .submit(submissionID: open?.id, platform: platform)))
        return plan
    }

    /// Plans `asc cancel-submission`: withdraw the app's open review submission for the platform,
    /// if it has one that may be withdrawn.
    package func cancel(_ review: RemoteReview) -> SubmissionPlan {
        var plan = SubmissionPlan(purpose: .cancel)
        guard let open = review.current else { return plan }
        guard open.isCancellable else {
            plan.errors.append(
                PlanNote(
                    resource: "review submission \(open.id)",
                    message: "is \(open.state) for \(platform): only a submission not yet in review (or with unresolved issues) "
                        + "can be withdrawn; App Store Connect's website shows what it allows now"))
            return plan
        }
        let items = open.activeItems.count
        plan.steps.append(SubmissionStep(action: .cancel(submissionID: open.id, platform: platform, state: open.state, items: items)))
        return plan
    }

    private func note(_ request: Request, _ message: String, into plan: inout SubmissionPlan) {
        let note = PlanNote(resource: request.productID, message: message)
        if request.named { plan.errors.append(note) } else { plan.notDone.append(note) }
    }
}
