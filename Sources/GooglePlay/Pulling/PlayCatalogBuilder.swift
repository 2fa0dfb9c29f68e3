import IAPCatalog

/// A catalog from what the app holds on Google Play: each Play product becomes the `google_play`
/// part of the catalog product with the same Play id (or id), or a new product sold on Google Play
/// only. Defaults are left implicit where the catalog has them — listings equal to the
/// localizations, a base plan renewing every `subscription.duration`, an offer in every region of
/// its base plan — so a pull into an existing catalog changes only what differs, and leaves every
/// App Store part as it is.
package struct PlayCatalogBuilder: Sendable {
    /// The catalog, and what it could not carry or had to assume.
    package struct Result: Sendable {
        /// The catalog.
        package var catalog: Catalog
        /// One line per piece left out or assumed.
        package var notes: [PlanNote]
    }

    /// A builder.
    package init() {}

    /// The catalog for the app `packageName` from `remote`, starting from `base` when given.
    package func build(_ remote: PlayRemoteState, packageName: String, base: Catalog?) -> Result {
        var catalog = base ?? Catalog(app: AppInfo(bundleID: nil))
        var app = catalog.app.googlePlay ?? GooglePlayApp()
        app.packageName = packageName
        catalog.app.googlePlay = app
        var notes: [PlanNote] = []
        let items = remote.oneTimeProducts.map { ($0, PlayProduct.Kind.oneTime) } + remote.subscriptions.map { ($0, .subscription) }
        for (json, kind) in items {
            var decoder = PlayResourceDecoder()
            let offers = remote.offers.filter { $0["productId"]?.string == json["productId"]?.string }
            guard let pulled = PlayProduct(remote: json, kind: kind, offers: offers, decoder: &decoder) else { continue }
            notes += decoder.notes.map { PlanNote(resource: pulled.productID, message: $0) }
            let index =
                catalog.products.firstIndex { $0.status != .removed && $0.googlePlay != nil && $0.playProductID == pulled.productID }
                ?? catalog.products.firstIndex { $0.status != .removed && $0.id == pulled.productID }
            if let index {
                guard (catalog.products[index].type == .autoRenewable) == (kind == .subscription) else {
                    notes.append(
                        PlanNote(
                            resource: pulled.productID,
                            message:
                                "is a \(kind == .subscription ? "subscription" : "one-time product") on Google Play but not in the catalog; not pulled"
                        ))
                    continue
                }
                catalog.products[index].googlePlay = part(pulled, for: catalog.products[index])
                if !catalog.products[index].isSold(on: .googlePlay) { catalog.products[index].stores.append(.googlePlay) }
            } else {
                var product = Product(id: pulled.productID, type: kind == .subscription ? .autoRenewable : .nonConsumable)
                product.stores = [.googlePlay]
                product.googlePlay = part(pulled, for: product)
                if kind == .oneTime {
                    notes.append(
                        PlanNote(
                            resource: pulled.productID,
                            message: "is new in the catalog as non-consumable (Play does not say; set consumable if the app consumes it)"))
                }
                catalog.products.append(product)
            }
        }
        return Result(catalog: catalog, notes: notes)
    }

    /// The `google_play` part for `pulled`, as `product` would write it: what equals the product's
    /// defaults left implicit.
    private func part(_ pulled: PlayProduct, for product: Product) -> GooglePlayProduct {
        var part = GooglePlayProduct(productID: product.googlePlay?.productID)
        if pulled.productID != product.id { part.productID = pulled.productID }
        var bare = product
        bare.googlePlay = nil
        if PlayProduct(productID: "", kind: pulled.kind, listings: bare.playListings).listings != pulled.listings {
            part.listings = pulled.listings.map { listing in
                var listing = listing
                if pulled.kind == .oneTime { listing.benefits = [] }
                return listing
            }
        }
        part.purchaseOptions = pulled.purchaseOptions
        part.basePlans = pulled.basePlans.map { plan in
            var plan = plan
            if plan.period == product.subscription?.duration.rawValue { plan.period = nil }
            let every = PlayResourceJSON.regions(of: PlayOffer(id: ""), in: plan).sorted()
            plan.offers = plan.offers.map { offer in
                var offer = offer
                if offer.regions == every { offer.regions = nil }
                return offer
            }
            return plan
        }
        return part
    }
}
