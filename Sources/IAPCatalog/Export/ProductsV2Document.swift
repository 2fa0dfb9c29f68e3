/// `products_v2.json` (schemas/products_v2.schema.json): what an app needs to draw its store
/// before StoreKit answers — identifiers, types, display texts, subscription details and the
/// catalog's client data — and nothing internal (reference names, review notes, prices: prices
/// always come from StoreKit, in the customer's currency). Localizations are sorted by locale.
struct ProductsV2Document {
    static let version = 2

    let catalog: Catalog
    let products: [Product]

    var json: JSONValue {
        let usedGroups = Set(products.compactMap { $0.subscription?.group })
        var members: [(key: String, value: JSONValue)] = [
            ("version", .int(Self.version)),
            ("products", .array(products.map(product))),
        ]
        let groups = catalog.subscriptionGroups.filter { usedGroups.contains($0.id) }
        if !groups.isEmpty {
            members.append(("subscription_groups", .array(groups.map(group))))
        }
        return .object(members)
    }

    private func product(_ product: Product) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(product.id)),
            ("type", .string(product.type.rawValue)),
            ("family_sharing", .bool(product.appStore.familySharing)),
        ]
        if product.appStore.hostedContent { members.append(("hosted_content", .bool(true))) }
        members.append(
            (
                "localizations",
                .object(
                    product.localizations.sorted { $0.locale < $1.locale }.map { localization in
                        var text: [(key: String, value: JSONValue)] = [("display_name", .string(localization.displayName ?? ""))]
                        if let description = localization.description { text.append(("description", .string(description))) }
                        return (localization.locale, .object(text))
                    })
            ))
        if let promotion = product.appStore.promotion, promotion.visible, let order = promotion.order {
            members.append(("promotion", .object([("order", .int(order))])))
        }
        if let terms = product.subscription {
            var subscription: [(key: String, value: JSONValue)] = [
                ("group", .string(terms.group)), ("duration", .string(terms.duration.rawValue)),
            ]
            if let rank = terms.rank { subscription.append(("rank", .int(rank))) }
            if let trial = terms.freeTrialDuration { subscription.append(("free_trial_duration", .string(trial.rawValue))) }
            if let bonus = terms.bonusDuration { subscription.append(("bonus_duration", .string(bonus.rawValue))) }
            members.append(("subscription", .object(subscription)))
        }
        if let clientData = product.clientData { members.append(("client_data", clientData)) }
        return .object(members)
    }

    private func group(_ group: SubscriptionGroup) -> JSONValue {
        .object([
            ("id", .string(group.id)),
            (
                "localizations",
                .object(
                    group.localizations.sorted { $0.locale < $1.locale }.map { localization in
                        var text: [(key: String, value: JSONValue)] = [("name", .string(localization.name ?? ""))]
                        if let appName = localization.appName { text.append(("app_name", .string(appName))) }
                        return (localization.locale, .object(text))
                    })
            ),
        ])
    }
}
