import Foundation

/// The API methods the fake serves, matched from a request's method and path
/// (`/androidpublisher/v3/applications/{packageName}/…`, each segment percent-decoded, a custom
/// method after `:` in the last one).
enum PlayRoute: Equatable {
    case listOneTimeProducts
    case getOneTimeProduct(String)
    case patchOneTimeProduct(String)
    /// `productId` may be `-`.
    case updatePurchaseOptionStates(productId: String)
    case listSubscriptions
    case createSubscription
    case getSubscription(String)
    case patchSubscription(String)
    case setBasePlanState(productId: String, basePlanId: String, activate: Bool)
    /// Either id may be `-`.
    case listOffers(productId: String, basePlanId: String)
    case createOffer(productId: String, basePlanId: String)
    case getOffer(OfferKey)
    case patchOffer(OfferKey)
    case setOfferState(OfferKey, activate: Bool)
    case convertRegionPrices

    /// What an API path names: the app and the segments below it, with the custom method (verb).
    struct Target {
        var packageName: String
        var segments: [String]
        var verb: String?
    }

    static let prefix = ["", "androidpublisher", "v3", "applications"]

    /// Splits and decodes `path`; nil when it is not below `applications/{packageName}`.
    static func target(of path: String) -> Target? {
        var raw = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard raw.count >= 5, Array(raw.prefix(4)) == prefix else { return nil }
        raw.removeFirst(4)
        var verb: String?
        if let last = raw.last, let colon = last.firstIndex(of: ":") {
            verb = String(last[last.index(after: colon)...])
            raw[raw.count - 1] = String(last[..<colon])
        }
        var segments: [String] = []
        for segment in raw {
            guard !segment.isEmpty, let decoded = segment.removingPercentEncoding, !decoded.isEmpty else { return nil }
            segments.append(decoded)
        }
        return Target(packageName: segments.removeFirst(), segments: segments, verb: verb)
    }

    /// The method `method` on the segments below the app; nil when there is none.
    static func match(method: String, segments: [String], verb: String?) -> PlayRoute? {
        switch (method, verb) {
        case ("GET", nil): get(segments)
        case ("PATCH", nil): patch(segments)
        case ("POST", nil): post(segments)
        case ("POST", let verb?): custom(verb, segments)
        default: nil
        }
    }

    private static func get(_ segments: [String]) -> PlayRoute? {
        switch segments.count {
        case 1 where segments[0] == "oneTimeProducts": .listOneTimeProducts
        case 2 where segments[0] == "oneTimeProducts": .getOneTimeProduct(segments[1])
        case 1 where segments[0] == "subscriptions": .listSubscriptions
        case 2 where segments[0] == "subscriptions": .getSubscription(segments[1])
        case 5 where isOffers(segments): .listOffers(productId: segments[1], basePlanId: segments[3])
        case 6 where isOffers(segments): .getOffer(OfferKey(productId: segments[1], basePlanId: segments[3], offerId: segments[5]))
        default: nil
        }
    }

    private static func patch(_ segments: [String]) -> PlayRoute? {
        switch segments.count {
        case 2 where segments[0] == "onetimeproducts" || segments[0] == "oneTimeProducts": .patchOneTimeProduct(segments[1])
        case 2 where segments[0] == "subscriptions": .patchSubscription(segments[1])
        case 6 where isOffers(segments): .patchOffer(OfferKey(productId: segments[1], basePlanId: segments[3], offerId: segments[5]))
        default: nil
        }
    }

    private static func post(_ segments: [String]) -> PlayRoute? {
        switch segments.count {
        case 1 where segments[0] == "subscriptions": .createSubscription
        case 5 where isOffers(segments): .createOffer(productId: segments[1], basePlanId: segments[3])
        default: nil
        }
    }

    private static func custom(_ verb: String, _ segments: [String]) -> PlayRoute? {
        switch (segments.count, verb) {
        case (1, "convertRegionPrices") where segments[0] == "pricing":
            return .convertRegionPrices
        case (3, "batchUpdateStates") where segments[0] == "oneTimeProducts" && segments[2] == "purchaseOptions":
            return .updatePurchaseOptionStates(productId: segments[1])
        case (4, "activate"), (4, "deactivate"):
            guard segments[0] == "subscriptions", segments[2] == "basePlans" else { return nil }
            return .setBasePlanState(productId: segments[1], basePlanId: segments[3], activate: verb == "activate")
        case (6, "activate"), (6, "deactivate"):
            guard isOffers(segments) else { return nil }
            let key = OfferKey(productId: segments[1], basePlanId: segments[3], offerId: segments[5])
            return .setOfferState(key, activate: verb == "activate")
        default:
            return nil
        }
    }

    /// `subscriptions/{productId}/basePlans/{basePlanId}/offers[/…]`.
    private static func isOffers(_ segments: [String]) -> Bool {
        segments.count >= 5 && segments[0] == "subscriptions" && segments[2] == "basePlans" && segments[4] == "offers"
    }

    /// Whether the method changes state (every write but `convertRegionPrices`).
    var changesState: Bool {
        switch self {
        case .listOneTimeProducts, .getOneTimeProduct, .listSubscriptions, .getSubscription, .listOffers, .getOffer, .convertRegionPrices:
            false
        default:
            true
        }
    }

    /// The key a list's pages hold their items under; nil for a method that is not a list.
    var listKey: String? {
        switch self {
        case .listOneTimeProducts: "oneTimeProducts"
        case .listSubscriptions: "subscriptions"
        case .listOffers: "subscriptionOffers"
        default: nil
        }
    }

    /// The method's id in Google's discovery document (``DiscoveryDocument``).
    var discoveryMethod: String {
        let prefix = "androidpublisher.monetization."
        return switch self {
        case .listOneTimeProducts: prefix + "onetimeproducts.list"
        case .getOneTimeProduct: prefix + "onetimeproducts.get"
        case .patchOneTimeProduct: prefix + "onetimeproducts.patch"
        case .updatePurchaseOptionStates: prefix + "onetimeproducts.purchaseOptions.batchUpdateStates"
        case .listSubscriptions: prefix + "subscriptions.list"
        case .createSubscription: prefix + "subscriptions.create"
        case .getSubscription: prefix + "subscriptions.get"
        case .patchSubscription: prefix + "subscriptions.patch"
        case .setBasePlanState(_, _, let activate): prefix + "subscriptions.basePlans." + (activate ? "activate" : "deactivate")
        case .listOffers: prefix + "subscriptions.basePlans.offers.list"
        case .createOffer: prefix + "subscriptions.basePlans.offers.create"
        case .getOffer: prefix + "subscriptions.basePlans.offers.get"
        case .patchOffer: prefix + "subscriptions.basePlans.offers.patch"
        case .setOfferState(_, let activate): prefix + "subscriptions.basePlans.offers." + (activate ? "activate" : "deactivate")
        case .convertRegionPrices: prefix + "convertRegionPrices"
        }
    }

    /// The query parameters the method binds, as the discovery document declares them.
    var parameters: Set<String> {
        DiscoveryDocument.androidPublisher.queryParameters(of: discoveryMethod)
    }
}

/// An offer's ids: offers are stored per subscription and base plan.
struct OfferKey: Hashable, Comparable, Sendable {
    var productId: String
    var basePlanId: String
    var offerId: String

    static func < (lhs: OfferKey, rhs: OfferKey) -> Bool {
        (lhs.productId, lhs.basePlanId, lhs.offerId) < (rhs.productId, rhs.basePlanId, rhs.offerId)
    }
}
