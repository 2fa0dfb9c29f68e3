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

    /// `subscription_fields`, `unknown_subscription_group`, `duplicate_subscription_rank`,
    /// `multiseat_unsaid`, `multiseat_family_sharing`.
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
        multiseat(of: product, terms: terms)
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

    /// `multiseat_unsaid`: App Store Connect turned multiseat purchases on by default, so a catalog
    /// that syncs with it (`app.apple_id`) and says nothing sells seats to organizations without
    /// having decided to.
    /// `multiseat_family_sharing`: Family Sharing turns multiseat off ("Turning on Family Sharing
    /// for the subscription automatically sets this value to DISABLED", App Store Connect API,
    /// `SubscriptionUpdateRequest.Data.Attributes.multiSeatStatus`).
    private mutating func multiseat(of product: Product, terms: SubscriptionTerms) {
        guard product.isSold(on: .appStore), product.status != .removed else { return }
        guard let multiseat = terms.multiseat else {
            guard catalog.app.appleID.map({ !$0.isEmpty }) ?? false else { return }
            report(
                .multiseatUnsaid,
                "'\(product.id)' does not say whether organizations may buy it in seats; App Store Connect sells multiseat by "
                    + "default since 2026-09-16: add 'multiseat: { enabled: true }' or '{ enabled: false }'",
                at: terms.positions.entry)
            return
        }
        if multiseat.enabled && product.appStore.familySharing {
            report(
                .multiseatFamilySharing,
                "'\(product.id)' has Family Sharing, which App Store Connect turns multiseat off for: set 'enabled: false'",
                at: multiseat.positions.enabled)
        }
        if let markets = multiseat.markets, Set(markets).count != markets.count {
            report(.invalidValue, "'\(product.id)' names a multiseat market twice", at: multiseat.positions.markets)
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
