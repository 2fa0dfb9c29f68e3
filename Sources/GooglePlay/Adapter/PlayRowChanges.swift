import IAPCatalog

/// How a Play row of a saved plan moved, in Play's words rather than JSON's: a price is a region
/// and a decimal amount with its currency (`purchase option buy: US 1.49 USD → 1.29 USD`), a list
/// item is named by its id (`listing en-US`, `base plan monthly`, `offer intro of base plan
/// monthly`, `phase 1`), a field by its name in words (`US availability AVAILABLE →
/// NO_LONGER_AVAILABLE`); never a JSON pointer, `units` or `nanos`. At most `limit` places are
/// named, then how many more there are.
enum PlayRowChanges {
    /// The places where `old` and `new` (rows of ``PlayAdapter/rows(of:for:in:)``) differ.
    static func describe(from old: JSONValue, to new: JSONValue, limit: Int = 5) -> [String] {
        var lines: [String] = []
        var skipped: Set<String> = []
        // A product that appeared or went is one line, not every field of it.
        for (key, noun) in [("one_time_product", "one-time product"), ("subscription", "subscription")] {
            let (before, after) = (old[key] ?? .null, new[key] ?? .null)
            guard (before == .null) != (after == .null) else { continue }
            lines.append(
                "\(noun): \(before == .null ? "not on Google Play" : "on Google Play") → \(after == .null ? "not on Google Play" : "on Google Play")"
            )
            skipped.insert(key)
        }
        let before = Facts(old, skipping: skipped)
        let after = Facts(new, skipping: skipped)
        var differences: [String] = lines
        for key in before.order + after.order.filter({ before.values[$0] == nil }) {
            let (was, now) = (before.values[key], after.values[key])
            guard was?.value != now?.value, let place = was ?? now else { continue }
            let phrase = place.phrase.isEmpty ? "" : place.phrase + " "
            let line = "\(phrase)\(was?.value ?? "(none)") → \(now?.value ?? "(none)")"
            differences.append(place.context.isEmpty ? line : "\(place.context): \(line)")
        }
        guard differences.count > limit else { return differences }
        return Array(differences.prefix(limit)) + ["… and \(Plural.count(differences.count - limit, "more difference"))"]
    }

    /// Every value of a row, each at its place in words: what two rows are compared by.
    private struct Facts {
        /// One value: the thing it belongs to (`purchase option buy`), the field (`US`,
        /// `US availability`), and the value as shown (`1.49 USD`, `"100 Coins"`, `AVAILABLE`).
        struct Fact {
            var context: String
            var phrase: String
            var value: String
        }

        /// Places in the order the row holds them.
        var order: [String] = []
        /// Each place's value.
        var values: [String: Fact] = [:]

        init(_ row: JSONValue, skipping skipped: Set<String>) {
            guard case .object(let members) = row else {
                add(context: "", phrase: "", value: Self.shown(row))
                return
            }
            for (key, member) in members where !skipped.contains(key) {
                switch key {
                case "one_time_product", "subscription": walk(member, context: "", phrase: "")
                case "offers":
                    for offer in member.items {
                        let name =
                            "offer \(offer["offerId"]?.string ?? "?") of base plan \(offer["basePlanId"]?.string ?? "?")"
                        walk(offer, context: name, phrase: "")
                    }
                default: walk(member, context: "", phrase: Self.words(key))
                }
            }
        }

        /// The fields that name an item of its list, never shown as a field of their own.
        private static let identities: Set<String> = [
            "packageName", "productId", "languageCode", "purchaseOptionId", "basePlanId", "offerId", "regionCode",
        ]

        /// The name of `item` of the list `key` when its items are things of their own (`listing
        /// en-US`, `purchase option buy`, `base plan monthly`); nil for other lists.
        private static func name(of item: JSONValue, inList key: String) -> String? {
            switch key {
            case "listings": "listing \(item["languageCode"]?.string ?? "?")"
            case "purchaseOptions": "purchase option \(item["purchaseOptionId"]?.string ?? "?")"
            case "basePlans": "base plan \(item["basePlanId"]?.string ?? "?")"
            default: nil
            }
        }

        private mutating func walk(_ value: JSONValue, context: String, phrase: String) {
            switch value {
            case .object(let members):
                if Self.isMoney(members) {
                    add(context: context, phrase: phrase, value: Self.money(value))
                    return
                }
                if members.isEmpty {
                    add(context: context, phrase: phrase, value: "yes")
                    return
                }
                for (key, member) in members where !Self.identities.contains(key) {
                    walk(member: member, key: key, context: context, phrase: phrase)
                }
            case .array(let items) where !items.contains(where: Self.isObject):
                add(context: context, phrase: phrase, value: items.isEmpty ? "none" : items.map(Self.shown).joined(separator: ", "))
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, context: context, phrase: Self.join(phrase, "\(index + 1)")) }
            default:
                add(context: context, phrase: phrase, value: Self.shown(value))
            }
        }

        private mutating func walk(member: JSONValue, key: String, context: String, phrase: String) {
            if ["listings", "purchaseOptions", "basePlans"].contains(key) {
                for item in member.items {
                    walk(item, context: Self.join(context, Self.name(of: item, inList: key) ?? key, separator: ", "), phrase: "")
                }
                return
            }
            switch key {
            case "regionalPricingAndAvailabilityConfigs", "regionalConfigs":
                // A region's price is the region and the amount: `US 1.49 USD`.
                for item in member.items { walk(item, context: context, phrase: Self.join(phrase, item["regionCode"]?.string ?? "?")) }
            case "phases":
                for (index, item) in member.items.enumerated() {
                    walk(item, context: Self.join(context, "phase \(index + 1)", separator: ", "), phrase: phrase)
                }
            case "price":
                walk(member, context: context, phrase: phrase)
            case "offerTags":
                let tags = member.items.map { $0["tag"]?.string ?? Self.shown($0) }
                add(context: context, phrase: Self.join(phrase, "offer tags"), value: tags.isEmpty ? "none" : tags.joined(separator: ", "))
            case "regionsVersion":
                walk(member["version"] ?? member, context: context, phrase: Self.join(phrase, "regions version"))
            default:
                walk(member, context: context, phrase: Self.join(phrase, Self.words(key)))
            }
        }

        private mutating func add(context: String, phrase: String, value: String) {
            let key = context + "\u{1}" + phrase
            if values[key] == nil { order.append(key) }
            values[key] = Fact(context: context, phrase: phrase, value: value)
        }

        private static func isObject(_ value: JSONValue) -> Bool {
            if case .object = value { return true }
            return false
        }

        private static func join(_ first: String, _ second: String, separator: String = " ") -> String {
            first.isEmpty ? second : first + separator + second
        }

        /// A `Money`: `currencyCode`, `units`, `nanos` and nothing else.
        private static func isMoney(_ members: [(key: String, value: JSONValue)]) -> Bool {
            !members.isEmpty && members.allSatisfy { ["currencyCode", "units", "nanos"].contains($0.key) }
                && members.contains { $0.key != "currencyCode" || members.count == 1 }
        }

        /// `1.49 USD`; an amount Play cannot hold is said to be one.
        private static func money(_ value: JSONValue) -> String {
            let currency = value["currencyCode"]?.string.map { " " + ServerText.shown($0, limit: 8) } ?? ""
            guard let amount = PlayMoney.decimal(value) else { return "an amount Play cannot hold\(currency)" }
            return amount + currency
        }

        /// `usdPrice` → `USD price`, `newSubscriberAvailability` → `new subscriber availability`.
        static func words(_ key: String) -> String {
            switch key {
            case "usdPrice": return "USD price"
            case "eurPrice": return "EUR price"
            case "newRegionsConfig": return "new regions"
            case "otherRegionsConfig": return "other regions"
            default: break
            }
            var words = ""
            for character in key {
                if character.isUppercase {
                    words += " " + character.lowercased()
                } else {
                    words.append(character)
                }
            }
            return words
        }

        /// A scalar as shown: free text quoted, a name of Play's (`ACTIVE`, `P1M`) as it is.
        static func shown(_ value: JSONValue) -> String {
            switch value {
            case .null: return "none"
            case .bool(let flag): return flag ? "true" : "false"
            case .int(let number): return String(number)
            case .double(let number): return String(number)
            case .string(let text):
                let isName =
                    !text.isEmpty
                    && text.unicodeScalars.allSatisfy { "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:-".unicodeScalars.contains($0) }
                return isName ? text : "\"" + ServerText.shown(text, limit: 80) + "\""
            case .array(let items): return items.map(shown).joined(separator: ", ")
            case .object(let members): return Plural.count(members.count, "field")
            }
        }
    }
}
