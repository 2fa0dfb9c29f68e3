import IAPCatalog

/// Where in the catalog a value sent to App Store Connect was written: an API error's
/// `source.pointer` (`/data/attributes/name`) of a step becomes `catalog.yaml:12:21`.
package struct CatalogPositions: Sendable {
    private var positions: [Key: SourcePosition] = [:]

    private struct Key: Hashable {
        var owner: PlanOwner
        var locale: String?
        var attribute: String
    }

    /// The positions of `catalog`'s values.
    package init(catalog: Catalog) {
        for group in catalog.subscriptionGroups {
            let owner = PlanOwner.group(group.id)
            set(owner, nil, "", group.positions.entry)
            set(owner, nil, "referenceName", group.positions.referenceName ?? group.positions.id)
            for localization in group.localizations {
                set(owner, localization.locale, "", localization.positions.locale)
                set(owner, localization.locale, "name", localization.positions.name)
                set(owner, localization.locale, "customAppName", localization.positions.appName)
            }
        }
        for product in catalog.products {
            let owner: PlanOwner = product.type == .autoRenewable ? .subscription(product.id) : .inAppPurchase(product.id)
            set(owner, nil, "", product.positions.entry)
            set(owner, nil, "name", product.positions.referenceName)
            set(owner, nil, "productId", product.positions.id)
            set(owner, nil, "inAppPurchaseType", product.positions.type)
            set(owner, nil, "familySharable", product.appStore.positions.familySharing)
            set(owner, nil, "reviewNote", product.appStore.review?.positions.notes)
            set(owner, nil, "fileName", product.appStore.review?.positions.screenshot)
            set(owner, nil, "fileSize", product.appStore.review?.positions.screenshot)
            set(owner, nil, "prices", product.price?.positions.entry)
            set(owner, nil, "manualPrices", product.price?.positions.entry)
            set(owner, nil, "baseTerritory", product.price?.positions.baseTerritory ?? product.price?.positions.entry)
            set(owner, nil, "subscriptionPeriod", product.subscription?.positions.duration)
            set(owner, nil, "groupLevel", product.subscription?.positions.rank)
            set(owner, nil, "group", product.subscription?.positions.group)
            set(owner, nil, "introductoryOffers", product.subscription?.positions.entry)
            for localization in product.localizations {
                set(owner, localization.locale, "", localization.positions.locale)
                set(owner, localization.locale, "name", localization.positions.displayName)
                set(owner, localization.locale, "description", localization.positions.description)
            }
        }
    }

    private mutating func set(_ owner: PlanOwner, _ locale: String?, _ attribute: String, _ position: SourcePosition?) {
        guard let position else { return }
        positions[Key(owner: owner, locale: locale, attribute: attribute)] = position
    }

    /// The position of the value a step sent at `pointer`, or of the step's resource.
    package func position(of step: ConnectStep, pointer: String?) -> SourcePosition? {
        let locale: String? =
            switch step.action {
            case .createLocalization(let locale, _, _, _), .updateLocalization(let locale, _, _, _, _): locale
            default: nil
            }
        let attribute = pointer.flatMap { $0.split(separator: "/").dropFirst(2).first.map(String.init) } ?? ""
        return positions[Key(owner: step.owner, locale: locale, attribute: attribute)]
            ?? positions[Key(owner: step.owner, locale: locale, attribute: "")]
            ?? positions[Key(owner: step.owner, locale: nil, attribute: "")]
    }
}
