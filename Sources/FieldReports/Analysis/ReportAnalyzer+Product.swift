import IAPCatalog

extension ReportAnalyzer {
    /// The finding of one product id: every cause that fits, the first in precedence chosen.
    func productFinding(_ facts: ProductFacts, suggesting budget: inout Int) -> Finding {
        // "Did you mean" compares the id with every id of the store: spent from a budget of comparisons.
        let comparisons = context.catalog.products.count
        let suggest = budget >= comparisons
        var candidates: [(Cause, [Evidence]?)] = [
            (.unknownID, facts.unknownID(suggest: suggest)),
            (.notSoldOnStore, facts.notSoldOnStore),
            (.storeKitConfiguration, facts.storeKitConfiguration),
            (.removedStillListed, facts.removedStillListed),
            (.sandboxListInProduction, facts.sandboxListInProduction),
            (.missingMetadata, facts.missingMetadata),
            (.notApproved, facts.notApproved),
            (.removedFromSale, facts.removedFromSale),
            (.playOfferInactive, facts.playOfferInactive),
            (.notInStorefront, facts.appStoreStorefronts ?? facts.playRegions),
            (.multiseatDisabled, facts.multiseatDisabled),
            (.playInvalidIDFormat, facts.playStatus("2")),
            (.playProductNotFound, facts.playStatus("3")),
            (.playNoEligibleOffer, facts.playStatus("4")),
            (.absentFromStore, facts.absentFromStore),
        ]
        if facts.product == nil, facts.elsewhere == nil, facts.otherName == nil { budget -= comparisons }
        candidates.sort { $0.0 < $1.0 }
        var fitting = candidates.compactMap { cause, evidence in evidence.map { Alternative(cause: cause, evidence: $0) } }
        // What Play said decides between the causes that fit: those its code contradicts come last.
        if let status = facts.dominantPlayStatus {
            fitting =
                fitting.filter { !$0.cause.isContradicted(byPlayStatus: status) }
                + fitting.filter { $0.cause.isContradicted(byPlayStatus: status) }
        }
        var chosen = fitting.first ?? Alternative(cause: .unexplained, evidence: [])
        // What the store's SDK said is evidence of every cause; a cause that is only that is then said already.
        for fact in facts.storeSaid where !chosen.evidence.contains(fact) { chosen.evidence.append(fact) }
        let alternatives = fitting.dropFirst().filter { alternative in
            !(alternative.cause.isPlayStatus && alternative.evidence.allSatisfy(chosen.evidence.contains))
        }
        let said = Set((([chosen] + alternatives).flatMap(\.evidence)).map(\.fact))
        let context = facts.knownFacts.filter { !said.contains($0.fact) }
        return Finding(
            store: facts.store, subject: .product(facts.id), stats: facts.stats, cause: chosen.cause, evidence: chosen.evidence,
            alternatives: Array(alternatives), context: context)
    }
}

extension Cause {
    /// A cause that is one of Play's status codes.
    var isPlayStatus: Bool { self == .playInvalidIDFormat || self == .playProductNotFound || self == .playNoEligibleOffer }
}

extension ProductFacts {
    /// The store's pulled state lacks a product the catalog sells there (and has not removed).
    var absentFromStore: [Evidence]? {
        guard let product, product.status != .removed, observed == nil else { return nil }
        let names = context.observedNames(for: store)
        guard !names.isEmpty else { return nil }
        return [Evidence(.observed, "not in \(names.joined(separator: ", "))")]
    }

    /// What is known of the product whatever the cause: its status and sale in the catalog, the
    /// store's state, what the reports say beyond the cause.
    var knownFacts: [Evidence] {
        var facts: [Evidence] = []
        // The status is App Store Connect's: on Google Play only a removed product's says something.
        if let product, store == .appStore || product.status == .removed {
            var status = "status \(product.status.rawValue)"
            if store == .appStore, product.status != .removed { status += ", " + Self.describe(product.effectiveAvailability) }
            facts.append(Evidence(.catalog, status))
        }
        if let state = appStoreState { facts.append(stateFact(state)) }
        let xcode = count(in: .xcode)
        if xcode > 0, xcode < stats.count { facts.append(Evidence(.reports, "\(xcode) of its reports came from environment xcode")) }
        if product?.status == .draft, store == .appStore, count(in: .sandbox) > 0 {
            facts.append(
                Evidence(.reports, "missing in the sandbox too (\(count(in: .sandbox))), where products not yet approved are returned"))
        }
        let allMissing = rows.reduce(Int64(0)) { $0.saturating(plus: cells.allMissing(of: $1)) }
        if allMissing > 0 {
            facts.append(Evidence(.reports, "\(allMissing) of its reports said every requested id was missing"))
        }
        return facts
    }
}
