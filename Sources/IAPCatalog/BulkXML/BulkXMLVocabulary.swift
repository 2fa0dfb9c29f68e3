/// Names and values of the App Store bulk-upload metadata XML (docs/bulk-xml.md has the sources).
enum BulkXMLVocabulary {
    static let namespace = "http://apple.com/itunes/importer"
    /// The package version iapcat writes: the newest with both a public in-app purchase
    /// generator and public specification text (docs/bulk-xml.md).
    static let version = "software5.11"

    /// Bulk-XML `<type>` for a product type.
    static func typeName(_ type: ProductType) -> String {
        switch type {
        case .consumable: "consumable"
        case .nonConsumable: "non-consumable"
        case .autoRenewable: "auto-renewable"
        case .nonRenewing: "subscription"
        case .freeSubscription: "free-subscription"
        }
    }

    static func productType(_ name: String) -> ProductType? {
        ProductType.allCases.first { typeName($0) == name }
    }

    /// The durations bulk XML can write (`7 Days` … `1 Year`); 3 Days and 2 Weeks have no XML form.
    static let periods: [SubscriptionPeriod] = [.oneWeek, .oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear]

    static func period(_ name: String) -> SubscriptionPeriod? {
        periods.first { $0.bulkXMLName == name }
    }

    /// The catalog status for a downloaded `iap-status` value: approved once App Review approved
    /// it (also when later removed from sale: the identifier stays live), removed when deleted,
    /// draft before approval.
    /// Nil for a value this vocabulary does not know (it is then imported as a draft, with a warning).
    static func status(forIAPStatus value: String) -> (status: ProductStatus, clearedForSale: Bool?)? {
        switch value.lowercased() {
        case "approved", "ready for sale": (.approved, nil)
        case "developer removed from sale", "removed from sale": (.approved, false)
        case "deleted", "delete pending": (.removed, nil)
        case "waiting for screenshot", "missing metadata", "prepare for submission", "ready to submit", "waiting for upload",
            "processing content", "waiting for review", "in review", "pending binary approval", "pending developer release",
            "developer action needed", "rejected":
            (.draft, nil)
        default: nil
        }
    }

    /// The `iap-status` value that stands for a catalog status when iapcat writes one (archives only).
    static func iapStatus(for product: Product) -> String {
        switch product.status {
        case .approved: product.clearedForSale ? "Approved" : "Developer Removed from Sale"
        case .removed: "Deleted"
        case .draft: "Ready to Submit"
        }
    }
}
