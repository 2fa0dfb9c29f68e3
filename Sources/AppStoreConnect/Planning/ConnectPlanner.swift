import IAPCatalog

/// Compares the catalog's ``DesiredState`` with App Store Connect's ``ConnectRemoteState`` and lists the
/// changes. Product ids are the identity; groups are found by reference name. Nothing is deleted,
/// and a product id or type is never changed: such differences become ``ConnectPlan/notDone`` notes.
package struct ConnectPlanner: Sendable {
    /// `YYYY-MM-DD` of today (UTC), to tell current prices from scheduled ones.
    package var today: String

    /// A planner.
    package init(today: String) {
        self.today = today
    }

    /// The plan that brings `remote` to `desired`.
    package func plan(_ desired: DesiredState, against remote: ConnectRemoteState) -> ConnectPlan {
        var plan = ConnectPlan()
        for group in desired.groups { planGroup(group, remote: remote.group(named: group.referenceName), into: &plan) }
        let groupsByKey = Dictionary(desired.groups.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // Where the next new promoted purchase joins the app's list (counted once, not per product).
        var nextPromotion = remote.nextPromotedPosition
        for product in desired.products {
            planProduct(
                product, remote: remote.products[product.productID], state: remote, groups: groupsByKey, nextPromotion: &nextPromotion,
                into: &plan)
        }
        for id in desired.legacyTierProducts {
            plan.warnings.append(
                PlanNote(
                    resource: id,
                    message: "a legacy price tier stands for its historical U.S. price only; give storefront prices to be exact"))
        }
        plan.warnings += desired.screenshotNotes
        for id in desired.unsupportedProducts {
            plan.notDone.append(PlanNote(resource: id, message: "free subscriptions cannot be created through the App Store Connect API"))
        }
        let managed = Set(desired.products.map(\.productID)).union(desired.removedProductIDs).union(desired.unsupportedProducts)
        for product in remote.products.values.sorted(by: { $0.productID < $1.productID }) where !managed.contains(product.productID) {
            plan.notDone.append(
                PlanNote(resource: product.productID, message: "in App Store Connect but not in the catalog: deletions are never automatic")
            )
        }
        for id in desired.removedProductIDs.sorted() {
            guard let product = remote.products[id], !product.storeState.isRemovedFromSale else { continue }
            plan.notDone.append(
                PlanNote(
                    resource: id,
                    message: "marked removed in the catalog but \(product.state) in App Store Connect: remove it from sale there"))
        }
        return plan
    }

    // MARK: Groups

    private func planGroup(_ group: DesiredGroup, remote: RemoteGroup?, into plan: inout ConnectPlan) {
        let owner = PlanOwner.group(group.key)
        if remote == nil { plan.steps.append(ConnectStep(owner, .createGroup(group))) }
        let desired = group.localizations.map { ($0.locale, $0.name, String?.none, $0.customAppName) }
        planLocalizations(
            owner, desired: desired, remote: remote?.localizations ?? [], version: remote?.version, into: &plan)
    }

    // MARK: Products

    private func planProduct(
        _ product: DesiredProduct, remote: RemoteProduct?, state: ConnectRemoteState, groups: [String: DesiredGroup],
        nextPromotion: inout Int,
        into plan: inout ConnectPlan
    ) {
        let owner: PlanOwner = product.kind == .autoRenewable ? .subscription(product.productID) : .inAppPurchase(product.productID)
        if let remote {
            guard remote.type == product.kind.rawValue else {
                plan.notDone.append(
                    PlanNote(
                        resource: product.productID,
                        message:
                            "is \(remote.type) in App Store Connect and \(product.kind.rawValue) in the catalog: a product's type never changes"
                    ))
                return
            }
            let fields = changedFields(product, remote: remote, state: state, groups: groups)
            if fields.contains(.group) {
                plan.notDone.append(PlanNote(resource: product.productID, message: "a subscription cannot move to another group"))
            }
            if remote.familySharable && !product.familySharable {
                plan.notDone.append(PlanNote(resource: product.productID, message: "Family Sharing, once turned on, cannot be turned off"))
            }
            let updatable = fields.filter { $0 != .group }
            if !updatable.isEmpty { plan.steps.append(ConnectStep(owner, .updateProduct(product, fields: updatable))) }
        } else {
            plan.steps.append(ConnectStep(owner, .createProduct(product)))
        }
        let desired = product.localizations.map { ($0.locale, $0.name, $0.description, String?.none) }
        planLocalizations(
            owner, desired: desired, remote: remote?.localizations ?? [], version: remote?.version, into: &plan)
        if let prices = product.prices, !prices.rows.contains(where: { $0.territory == prices.baseTerritory && $0.startDate == nil }) {
            plan.errors.append(
                PlanNote(
                    resource: product.productID,
                    message: "has no price in its base territory \(prices.baseTerritory): App Store Connect equalizes every price from it"))
        } else if let prices = product.prices, let step = priceStep(prices, owner: owner, remote: remote) {
            plan.steps.append(step)
        }
        if let step = availabilityStep(product.availability, owner: owner, remote: remote, universe: state.territories) {
            plan.steps.append(step)
        }
        if let step = multiseatStep(product, owner: owner, remote: remote) { plan.steps.append(step) }
        if let subscription = product.subscription {
            planIntroductoryOffers(subscription.introductoryOffers, product: product, remote: remote, state: state, into: &plan)
        }
        if let extras = product.extras {
            planExtras(extras, product: product, remote: remote, state: state, nextPromotion: &nextPromotion, into: &plan)
        }
        if let file = product.screenshotFile, remote?.screenshotChecksum != file.checksum {
            plan.steps.append(ConnectStep(owner, .uploadScreenshot(file)))
        }
        // The way to App Review, on the state after the plan: what will still be missing, and
        // for a product the catalog marks approved that is not, what stands between it and approval.
        let groupName = product.subscription.flatMap { groups[$0.groupKey]?.referenceName }
        let remoteGroup = remote?.groupID.flatMap { id in state.groups.first { $0.id == id } } ?? groupName.flatMap(state.group(named:))
        let missing = ReviewMetadata(
            after: product, remote: remote, group: product.subscription.flatMap { groups[$0.groupKey] }, remoteGroup: remoteGroup
        ).missing
        if !missing.isEmpty {
            plan.warnings.append(
                PlanNote(
                    resource: product.productID,
                    message: "will still be MISSING_METADATA after apply, so it cannot go to App Review: missing "
                        + missing.joined(separator: ", ")))
        }
        if product.approved, let remote, remote.catalogStatusName != "approved" {
            plan.notDone.append(
                PlanNote(
                    resource: product.productID,
                    message: "approved in the catalog but \(remote.state) in App Store Connect: "
                        + Self.wayToApproval(remote, group: remoteGroup, missingAfterApply: !missing.isEmpty)))
        }
    }

    /// The step that brings a subscription's multiseat setting to the catalog's, when the catalog
    /// gives one and App Store Connect holds another, or the subscription is new: it is created
    /// without one and App Store Connect gives it its default — off when it is created with Family
    /// Sharing, which needs no step. A change to who may buy a live subscription is `!`.
    private func multiseatStep(_ product: DesiredProduct, owner: PlanOwner, remote: RemoteProduct?) -> ConnectStep? {
        guard let multiseat = product.subscription?.multiseat else { return nil }
        if remote == nil, product.familySharable, !multiseat.enabled, multiseat.markets?.isEmpty ?? true { return nil }
        func words(_ enabled: Bool) -> String { enabled ? "on" : "off" }
        func list(_ markets: [MultiseatMarket]) -> String { markets.isEmpty ? "none" : markets.map(\.apiName).joined(separator: ", ") }
        var changes: [String] = []
        let remoteEnabled = remote?.multiSeatStatus.map { $0 == "ENABLED" }
        if remoteEnabled != multiseat.enabled {
            changes.append("multiseat \(remoteEnabled.map(words) ?? "unset") → \(words(multiseat.enabled))")
        }
        if let markets = multiseat.markets {
            let wanted = Set(markets)
            let held = remote?.marketSettings.map { Set($0.compactMap(MultiseatMarket.init(apiName:))) }
            let unknown = remote?.marketSettings?.filter { MultiseatMarket(apiName: $0) == nil } ?? []
            if held != wanted || !unknown.isEmpty {
                let before = held.map { list($0.sorted()) + (unknown.isEmpty ? "" : ", " + unknown.joined(separator: ", ")) } ?? "unset"
                changes.append("markets \(before) → \(list(wanted.sorted()))")
            }
        }
        guard !changes.isEmpty else { return nil }
        let impact: PlanImpact = remote.map { $0.isLive ? .customers : .change } ?? .create
        return ConnectStep(owner, .setMultiseat(enabled: multiseat.enabled, markets: multiseat.markets, changes: changes), impact: impact)
    }

    /// What stands between `remote` and App Review's approval, as the plan's note says it.
    private static func wayToApproval(_ remote: RemoteProduct, group: RemoteGroup?, missingAfterApply: Bool) -> String {
        if missingAfterApply { return "it cannot go to App Review until it has what the warning names" }
        if ["MISSING_METADATA", "READY_TO_SUBMIT"].contains(remote.state) {
            return "after apply, `iapcat asc submit` sends it to App Review, which approves"
        }
        switch ReviewReadiness(remote, group: group, review: RemoteReview(platform: "IOS")) {
        case .ready: return "`iapcat asc submit` sends it to App Review, which approves"
        case .inSubmission, .reviewed: return "App Review has it"
        case .notReady(let reasons): return reasons.joined(separator: "; ")
        }
    }

    private func changedFields(_ product: DesiredProduct, remote: RemoteProduct, state: ConnectRemoteState, groups: [String: DesiredGroup])
        -> [ProductField]
    {
        var fields: [ProductField] = []
        if product.referenceName != remote.name { fields.append(.name) }
        if (product.reviewNote ?? "") != (remote.reviewNote ?? "") { fields.append(.reviewNote) }
        if product.familySharable && !remote.familySharable { fields.append(.familySharable) }
        if let subscription = product.subscription {
            if subscription.period.apiName != remote.period { fields.append(.subscriptionPeriod) }
            if let level = subscription.level, level != remote.groupLevel { fields.append(.groupLevel) }
            let groupName = groups[subscription.groupKey]?.referenceName
            if let groupID = remote.groupID, let group = state.groups.first(where: { $0.id == groupID }), group.referenceName != groupName {
                fields.append(.group)
            }
        }
        return fields
    }

    // MARK: Localizations

    private func planLocalizations(
        _ owner: PlanOwner, desired: [(String, String, String?, String?)], remote: [RemoteLocalization], version: RemoteVersion?,
        into plan: inout ConnectPlan
    ) {
        var steps: [ConnectStep] = []
        for (locale, name, description, appName) in desired {
            guard let current = remote.first(where: { $0.locale == locale }) else {
                steps.append(
                    ConnectStep(owner, .createLocalization(locale: locale, name: name, description: description, customAppName: appName)))
                continue
            }
            var fields: [LocalizationField] = []
            if current.name != name { fields.append(.name) }
            if (current.description ?? "") != (description ?? "") { fields.append(.description) }
            if (current.customAppName ?? "") != (appName ?? "") { fields.append(.customAppName) }
            if !fields.isEmpty {
                steps.append(
                    ConnectStep(
                        owner,
                        .updateLocalization(locale: locale, name: name, description: description, customAppName: appName, fields: fields)))
            }
        }
        let wanted = Set(desired.map(\.0))
        for localization in remote where !wanted.contains(localization.locale) {
            plan.notDone.append(
                PlanNote(
                    resource: owner.key,
                    message: "has a \(localization.locale) localization the catalog lacks: deletions are never automatic"))
        }
        guard !steps.isEmpty else { return }
        if let version, version.isEditable {
            plan.steps += steps
        } else if version == nil || version!.allowsNewVersion {
            plan.steps.append(ConnectStep(owner, .createVersion(replacing: version)))
            plan.steps += steps
        } else {
            plan.notDone.append(
                PlanNote(resource: owner.key, message: "localization changes wait: version \(version!.number) is \(version!.state)"))
        }
    }

    // MARK: Prices

    /// The step that brings the store's price rows to the catalog's, or nil when they agree.
    ///
    /// In-app purchases compare every manual row (a schedule is replaced whole); subscriptions
    /// compare the territories the catalog names, and re-equalize the others from the base
    /// territory only when its price changes.
    func priceStep(_ prices: DesiredPrices, owner: PlanOwner, remote: RemoteProduct?) -> ConnectStep? {
        guard let remote else {
            let base = prices.baseTerritory
            let lines =
                ["\(base) \(prices.basePrice ?? "-") (base)"]
                + prices.rows.filter { !($0.territory == base && $0.startDate == nil) }.map(\.description)
            return ConnectStep(
                owner, .setPrices(prices, diff: PriceDiff(remote: [], desired: prices.rows), equalize: true, changes: lines),
                impact: .create)
        }
        var remoteRows = remote.priceRows(today: today)
        var lines: [String] = []
        var equalize = false
        if remote.isSubscription {
            let named = prices.territories
            let others = Set(remoteRows.map(\.territory)).subtracting(named)
            remoteRows.removeAll { !named.contains($0.territory) }
            let diff = PriceDiff(remote: remoteRows, desired: prices.rows)
            let baseChanges = diff.added.contains { $0.territory == prices.baseTerritory }
            equalize = baseChanges && (!others.isEmpty || remoteRows.isEmpty)
            lines = diff.lines(missing: "none")
            if equalize {
                lines.append(
                    "\(others.isEmpty ? "every other territory" : "\(others.count) other territories") equalized from \(prices.baseTerritory)"
                )
            }
            guard !diff.isEmpty else { return nil }
            return ConnectStep(
                owner, .setPrices(prices, diff: diff, equalize: equalize, changes: lines), impact: priceImpact(diff, remote: remote))
        }
        if let base = remote.baseTerritory, base != prices.baseTerritory {
            lines.append("base territory \(base) → \(prices.baseTerritory)")
        }
        let diff = PriceDiff(remote: remoteRows, desired: prices.rows)
        lines += diff.lines(missing: "equalized")
        guard !lines.isEmpty else { return nil }
        return ConnectStep(
            owner, .setPrices(prices, diff: diff, equalize: false, changes: lines), impact: priceImpact(diff, remote: remote))
    }

    /// `!` for a product customers bought or may buy; for the others `-` when announced prices go, `~` otherwise.
    private func priceImpact(_ diff: PriceDiff, remote: RemoteProduct) -> PlanImpact {
        if remote.isLive { return .customers }
        return diff.cancelsScheduledPrices(today: today) ? .narrow : .change
    }

    // MARK: Availability

    /// The step that sells the product exactly where the catalog says, or nil when the store
    /// agrees. A product without an availability is sold nowhere.
    func availabilityStep(_ desired: DesiredAvailability, owner: PlanOwner, remote: RemoteProduct?, universe: [String]) -> ConnectStep? {
        let wanted = desired.territories.resolved(in: universe)
        let current = remote?.availability
        let joinsNew = desired.availableInNewTerritories
        guard current != nil || !wanted.isEmpty || joinsNew else { return nil }
        let have = Set(current?.territories ?? [])
        let want = Set(wanted)
        let joinedNew = current?.availableInNewTerritories ?? false
        if let current, have == want, current.availableInNewTerritories == joinsNew { return nil }
        let added = want.subtracting(have).sorted()
        let removed = have.subtracting(want).sorted()
        func join(_ flag: Bool) -> String { flag ? "join" : "do not join" }
        var lines: [String] = []
        if current == nil {
            lines.append(
                want == Set(universe)
                    ? "every territory (\(want.count))"
                    : "\(Plural.count(want.count, "territory", "territories")): \(wanted.joined(separator: ", "))")
            lines.append("new territories \(join(joinsNew))")
        } else {
            if !added.isEmpty { lines.append("sold in \(added.count) more: \(added.joined(separator: ", "))") }
            if !removed.isEmpty { lines.append("no longer sold in \(removed.count): \(removed.joined(separator: ", "))") }
            if joinedNew != joinsNew { lines.append("new territories: \(join(joinedNew)) → \(join(joinsNew))") }
        }
        let impact: PlanImpact =
            if remote == nil || current == nil && !(remote?.isLive ?? false) {
                .create
            } else if remote?.isLive ?? false {
                .customers
            } else if !removed.isEmpty || joinedNew && !joinsNew {
                .narrow
            } else {
                .change
            }
        return ConnectStep(
            owner, .setAvailability(territories: wanted, availableInNewTerritories: joinsNew, changes: lines), impact: impact)
    }

    // MARK: Introductory offers

    /// Offers compared row by row (territory, mode, duration, periods, price, dates, plan): only
    /// the rows that differ are deleted or created. A removed offer is `!` on a live
    /// subscription and `-` on one never on sale.
    private func planIntroductoryOffers(
        _ offers: [DesiredIntroductoryOffer], product: DesiredProduct, remote: RemoteProduct?, state: ConnectRemoteState,
        into plan: inout ConnectPlan
    ) {
        let soldIn = product.availability.territories.resolved(in: state.territories)
        let desired = offers.flatMap { $0.rows(soldIn: soldIn, universe: state.territories) }.filter {
            ($0.endDate ?? "9999-12-31") > today
        }
        let diff = OfferDiff(remote: remote?.offerRows(universe: state.territories, today: today) ?? [], desired: desired)
        guard !diff.isEmpty else { return }
        let impact: PlanImpact? =
            if diff.removedIDs.isEmpty {
                remote?.introductoryOffers.isEmpty ?? true ? .create : .change
            } else {
                remote?.isLive ?? false ? .customers : .narrow
            }
        plan.steps.append(ConnectStep(.subscription(product.productID), .setIntroductoryOffers(diff), impact: impact))
    }
}
