import IAPCatalog

/// What a generated product sells; it picks the nouns of its texts and goes into `client_data`.
package enum ProductCategory: String, Sendable, CaseIterable {
    case coins, gems, energy, levels, skins, heroes, subscription, pass

    /// The categories a product of `type` is drawn from.
    package static func choices(for type: ProductType) -> [ProductCategory] {
        switch type {
        case .consumable: [.coins, .gems, .energy]
        case .nonConsumable: [.levels, .skins, .heroes]
        case .autoRenewable, .freeSubscription: [.subscription]
        case .nonRenewing: [.pass]
        }
    }

    /// The name with its first letter upper-cased, for reference names ("Coins 12 (consumable)").
    package var capitalized: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
