import IAPCatalog

/// The bodies apply sends, built from what Play holds: a masked patch replaces whole lists, so
/// every list starts as Play's (each item with the fields iapcat does not model, offer tags and
/// tax settings included) and only the items of the target are laid over it — never a list built
/// from the catalog alone.
package enum PlayBodies {
    /// A `OneTimeProduct` for `target` over Play's `remote` (nil when creating).
    package static func oneTimeProduct(_ target: PlayProduct, remote: JSONValue?, package: String, version: String) -> JSONValue {
        let current = Self.current(remote, kind: .oneTime)
        var body = (remote ?? .object([])).setting("packageName", .string(package)).setting("productId", .string(target.productID))
        body = body.setting("regionsVersion", nil)
        body = body.setting("listings", listings(target, current: current, remote: remote, benefits: false))
        let options = overlay(
            remote?["purchaseOptions"]?.items ?? [], key: "purchaseOptionId",
            items: changed(target.purchaseOptions, current?.purchaseOptions).map {
                ($0.id, PlayResourceJSON.purchaseOption($0, regionsVersion: version))
            },
            owned: ["buyOption", "rentOption", "regionalPricingAndAvailabilityConfigs", "newRegionsConfig"])
        return body.setting("purchaseOptions", .array(options))
    }

    /// A `Subscription` (base plans, not offers) for `target` over Play's `remote`.
    package static func subscription(_ target: PlayProduct, remote: JSONValue?, package: String, version: String) -> JSONValue {
        let current = Self.current(remote, kind: .subscription)
        var body = (remote ?? .object([])).setting("packageName", .string(package)).setting("productId", .string(target.productID))
        body = body.setting("listings", listings(target, current: current, remote: remote, benefits: true))
        let plans = overlay(
            remote?["basePlans"]?.items ?? [], key: "basePlanId",
            items: changed(target.basePlans, current?.basePlans).map {
                ($0.id, PlayResourceJSON.basePlan($0, period: $0.period ?? "", regionsVersion: version))
            },
            owned: ["autoRenewingBasePlanType", "prepaidBasePlanType", "regionalConfigs", "otherRegionsConfig"])
        return body.setting("basePlans", .array(plans))
    }

    /// A `SubscriptionOffer` for `offer` of `plan` over Play's `remote` offer: only the parts that
    /// differ are written (phases, targeting, regions), and a region the offer had is never dropped
    /// — it stays closed to new subscribers, with its phase entries as Play had them.
    package static func offer(
        _ offer: PlayOffer, of plan: PlayBasePlan, remote: JSONValue?, package: String, productID: String, newRegions: Bool,
        version: String
    ) -> JSONValue {
        let fresh = PlayResourceJSON.offer(
            offer, of: plan, package: package, productID: productID, newRegions: newRegions, regionsVersion: version)
        guard let remote else { return fresh }
        var decoder = PlayResourceDecoder()
        let held = decoder.offer(remote, of: productID)
        var body = remote.setting("state", nil)
        for key in ["packageName", "productId", "basePlanId", "offerId"] { body = body.setting(key, fresh[key]) }
        if held?.eligibility != offer.eligibility { body = body.setting("targeting", fresh["targeting"]) }
        let heldInNew = remote["otherRegionsConfig"]?["otherRegionsNewSubscriberAvailability"]?.bool == true
        let regionsChanged = held?.regions != offer.regions || heldInNew != newRegions
        if regionsChanged { body = body.setting("otherRegionsConfig", fresh["otherRegionsConfig"]) }
        let open = Set(offer.regions ?? [])
        let closed = (remote["regionalConfigs"]?.items ?? []).compactMap { $0["regionCode"]?.string }.filter { !open.contains($0) }
        if regionsChanged {
            let configs = (remote["regionalConfigs"]?.items ?? []).map { config in
                config.setting("newSubscriberAvailability", .bool(open.contains(config["regionCode"]?.string ?? "")))
            }
            let known = Set(configs.compactMap { $0["regionCode"]?.string })
            body = body.setting(
                "regionalConfigs",
                .array(configs + (fresh["regionalConfigs"]?.items ?? []).filter { !known.contains($0["regionCode"]?.string ?? "") }))
        }
        if held?.phases != offer.phases || regionsChanged {
            // Each phase prices every region of the offer: closed ones keep Play's entries.
            let heldPhases = remote["phases"]?.items ?? []
            let phases = (fresh["phases"]?.items ?? []).enumerated().map { index, phase -> JSONValue in
                let kept = (index < heldPhases.count ? heldPhases[index]["regionalConfigs"]?.items ?? [] : []).filter {
                    closed.contains($0["regionCode"]?.string ?? "")
                }
                return phase.setting("regionalConfigs", .array((phase["regionalConfigs"]?.items ?? []) + kept))
            }
            body = body.setting("phases", .array(phases))
        }
        return body
    }

    /// Play's listings with the target's that differ laid over them by language.
    private static func listings(_ target: PlayProduct, current: PlayProduct?, remote: JSONValue?, benefits: Bool) -> JSONValue {
        let changed = target.listings.filter { listing in current?.listings.first { $0.language == listing.language } != listing }
        return .array(
            overlay(
                remote?["listings"]?.items ?? [], key: "languageCode",
                items: changed.map { ($0.language, PlayResourceJSON.listing($0, benefits: benefits)) },
                owned: ["title", "description", "benefits"]))
    }

    /// A list of regional configs in the order Play holds them, new regions after: a price change
    /// in one region changes that entry and nothing else about the list.
    static func regionsInPlayOrder(_ fresh: JSONValue?, like held: JSONValue?) -> JSONValue? {
        guard case .array(let items)? = fresh, let held, items.allSatisfy({ $0["regionCode"] != nil }) else { return fresh }
        let order = held.items.compactMap { $0["regionCode"]?.string }
        let rank = { (item: JSONValue) in order.firstIndex(of: item["regionCode"]?.string ?? "") ?? order.count }
        return .array(items.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element))
    }

    /// What Play holds, as the catalog models it.
    private static func current(_ remote: JSONValue?, kind: PlayProduct.Kind) -> PlayProduct? {
        var decoder = PlayResourceDecoder()
        return remote.flatMap { PlayProduct(remote: $0, kind: kind, decoder: &decoder) }
    }

    /// The target's items that differ from Play's in what a list body carries (states are set by
    /// steps of their own, offers are resources of their own): only those are written over Play's.
    private static func changed<T: Identified & Equatable>(_ target: [T], _ current: [T]?) -> [T] {
        target.filter { item in
            guard let held = current?.first(where: { $0.id == item.id }) else { return true }
            return comparable(held) != comparable(item)
        }
    }

    private static func comparable<T>(_ item: T) -> T {
        switch item {
        case var option as PlayPurchaseOption:
            option.active = false
            return option as! T
        case var plan as PlayBasePlan:
            (plan.active, plan.offers) = (false, [])
            return plan as! T
        default: return item
        }
    }

    /// The members of a kind block iapcat sets (a member the target leaves out is removed); the
    /// others (grace period, account hold, proration mode, …) stay as Play has them.
    static let ownedMembers: [String: [String]] = [
        "buyOption": ["legacyCompatible", "multiQuantityEnabled"], "rentOption": ["rentalPeriod", "expirationPeriod"],
        "autoRenewingBasePlanType": ["billingPeriodDuration", "legacyCompatible"], "prepaidBasePlanType": ["billingPeriodDuration"],
    ]

    /// `list` with each item whose `key` the target names replaced in the `owned` fields (an owned
    /// field the target leaves out is removed), items the target does not name kept as they are,
    /// and new items appended; output-only `state` dropped.
    static func overlay(_ list: [JSONValue], key: String, items: [(id: String, json: JSONValue)], owned: [String]) -> [JSONValue] {
        var result: [JSONValue] = list.map { item in
            guard let id = item[key]?.string, let fresh = items.first(where: { $0.id == id })?.json else {
                return item.setting("state", nil)
            }
            var merged = item
            for field in owned {
                // A kind block (`buyOption`, `autoRenewingBasePlanType`) is merged member by member:
                // its grace period, account hold or proration mode stay as Play has them.
                if case .object? = fresh[field], case .object? = item[field], let members = ownedMembers[field] {
                    var block = item[field]!
                    for member in members { block = block.setting(member, fresh[field]?[member]) }
                    merged = merged.setting(field, block)
                } else {
                    merged = merged.setting(field, regionsInPlayOrder(fresh[field], like: item[field]))
                }
            }
            return merged.setting("state", nil)
        }
        let present = Set(list.compactMap { $0[key]?.string })
        result += items.filter { !present.contains($0.id) }.map(\.json)
        return result
    }
}
