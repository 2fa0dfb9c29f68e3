/// Checks the types of a Unity IAP catalog's products against the catalog (`unity_type`): Unity's
/// Consumable is a consumable, NonConsumable a non-consumable, and Subscription any subscription
/// (auto-renewable or non-renewing; Unity has one type for both). Products the catalog lacks are
/// the list rules' to report.
package struct UnityTypeChecker: Sendable {
    let catalog: Catalog

    package init(catalog: Catalog) {
        self.catalog = catalog
    }

    package func check(_ unity: UnityProductCatalog, isEnabled: (RuleID) -> Bool = { _ in true }) -> [Diagnostic] {
        guard isEnabled(.unityType) else { return [] }
        var firstByID: [String: Product] = [:]
        for product in catalog.products where firstByID[product.id] == nil { firstByID[product.id] = product }
        var diagnostics: [Diagnostic] = []
        for product in unity.products {
            guard let type = product.type, let expected = firstByID[product.storeID], !expected.positions.typeIsAssumed,
                !product.matches(expected.type)
            else { continue }
            let wanted =
                switch expected.type {
                case .consumable: UnityProduct.typeName(0)
                case .nonConsumable: UnityProduct.typeName(1)
                case .autoRenewable, .nonRenewing, .freeSubscription: UnityProduct.typeName(2)
                }
            diagnostics.append(
                Diagnostic(
                    .unityType,
                    "'\(product.storeID)' is \(UnityProduct.typeName(type)) here but \(expected.type.rawValue) in the catalog (Unity: \(wanted))",
                    at: SourceLocation(file: unity.file, product.positions.type ?? product.positions.entry)))
        }
        return diagnostics
    }
}
