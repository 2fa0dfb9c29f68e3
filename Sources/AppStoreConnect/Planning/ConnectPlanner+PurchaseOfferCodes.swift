import IAPCatalog

/// Steps for the offer codes of a one-time purchase (`inAppPurchaseOfferCodes`). App Store Connect
/// creates an offer code with its eligibility and prices and keeps them; it can only turn a code or
/// a custom code off, never on again, and deletes neither. So a code the store lacks is created, a
/// custom code it lacks is added, `active: false` turns one off (`!` once the product is live: a
/// code customers hold stops working), and every other difference is a note. Custom codes wait for
/// the in-app purchase's approval: "To generate one-time-use or custom codes, your app must be
/// Ready for Distribution and the associated In-App Purchase must be Approved" (App Store Connect
/// Help, "Create offer codes for In-App Purchases"), so a plan never holds one the store refuses.
extension ConnectPlanner {
    func planPurchaseOfferCodes(
        _ codes: [PurchaseOfferCode], held: [PurchaseOfferCode], remote: RemoteProduct?, live: Bool, owner: PlanOwner,
        into plan: inout ConnectPlan
    ) {
        guard case .inAppPurchase = owner else { return }
        let heldByName = Dictionary(held.map { ($0.referenceName, $0) }, uniquingKeysWith: { first, _ in first })
        let resources = Dictionary((remote?.purchaseOfferCodes ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var notes: [String] = []
        defer { plan.notDone += notes.map { PlanNote(resource: owner.key, message: $0) } }
        let turnOff: PlanImpact = live ? .customers : .narrow
        let approved = remote?.storeState == .approved
        for code in codes {
            let what = "offer code \"\(code.referenceName)\""
            guard let current = heldByName[code.referenceName], let resource = resources[code.referenceName] else {
                if code.active == false {
                    notes.append("\(what) is inactive in the catalog and not in App Store Connect: nothing to create")
                } else if code.eligibility.isEmpty || code.prices.isEmpty {
                    plan.errors.append(
                        PlanNote(
                            resource: owner.key,
                            message: "\(what) needs eligibility and prices to be created: App Store Connect requires both"))
                } else {
                    var created = code
                    let creatable = creatableCustomCodes(code.customCodes, of: what, notes: &notes)
                    created.customCodes = approved ? creatable : []
                    if !approved, !creatable.isEmpty { notes.append(Self.waitingForApproval(what)) }
                    // Custom codes make the offer's price redeemable at once: on a live product that reaches customers.
                    let impact: PlanImpact? = live && !created.customCodes.isEmpty ? .customers : nil
                    plan.steps.append(ConnectStep(owner, .createPurchaseOfferCode(created), impact: impact))
                }
                continue
            }
            if Set(code.eligibility) != Set(current.eligibility) || Self.prices(code) != Self.prices(current) {
                notes.append(
                    "\(what) has other eligibility or prices in App Store Connect, which keeps an offer code's terms once created: create one under a new name"
                )
            }
            if code.active == false, resource.active != false {
                plan.steps.append(
                    ConnectStep(owner, .deactivatePurchaseOfferCode(id: resource.id, name: code.referenceName), impact: turnOff))
            } else if code.active == true, resource.active == false {
                notes.append("\(what) is deactivated in App Store Connect, which cannot activate it again")
            }
            planCustomCodes(code, resource: resource, live: live, approved: approved, owner: owner, steps: &plan.steps, notes: &notes)
        }
        let named = Set(codes.map(\.referenceName))
        for code in held where !named.contains(code.referenceName) {
            notes.append("has offer code \"\(code.referenceName)\" in App Store Connect, not in the catalog: deletions are never automatic")
        }
    }

    /// The custom codes of an offer code App Store Connect holds: the missing ones added (not to a
    /// deactivated offer code), `active: false` turned off, other terms and codes only the store
    /// has noted.
    private func planCustomCodes(
        _ code: PurchaseOfferCode, resource: RemotePurchaseOfferCode, live: Bool, approved: Bool, owner: PlanOwner,
        steps: inout [ConnectStep], notes: inout [String]
    ) {
        let what = "offer code \"\(code.referenceName)\""
        let held = Dictionary(resource.customCodes.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = creatableCustomCodes(code.customCodes.filter { held[$0.code] == nil }, of: what, notes: &notes)
        for custom in code.customCodes {
            guard let have = held[custom.code] else { continue }
            if have.count != custom.count || have.expirationDate.map({ String($0.prefix(10)) }) != custom.expires?.description {
                notes.append(
                    "custom code \(custom.code) of \(what) has another count or expiry in App Store Connect, which keeps them once created")
            }
            if custom.active == false, have.active != false {
                steps.append(
                    ConnectStep(
                        owner, .deactivateCustomCode(id: have.id, code: custom.code, name: code.referenceName),
                        impact: live ? .customers : .narrow))
            } else if custom.active == true, have.active == false {
                notes.append("custom code \(custom.code) of \(what) is deactivated in App Store Connect, which cannot activate it again")
            }
        }
        if !missing.isEmpty {
            if resource.active == false || code.active == false {
                notes.append("\(what) is deactivated: its new custom codes are not created")
            } else if !approved {
                notes.append(Self.waitingForApproval(what))
            } else {
                let create = ConnectStep.Action.createCustomCodes(offerCodeID: resource.id, name: code.referenceName, missing)
                steps.append(ConnectStep(owner, create, impact: live ? .customers : nil))
            }
        }
        let named = Set(code.customCodes.map(\.code))
        for have in resource.customCodes where !named.contains(have.code) {
            notes.append("has custom code \(have.code) of \(what) in App Store Connect, not in the catalog: deletions are never automatic")
        }
    }

    /// The custom codes App Store Connect lacks that can be created: not those the catalog says are
    /// inactive, nor those expired before today (App Store Connect refuses an expiration date in
    /// the past); each left out is a note.
    private func creatableCustomCodes(_ codes: [CustomOfferCode], of what: String, notes: inout [String]) -> [CustomOfferCode] {
        codes.filter { custom in
            if custom.active == false {
                notes.append("custom code \(custom.code) of \(what) is inactive in the catalog and not in App Store Connect: not created")
                return false
            }
            if let expires = custom.expires, expires.description < today {
                notes.append("custom code \(custom.code) of \(what) expired on \(expires) and is not in App Store Connect: not created")
                return false
            }
            return true
        }
    }

    /// The note for custom codes of an in-app purchase App Store Connect has not approved.
    private static func waitingForApproval(_ what: String) -> String {
        "the custom codes of \(what)" + waitingSuffix
    }

    private static let waitingSuffix =
        " wait until App Store Connect approves the in-app purchase: it makes custom codes only for approved ones"

    /// Whether `message` says custom codes wait for approval: a catalog that holds them says what
    /// the store will hold, not a difference (a refresh keeps them, ``ConnectAdapter``).
    package static func isWaitingForApproval(_ message: String) -> Bool {
        message.hasPrefix("the custom codes of offer code ") && message.hasSuffix(waitingSuffix)
    }

    /// An offer code's prices by storefront.
    private static func prices(_ code: PurchaseOfferCode) -> [String: String] {
        Dictionary(code.prices.map { ($0.storefront, $0.amount) }, uniquingKeysWith: { first, _ in first })
    }
}
