import IAPCatalog

/// Steps for what a product has on sale beside its prices, territories and introductory offers:
/// its promoted purchase, promotional offers, offer codes and win-back offers. What App Store
/// Connect lets the API create or change becomes a step; what it does not (an offer's terms once
/// created, content hosting, the monthly billing plan, the order of promoted purchases) and
/// anything only the store has stays a ``ConnectPlan/notDone`` note: nothing is ever deleted.
extension ConnectPlanner {
    /// `nextPromotion`: where a new promoted purchase joins the app's list (moved on past one this creates).
    func planExtras(
        _ extras: SaleExtras, product: DesiredProduct, remote: RemoteProduct?, state: ConnectRemoteState, nextPromotion: inout Int,
        into plan: inout ConnectPlan
    ) {
        let owner: PlanOwner = product.kind == .autoRenewable ? .subscription(product.productID) : .inAppPurchase(product.productID)
        // App Store Connect needs a free offer's territories: where the catalog says, or where the subscription is sold.
        let soldIn = product.availability.territories.resolved(in: state.territories)
        let extras = extras.resolvingFreeTerritories(soldIn: soldIn, universe: state.territories)
        var skipped: [String] = []
        var held =
            remote.map { SaleExtras(remote: $0, today: today, universe: state.territories, skipped: &skipped) } ?? SaleExtras()
        if remote == nil, product.kind != .autoRenewable { held.hostedContent = false }
        let live = remote?.isLive ?? false
        if planPromotion(extras.promotion, remote: remote?.promotedPurchase, joinsAt: nextPromotion, owner: owner, into: &plan) {
            nextPromotion += 1
        }
        planOffers(extras.promotionalOffers, held: held.promotionalOffers, kind: .promotionalOffer, owner: owner, into: &plan)
        planOfferCodes(extras.offerCodes, held: held.offerCodes, remote: remote, live: live, owner: owner, into: &plan)
        planWinBackOffers(extras.winBackOffers, held: held.winBackOffers, remote: remote, live: live, owner: owner, into: &plan)
        planPurchaseOfferCodes(
            extras.purchaseOfferCodes, held: held.purchaseOfferCodes, remote: remote, live: live, owner: owner, into: &plan)
        planMonthlyBilling(extras.monthlyBilling, remote: remote, universe: state.territories, owner: owner, into: &plan)
        plan.notDone += extras.differences(from: held, productID: product.productID)
    }

    // MARK: Monthly billing plan

    /// The monthly plan's price rows compared like the usual plan's, and its availability; a plan
    /// only the store has is a note (never removed).
    private func planMonthlyBilling(
        _ wanted: SaleExtras.MonthlyBilling?, remote: RemoteProduct?, universe: [String], owner: PlanOwner, into plan: inout ConnectPlan
    ) {
        let remoteRows = remote?.priceRows(today: today, planType: "MONTHLY") ?? []
        guard let wanted else {
            if !remoteRows.isEmpty || remote?.monthlyAvailability != nil {
                plan.notDone.append(
                    PlanNote(
                        resource: owner.key,
                        message: "has a monthly billing plan in App Store Connect, not in the catalog: iapcat never removes it"))
            }
            return
        }
        let diff = PriceDiff(remote: remoteRows, desired: wanted.prices)
        var changes = diff.lines(missing: "none")
        var territories: [String]?
        var narrows = diff.cancelsScheduledPrices(today: today)
        let joinsNew = wanted.availability?.availableInNewTerritories ?? false
        if let availability = wanted.availability {
            let want = availability.territories.resolved(in: universe)
            let current = remote?.monthlyAvailability
            if current.map({ Set($0.territories) != Set(want) || $0.availableInNewTerritories != joinsNew }) ?? true {
                territories = want
                let have = Set(current?.territories ?? [])
                let added = Set(want).subtracting(have).sorted()
                let removed = have.subtracting(want).sorted()
                if !added.isEmpty { changes.append("offered in \(added.count) more: \(added.joined(separator: ", "))") }
                if !removed.isEmpty { changes.append("no longer offered in \(removed.count): \(removed.joined(separator: ", "))") }
                if let current, current.availableInNewTerritories != joinsNew {
                    changes.append(
                        "new territories: \(current.availableInNewTerritories ? "join" : "do not join") → \(joinsNew ? "join" : "do not join")"
                    )
                } else if current == nil {
                    changes.append("new territories \(joinsNew ? "join" : "do not join")")
                }
                narrows = narrows || !removed.isEmpty || (current?.availableInNewTerritories ?? false) && !joinsNew
            }
        }
        guard !diff.isEmpty || territories != nil else { return }
        let isNew = remoteRows.isEmpty && remote?.monthlyAvailability == nil
        let impact: PlanImpact =
            if remote?.isLive ?? false, !isNew || narrows { .customers } else if narrows { .narrow } else if isNew { .create } else {
                .change
            }
        plan.steps.append(
            ConnectStep(
                owner, .setMonthlyBilling(diff: diff, territories: territories, availableInNewTerritories: joinsNew, changes: changes),
                impact: impact))
    }

    // MARK: Promoted purchase

    /// Returns whether it creates a promoted purchase.
    private func planPromotion(
        _ promotion: Promotion?, remote: RemotePromotedPurchase?, joinsAt position: Int, owner: PlanOwner, into plan: inout ConnectPlan
    ) -> Bool {
        switch (promotion, remote) {
        case (nil, nil):
            return false
        case (nil, _?):
            plan.notDone.append(
                PlanNote(
                    resource: owner.key,
                    message: "promoted in App Store Connect but not in the catalog: iapcat never removes a promotion; remove it there"))
            return false
        case (let promotion?, nil):
            plan.steps.append(
                ConnectStep(owner, .setPromotion(visible: promotion.visible, enabled: promotion.enabled, existingID: nil, changes: [])))
            if let order = promotion.order, order != position {
                plan.notDone.append(Self.orderNote(owner, order: order, current: nil))
            }
            return true
        case (let promotion?, let remote?):
            var changes: [String] = []
            func yesNo(_ flag: Bool) -> String { flag ? "yes" : "no" }
            if promotion.visible != remote.visibleForAllUsers {
                changes.append("visible to all users \(yesNo(remote.visibleForAllUsers)) → \(yesNo(promotion.visible))")
            }
            if promotion.enabled != remote.enabled { changes.append("enabled \(yesNo(remote.enabled)) → \(yesNo(promotion.enabled))") }
            if !changes.isEmpty {
                plan.steps.append(
                    ConnectStep(
                        owner,
                        .setPromotion(visible: promotion.visible, enabled: promotion.enabled, existingID: remote.id, changes: changes))
                )
            }
            if let order = promotion.order, order != remote.position {
                plan.notDone.append(Self.orderNote(owner, order: order, current: remote.position))
            }
            return false
        }
    }

    private static func orderNote(_ owner: PlanOwner, order: Int, current: Int?) -> PlanNote {
        let now =
            current.map { "promoted purchase order \($0) in App Store Connect" }
            ?? "a new promoted purchase joins the end of the app's list"
        return PlanNote(
            resource: owner.key,
            message: "\(now), \(order) in the catalog: iapcat does not write the order yet; arrange it in App Store Connect")
    }

    // MARK: Promotional offers and offer codes

    /// Offers the store lacks are created; an offer the store has with other terms, or only the
    /// store has, is a note (App Store Connect keeps an offer's terms once it exists).
    private func planOffers(
        _ offers: [SubscriptionOffer], held: [SubscriptionOffer], kind: SubscriptionOfferKind, owner: PlanOwner,
        into plan: inout ConnectPlan
    ) {
        let key = { (offer: SubscriptionOffer) in kind == .promotionalOffer ? offer.id ?? "" : offer.referenceName ?? "" }
        let heldByKey = Dictionary(held.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Set(offers.map(key))
        for offer in offers {
            guard let current = heldByKey[key(offer)] else {
                if kind == .offerCode, offer.active == false {
                    plan.notDone.append(
                        PlanNote(
                            resource: owner.key,
                            message:
                                "offer code \"\(key(offer))\" is inactive in the catalog and not in App Store Connect: nothing to create"))
                } else if kind == .offerCode, offer.eligibility.isEmpty || offer.stackable == nil {
                    plan.errors.append(
                        PlanNote(
                            resource: owner.key,
                            message:
                                "offer code \"\(key(offer))\" needs eligibility and stackable to be created: App Store Connect requires who may redeem it and whether it stacks with introductory offers"
                        ))
                } else if let error = Self.unplaced(offer, what: "\(kind.noun) \"\(key(offer))\"", owner: owner) {
                    plan.errors.append(error)
                } else {
                    plan.steps.append(ConnectStep(owner, .createOffer(kind, offer)))
                }
                continue
            }
            let said = kind == .offerCode ? SaleExtras.asSaid(current, by: [offer]) : current
            var wantedTerms = offer
            if kind == .offerCode { wantedTerms.active = said.active }
            if SaleExtras.comparable([wantedTerms]) != SaleExtras.comparable([said]) {
                plan.notDone.append(
                    PlanNote(
                        resource: owner.key,
                        message:
                            "\(kind.noun) \"\(key(offer))\" has other terms in App Store Connect, which keeps an offer's terms once created: create one under a new \(kind == .promotionalOffer ? "id" : "name")"
                    ))
            }
        }
        for offer in held where !wanted.contains(key(offer)) {
            plan.notDone.append(
                PlanNote(
                    resource: owner.key,
                    message: "has \(kind.noun) \"\(key(offer))\" in App Store Connect, not in the catalog: deletions are never automatic"))
        }
    }

    private func planOfferCodes(
        _ codes: [SubscriptionOffer], held: [SubscriptionOffer], remote: RemoteProduct?, live: Bool, owner: PlanOwner,
        into plan: inout ConnectPlan
    ) {
        planOffers(codes, held: held, kind: .offerCode, owner: owner, into: &plan)
        for code in codes where code.active == false {
            guard let name = code.referenceName,
                let current = remote?.offerCodes.first(where: { $0.name == name }), current.active ?? true
            else { continue }
            plan.steps.append(ConnectStep(owner, .deactivateOfferCode(id: current.id, name: name), impact: live ? .customers : .narrow))
        }
        for code in codes where code.active != false {
            guard let name = code.referenceName, let current = remote?.offerCodes.first(where: { $0.name == name }),
                current.active == false, code.active == true
            else { continue }
            plan.notDone.append(
                PlanNote(
                    resource: owner.key,
                    message: "offer code \"\(name)\" is deactivated in App Store Connect, which cannot activate it again"))
        }
    }

    /// An error for a free offer that would run nowhere (App Store Connect needs at least one
    /// territory): the catalog names none and the subscription is sold nowhere.
    private static func unplaced(_ offer: some FreeOfferPlacement, what: String, owner: PlanOwner) -> PlanNote? {
        guard offer.mode == .freeTrial, offer.territories?.isNowhere ?? true else { return nil }
        return PlanNote(
            resource: owner.key,
            message: "\(what) is a free trial in no territory: App Store Connect needs at least one; name its 'territories'")
    }

    // MARK: Win-back offers

    /// Offers the store lacks are created; the eligibility, dates, priority and promotion of an
    /// existing one are updated (`!` on a live subscription once the offer has started); other
    /// terms are a note.
    private func planWinBackOffers(
        _ offers: [WinBackOffer], held: [WinBackOffer], remote: RemoteProduct?, live: Bool, owner: PlanOwner, into plan: inout ConnectPlan
    ) {
        let heldByID = Dictionary(held.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for offer in offers {
            guard let current = heldByID[offer.id], let resource = remote?.winBackOffers.first(where: { $0.offerID == offer.id })
            else {
                if let error = Self.unplaced(offer, what: "win-back offer \"\(offer.id)\"", owner: owner) {
                    plan.errors.append(error)
                } else {
                    plan.steps.append(ConnectStep(owner, .createWinBackOffer(offer)))
                }
                continue
            }
            var terms = offer
            WinBackOfferField.allCases.forEach { $0.copy(from: current, to: &terms) }
            if SaleExtras.comparable([terms]) != SaleExtras.comparable([current]) {
                plan.notDone.append(
                    PlanNote(
                        resource: owner.key,
                        message:
                            "win-back offer \"\(offer.id)\" has other terms in App Store Connect, which keeps an offer's terms once created: create one under a new id"
                    ))
            }
            let changes = WinBackOfferField.allCases.compactMap { $0.change(from: current, to: offer) }
            guard !changes.isEmpty else { continue }
            let started = (current.startDate?.description ?? "") <= today
            plan.steps.append(
                ConnectStep(
                    owner, .updateWinBackOffer(id: resource.id, offer, changes: changes), impact: live && started ? .customers : .change))
        }
        let wanted = Set(offers.map(\.id))
        for offer in held where !wanted.contains(offer.id) {
            plan.notDone.append(
                PlanNote(
                    resource: owner.key,
                    message: "has win-back offer \"\(offer.id)\" in App Store Connect, not in the catalog: deletions are never automatic"))
        }
    }
}

/// A kind of subscription offer iapcat creates with its prices.
package enum SubscriptionOfferKind: Sendable, Equatable {
    /// A promotional offer (identified by its offer identifier).
    case promotionalOffer
    /// An offer code (identified by its reference name).
    case offerCode

    /// `promotional offer`, `offer code`.
    package var noun: String { self == .promotionalOffer ? "promotional offer" : "offer code" }
}

/// What App Store Connect lets an update of a win-back offer change.
enum WinBackOfferField: CaseIterable {
    case paidMonths, lapsedMonths, waitMonths, startDate, endDate, priority, promotion

    /// Copies the field of `source` into `target`.
    func copy(from source: WinBackOffer, to target: inout WinBackOffer) {
        switch self {
        case .paidMonths: target.paidMonths = source.paidMonths
        case .lapsedMonths: target.lapsedMonths = source.lapsedMonths
        case .waitMonths: target.waitMonths = source.waitMonths
        case .startDate: target.startDate = source.startDate
        case .endDate: target.endDate = source.endDate
        case .priority: target.priority = source.priority
        case .promotion: target.promotion = source.promotion
        }
    }

    /// `name old → new` when `offer` says otherwise than `current`; nil when they agree.
    func change(from current: WinBackOffer, to offer: WinBackOffer) -> String? {
        let (old, new): (String, String) =
            switch self {
            case .paidMonths: (Self.text(current.paidMonths), Self.text(offer.paidMonths))
            case .lapsedMonths: (Self.text(current.lapsedMonths), Self.text(offer.lapsedMonths))
            case .waitMonths: (Self.text(current.waitMonths), Self.text(offer.waitMonths))
            case .startDate: (Self.text(current.startDate), Self.text(offer.startDate))
            case .endDate: (Self.text(current.endDate), Self.text(offer.endDate))
            case .priority: (Self.text(current.priority?.rawValue), Self.text(offer.priority?.rawValue))
            case .promotion: (Self.text(current.promotion?.rawValue), Self.text(offer.promotion?.rawValue))
            }
        return old == new ? nil : "\(name) \(old) → \(new)"
    }

    /// The field's name in the catalog.
    var name: String {
        switch self {
        case .paidMonths: "paid_months"
        case .lapsedMonths: "lapsed_months"
        case .waitMonths: "wait_months"
        case .startDate: "start_date"
        case .endDate: "end_date"
        case .priority: "priority"
        case .promotion: "promotion"
        }
    }

    private static func text(_ value: (some CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "none" }

    private static func text(_ range: MonthRange?) -> String {
        guard let range else { return "none" }
        return "\(range.minimum.map(String.init) ?? "")–\(range.maximum.map(String.init) ?? "")"
    }
}
