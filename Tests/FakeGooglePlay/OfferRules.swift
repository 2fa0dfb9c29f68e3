/// What Play checks of a subscription offer written by `offers.create` or `.patch` (discovery
/// document: SubscriptionOffer, SubscriptionOfferPhase, RegionalSubscriptionOfferConfig).
enum OfferRules {
    /// The fields an `updateMask` may name.
    static let maskFields: Set<String> = ["phases", "targeting", "regionalConfigs", "otherRegionsConfig", "offerTags"]
    /// How a phase prices a region: exactly one of these.
    static let phasePricings = ["price", "relativeDiscount", "absoluteDiscount", "free"]
    /// How a phase prices the other regions: exactly one of these.
    static let otherPhasePricings = ["otherRegionsPrices", "relativeDiscount", "absoluteDiscounts", "free"]

    /// Checks the fields `written` of `offer` (every field on create) against its base plan `plan`:
    /// regions of the base plan, one to two phases each pricing exactly the offer's regions; prices
    /// in the currencies of regions version `version`.
    static func check(_ offer: [String: PlayJSON], written: Set<String>, plan: [String: PlayJSON], version: String) throws(PlayError) {
        if !written.isDisjoint(with: ["regionalConfigs", "phases"]) {
            let regions = try regions(offer["regionalConfigs"], plan: plan, version: version)
            try phases(offer["phases"], regions: regions, version: version)
        }
        if written.contains("targeting") { try targeting(offer["targeting"]) }
        if written.contains("otherRegionsConfig"), let other = try Field.object(offer["otherRegionsConfig"], at: "otherRegionsConfig") {
            _ = try Field.bool(
                other["otherRegionsNewSubscriberAvailability"], at: "otherRegionsConfig.otherRegionsNewSubscriberAvailability")
        }
        if written.contains("offerTags") { try PlayRules.offerTags(offer["offerTags"], at: "offerTags") }
    }

    /// The offer's regions: at least one, each once, each a region of the base plan.
    private static func regions(_ value: PlayJSON?, plan: [String: PlayJSON], version: String) throws(PlayError) -> Set<String> {
        let configs = try Field.objects(value, at: "regionalConfigs")
        guard !configs.isEmpty else { throw .invalid("regionalConfigs must contain at least one region.") }
        let planRegions = SubscriptionRules.regions(of: plan)
        var regions: Set<String> = []
        for (index, config) in configs.enumerated() {
            let at = "regionalConfigs[\(index)]"
            let region = try Field.required(config["regionCode"], at: at + ".regionCode")
            _ = try PlayRegionTable.check(region, version: version, at: at + ".regionCode")
            guard regions.insert(region).inserted else { throw .invalid("Duplicate region code \(region) in regionalConfigs.") }
            guard planRegions.contains(region) else {
                throw .invalid("Region \(region) of the offer is not a region of base plan \(plan["basePlanId"]?.string ?? "").")
            }
            _ = try Field.bool(config["newSubscriberAvailability"], at: at + ".newSubscriberAvailability")
        }
        return regions
    }

    private static func phases(_ value: PlayJSON?, regions: Set<String>, version: String) throws(PlayError) {
        let phases = try Field.objects(value, at: "phases")
        guard (1...2).contains(phases.count) else { throw .invalid("An offer must have one or two phases, got \(phases.count).") }
        for (index, phase) in phases.enumerated() {
            let at = "phases[\(index)]"
            guard case .int(let count)? = phase["recurrenceCount"], count >= 1 else {
                throw .invalid("\(at).recurrenceCount is required and must be at least 1.")
            }
            _ = try PlayRules.period(phase["duration"], at: at + ".duration")
            var priced: Set<String> = []
            for (position, config) in try Field.objects(phase["regionalConfigs"], at: at + ".regionalConfigs").enumerated() {
                let path = "\(at).regionalConfigs[\(position)]"
                let region = try Field.required(config["regionCode"], at: path + ".regionCode")
                guard priced.insert(region).inserted else { throw .invalid("Duplicate region code \(region) in \(at).regionalConfigs.") }
                guard regions.contains(region) else {
                    throw .invalid("\(path): region \(region) is not one of the offer's regionalConfigs.")
                }
                try pricing(config, region: region, version: version, at: path)
            }
            if let missing = regions.subtracting(priced).sorted().first {
                throw .invalid("\(at).regionalConfigs must have exactly one entry per region of the offer; \(missing) has none.")
            }
            if let other = try Field.object(phase["otherRegionsConfig"], at: at + ".otherRegionsConfig") {
                try otherPricing(other, at: at + ".otherRegionsConfig")
            }
        }
    }

    /// One of `price`, `relativeDiscount` (0 < x < 1), `absoluteDiscount` and `free`.
    private static func pricing(_ config: [String: PlayJSON], region: String, version: String, at path: String) throws(PlayError) {
        let set = phasePricings.filter { Self.isSet(config[$0]) }
        guard set.count == 1, let choice = set.first else {
            throw .invalid("\(path) must set exactly one of \(phasePricings.joined(separator: ", ")).")
        }
        switch choice {
        case "price", "absoluteDiscount":
            guard try PlayRegionTable.price(config[choice], region: region, version: version, at: path + "." + choice) != nil else {
                throw .invalid("\(path).\(choice) is required.")
            }
        case "relativeDiscount":
            try fraction(config[choice], at: path + ".relativeDiscount")
        default:
            _ = try Field.object(config[choice], at: path + "." + choice)
        }
    }

    private static func otherPricing(_ config: [String: PlayJSON], at path: String) throws(PlayError) {
        let set = otherPhasePricings.filter { Self.isSet(config[$0]) }
        guard set.count == 1, let choice = set.first else {
            throw .invalid("\(path) must set exactly one of \(otherPhasePricings.joined(separator: ", ")).")
        }
        switch choice {
        case "otherRegionsPrices", "absoluteDiscounts":
            let prices = try Field.object(config[choice], at: path + "." + choice) ?? [:]
            _ = try PlayAmount.read(prices["usdPrice"], at: "\(path).\(choice).usdPrice", currency: "USD")
            _ = try PlayAmount.read(prices["eurPrice"], at: "\(path).\(choice).eurPrice", currency: "EUR")
        case "relativeDiscount":
            try fraction(config[choice], at: path + ".relativeDiscount")
        default:
            _ = try Field.object(config[choice], at: path + "." + choice)
        }
    }

    private static func fraction(_ value: PlayJSON?, at path: String) throws(PlayError) {
        guard let number = value?.number, number > 0, number < 1 else {
            throw .invalid("\(path) must be a number greater than 0 and less than 1.")
        }
    }

    /// `targeting`: at most one of `acquisitionRule` and `upgradeRule`, each with a `scope`.
    private static func targeting(_ value: PlayJSON?) throws(PlayError) {
        guard let targeting = try Field.object(value, at: "targeting") else { return }
        let rules = ["acquisitionRule", "upgradeRule"].filter { Self.isSet(targeting[$0]) }
        guard rules.count <= 1 else { throw .invalid("targeting must set at most one of acquisitionRule and upgradeRule.") }
        for rule in rules {
            let object = try Field.object(targeting[rule], at: "targeting." + rule) ?? [:]
            guard try Field.object(object["scope"], at: "targeting.\(rule).scope") != nil else {
                throw .invalid("targeting.\(rule).scope is required.")
            }
        }
    }

    private static func isSet(_ value: PlayJSON?) -> Bool {
        value != nil && value != .null
    }
}
