/// What Play checks of a one-time product written by `onetimeproducts.patch`
/// (discovery document: OneTimeProduct, OneTimeProductPurchaseOption; field reports for the rules
/// about regions).
enum OneTimeProductRules {
    /// The fields an `updateMask` may name.
    static let maskFields: Set<String> = [
        "listings", "purchaseOptions", "taxAndComplianceSettings", "restrictedPaymentCountries", "offerTags",
    ]
    /// A regional config's `availability` values a client may send.
    static let availabilities: Set<String> = ["AVAILABLE", "NO_LONGER_AVAILABLE", "AVAILABLE_IF_RELEASED", "AVAILABLE_FOR_OFFERS_ONLY"]

    /// Checks the fields `written` of `product` (every field on create), comparing purchase options
    /// with those of `previous` (nil on create); prices in the currencies of regions version `version`.
    static func check(_ product: [String: PlayJSON], written: Set<String>, previous: [String: PlayJSON]?, version: String)
        throws(PlayError)
    {
        if written.contains("listings") {
            try PlayRules.listings(product["listings"], at: "listings", descriptionRequired: true, benefits: false)
        }
        if written.contains("purchaseOptions") {
            try options(product["purchaseOptions"], previous: previous?["purchaseOptions"], version: version)
        }
        if written.contains("offerTags") { try PlayRules.offerTags(product["offerTags"], at: "offerTags") }
        if written.contains("taxAndComplianceSettings") {
            _ = try Field.object(product["taxAndComplianceSettings"], at: "taxAndComplianceSettings")
        }
        if written.contains("restrictedPaymentCountries") {
            try PlayRules.restrictedPaymentCountries(product["restrictedPaymentCountries"], at: "restrictedPaymentCountries")
        }
    }

    /// `purchaseOptions` with each option's `state` as stored before (by `purchaseOptionId`), DRAFT for a new one.
    static func carryingStates(_ options: PlayJSON?, previous: PlayJSON?) -> PlayJSON? {
        guard let options = options?.array else { return options }
        let states = states(previous)
        return .array(
            options.map { option in
                guard var object = option.object, let id = object["purchaseOptionId"]?.string else { return option }
                if let state = states[id] { object["state"] = state } else { object["state"] = "DRAFT" }
                return .object(object)
            })
    }

    /// Whether `option` can be activated: it is AVAILABLE with a price in at least one region.
    static func isSellable(_ option: [String: PlayJSON]) -> Bool {
        (option["regionalPricingAndAvailabilityConfigs"]?.array ?? []).contains { config in
            config["availability"]?.string == "AVAILABLE" && config["price"]?.object != nil
        }
    }

    /// purchaseOptionId → state (nil when the option has none).
    private static func states(_ options: PlayJSON?) -> [String: PlayJSON?] {
        var states: [String: PlayJSON?] = [:]
        for option in options?.array ?? [] {
            if let id = option["purchaseOptionId"]?.string { states[id] = option["state"] }
        }
        return states
    }

    private static func options(_ value: PlayJSON?, previous: PlayJSON?, version: String) throws(PlayError) {
        let options = try Field.objects(value, at: "purchaseOptions")
        guard !options.isEmpty else { throw .invalid("purchaseOptions must contain at least one purchase option.") }
        var before: [String: [String: PlayJSON]] = [:]
        for option in previous?.array ?? [] {
            if let object = option.object, let id = object["purchaseOptionId"]?.string { before[id] = object }
        }
        var ids: Set<String> = []
        var legacyCompatible = 0
        for (index, option) in options.enumerated() {
            let at = "purchaseOptions[\(index)]"
            let id = try Field.required(option["purchaseOptionId"], at: at + ".purchaseOptionId")
            guard PlayRules.isResourceId(id) else {
                throw .invalid(
                    "Invalid purchase option id '\(id)': it must start with a lowercase letter or a digit and contain only "
                        + "lowercase letters, digits and '-', at most 63 characters.")
            }
            guard ids.insert(id).inserted else { throw .invalid("Duplicate purchase option id: \(id).") }
            if try kind(option, id: id, at: at) { legacyCompatible += 1 }
            try regions(option, id: id, previous: before[id], version: version, at: at)
            try newRegions(option["newRegionsConfig"], at: at + ".newRegionsConfig")
            try PlayRules.offerTags(option["offerTags"], at: at + ".offerTags")
            _ = try Field.object(option["taxAndComplianceSettings"], at: at + ".taxAndComplianceSettings")
        }
        guard legacyCompatible <= 1 else { throw .invalid("At most one buy purchase option can be marked as legacy compatible.") }
        for (id, option) in before.sorted(by: { $0.key < $1.key }) where !ids.contains(id) {
            let state = option["state"]?.string ?? "DRAFT"
            guard state == "DRAFT" else {
                throw .invalid(
                    "Cannot remove purchase option \(id) (\(state)): only draft purchase options can be left out of purchaseOptions.")
            }
        }
    }

    /// Checks that exactly one of `buyOption` and `rentOption` is set; whether it is a legacy-compatible buy option.
    private static func kind(_ option: [String: PlayJSON], id: String, at: String) throws(PlayError) -> Bool {
        let buy = try Field.object(option["buyOption"], at: at + ".buyOption")
        let rent = try Field.object(option["rentOption"], at: at + ".rentOption")
        guard (buy == nil) != (rent == nil) else {
            throw .invalid("Purchase option \(id) must set exactly one of buyOption and rentOption.")
        }
        if let rent {
            _ = try PlayRules.period(rent["rentalPeriod"], at: at + ".rentOption.rentalPeriod")
            if rent["expirationPeriod"] != nil {
                _ = try PlayRules.period(rent["expirationPeriod"], at: at + ".rentOption.expirationPeriod")
            }
        }
        _ = try Field.bool(buy?["multiQuantityEnabled"], at: at + ".buyOption.multiQuantityEnabled")
        return try Field.bool(buy?["legacyCompatible"], at: at + ".buyOption.legacyCompatible")
    }

    private static func regions(_ option: [String: PlayJSON], id: String, previous: [String: PlayJSON]?, version: String, at: String)
        throws(PlayError)
    {
        var before: [String: String] = [:]
        for config in previous?["regionalPricingAndAvailabilityConfigs"]?.array ?? [] {
            if let region = config["regionCode"]?.string { before[region] = config["availability"]?.string ?? "" }
        }
        let path = at + ".regionalPricingAndAvailabilityConfigs"
        var seen: Set<String> = []
        for (index, config) in try Field.objects(option["regionalPricingAndAvailabilityConfigs"], at: path).enumerated() {
            let at = "\(path)[\(index)]"
            let region = try Field.required(config["regionCode"], at: at + ".regionCode")
            _ = try PlayRegionTable.check(region, version: version, at: at + ".regionCode")
            guard seen.insert(region).inserted else { throw .invalid("Duplicate region code \(region) in purchase option \(id).") }
            let availability = try Field.string(config["availability"], at: at + ".availability") ?? ""
            guard availabilities.contains(availability) else {
                throw .invalid(
                    "\(at).availability must be one of \(availabilities.sorted().joined(separator: ", ")), got '\(availability)'.")
            }
            let price = try PlayRegionTable.price(config["price"], region: region, version: version, at: at + ".price")
            if availability == "AVAILABLE", price == nil { throw .invalid("\(at).price is required when the region is AVAILABLE.") }
            if availability == "NO_LONGER_AVAILABLE", !["AVAILABLE", "NO_LONGER_AVAILABLE"].contains(before[region]) {
                throw .invalid(
                    "Region \(region) of purchase option \(id) can only be NO_LONGER_AVAILABLE if it was AVAILABLE before.")
            }
        }
        for region in before.keys.sorted() where !seen.contains(region) {
            throw .invalid("Cannot remove region once it has been added: \(region)")
        }
    }

    private static func newRegions(_ value: PlayJSON?, at path: String) throws(PlayError) {
        guard let config = try Field.object(value, at: path) else { return }
        _ = try PlayAmount.read(config["usdPrice"], at: path + ".usdPrice", currency: "USD")
        _ = try PlayAmount.read(config["eurPrice"], at: path + ".eurPrice", currency: "EUR")
        let availability = try Field.string(config["availability"], at: path + ".availability") ?? ""
        guard ["AVAILABLE", "NO_LONGER_AVAILABLE"].contains(availability) else {
            throw .invalid("\(path).availability must be AVAILABLE or NO_LONGER_AVAILABLE, got '\(availability)'.")
        }
    }
}
