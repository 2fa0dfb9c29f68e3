extension CatalogValidator.Check {
    /// What the subscription rules know of the groups and remember of earlier products.
    struct SubscriptionState {
        var groups: [String: SubscriptionGroup] = [:]
        var usedGroups: Set<String> = []
        /// Group → rank → the id of the product holding it.
        var ranks: [String: [Int: String]] = [:]
    }

    /// `duplicate_subscription_group`.
    mutating func subscriptionGroups() {
        for group in catalog.subscriptionGroups {
            if let first = subscriptions.groups[group.id] {
                report(
                    .duplicateSubscriptionGroup,
                    "duplicate subscription group id '\(group.id)' (first at line \(first.positions.id?.line ?? 0))",
                    at: group.positions.id)
            } else {
                subscriptions.groups[group.id] = group
            }
        }
    }

    /// `subscription_fields`, `unknown_subscription_group`, `duplicate_subscription_rank`.
    mutating func subscription(of product: Product) {
        guard let terms = product.subscription else {
            // A `subscription` that was written but could not be read is diagnosed already.
            if product.type == .autoRenewable && product.positions.subscription == nil {
                report(
                    .subscriptionFields,
                    "auto-renewable product '\(product.id)' needs 'subscription' with a group and a duration",
                    at: product.positions.entry)
            }
            return
        }
        guard product.type == .autoRenewable else {
            report(
                .subscriptionFields,
                "'subscription' is only for auto-renewable products; '\(product.id)' is \(product.type.rawValue)",
                at: product.positions.subscription)
            return
        }
        subscriptions.usedGroups.insert(terms.group)
        guard subscriptions.groups[terms.group] != nil else {
            report(
                .unknownSubscriptionGroup,
                "subscription group '\(terms.group)' is not defined in subscription_groups", at: terms.positions.group,
                hint: Suggestion.hint(for: terms.group, in: subscriptions.groups.keys.sorted()))
            return
        }
        if let rank = terms.rank {
            if let other = subscriptions.ranks[terms.group]?[rank] {
                report(
                    .duplicateSubscriptionRank,
                    "'\(product.id)' has rank \(rank) in group '\(terms.group)', as '\(other)' has (a crossgrade)",
                    at: terms.positions.rank)
            } else {
                subscriptions.ranks[terms.group, default: [:]][rank] = product.id
            }
            if rank < 1 {
                report(.invalidValue, "a subscription rank is 1 or more, found \(rank)", at: terms.positions.rank)
            }
        }
    }

    /// `unused_subscription_group`, once every product was seen.
    mutating func unusedSubscriptionGroups() {
        for group in catalog.subscriptionGroups where !subscriptions.usedGroups.contains(group.id) {
            report(.unusedSubscriptionGroup, "no product belongs to subscription group '\(group.id)'", at: group.positions.id)
        }
    }

    /// `type_specific_field`, `deprecated_type`: fields a product's type does not allow.
    mutating func typeSpecificFields(of product: Product) {
        if product.type.isDeprecated {
            report(
                .deprecatedType,
                "'\(product.type.rawValue)' is no longer offered by App Store Connect; use auto-renewable or non-renewing",
                at: product.positions.type)
        }
        if product.appStore.hostedContent && product.type != .nonConsumable {
            report(
                .typeSpecificField,
                "hosted content is only for non-consumable products; '\(product.id)' is \(product.type.rawValue)",
                at: product.appStore.positions.hostedContent)
        }
        if product.appStore.familySharing && !(product.type == .nonConsumable || product.type == .autoRenewable) {
            report(
                .typeSpecificField,
                "Family Sharing is only for non-consumables and auto-renewable subscriptions; '\(product.id)' is \(product.type.rawValue)",
                at: product.appStore.positions.familySharing)
        }
    }
}
