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
        /// The catalog products Google Play holds, by catalog id.
        package var found: Set<String> = []
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
        var found: Set<String> = []
        var lookup = ProductIndex(catalog.products)
        let items = remote.oneTimeProducts.map { ($0, PlayProduct.Kind.oneTime) } + remote.subscriptions.map { ($0, .subscription) }
        for (json, kind) in items {
            var decoder = PlayResourceDecoder()
            guard let productID = json["productId"]?.string,
                let pulled = PlayProduct(remote: json, kind: kind, offers: remote.offers(of: productID), decoder: &decoder)
            else { continue }
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
            let match = lookup.product(withPlayID: pulled.productID)
            if match == nil, let position = lookup.anyProduct(named: pulled.productID) {
                let other = catalog.products[position]
                let why =
                    other.status == .removed
                    ? "is removed in the catalog but still on Google Play (iapcat never deletes)"
                    : "has the id of catalog product \(other.id), whose Play id is \(other.playProductID)"
                notes.append(PlanNote(resource: pulled.productID, message: why + "; not pulled"))
                continue
            }
            if let index = match {
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
                found.insert(catalog.products[index].id)
                if !catalog.products[index].isSold(on: .googlePlay) { catalog.products[index].stores.append(.googlePlay) }
                lookup.add(catalog.products[index], at: index)
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
                lookup.add(product, at: catalog.products.count)
                catalog.products.append(product)
                found.insert(product.id)
            }
        }
        return Result(catalog: catalog, notes: notes, found: found)
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

    /// `items` in `base`'s order, items `base` does not have after (a region list is 175 long:
    /// looked up by key, not scanned per item).
    private static func ordered<T, K: Hashable>(_ items: [T], like base: [T], by key: (T) -> K) -> [T] {
        let first = Self.first(items, by: key)
        let known = base.compactMap { old in first[key(old)] }
        let inBase = Set(base.map(key))
        return known + items.filter { !inBase.contains(key($0)) }
    }

    private static func regions(_ regions: [PlayRegionalPrice], like base: [PlayRegionalPrice]) -> [PlayRegionalPrice] {
        let before = first(base, by: \.region)
        return ordered(regions, like: base, by: \.region).map { region in
            var region = region
            if let old = before[region.region], PlayMoney.same(old.price, region.price) {
                region.price = old.price
            }
            return region
        }
    }

    /// The first item of `items` with each key.
    private static func first<T, K: Hashable>(_ items: [T], by key: (T) -> K) -> [K: T] {
        var first: [K: T] = [:]
        for item in items where first[key(item)] == nil { first[key(item)] = item }
        return first
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

/// The catalog's products by the ids a pulled product is matched on, built once and kept up to
/// date as the pull adds and changes products: a lookup per pulled product, never a scan of the
/// catalog (which made a pull of 20,000 products take minutes). Each key gives the first product
/// in catalog order, as a scan would.
private struct ProductIndex {
    /// Play id → a product not removed, with a `google_play` part, whose Play id it is.
    private var byPlayID: [String: Int] = [:]
    /// Id → a product not removed whose `google_play` part names no other Play id.
    private var byID: [String: Int] = [:]
    /// Id or Play id → any product, removed ones included.
    private var byAnyName: [String: Int] = [:]

    init(_ products: [Product]) {
        for (position, product) in products.enumerated() { add(product, at: position) }
    }

    /// The product a pulled product with Play id `playID` belongs to: the one with that Play id,
    /// else the one with that id naming no other Play id.
    func product(withPlayID playID: String) -> Int? {
        byPlayID[playID] ?? byID[playID]
    }

    /// The first product whose id or Play id is `name`, whatever its status.
    func anyProduct(named name: String) -> Int? {
        byAnyName[name]
    }

    /// Indexes `product`, at `position` of the catalog (again after a change: a product only gains keys).
    mutating func add(_ product: Product, at position: Int) {
        func keep(_ key: String, in index: inout [String: Int]) {
            index[key] = min(index[key] ?? position, position)
        }
        keep(product.id, in: &byAnyName)
        keep(product.playProductID, in: &byAnyName)
        guard product.status != .removed else { return }
        if product.googlePlay != nil { keep(product.playProductID, in: &byPlayID) }
        if product.googlePlay?.productID == nil { keep(product.id, in: &byID) }
    }
}
