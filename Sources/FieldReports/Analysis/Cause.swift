/// Why an id is likely missing: the documented causes (`shared` facts: Apple's TN2413, TN3185,
/// TN3186, TN3188; Google's `UnfetchedProduct` status codes), each with the one line a finding says
/// and what to do about it.
///
/// The order of the cases is the **precedence**: when several causes fit a product's reports, the
/// first one is the finding's cause and the others are listed beside it (``Finding/alternatives``).
/// The order goes from what decides alone to what only a store's words suggest: an id the catalog
/// does not have; a store the catalog does not sell it on; Xcode's StoreKit testing, which never
/// asks the store; a removed product; a sandbox list read in production (it explains every draft
/// in it); the store's states, by how much they hide (no metadata hides it everywhere, review and
/// removal in production); availability by storefront; what the store's SDK said (Play's codes);
/// a product the pulled store state lacks; and last, nothing.
/// ``everyIDMissing`` and ``unknownIDsPastBound`` are not causes of one product: they explain an
/// app version's reports (an ``Incident``) and the server's bucket of surplus unknown ids.
public enum Cause: String, Sendable, CaseIterable, Comparable {
    case everyIDMissing = "every_id_missing"
    case unknownIDsPastBound = "unknown_ids_past_bound"
    case unknownID = "unknown_id"
    case notSoldOnStore = "not_sold_on_store"
    case storeKitConfiguration = "storekit_configuration"
    case removedStillListed = "removed_still_listed"
    case sandboxListInProduction = "sandbox_list_in_production"
    case missingMetadata = "missing_metadata"
    case notApproved = "not_approved"
    case removedFromSale = "removed_from_sale"
    case playOfferInactive = "play_offer_inactive"
    case notInStorefront = "not_in_storefront"
    case multiseatDisabled = "multiseat_disabled"
    case playInvalidIDFormat = "play_invalid_id_format"
    case playProductNotFound = "play_product_not_found"
    case playNoEligibleOffer = "play_no_eligible_offer"
    case absentFromStore = "absent_from_store"
    case unexplained

    /// Earlier in precedence first.
    public static func < (lhs: Cause, rhs: Cause) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Whether the cause is the id's own whatever else is wrong: false for the two that an
    /// account-wide or build-wide problem gives too (nothing known against the id; Play's
    /// PRODUCT_NOT_FOUND), which an app version's "every requested id was missing" explains instead.
    public var isTheIDsOwn: Bool { self != .unexplained && self != .playProductNotFound }

    /// The causes a Play status code rules out as the first: the code says the opposite
    /// (`3` not found vs. an offer that exists; `4` exists vs. not found; `2` is about the id's form).
    func isContradicted(byPlayStatus status: String) -> Bool {
        switch status {
        case "2": [.playOfferInactive, .notInStorefront, .playNoEligibleOffer, .playProductNotFound].contains(self)
        case "3": [.playOfferInactive, .notInStorefront, .playNoEligibleOffer].contains(self)
        case "4": [.absentFromStore, .playProductNotFound, .removedStillListed, .playInvalidIDFormat].contains(self)
        default: false
        }
    }

    /// What a group of ids with this cause suggests beyond each id's cause, if anything.
    var incidentHint: String? {
        switch self {
        case .unknownID: "the build ships a list the catalog does not know"
        case .removedStillListed: "those versions read an old list"
        case .notApproved: "production builds fetch a list with products not approved yet"
        case .storeKitConfiguration: "the scheme's StoreKit configuration file is out of date or not the catalog's"
        default: nil
        }
    }

    /// The finding's one line.
    public var summary: String {
        switch self {
        case .everyIDMissing: "every requested id was missing"
        case .unknownIDsPastBound: "unknown ids past the server's daily bound"
        case .unknownID: "not in the catalog"
        case .notSoldOnStore: "the catalog does not sell it on this store"
        case .storeKitConfiguration: "only from Xcode's StoreKit testing (environment xcode)"
        case .removedStillListed: "removed, but still in a list an app version fetches"
        case .sandboxListInProduction: "production read a list declared for the sandbox"
        case .missingMetadata: "the store says MISSING_METADATA"
        case .notApproved: "not approved yet: production returns only approved products"
        case .removedFromSale: "removed from sale"
        case .playOfferInactive: "no active purchase option or base plan on Google Play"
        case .notInStorefront: "not sold in the storefronts it was reported from"
        case .multiseatDisabled: "StoreKit: not sold in seats (multiSeatPurchaseDisabled)"
        case .playInvalidIDFormat: "Google Play: INVALID_PRODUCT_ID_FORMAT (status 2)"
        case .playProductNotFound: "Google Play: PRODUCT_NOT_FOUND (status 3)"
        case .playNoEligibleOffer: "Google Play: NO_ELIGIBLE_OFFER (status 4)"
        case .absentFromStore: "not in the store's pulled state"
        case .unexplained: "unexplained"
        }
    }

    /// What to do about it, for a finding of `store`.
    public func action(store: ReportedStore) -> String {
        switch self {
        case .everyIDMissing:
            store == .googlePlay
                ? "Play Billing answers only builds signed and uploaded to Google Play (or license testers' sideloaded builds "
                    + "of the same package): check the build, the tester account and the payments profile."
                : "Check the Paid Apps agreement, banking and tax in App Store Connect (Business) and the membership, then the "
                    + "build's bundle id, its App ID (not a wildcard) and the In-App Purchase capability (TN3186, TN2413)."
        case .unknownIDsPastBound:
            "The server counts each day's first unknown ids (and rows) one by one and the rest here: fix the unknown ids listed; many "
                + "distinct ones suggest the app builds ids wrongly, or junk is being sent."
        case .unknownID:
            "Fix the id the app asks for (ids are case-sensitive), or add the product to the catalog and the store."
        case .notSoldOnStore:
            "Add the store to the product's stores (with its google_play part for Google Play), or stop asking this store for it."
        case .storeKitConfiguration:
            "Xcode answered from the scheme's StoreKit configuration file, not the store: write it again "
                + "(iapcat export --format storekit) or choose the right file in the scheme (TN3185)."
        case .removedStillListed:
            "Write and deploy the lists again (iapcat export --all); app versions that bundle the id keep asking until users update."
        case .sandboxListInProduction:
            "Point production builds at a list declared for production, or serve a production list at that path."
        case .missingMetadata:
            "Add the missing price or localization in the store (iapcat asc plan shows what the catalog would send): "
                + "until then neither the sandbox nor production returns it (TN3186)."
        case .notApproved:
            "Submit it for review (a first in-app purchase goes with a new app version); until it is approved, production "
                + "builds should fetch a list without it (TN3188)."
        case .removedFromSale:
            "Put it on sale again, or write the production lists without it (iapcat export --all)."
        case .playOfferInactive:
            "Activate a purchase option (one-time product) or a base plan (subscription); Play does not return inactive products."
        case .notInStorefront:
            "Add those storefronts to the product's availability (Play: its regions), or stop offering it there."
        case .multiseatDisabled:
            "The app offered seats (Product.PurchaseOption.seats) for a subscription App Store Connect does not sell in seats: "
                + "check supportsMultiSeatPurchase before offering them, or turn multiseat on (subscription multiseat: "
                + "{ enabled: true }, then iapcat asc apply)."
        case .playInvalidIDFormat:
            "Play ids start with a lowercase letter or a digit and use only 0-9 a-z _ . : fix the id the app asks Play for "
                + "(google_play.product_id)."
        case .playProductNotFound:
            "Deleted or never created on Play, created with the other type, or not propagated yet: compare with iapcat play plan."
        case .playNoEligibleOffer:
            "The product exists but no purchase option or base plan is available to this user: check their states and regions."
        case .absentFromStore:
            "The store does not have it: create it (iapcat asc apply, iapcat play apply), or pull the store's state again."
        case .unexplained:
            "A product just approved or edited can stay missing up to 48 hours in production (TN2413) and an hour in the "
                + "sandbox (TN3186); pull the store's state (iapcat asc pull, iapcat play pull) and pass it with --observed."
        }
    }
}
