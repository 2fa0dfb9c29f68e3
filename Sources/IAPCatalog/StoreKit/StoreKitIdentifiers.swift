/// The `identifier`, group `id` and `internalID`s of an exported `.storekit` file: 8 upper-case hex
/// digits, as Xcode writes, derived from the app and the product, group or offer they name (the
/// first 4 bytes of an MD5 digest). Exporting twice, or after an edit elsewhere in the catalog,
/// gives the same identifiers; Xcode only requires them to be unique within the file.
package struct StoreKitIdentifiers: Sendable {
    /// What the identifiers are scoped by: the bundle id, else the App Store Connect id or SKU.
    let app: String

    package init(app: AppInfo) {
        self.app = app.bundleID ?? app.appleID ?? app.sku ?? ""
    }

    /// The file's top-level `identifier`.
    package var file: String { hex("file") }

    /// A subscription group's `id` (and its subscriptions' `subscriptionGroupID`), from the name
    /// the file shows for the group (its reference name): the catalog's group key is not in the
    /// file, so an imported catalog, whose keys are made from the names, exports the same ids.
    package func group(_ group: SubscriptionGroup) -> String { hex("group", group.referenceName ?? group.id) }

    /// A product's `internalID`.
    package func product(_ id: String) -> String { hex("product", id) }

    /// An offer's `internalID`: `kind` is `introductory`, `promotional` or `code`, `key` tells
    /// offers of one kind apart (the offer id, or the offer's place).
    package func offer(product: String, kind: String, key: String) -> String { hex("offer", product, kind, key) }

    private func hex(_ parts: String...) -> String {
        // NUL separates the parts: no identifier contains one, so different parts never collide.
        var bytes = Array(app.utf8)
        for part in parts {
            bytes.append(0)
            bytes.append(contentsOf: part.utf8)
        }
        return String(MD5.hex(bytes).prefix(8)).uppercased()
    }
}
