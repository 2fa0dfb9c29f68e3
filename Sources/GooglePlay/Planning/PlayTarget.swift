import IAPCatalog

/// What Play should hold for one product after apply: the catalog's Play side laid over what Play
/// holds, by Play's rules — a region Play has is never dropped (left out of the catalog, it
/// becomes no longer available, keeping its price), options, base plans, offers and listings the
/// catalog does not name stay as they are, and what Play never changes (a purchase option's kind,
/// a base plan's kind and period) stays as Play has it. Each rule here is one place: the planner
/// compares against the target, apply sends it.
package struct PlayTarget {
    /// The target.
    package var product: PlayProduct
    /// What the target keeps that the catalog did not ask for, and why.
    package var notes: [String] = []

    /// The target for `desired` over `current` (nil: Play does not have the product yet).
    package init(desired: PlayProduct, current: PlayProduct?) {
        var notes: [String] = []
        product = Self.target(desired, current, notes: &notes)
        self.notes = notes
    }

    private static func target(_ desired: PlayProduct, _ current: PlayProduct?, notes: inout [String]) -> PlayProduct {
        var product = desired
        guard let current else {
            product.purchaseOptions = desired.purchaseOptions.map { option in
                var option = option
                option.regions = newRegions(option.regions, what: "purchase option \(option.id)", notes: &notes)
                return option
            }
            product.basePlans = desired.basePlans.map { plan in
                var plan = plan
                plan.regions = newRegions(plan.regions, what: "base plan \(plan.id)", notes: &notes)
                return plan
            }
            return product
        }
        let languages = Set(desired.listings.map(\.language))
        for listing in current.listings where !languages.contains(listing.language) {
            notes.append("listing \(listing.language) is on Google Play but not in the catalog: kept")
            product.listings.append(listing)
        }
        product.listings.sort { $0.language < $1.language }
        product.purchaseOptions = merged(desired.purchaseOptions, current.purchaseOptions, what: "purchase option", notes: &notes) {
            want, have, notes in
            var option = want
            if want.kind != have.kind {
                notes.append(
                    "purchase option \(want.id) is \(have.kind.rawValue) on Google Play: Play cannot change that; a new option id can")
                (option.kind, option.legacyCompatible, option.multiQuantity) = (have.kind, have.legacyCompatible, have.multiQuantity)
                (option.rentalPeriod, option.expirationPeriod) = (have.rentalPeriod, have.expirationPeriod)
            }
            option.regions = mergedRegions(want.regions, have.regions, what: "purchase option \(want.id)", notes: &notes)
            return option
        }
        product.basePlans = merged(desired.basePlans, current.basePlans, what: "base plan", notes: &notes) { want, have, notes in
            var plan = want
            if want.kind != have.kind || want.period != have.period {
                notes.append(
                    "base plan \(want.id) is \(have.kind.rawValue) every \(have.period ?? "?") on Google Play: Play cannot change that; a new base plan id can"
                )
                (plan.kind, plan.period, plan.legacyCompatible) = (have.kind, have.period, have.legacyCompatible)
            }
            plan.regions = mergedRegions(want.regions, have.regions, what: "base plan \(want.id)", notes: &notes)
            plan.offers = merged(want.offers, have.offers, what: "offer of base plan \(want.id):", notes: &notes) { offer, _, _ in offer }
            return plan
        }
        return product
    }

    /// `desired` items by id over `current`: current order first, new items after, current items
    /// the catalog does not name kept as they are.
    private static func merged<T: Identified>(
        _ desired: [T], _ current: [T], what: String, notes: inout [String], _ merge: (T, T, inout [String]) -> T
    ) -> [T] {
        var result: [T] = []
        for have in current {
            if let want = desired.first(where: { $0.id == have.id }) {
                result.append(merge(want, have, &notes))
            } else {
                notes.append("\(what) \(have.id) is on Google Play but not in the catalog: left as it is (iapcat never deletes)")
                result.append(have)
            }
        }
        for want in desired where !current.contains(where: { $0.id == want.id }) { result.append(want) }
        return result
    }

    /// Regions of something Play has: the catalog's values, every region Play has kept (no longer
    /// available when the catalog leaves it out), new regions added.
    private static func mergedRegions(
        _ desired: [PlayRegionalPrice], _ current: [PlayRegionalPrice], what: String, notes: inout [String]
    ) -> [PlayRegionalPrice] {
        var result: [PlayRegionalPrice] = []
        var wanted: [String: PlayRegionalPrice] = [:]
        for want in desired where wanted[want.region] == nil { wanted[want.region] = want }
        for have in current {
            if var want = wanted[have.region] {
                if want.price == nil { want.price = have.price }
                result.append(want)
            } else if have.availability == .available {
                notes.append(
                    "\(what): \(have.region) is not in the catalog; Play never removes a region, so it becomes no longer available")
                var kept = have
                kept.availability = .noLongerAvailable
                result.append(kept)
            } else {
                // Already closed, or a pre-order or offers-only region Play cannot close: kept as it is.
                if have.availability != .noLongerAvailable {
                    notes.append("\(what): \(have.region) is not in the catalog; left \(have.availability.rawValue) as Play has it")
                }
                result.append(have)
            }
        }
        let known = Set(current.map(\.region))
        result += newRegions(desired.filter { !known.contains($0.region) }, what: what, notes: &notes)
        return result.sorted { $0.region < $1.region }
    }

    /// Regions Play does not have yet: one the catalog marks no longer available is left out
    /// (Play takes that only for a region that was available).
    private static func newRegions(_ regions: [PlayRegionalPrice], what: String, notes: inout [String]) -> [PlayRegionalPrice] {
        regions.filter { region in
            guard region.availability == .noLongerAvailable else { return true }
            notes.append("\(what): \(region.region) is no_longer_available but was never available on Google Play: left out")
            return false
        }
    }
}

/// Something with an id in its list: purchase options, base plans, offers.
protocol Identified {
    var id: String { get }
}

extension PlayPurchaseOption: Identified {}
extension PlayBasePlan: Identified {}
extension PlayOffer: Identified {}
