/// What Play checks of a subscription written by `subscriptions.create` or `.patch` (discovery
/// document: Subscription, BasePlan; field reports for the rules about regions).
enum SubscriptionRules {
    /// The fields an `updateMask` may name.
    static let maskFields: Set<String> = ["listings", "basePlans", "taxAndComplianceSettings", "restrictedPaymentCountries"]
    /// The billing periods of auto-renewing (and installments) base plans.
    static let renewingPeriods: Set<String> = ["P1W", "P4W", "P1M", "P2M", "P3M", "P4M", "P6M", "P8M", "P1Y"]
    /// The base plan types, one of which each base plan sets.
    static let kinds = ["autoRenewingBasePlanType", "prepaidBasePlanType", "installmentsBasePlanType"]

    /// Checks the fields `written` of `subscription` (every field on create), comparing base plans
    /// with those of `previous` (nil on create); prices in the currencies of regions version `version`.
    static func check(_ subscription: [String: PlayJSON], written: Set<String>, previous: [String: PlayJSON]?, version: String)
        throws(PlayError)
    {
        if written.contains("listings") {
            try PlayRules.listings(subscription["listings"], at: "listings", descriptionRequired: false, benefits: true)
        }
        if written.contains("basePlans") {
            try basePlans(subscription["basePlans"], previous: previous?["basePlans"], version: version)
        }
        if written.contains("taxAndComplianceSettings") {
            _ = try Field.object(subscription["taxAndComplianceSettings"], at: "taxAndComplianceSettings")
        }
        if written.contains("restrictedPaymentCountries") {
            try PlayRules.restrictedPaymentCountries(subscription["restrictedPaymentCountries"], at: "restrictedPaymentCountries")
        }
    }

    /// `basePlans` with each base plan's `state` as stored before (by `basePlanId`), DRAFT for a new one.
    static func carryingStates(_ basePlans: PlayJSON?, previous: PlayJSON?) -> PlayJSON? {
        guard let plans = basePlans?.array else { return basePlans }
        let before = byId(previous)
        return .array(
            plans.map { plan in
                guard var object = plan.object, let id = object["basePlanId"]?.string else { return plan }
                if let old = before[id] { object["state"] = old["state"] } else { object["state"] = "DRAFT" }
                return .object(object)
            })
    }

    /// The ids of the base plans of `previous` that `current` no longer has.
    static func removedBasePlans(_ current: PlayJSON?, previous: PlayJSON?) -> Set<String> {
        Set(byId(previous).keys).subtracting(byId(current).keys)
    }

    /// The base plan `id` of `subscription`, with its position in `basePlans`.
    static func basePlan(_ id: String, of subscription: [String: PlayJSON]) -> (index: Int, plan: [String: PlayJSON])? {
        for (index, plan) in (subscription["basePlans"]?.array ?? []).enumerated() {
            if let object = plan.object, object["basePlanId"]?.string == id { return (index, object) }
        }
        return nil
    }

    /// Whether `plan` can be activated: a region is available to new subscribers with a price.
    static func isSellable(_ plan: [String: PlayJSON]) -> Bool {
        (plan["regionalConfigs"]?.array ?? []).contains { config in
            config["newSubscriberAvailability"]?.bool == true && config["price"]?.object != nil
        }
    }

    /// The region codes of `plan`'s regional configs.
    static func regions(of plan: [String: PlayJSON]) -> Set<String> {
        Set((plan["regionalConfigs"]?.array ?? []).compactMap { $0["regionCode"]?.string })
    }

    private static func byId(_ plans: PlayJSON?) -> [String: [String: PlayJSON]] {
        var plansById: [String: [String: PlayJSON]] = [:]
        for plan in plans?.array ?? [] {
            if let object = plan.object, let id = object["basePlanId"]?.string { plansById[id] = object }
        }
        return plansById
    }

    private static func basePlans(_ value: PlayJSON?, previous: PlayJSON?, version: String) throws(PlayError) {
        let before = byId(previous)
        var ids: Set<String> = []
        var legacyCompatible = 0
        for (index, plan) in try Field.objects(value, at: "basePlans").enumerated() {
            let at = "basePlans[\(index)]"
            let id = try Field.required(plan["basePlanId"], at: at + ".basePlanId")
            guard PlayRules.isResourceId(id) else {
                throw .invalid(
                    "Invalid base plan id '\(id)': it must start with a lowercase letter or a digit and contain only lowercase letters, "
                        + "digits and '-', at most 63 characters.")
            }
            guard ids.insert(id).inserted else { throw .invalid("Duplicate base plan id: \(id).") }
            if try kind(plan, id: id, previous: before[id], at: at) { legacyCompatible += 1 }
            try regions(plan, id: id, previous: before[id], version: version, at: at)
            try otherRegions(plan["otherRegionsConfig"], at: at + ".otherRegionsConfig")
            try PlayRules.offerTags(plan["offerTags"], at: at + ".offerTags")
        }
        guard legacyCompatible <= 1 else { throw .invalid("At most one auto-renewing base plan can be marked as legacy compatible.") }
        for (id, plan) in before.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            let state = plan["state"]?.string ?? "DRAFT"
            guard state == "DRAFT" else {
                throw .invalid("Cannot delete base plan \(id) (\(state)): only draft base plans can be removed.")
            }
        }
    }

    /// Checks the base plan type (exactly one, its billing period, unchanged from `previous`); whether
    /// it is a legacy-compatible auto-renewing one.
    private static func kind(_ plan: [String: PlayJSON], id: String, previous: [String: PlayJSON]?, at: String) throws(PlayError) -> Bool {
        var set: [(name: String, type: [String: PlayJSON])] = []
        for name in kinds {
            if let type = try Field.object(plan[name], at: at + "." + name) { set.append((name, type)) }
        }
        guard set.count == 1, let chosen = set.first else {
            throw .invalid("Base plan \(id) must set exactly one of \(kinds.joined(separator: ", ")).")
        }
        let (name, type) = chosen
        let period = try PlayRules.period(type["billingPeriodDuration"], at: "\(at).\(name).billingPeriodDuration")
        guard name == "prepaidBasePlanType" || renewingPeriods.contains(period) else {
            throw .invalid(
                "Invalid billing period \(period) of base plan \(id): one of \(renewingPeriods.sorted().joined(separator: ", ")).")
        }
        for field in ["gracePeriodDuration", "accountHoldDuration"] where type[field] != nil {
            _ = try PlayRules.period(type[field], at: "\(at).\(name).\(field)")
        }
        if name == "installmentsBasePlanType" {
            guard let count = type["committedPaymentsCount"]?.int, count >= 1 else {
                throw .invalid("\(at).\(name).committedPaymentsCount is required (at least 1).")
            }
        }
        if let previous {
            guard let old = previous[name]?.object else { throw .invalid("The type of base plan \(id) cannot be changed.") }
            let oldPeriod = old["billingPeriodDuration"]?.string ?? ""
            guard oldPeriod == period else {
                throw .invalid("The billing period of base plan \(id) cannot be changed (\(oldPeriod) to \(period)).")
            }
        }
        let legacy = try Field.bool(type["legacyCompatible"], at: "\(at).\(name).legacyCompatible")
        return name == "autoRenewingBasePlanType" && legacy
    }

    private static func regions(_ plan: [String: PlayJSON], id: String, previous: [String: PlayJSON]?, version: String, at: String)
        throws(PlayError)
    {
        let path = at + ".regionalConfigs"
        var seen: Set<String> = []
        for (index, config) in try Field.objects(plan["regionalConfigs"], at: path).enumerated() {
            let at = "\(path)[\(index)]"
            let region = try Field.required(config["regionCode"], at: at + ".regionCode")
            _ = try PlayRegionTable.check(region, version: version, at: at + ".regionCode")
            guard seen.insert(region).inserted else { throw .invalid("Duplicate region code \(region) in base plan \(id).") }
            let available = try Field.bool(config["newSubscriberAvailability"], at: at + ".newSubscriberAvailability")
            let price = try PlayRegionTable.price(config["price"], region: region, version: version, at: at + ".price")
            if available, price == nil { throw .invalid("\(at).price is required when newSubscriberAvailability is true.") }
        }
        for region in regions(of: previous ?? [:]).sorted() where !seen.contains(region) {
            throw .invalid("Cannot remove region once it has been added: \(region)")
        }
    }

    private static func otherRegions(_ value: PlayJSON?, at path: String) throws(PlayError) {
        guard let config = try Field.object(value, at: path) else { return }
        _ = try PlayAmount.read(config["usdPrice"], at: path + ".usdPrice", currency: "USD")
        _ = try PlayAmount.read(config["eurPrice"], at: path + ".eurPrice", currency: "EUR")
        _ = try Field.bool(config["newSubscriberAvailability"], at: path + ".newSubscriberAvailability")
    }
}
