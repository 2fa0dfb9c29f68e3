extension CatalogValidator.Check {
    /// `subscription_fields`, `unknown_subscription_group`, `duplicate_subscription_group`,
    /// `duplicate_subscription_rank`, `unused_subscription_group`.
    mutating func subscriptions() {
        var groups: [String: SubscriptionGroup] = [:]
        for group in catalog.subscriptionGroups {
            if let first = groups[group.id] {
                report(
                    .duplicateSubscriptionGroup,
                    "duplicate subscription group id '\(group.id)' (first at line \(first.positions.id?.line ?? 0))",
                    at: group.positions.id)
            } else {
                groups[group.id] = group
            }
        }
        var usedGroups: Set<String> = []
        var ranks: [String: [Int: Product]] = [:]
        for product in liveProducts {
            guard let terms = product.subscription else {
                // A `subscription` that was written but could not be read is diagnosed already.
                if product.type == .autoRenewable && product.positions.subscription == nil {
                    report(
                        .subscriptionFields,
                        "auto-renewable product '\(product.id)' needs 'subscription' with a group and a duration",
                        at: product.positions.entry)
                }
                continue
            }
            guard product.type == .autoRenewable else {
                report(
                    .subscriptionFields,
                    "'subscription' is only for auto-renewable products; '\(product.id)' is \(product.type.rawValue)",
                    at: product.positions.subscription)
                continue
            }
            usedGroups.insert(terms.group)
            guard groups[terms.group] != nil else {
                report(
                    .unknownSubscriptionGroup,
                    "subscription group '\(terms.group)' is not defined in subscription_groups"
                        + Suggestion.hint(for: terms.group, in: groups.keys.sorted()),
                    at: terms.positions.group)
                continue
            }
            if let rank = terms.rank {
                if let other = ranks[terms.group]?[rank] {
                    report(
                        .duplicateSubscriptionRank,
                        "'\(product.id)' has rank \(rank) in group '\(terms.group)', as '\(other.id)' has",
                        at: terms.positions.rank)
                } else {
                    ranks[terms.group, default: [:]][rank] = product
                }
                if rank < 1 {
                    report(.invalidValue, "a subscription rank is 1 or more, found \(rank)", at: terms.positions.rank)
                }
            }
        }
        for group in catalog.subscriptionGroups where !usedGroups.contains(group.id) {
            report(.unusedSubscriptionGroup, "no product belongs to subscription group '\(group.id)'", at: group.positions.id)
        }
    }

    /// `type_specific_field`, `deprecated_type`: fields a product's type does not allow.
    mutating func typeSpecificFields() {
        for product in liveProducts {
            if product.type.isDeprecated {
                report(
                    .deprecatedType,
                    "'\(product.type.rawValue)' is no longer offered by App Store Connect; use auto-renewable or non-renewing",
                    at: product.positions.type)
            }
            if product.hostedContent && product.type != .nonConsumable {
                report(
                    .typeSpecificField,
                    "hosted content is only for non-consumable products; '\(product.id)' is \(product.type.rawValue)",
                    at: product.positions.hostedContent)
            }
            if product.familySharing && !(product.type == .nonConsumable || product.type == .autoRenewable) {
                report(
                    .typeSpecificField,
                    "Family Sharing is only for non-consumables and auto-renewable subscriptions; '\(product.id)' is \(product.type.rawValue)",
                    at: product.positions.familySharing)
            }
        }
    }
}
