import IAPCatalog

/// The causes App Store Connect's state decides (TN3186, TN3188): no metadata, not approved,
/// removed from sale, not sold in a storefront.
extension ProductFacts {
    /// The states of a product App Review has not approved yet.
    static let notApprovedStates: Set<String> = [
        "WAITING_FOR_UPLOAD", "PROCESSING_CONTENT", "READY_TO_SUBMIT", "WAITING_FOR_REVIEW", "IN_REVIEW", "DEVELOPER_ACTION_NEEDED",
        "PENDING_BINARY_APPROVAL", "REJECTED",
    ]

    /// MISSING_METADATA: no price or localization, so neither the sandbox nor production returns it.
    var missingMetadata: [Evidence]? {
        guard let state = appStoreState, state.state.rawValue == "MISSING_METADATA" else { return nil }
        var evidence = [stateFact(state)]
        let sandbox = count(in: .sandbox)
        if sandbox > 0 { evidence.append(Evidence(.reports, "missing in the sandbox too (\(sandbox)), as this state leaves it")) }
        return evidence
    }

    /// Reported from production while not approved: a draft in the catalog, or a state before
    /// approval in the store. A known store state decides over the catalog's status.
    var notApproved: [Evidence]? {
        guard store == .appStore, let product, count(in: .production) > 0 else { return nil }
        var evidence: [Evidence] = []
        if let state = appStoreState {
            guard Self.notApprovedStates.contains(state.state.rawValue) else { return nil }
            evidence.append(stateFact(state))
            if state.state.rawValue == "PENDING_BINARY_APPROVAL" {
                evidence.append(
                    Evidence(state.source, "it waits for an app version's review: a first in-app purchase is submitted with one"))
            }
            if product.status == .approved {
                evidence.append(Evidence(.catalog, "status approved in \(context.catalogName), ahead of the store"))
            }
        } else {
            guard product.status == .draft else { return nil }
            evidence.append(Evidence(.catalog, "status draft"))
        }
        evidence.append(Evidence(.reports, "\(count(in: .production)) of its reports came from production"))
        return evidence
    }

    /// Removed from sale (by the developer or by Apple), reported from production.
    var removedFromSale: [Evidence]? {
        guard let state = appStoreState, state.state.isRemovedFromSale, count(in: .production) > 0 else { return nil }
        return [stateFact(state), Evidence(.reports, "\(count(in: .production)) of its reports came from production")]
    }

    /// Reported from App Store storefronts outside the product's availability (the pulled one,
    /// else the catalog's), or StoreKit said `notAvailableInStorefront`.
    var appStoreStorefronts: [Evidence]? {
        guard store == .appStore, product != nil else { return nil }
        var evidence = outsideAvailability ?? []
        if let times = stats.statuses["notAvailableInStorefront"], times > 0 {
            evidence.append(Evidence(.store, "StoreKit said notAvailableInStorefront in \(times) of its \(stats.count) reports"))
        }
        return evidence.isEmpty ? nil : evidence
    }

    /// StoreKit said `multiSeatPurchaseDisabled`: the app offered seats of a subscription App Store
    /// Connect does not sell in seats. With it, what the pulled state (else the catalog) says of
    /// multiseat.
    var multiseatDisabled: [Evidence]? {
        guard store == .appStore, let times = stats.statuses["multiSeatPurchaseDisabled"], times > 0 else { return nil }
        var evidence = [Evidence(.store, "StoreKit said multiSeatPurchaseDisabled in \(times) of its \(stats.count) reports")]
        let (terms, source, name) =
            observed.map { ($0.product.subscription, Evidence.Source.observed, $0.source) }
            ?? (product?.subscription, .catalog, context.catalogName)
        if let terms {
            let said =
                switch terms.multiseat?.enabled {
                case true?: "multiseat on"
                case false?: "multiseat off"
                case nil: "multiseat unsaid (App Store Connect's default is on)"
                }
            evidence.append(Evidence(source, said + " (\(name))"))
        }
        return evidence
    }

    /// The storefronts reported from outside the product's availability, with it.
    private var outsideAvailability: [Evidence]? {
        guard let product else { return nil }
        let (availability, source, name) =
            observed.map { ($0.product.effectiveAvailability, Evidence.Source.observed, $0.source) }
            ?? (product.effectiveAvailability, .catalog, context.catalogName)
        let reported = storeRows.reduce(into: [String: Int64]()) { $0[$1.dimensions.storeStorefront, default: 0].saturatingAdd($1.count) }
        let outside = reported.filter { !Self.sells(availability.territories, in: $0.key) }
        guard !outside.isEmpty else { return nil }
        var evidence = [
            Evidence(source, Self.describe(availability) + " (\(name))"),
            Evidence(.reports, "reported from \(Self.list(outside)), where it is not sold"),
        ]
        let inside = reported.filter { outside[$0.key] == nil }
        if !inside.isEmpty { evidence.append(Evidence(.reports, "also reported from \(Self.list(inside)), where it is sold")) }
        return evidence
    }

    /// The rows from the store itself: every environment but Xcode's local testing.
    var storeRows: [MissingRow] { rows.filter { $0.dimensions.environment != .xcode } }

    /// Whether `territories` hold `storefront`.
    static func sells(_ territories: TerritorySelection, in storefront: String) -> Bool {
        switch territories {
        case .all(let except): !except.contains(storefront)
        case .only(let list): list.contains(storefront)
        }
    }

    /// `sold in every storefront`, `sold everywhere except RUS`, `sold only in CAN, USA`, `not cleared for sale: sold nowhere`.
    static func describe(_ availability: Availability) -> String {
        switch availability.territories {
        case .all(let except) where except.isEmpty: "sold in every storefront"
        case .all(let except): "sold everywhere except \(capped(except.sorted()))"
        case .only(let list) where list.isEmpty: "not cleared for sale: sold nowhere"
        case .only(let list): "sold only in \(capped(list.sorted()))"
        }
    }

    /// `FRA (3), DEU (1)`: storefronts by count, most first.
    static func list(_ counts: [String: Int64]) -> String {
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return capped(sorted.map { "\($0.key) (\($0.value))" })
    }

    /// The first ten, then how many more.
    static func capped(_ items: [String]) -> String {
        items.count <= 10 ? items.joined(separator: ", ") : items.prefix(10).joined(separator: ", ") + " and \(items.count - 10) more"
    }
}
