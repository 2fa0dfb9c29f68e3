import IAPCatalog

/// Every price in what Play answers must be an amount Play can hold (a `Money` whose `units` is
/// an int64 and `nanos` 0 to 999,999,999), which iapcat keeps exactly (``PlayMoney/decimal(_:)``).
/// Anything else — 23 digits of units, a negative amount, a price that is not an object — is no
/// price Play holds, and is refused with the product and region named: left out, it would vanish
/// from a pulled catalog (and come back as "no price"); read as zero, plan would write it over.
enum PlayMoneyCheck {
    /// The `Money` fields the catalog carries: regional prices and the prices of regions Play adds later.
    static let fields: Set<String> = ["price", "usdPrice", "eurPrice"]

    /// What is wrong with the first price in `item` (of the list `list`, as the reader names it)
    /// that is no amount: where it is and what it says; nil when every price is one.
    static func problem(in item: JSONValue, list: String) -> String? {
        // Where a price is wrong is worked out only when one is: the check runs on every item read.
        guard !isSound(item) else { return nil }
        let product = item["productId"]?.string ?? "?"
        let owner: String
        switch list {
        case "oneTimeProducts": owner = "one-time product \(product)"
        case "subscriptionOffers":
            owner =
                "subscription \(product), offer \(item["offerId"]?.string ?? "?") of base plan \(item["basePlanId"]?.string ?? "?")"
        default: owner = "subscription \(product)"
        }
        return problem(in: item, at: [owner])
    }

    /// Whether every price in `value` is an amount (or null).
    private static func isSound(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items):
            return items.allSatisfy(isSound)
        case .object(let members):
            return members.allSatisfy { key, member in
                fields.contains(key) ? member == .null || PlayMoney.decimal(member) != nil : isSound(member)
            }
        default:
            return true
        }
    }

    private static func problem(in value: JSONValue, at place: [String]) -> String? {
        switch value {
        case .array(let items):
            for item in items {
                if let problem = problem(in: item, at: place) { return problem }
            }
            return nil
        case .object(let members):
            var place = place
            if let id = value["purchaseOptionId"]?.string {
                place.append("purchase option \(id)")
            } else if let id = value["basePlanId"]?.string, value["offerId"] == nil {
                place.append("base plan \(id)")
            }
            if let region = value["regionCode"]?.string { place.append("region \(region)") }
            for (key, member) in members {
                if fields.contains(key) {
                    if member == .null || PlayMoney.decimal(member) != nil { continue }
                    let shown = JSONWriter.serialize(member, pretty: false)
                    return "\(place.joined(separator: ", ")): \(key) \(shown) is not an amount Play can hold "
                        + "(whole units up to \(Int64.max), nanos 0 to 999999999); iapcat stops rather than leave it out"
                }
                var inner = place
                if key == "newRegionsConfig" || key == "otherRegionsConfig" { inner.append("regions Play adds later") }
                if key == "phases", case .array(let phases) = member {
                    for (index, phase) in phases.enumerated() {
                        if let problem = problem(in: phase, at: inner + ["phase \(index + 1)"]) { return problem }
                    }
                    continue
                }
                if let problem = problem(in: member, at: inner) { return problem }
            }
            return nil
        default:
            return nil
        }
    }
}
