import IAPCatalog

/// The causes Google Play's side decides: no active purchase option or base plan, regions where
/// none is available, and the status codes Play Billing 8 gives unfetched products.
extension ProductFacts {
    /// What Play sells of the product (the pulled part, else the catalog's), where it was read,
    /// and its offers: purchase options (one-time products) or base plans (subscriptions).
    var playOffers: (source: Evidence.Source, name: String, noun: String, offers: [PlayOfferState])? {
        guard store == .googlePlay, let product else { return nil }
        let observedPart = observed?.product.googlePlay
        guard let part = observedPart ?? product.googlePlay else { return nil }
        let (source, name) = observedPart != nil ? (Evidence.Source.observed, observed!.source) : (.catalog, context.catalogName)
        if product.type == .autoRenewable {
            return (
                source, name, "base plan",
                part.basePlans.map { PlayOfferState(id: $0.id, active: $0.active, regions: $0.regions, newRegions: $0.newRegions) }
            )
        }
        return (
            source, name, "purchase option",
            part.purchaseOptions.map { PlayOfferState(id: $0.id, active: $0.active, regions: $0.regions, newRegions: $0.newRegions) }
        )
    }

    /// No purchase option (or base plan) is active: Play does not return the product.
    var playOfferInactive: [Evidence]? {
        guard let play = playOffers, !play.offers.contains(where: \.active) else { return nil }
        let fact =
            play.offers.isEmpty
            ? "no \(play.noun) (\(play.name))"
            : "\(play.noun) \(play.offers.map(\.id).joined(separator: ", ")) \(Plural.word(play.offers.count, "is", "are")) inactive (\(play.name))"
        return [Evidence(play.source, fact)]
    }

    /// Reported from Play regions where no active purchase option (or base plan) is available.
    var playRegions: [Evidence]? {
        guard let play = playOffers else { return nil }
        let active = play.offers.filter(\.active)
        guard !active.isEmpty else { return nil }
        let reported = storeRows.reduce(into: [String: Int64]()) { $0[$1.dimensions.storeStorefront, default: 0].saturatingAdd($1.count) }
        let outside = reported.filter { region in !active.contains { $0.sells(in: region.key) } }
        guard !outside.isEmpty else { return nil }
        var evidence: [Evidence] = []
        for region in outside.keys.sorted() {
            let states = active.map { offer in "\(offer.id) \(offer.state(in: region))" }
            evidence.append(Evidence(play.source, "\(region): " + states.joined(separator: ", ") + " (\(play.name))"))
        }
        evidence.append(Evidence(.reports, "reported from \(Self.list(outside)), where no active \(play.noun) is available"))
        return evidence
    }

    /// What Play said for the id: `code`'s reports, with the code's documented meaning (nil when
    /// Play never gave it).
    func playStatus(_ code: String) -> [Evidence]? {
        guard store == .googlePlay, let times = stats.statuses[code], times > 0 else { return nil }
        let meaning =
            switch code {
            case "0": "UNKNOWN: Play did not say why"
            case "2": "INVALID_PRODUCT_ID_FORMAT: the id is not one Play accepts"
            case "3": "PRODUCT_NOT_FOUND: deleted or never created, the wrong product type, or just created and not propagated yet"
            case "4": "NO_ELIGIBLE_OFFER: the product exists, but no purchase option or base plan is available to this user"
            default: "a code Play Billing did not document when this iapcat was written"
            }
        var evidence = [Evidence(.store, "Play gave status \(code) in \(times) of its \(stats.count) reports: \(meaning)")]
        if code == "2", !Self.isPlayID(id) {
            evidence.append(Evidence(.reports, "'\(id)' breaks Play's rules: a lowercase letter or a digit first, then only 0-9 a-z _ ."))
        }
        return evidence
    }

    /// The code Play gave most of 2, 3 and 4 (the ones that tell causes apart), if it gave any.
    var dominantPlayStatus: String? {
        guard store == .googlePlay else { return nil }
        var best: (code: String, times: Int64)?
        for code in ["2", "3", "4"] {
            guard let times = stats.statuses[code], times > 0, times > (best?.times ?? 0) else { continue }
            best = (code, times)
        }
        return best?.code
    }

    /// Everything the store's SDK said about the id, one fact per status: Play's codes with their
    /// meaning, StoreKit's kinds as it named them.
    var storeSaid: [Evidence] {
        stats.statusCounts.filter { !$0.status.isEmpty }.flatMap { status, times -> [Evidence] in
            if store == .googlePlay, status.utf8.allSatisfy({ (48...57).contains($0) }) { return playStatus(status) ?? [] }
            let failed = ["networkError", "systemError", "unknown"].contains(status)
            return [
                Evidence(
                    .store,
                    "\(store == .appStore ? "StoreKit" : "The app") said \(status) in \(times) of its \(stats.count) reports"
                        + (failed ? ": a failed request, not an answer about the id" : ""))
            ]
        }
    }

    /// Whether `id` follows Play's rules for product ids: a lowercase letter or digit, then
    /// lowercase letters, digits, `_` and `.`.
    static func isPlayID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first.isLowercaseLetterOrDigit else { return false }
        return id.unicodeScalars.allSatisfy { $0.isLowercaseLetterOrDigit || $0 == "_" || $0 == "." }
    }
}

/// A purchase option or base plan as far as availability goes.
struct PlayOfferState {
    var id: String
    var active: Bool
    var regions: [PlayRegionalPrice]
    var newRegions: PlayNewRegions?

    /// Whether it is on sale in `region`: listed there as available, or not listed and offered in
    /// the regions Play adds later.
    func sells(in region: String) -> Bool {
        guard let entry = regions.first(where: { $0.region == region }) else { return newRegions?.available == true }
        return entry.availability == .available
    }

    /// `no_longer_available`, `not offered`.
    func state(in region: String) -> String {
        regions.first { $0.region == region }.map(\.availability.rawValue) ?? "not offered"
    }
}

extension Unicode.Scalar {
    fileprivate var isLowercaseLetterOrDigit: Bool { ("a"..."z").contains(self) || ("0"..."9").contains(self) }
}
