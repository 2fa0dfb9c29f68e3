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
            for plan in pulled.basePlans {
                let every = Set(PlayResourceJSON.regions(of: PlayOffer(id: ""), in: plan))
                for offer in plan.offers
                where pulled.offersInNewRegions.contains(PlayProduct.key(plan.id, offer.id)) && Set(offer.regions ?? []) != every {
                    notes.append(
                        PlanNote(
                            resource: pulled.productID,
                            message:
                                "offer \(offer.id) of base plan \(plan.id) runs in some of its plan's regions and in regions Play adds later; "
                                + "the catalog cannot say both (a regions list means those only), so plan will show the difference"))
                }
            }
            // The product whose Play id this is; by id only when that product names no other Play id.
            let index =
                catalog.products.firstIndex { $0.status != .removed && $0.googlePlay != nil && $0.playProductID == pulled.productID }
                ?? catalog.products.firstIndex { $0.status != .removed && $0.id == pulled.productID && $0.googlePlay?.productID == nil }
            if index == nil,
                let other = catalog.products.first(where: { $0.id == pulled.productID || $0.playProductID == pulled.productID })
            {
                let why =
                    other.status == .removed
                    ? "is removed in the catalog but still on Google Play (iapcat never deletes)"
                    : "has the id of catalog product \(other.id), whose Play id is \(other.playProductID)"
                notes.append(PlanNote(resource: pulled.productID, message: why + "; not pulled"))
                continue
            }
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
        let part = implicit(pulled, for: product)
        guard let base = product.googlePlay else { return part }
        return Self.arranged(part, like: base)
    }

    /// `part` in `base`'s order (listings, options, plans, offers, regions) with `base`'s spelling
    /// of equal prices (`1.50` stays `1.50`), so a pull into a catalog changes only what differs.
    static func arranged(_ part: GooglePlayProduct, like base: GooglePlayProduct) -> GooglePlayProduct {
        var part = part
        part.listings = ordered(part.listings, like: base.listings, by: \.language)
        part.purchaseOptions = ordered(part.purchaseOptions, like: base.purchaseOptions, by: \.id).map { option in
            var option = option
            if let old = base.purchaseOptions.first(where: { $0.id == option.id }) {
                option.regions = regions(option.regions, like: old.regions)
                option.newRegions = newRegions(option.newRegions, like: old.newRegions)
            }
            return option
        }
        part.basePlans = ordered(part.basePlans, like: base.basePlans, by: \.id).map { plan in
            var plan = plan
            guard let old = base.basePlans.first(where: { $0.id == plan.id }) else { return plan }
            plan.regions = regions(plan.regions, like: old.regions)
            plan.newRegions = newRegions(plan.newRegions, like: old.newRegions)
            plan.offers = ordered(plan.offers, like: old.offers, by: \.id).map { offer in
                var offer = offer
                guard let was = old.offers.first(where: { $0.id == offer.id }) else { return offer }
                if let regions = offer.regions, let before = was.regions { offer.regions = ordered(regions, like: before, by: \.self) }
                for (index, phase) in offer.phases.enumerated() where index < was.phases.count {
                    offer.phases[index].prices = self.regions(phase.prices, like: was.phases[index].prices)
                    if PlayMoney.same(phase.discount, was.phases[index].discount) {
                        offer.phases[index].discount = was.phases[index].discount
                    }
                    if phase.mode != was.phases[index].mode && phase.periods == 1 && was.phases[index].mode.isPaid {
                        offer.phases[index].mode = was.phases[index].mode
                    }
                }
                return offer
            }
            return plan
        }
        return part
    }

    private static func ordered<T, K: Equatable>(_ items: [T], like base: [T], by key: (T) -> K) -> [T] {
        let known = base.compactMap { old in items.first { key($0) == key(old) } }
        return known + items.filter { item in !base.contains { key($0) == key(item) } }
    }

    private static func regions(_ regions: [PlayRegionalPrice], like base: [PlayRegionalPrice]) -> [PlayRegionalPrice] {
        ordered(regions, like: base, by: \.region).map { region in
            var region = region
            if let old = base.first(where: { $0.region == region.region }), PlayMoney.same(old.price, region.price) {
                region.price = old.price
            }
            return region
        }
    }

    private static func newRegions(_ new: PlayNewRegions?, like base: PlayNewRegions?) -> PlayNewRegions? {
        guard var new, let base else { return new }
        if PlayMoney.same(new.usd, base.usd) { new.usd = base.usd }
        if PlayMoney.same(new.eur, base.eur) { new.eur = base.eur }
        return new
    }

    /// The part with what equals the product's defaults left implicit.
    private func implicit(_ pulled: PlayProduct, for product: Product) -> GooglePlayProduct {
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
                // No `regions`: wherever the base plan runs, regions Play adds later included when
                // the base plan has new regions; a list: those regions only.
                var offer = offer
                let inNew = pulled.offersInNewRegions.contains(PlayProduct.key(plan.id, offer.id))
                let implicit = PlayOffer(id: offer.id, phases: offer.phases)
                if offer.regions == every && inNew == PlayResourceJSON.runsInNewRegions(implicit, of: plan) { offer.regions = nil }
                return offer
            }
            return plan
        }
        return part
    }
}
