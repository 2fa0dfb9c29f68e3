/// Turns a parsed catalog document into a ``Catalog``, reporting every structural problem:
/// unknown keys (with suggestions), wrong value types, values outside their vocabulary, and
/// missing required fields. Semantic rules run later, in ``CatalogValidator``.
package struct CatalogDecoder {
    enum Keys {
        static let top = FieldNames(["format_version", "app", "subscription_groups", "products", "lists"])
        static let app = FieldNames(["bundle_id", "apple_id", "sku", "default_locale", "provider", "team_id", "platform", "google_play"])
        static let group = FieldNames(["id", "reference_name", "localizations"])
        static let groupLocalization = FieldNames(["name", "app_name"])
        static let product = FieldNames([
            "id", "type", "reference_name", "status", "cleared_for_sale", "family_sharing", "hosted_content",
            "price", "localizations", "review", "promotion", "subscription", "client_data", "availability", "images", "store_state",
            "stores", "google_play", "offer_codes",
        ])
        static let price = FieldNames(["tier", "schedule", "storefronts", "base_territory", "changes", "preserved"])
        static let priceChange = FieldNames(["storefront", "price", "start_date", "end_date"])
        static let availability = FieldNames(["territories", "except", "available_in_new_territories"])
        static let image = FieldNames(["path", "file_name", "checksum"])
        static let billingPlan = FieldNames(["price", "availability"])
        static let monthRange = FieldNames(["min", "max"])
        static let winBackOffer = FieldNames([
            "id", "reference_name", "mode", "duration", "periods", "prices", "paid_months", "lapsed_months", "wait_months",
            "territories", "except", "start_date", "end_date", "priority", "promotion", "plan",
        ])
        static let priceInterval = FieldNames(["tier", "start_date", "end_date"])
        static let localization = FieldNames(["display_name", "description"])
        static let review = FieldNames(["notes", "screenshot"])
        static let promotion = FieldNames(["visible", "order", "enabled"])
        static let subscription = FieldNames([
            "group", "duration", "rank", "free_trial_duration", "bonus_duration", "introductory_offer", "promotional_offers",
            "offer_codes", "introductory_offers", "win_back_offers", "monthly_billing", "multiseat",
        ])
        static let multiseat = FieldNames(["enabled", "markets"])
        static let offer = FieldNames([
            "id", "reference_name", "mode", "duration", "periods", "prices", "eligibility", "stackable", "territories", "except",
            "start_date", "end_date", "plan", "active", "auto_renew",
        ])
        static let purchaseOfferCode = FieldNames(["reference_name", "eligibility", "prices", "active", "custom_codes"])
        static let customCode = FieldNames(["code", "count", "expires", "active"])
        static let list = FieldNames(["path", "format", "environment"])
    }

    var decoder: NodeDecoder

    package init(file: String) {
        decoder = NodeDecoder(file: file)
    }

    /// The catalog and what was wrong with it. The catalog is nil only when the document is not
    /// a catalog this version can read (not a mapping, or an unknown `format_version`).
    package mutating func decode(_ document: SourceDocument) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        decode(document, streamed: nil)
    }

    /// Decodes `document`, taking the products from `streamed` when they were decoded from this
    /// document's `products` list while it was parsed.
    mutating func decode(_ document: SourceDocument, streamed: ProductStream?) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let catalog = decodeCatalog(document, streamed: streamed)
        return (catalog, decoder.diagnostics.diagnostics)
    }

    private mutating func decodeCatalog(_ document: SourceDocument, streamed: ProductStream?) -> Catalog? {
        guard let root = document.root else {
            decoder.report(.missingField, "the catalog is empty; it needs at least format_version, app and products", at: .start)
            return nil
        }
        guard let top = decoder.fields(root, "the catalog", known: Keys.top, extensionPrefix: "x-") else { return nil }
        // Without a readable format_version the rest is read as the current version: its
        // problems are worth reporting in the same run. An unsupported version is another format.
        let version = Catalog.formatVersion
        if let versionNode = top["format_version"] {
            if let written = decoder.integer(versionNode, "format_version"), written != version {
                decoder.report(
                    .unsupportedFormatVersion,
                    "format_version \(written) is not supported; this iapcat reads format_version \(version)",
                    at: versionNode.position)
                return nil
            }
        } else {
            decoder.report(
                .missingField, "the catalog is missing required field 'format_version'; the rest is checked as version \(version)",
                at: top.position, hint: "add 'format_version: \(version)' as the first line")
        }
        let app =
            decoder.requireField(top, "app", what: "the catalog").flatMap { decodeApp($0) }
            ?? AppInfo(bundleID: nil)
        let groups =
            top["subscription_groups"].map { node in
                decoder.items(node, "subscription_groups").compactMap { decodeGroup($0) }
            } ?? []
        var products = DecodedProducts()
        if let productsNode = decoder.requireField(top, "products", what: "the catalog") {
            if let streamed, streamed.covers(productsNode) {
                products = streamed.products
                decoder.diagnostics.append(contentsOf: streamed.diagnostics)
            } else {
                products = decodeProducts(decoder.items(productsNode, "products"))
            }
        }
        let lists =
            top["lists"].map { node in
                decoder.items(node, "lists").compactMap { decodeList($0) }
            } ?? []
        return Catalog(
            formatVersion: version, app: app, subscriptionGroups: groups, products: products.products,
            lists: lists, unreadableProductIDs: products.unreadable)
    }

    private mutating func decodeApp(_ node: Node) -> AppInfo? {
        guard let fields = decoder.fields(node, "app", known: Keys.app) else { return nil }
        var app = AppInfo(bundleID: fields["bundle_id"].flatMap { decoder.string($0, "bundle_id") })
        app.appleID = fields["apple_id"].flatMap { decoder.string($0, "apple_id") }
        app.sku = fields["sku"].flatMap { decoder.string($0, "sku") }
        app.provider = fields["provider"].flatMap { decoder.string($0, "provider") }
        app.teamID = fields["team_id"].flatMap { decoder.string($0, "team_id") }
        app.platform = fields["platform"].flatMap { decoder.string($0, "platform") }
        app.googlePlay = fields["google_play"].flatMap { decodeGooglePlayApp($0) }
        if let localeNode = fields["default_locale"], let locale = decoder.string(localeNode, "default_locale") {
            app.defaultLocale = locale
            app.positions.defaultLocale = localeNode.position
        }
        app.positions.entry = fields.position
        return app
    }

    private mutating func decodeGroup(_ node: Node) -> SubscriptionGroup? {
        guard let fields = decoder.fields(node, "a subscription group", known: Keys.group),
            let idNode = decoder.requireField(fields, "id", what: "a subscription group"),
            let id = decoder.string(idNode, "a subscription group id")
        else { return nil }
        let referenceName = decoder.requireField(fields, "reference_name", what: "a subscription group").flatMap {
            decoder.string($0, "reference_name")
        }
        var group = SubscriptionGroup(id: id, referenceName: referenceName)
        group.positions.entry = node.position
        group.positions.id = idNode.position
        group.positions.referenceName = fields["reference_name"]?.position
        if let localizations = fields["localizations"] {
            group.positions.localizations = fields.keyPosition("localizations")
            for entry in decoder.entries(localizations, "localizations") {
                var localization = GroupLocalization(locale: entry.key, name: nil)
                localization.positions.locale = entry.keyNode.position
                if let locFields = decoder.fields(entry.value, "the \(entry.key) localization", known: Keys.groupLocalization) {
                    if let nameNode = decoder.requireField(locFields, "name", what: "the \(entry.key) localization") {
                        localization.name = decoder.string(nameNode, "name")
                        localization.positions.name = nameNode.position
                    }
                    localization.appName = locFields["app_name"].flatMap { decoder.string($0, "app_name") }
                    localization.positions.appName = locFields["app_name"]?.position
                }
                group.localizations.append(localization)
            }
        }
        return group
    }

    /// The products that could be read, and the ids of those that could not.
    struct DecodedProducts {
        var products: [Product] = []
        var unreadable: Set<String> = []

        mutating func add(_ entry: ProductEntry) {
            switch entry {
            case .product(let product): products.append(product)
            case .unreadable(let id?): unreadable.insert(id)
            case .unreadable(nil): break
            }
        }
    }

    /// Products decoded one by one while the document is still being parsed (an ``ItemStream``
    /// for `products`), so that decoding overlaps parsing.
    struct ProductStream {
        private var decoder: CatalogDecoder
        private(set) var products = DecodedProducts()
        private var sequence: Int32?
        private var count = 0

        /// `expectedBytes`: the catalog's size. Room for a product per 150 bytes is reserved up
        /// front (no real product is shorter): pages never written cost nothing, while growing
        /// the array would copy every product decoded so far, twice the memory at that moment.
        init(file: String, expectedBytes: Int = 0) {
            decoder = CatalogDecoder(file: file)
            products.products.reserveCapacity(expectedBytes / 150)
        }

        mutating func add(_ item: Node, of sequence: Int32) {
            self.sequence = sequence
            count += 1
            products.add(decoder.decodeProduct(item))
        }

        var diagnostics: [Diagnostic] { decoder.decoder.diagnostics.diagnostics }

        /// Whether the streamed items are all of `node`'s (not, say, of a `products` key that a
        /// later duplicate replaced).
        func covers(_ node: Node) -> Bool {
            node.index == sequence && node.kind == .sequence && node.record.count == count
        }
    }

    private mutating func decodeProducts(_ items: [Node]) -> DecodedProducts {
        var decoded = DecodedProducts()
        decoded.products.reserveCapacity(items.count)
        for item in items { decoded.add(decodeProduct(item)) }
        return decoded
    }

    enum ProductEntry {
        case product(Product)
        /// The entry could not be read; its id, when it had one.
        case unreadable(String?)
    }

    private mutating func decodeProduct(_ node: Node) -> ProductEntry {
        guard let fields = decoder.fields(node, "a product", known: Keys.product) else { return .unreadable(nil) }
        guard let idNode = decoder.requireField(fields, "id", what: "a product"), let id = decoder.string(idNode, "a product id") else {
            return .unreadable(nil)
        }
        let typeNode = fields["type"]
        var product = Product(id: id, type: decodeType(typeNode, fields: fields, product: id))
        product.positions.entry = node.position
        product.positions.id = idNode.position
        product.positions.type = typeNode?.position
        product.positions.typeIsAssumed = typeNode?.text.flatMap(ProductType.init(rawValue:)) == nil
        if let statusNode = fields["status"], let status: ProductStatus = decoder.enumeration(statusNode, "status") {
            product.status = status
            product.positions.status = statusNode.position
        }
        if let playNode = fields["google_play"] {
            product.googlePlay = decodeGooglePlay(playNode, product: id)
            product.stores = [.appStore, .googlePlay]
        }
        if let storesNode = fields["stores"] {
            product.positions.stores = storesNode.position
            product.stores = Set(decoder.items(storesNode, "stores").compactMap { decoder.enumeration($0, "a store") as Store? }).sorted()
        }
        if let nameNode = fields["reference_name"] {
            product.referenceName = decoder.string(nameNode, "reference_name")
            product.positions.referenceName = nameNode.position
        } else if product.status != .removed && product.isSold(on: .appStore) {
            decoder.report(.missingField, "product '\(id)' is missing required field 'reference_name'", at: node.position)
        }
        if let cleared = fields["cleared_for_sale"], let value = decoder.bool(cleared, "cleared_for_sale") {
            product.clearedForSale = value
            product.positions.clearedForSale = cleared.position
        }
        if let availability = fields["availability"].flatMap({ decodeAvailability($0) }) {
            product.availability = availability
            // Unless the catalog also says it (lint checks the two agree), cleared for sale is
            // whether the availability names a territory.
            if product.positions.clearedForSale == nil { product.clearedForSale = !availability.isNowhere }
        }
        if let stateNode = fields["store_state"], let state = decoder.string(stateNode, "store_state") {
            product.appStore.storeState = AppStoreState(rawValue: state)
            product.appStore.positions.storeState = stateNode.position
        }
        if let images = fields["images"] {
            product.appStore.positions.images = fields.keyPosition("images")
            product.appStore.images = decoder.items(images, "images").compactMap { decodeImage($0) }
        }
        if let sharing = fields["family_sharing"], let value = decoder.bool(sharing, "family_sharing") {
            product.appStore.familySharing = value
            product.appStore.positions.familySharing = sharing.position
        }
        if let hosted = fields["hosted_content"], let value = decoder.bool(hosted, "hosted_content") {
            product.appStore.hostedContent = value
            product.appStore.positions.hostedContent = hosted.position
        }
        product.price = fields["price"].flatMap { decodePrice($0) }
        if let localizations = fields["localizations"] {
            product.positions.localizations = fields.keyPosition("localizations")
            product.localizations = decodeLocalizations(localizations)
        }
        product.appStore.review = fields["review"].flatMap { decodeReview($0) }
        product.appStore.promotion = fields["promotion"].flatMap { decodePromotion($0) }
        if let codes = fields["offer_codes"] {
            product.appStore.positions.offerCodes = fields.keyPosition("offer_codes")
            product.appStore.offerCodes = decoder.items(codes, "offer_codes").compactMap { decodePurchaseOfferCode($0) }
        }
        if let subscription = fields["subscription"] {
            product.positions.subscription = fields.keyPosition("subscription")
            product.subscription = decodeSubscription(subscription)
        }
        product.clientData = fields["client_data"].flatMap { node in
            guard node.kind == .mapping else {
                decoder.report(.invalidValue, "expected client_data to be a mapping, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return decoder.jsonValue(node)
        }
        return .product(product)
    }

    /// The product's type; when it is missing or not a type (reported), the type it most likely
    /// means, so that the rest of the product is still checked in the same run: auto-renewable
    /// when it has `subscription` terms, else what the written word stands for or is closest to,
    /// else non-consumable (which allows every field a one-time purchase may have).
    private mutating func decodeType(_ node: Node?, fields: NodeDecoder.Fields, product id: String) -> ProductType {
        let names = ProductType.allCases.map(\.rawValue)
        if let text = node?.text, let type = ProductType(rawValue: text) { return type }
        let written = node?.scalar?.text
        let meant = written.map { ProductType.meant(by: $0) } ?? []
        let closest = written.flatMap { Suggestion.closest(to: $0, in: names) }.flatMap(ProductType.init)
        let assumed: ProductType =
            fields["subscription"] != nil
            ? .autoRenewable : meant.first { $0 != .autoRenewable } ?? meant.first ?? closest ?? .nonConsumable
        let checkedAs = "the rest of product '\(id)' is checked as \(assumed.rawValue)"
        if let node {
            decoder.report(
                .invalidValue, "expected type to be one of \(names.joined(separator: ", ")), found \(decoder.describe(node)); \(checkedAs)",
                at: node.position,
                hint: written.flatMap { Suggestion.hint(for: $0, in: names, meant: { ProductType.meant(by: $0).map(\.rawValue) }) })
        } else {
            decoder.report(.missingField, "product '\(id)' is missing required field 'type'; \(checkedAs)", at: fields.position)
        }
        return assumed
    }

    private mutating func decodePrice(_ node: Node) -> Price? {
        if let scalar = node.scalar, scalar.value != .null {
            let amount = "\"\(scalar.text)\""
            decoder.report(
                .invalidValue, "expected price to be a mapping, found \(decoder.describe(node))", at: node.position,
                hint: "write prices by storefront, as price: { storefronts: { USA: \(amount) } }, or a legacy tier, as price: { tier: 1 }")
            return nil
        }
        guard let fields = decoder.fields(node, "price", known: Keys.price) else { return nil }
        var price = Price()
        price.positions.entry = node.position
        if let tierNode = fields["tier"] {
            price.tiers.tier = decoder.integer(tierNode, "the price tier")
            price.positions.tier = tierNode.position
        }
        if let schedule = fields["schedule"] {
            price.positions.schedule = schedule.position
            price.tiers.schedule = decoder.items(schedule, "the price schedule").compactMap { decodePriceInterval($0) }
        }
        if let storefronts = fields["storefronts"] {
            price.storefronts = storefrontPrices(storefronts)
        }
        if let base = fields["base_territory"] {
            price.baseTerritory = decoder.string(base, "the base territory")
            price.positions.baseTerritory = base.position
        }
        if let changes = fields["changes"] {
            price.positions.changes = fields.keyPosition("changes")
            price.changes = decoder.items(changes, "price changes").compactMap { decodePriceChange($0, "a price change") }
        }
        if let preserved = fields["preserved"] {
            price.positions.preserved = fields.keyPosition("preserved")
            price.preserved = decoder.items(preserved, "preserved prices").compactMap { decodePriceChange($0, "a preserved price") }
        }
        return price
    }

    /// A dated price; nil when its storefront or price is missing or a date cannot be read (reported).
    private mutating func decodePriceChange(_ node: Node, _ what: String) -> PriceChange? {
        guard let fields = decoder.fields(node, what, known: Keys.priceChange) else { return nil }
        let storefront = decoder.requireField(fields, "storefront", what: what).flatMap { decoder.string($0, "the storefront") }
        let amountNode = decoder.requireField(fields, "price", what: what)
        var amount: String?
        if let amountNode {
            if let scalar = amountNode.scalar {
                amount = scalar.text
            } else {
                decoder.report(
                    .invalidValue, "expected the price to be a decimal number, found \(amountNode.kindDescription)", at: amountNode.position
                )
            }
        }
        var change = PriceChange(storefront: storefront ?? "", amount: amount ?? "", position: node.position)
        for (key, path) in [("start_date" as StaticString, \PriceChange.startDate), ("end_date", \PriceChange.endDate)] {
            guard let dateNode = fields[key] else { continue }
            guard let date = date(dateNode, "\(key)") else { return nil }
            change[keyPath: path] = date
        }
        guard storefront != nil, amount != nil else { return nil }
        return change
    }

    /// `territories: all` or a list, `except`, `available_in_new_territories`.
    private mutating func decodeAvailability(_ node: Node) -> Availability? {
        guard let fields = decoder.fields(node, "availability", known: Keys.availability) else { return nil }
        guard let territoriesNode = decoder.requireField(fields, "territories", what: "availability"),
            var territories = decodeTerritories(territoriesNode, "availability")
        else { return nil }
        if let exceptNode = fields["except"] {
            let except = decoder.items(exceptNode, "except").compactMap { decoder.string($0, "a territory") }
            if case .all = territories {
                territories = .all(except: except)
            } else {
                decoder.report(
                    .invalidValue, "'except' goes with 'territories: all'; a list of territories names them directly",
                    at: fields.keyPosition("except"))
            }
        }
        let newNode = fields["available_in_new_territories"]
        let newTerritories = newNode.flatMap { decoder.bool($0, "available_in_new_territories") }
        var availability = Availability(territories: territories, availableInNewTerritories: newTerritories)
        availability.positions.entry = node.position
        availability.positions.territories = territoriesNode.position
        availability.positions.except = fields.keyPosition("except")
        availability.positions.newTerritories = newNode?.position
        return availability
    }

    /// `all`, or a list of territory codes (the list's own codes are checked by lint).
    private mutating func decodeTerritories(_ node: Node, _ what: String) -> TerritorySelection? {
        if node.kind == .sequence {
            return .only(decoder.items(node, "territories").compactMap { decoder.string($0, "a territory") })
        }
        if let scalar = node.scalar, scalar.text == "all" { return .everywhere }
        decoder.report(
            .invalidValue,
            "expected the territories of \(what) to be 'all' or a list of codes such as [USA, CAN], found \(decoder.describe(node))",
            at: node.position)
        return nil
    }

    private mutating func decodeImage(_ node: Node) -> ProductImage? {
        guard let fields = decoder.fields(node, "an image", known: Keys.image) else { return nil }
        var image = ProductImage()
        image.path = fields["path"].flatMap { decoder.string($0, "the image path") }
        image.fileName = fields["file_name"].flatMap { decoder.string($0, "the image file name") }
        image.checksum = fields["checksum"].flatMap { decoder.string($0, "the image checksum") }
        image.position = node.position
        if image.path == nil && image.checksum == nil {
            decoder.report(
                .missingField, "an image needs a 'path' (a file to upload) or a 'checksum' (an image the store holds)", at: node.position)
            return nil
        }
        return image
    }

    /// A mapping of storefront codes to decimal amounts, as written.
    private mutating func storefrontPrices(_ node: Node) -> [StorefrontPrice] {
        var prices: [StorefrontPrice] = []
        for entry in decoder.entries(node, "storefronts") {
            guard let scalar = entry.value.scalar else {
                decoder.report(
                    .invalidValue, "expected the \(entry.key) price to be a decimal number, found \(entry.value.kindDescription)",
                    at: entry.value.position)
                continue
            }
            prices.append(StorefrontPrice(storefront: entry.key, amount: scalar.text, position: entry.keyNode.position))
        }
        return prices
    }

    private mutating func decodePriceInterval(_ node: Node) -> PriceInterval? {
        guard let fields = decoder.fields(node, "a price schedule step", known: Keys.priceInterval),
            let tierNode = decoder.requireField(fields, "tier", what: "a price schedule step"),
            let tier = decoder.integer(tierNode, "the price tier")
        else { return nil }
        var interval = PriceInterval(tier: tier, position: node.position)
        // A step whose date cannot be read is left out: its date error is reported, and checking
        // the schedule's order without it would only add noise.
        for (key, path) in [("start_date" as StaticString, \PriceInterval.startDate), ("end_date", \PriceInterval.endDate)] {
            guard let node = fields[key] else { continue }
            guard let date = date(node, "\(key)") else { return nil }
            interval[keyPath: path] = date
        }
        return interval
    }

    /// A `YYYY-MM-DD` date, written plain or quoted.
    private mutating func date(_ node: Node, _ what: String) -> CalendarDate? {
        guard let text = decoder.string(node, what) else { return nil }
        guard let date = CalendarDate(text) else {
            decoder.report(.invalidValue, "expected \(what) to be a date YYYY-MM-DD, found \(decoder.describe(node))", at: node.position)
            return nil
        }
        return date
    }

    private mutating func decodeLocalizations(_ node: Node) -> [Localization] {
        let entries = decoder.entries(node, "localizations")
        var result: [Localization] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            // An entry whose fields are broken still counts as present for its locale.
            var localization = Localization(locale: entry.key, displayName: nil)
            localization.positions.locale = entry.keyNode.position
            if let fields = decoder.fields(entry.value, "the \(entry.key) localization", known: Keys.localization) {
                if let nameNode = decoder.requireField(fields, "display_name", what: "the \(entry.key) localization") {
                    localization.displayName = decoder.string(nameNode, "display_name")
                    localization.positions.displayName = nameNode.position
                }
                if let descriptionNode = fields["description"] {
                    localization.description = decoder.string(descriptionNode, "description")
                    localization.positions.description = descriptionNode.position
                }
            }
            result.append(localization)
        }
        return result
    }

    private mutating func decodeReview(_ node: Node) -> ReviewInfo? {
        guard let fields = decoder.fields(node, "review", known: Keys.review) else { return nil }
        var review = ReviewInfo()
        if let notes = fields["notes"] {
            review.notes = decoder.string(notes, "review notes")
            review.positions.notes = notes.position
        }
        if let screenshot = fields["screenshot"] {
            review.screenshot = decoder.string(screenshot, "the review screenshot path")
            review.positions.screenshot = screenshot.position
        }
        return review
    }

    /// An offer code of a one-time purchase; nil when its name is missing (reported).
    private mutating func decodePurchaseOfferCode(_ node: Node) -> PurchaseOfferCode? {
        let what = "an offer code"
        guard let fields = decoder.fields(node, what, known: Keys.purchaseOfferCode) else { return nil }
        let nameNode = decoder.requireField(fields, "reference_name", what: what)
        guard let name = nameNode.flatMap({ decoder.string($0, "reference_name") }) else { return nil }
        var code = PurchaseOfferCode(referenceName: name, eligibility: [], prices: [])
        code.positions.entry = node.position
        code.positions.referenceName = nameNode?.position
        if let eligibility = fields["eligibility"] {
            code.eligibility = decoder.items(eligibility, "eligibility").compactMap { decoder.enumeration($0, "an eligibility") }
            code.positions.eligibility = fields.keyPosition("eligibility")
        }
        if let prices = fields["prices"] {
            code.prices = storefrontPrices(prices)
            code.positions.prices = fields.keyPosition("prices")
        }
        if let active = fields["active"] {
            code.active = decoder.bool(active, "active")
            code.positions.active = active.position
        }
        if let custom = fields["custom_codes"] {
            code.customCodes = decoder.items(custom, "custom_codes").compactMap { decodeCustomCode($0) }
        }
        return code
    }

    /// A custom code of an offer code; nil when its code or count is missing (reported).
    private mutating func decodeCustomCode(_ node: Node) -> CustomOfferCode? {
        let what = "a custom code"
        guard let fields = decoder.fields(node, what, known: Keys.customCode) else { return nil }
        let code = decoder.requireField(fields, "code", what: what).flatMap { decoder.string($0, "the custom code") }
        let count = decoder.requireField(fields, "count", what: what).flatMap { decoder.integer($0, "the number of redemptions") }
        guard let code, let count else { return nil }
        var custom = CustomOfferCode(code: code, count: count)
        custom.expires = fields["expires"].flatMap { date($0, "expires") }
        custom.active = fields["active"].flatMap { decoder.bool($0, "active") }
        custom.position = node.position
        return custom
    }

    private mutating func decodePromotion(_ node: Node) -> Promotion? {
        guard let fields = decoder.fields(node, "promotion", known: Keys.promotion) else { return nil }
        var promotion = Promotion()
        promotion.positions.entry = node.position
        if let visible = fields["visible"].flatMap({ decoder.bool($0, "promotion visible") }) { promotion.visible = visible }
        if let enabled = fields["enabled"].flatMap({ decoder.bool($0, "promotion enabled") }) { promotion.enabled = enabled }
        if let orderNode = fields["order"] {
            promotion.order = decoder.integer(orderNode, "the promotion order")
            promotion.positions.order = orderNode.position
        }
        return promotion
    }

    private mutating func decodeSubscription(_ node: Node) -> SubscriptionTerms? {
        guard let fields = decoder.fields(node, "subscription", known: Keys.subscription) else { return nil }
        // Every field is read (and diagnosed) even when an earlier one is wrong.
        let groupNode = decoder.requireField(fields, "group", what: "subscription")
        let group = groupNode.flatMap { decoder.string($0, "the subscription group") }
        let durationNode = decoder.requireField(fields, "duration", what: "subscription")
        // A duration in words (`1 month`) is reported, and the rest is checked with the period it means.
        let duration: SubscriptionPeriod? = durationNode.flatMap { node in
            decoder.enumeration(node, "the subscription duration", allowed: SubscriptionPeriod.subscriptionDurations)
                ?? node.text.flatMap { SubscriptionPeriod.meant(by: $0).first(where: SubscriptionPeriod.subscriptionDurations.contains) }
        }
        let rankNode = fields["rank"]
        let rank = rankNode.flatMap { decoder.integer($0, "the subscription rank") }
        let freeTrial: SubscriptionPeriod? = fields["free_trial_duration"].flatMap { decoder.enumeration($0, "free_trial_duration") }
        let bonus: SubscriptionPeriod? = fields["bonus_duration"].flatMap { decoder.enumeration($0, "bonus_duration") }
        let introductory = fields["introductory_offer"].flatMap { decodeOffer($0, "the introductory offer") }
        if let introductory, freeTrial != nil {
            decoder.report(
                .subscriptionOffer, "give either free_trial_duration or introductory_offer, not both",
                at: introductory.positions.entry)
        }
        let promotional = fields["promotional_offers"].map { node in
            decoder.items(node, "promotional_offers").compactMap { decodeOffer($0, "a promotional offer") }
        }
        let codes = fields["offer_codes"].map { node in
            decoder.items(node, "offer_codes").compactMap { decodeOffer($0, "an offer code") }
        }
        let introductoryRows = fields["introductory_offers"].map { node in
            decoder.items(node, "introductory_offers").compactMap { decodeOffer($0, "an introductory offer") }
        }
        if introductoryRows != nil, introductory != nil || freeTrial != nil {
            decoder.report(
                .subscriptionOffer,
                "give the introductory offer once: introductory_offers (rows by territory) or introductory_offer / free_trial_duration",
                at: fields.keyPosition("introductory_offers"))
        }
        let winBack = fields["win_back_offers"].map { node in
            decoder.items(node, "win_back_offers").compactMap { decodeWinBackOffer($0) }
        }
        let monthly = fields["monthly_billing"].flatMap { decodeBillingPlan($0) }
        let multiseat = fields["multiseat"].flatMap { decodeMultiseat($0) }
        guard let group, let duration else { return nil }
        var terms = SubscriptionTerms(group: group, duration: duration, rank: rank, freeTrialDuration: freeTrial, bonusDuration: bonus)
        if let introductory { terms.introductoryOffer = introductory }
        terms.promotionalOffers = promotional ?? []
        terms.offerCodes = codes ?? []
        terms.introductoryOffers = introductoryRows ?? []
        terms.winBackOffers = winBack ?? []
        terms.monthlyBilling = monthly
        terms.multiseat = multiseat
        terms.positions.introductoryOffers = fields.keyPosition("introductory_offers")
        terms.positions.entry = node.position
        terms.positions.group = groupNode?.position
        terms.positions.duration = durationNode?.position
        terms.positions.rank = rankNode?.position
        return terms
    }

    /// An offer; nil when its mode or duration is missing or unreadable (reported).
    private mutating func decodeOffer(_ node: Node, _ what: String) -> SubscriptionOffer? {
        guard let fields = decoder.fields(node, what, known: Keys.offer) else { return nil }
        let modeNode = decoder.requireField(fields, "mode", what: what)
        let mode: OfferMode? = modeNode.flatMap { decoder.enumeration($0, "the offer mode") }
        let durationNode = decoder.requireField(fields, "duration", what: what)
        let duration: SubscriptionPeriod? = durationNode.flatMap { decoder.enumeration($0, "the offer duration") }
        guard let mode, let duration else { return nil }
        var offer = SubscriptionOffer(mode: mode, duration: duration)
        offer.positions.entry = node.position
        offer.positions.mode = modeNode?.position
        offer.positions.duration = durationNode?.position
        if let idNode = fields["id"] {
            offer.id = decoder.string(idNode, "the offer id")
            offer.positions.id = idNode.position
        }
        let terms = decodeTerms(fields)
        offer.referenceName = terms.name
        if let (periods, position) = terms.periods { (offer.periods, offer.positions.periods) = (periods, position) }
        if let (prices, position) = terms.prices { (offer.prices, offer.positions.prices) = (prices, position) }
        if let eligibility = fields["eligibility"] {
            offer.eligibility = decoder.items(eligibility, "eligibility").compactMap { decoder.enumeration($0, "an eligibility") }
        }
        offer.stackable = fields["stackable"].flatMap { decoder.bool($0, "stackable") }
        offer.active = fields["active"].flatMap { decoder.bool($0, "active") }
        offer.autoRenew = fields["auto_renew"].flatMap { decoder.bool($0, "auto_renew") }
        offer.plan = fields["plan"].flatMap { decoder.enumeration($0, "the billing plan") }
        (offer.territories, offer.positions.territories) = offerTerritories(fields, what)
        if let start = fields["start_date"] {
            offer.startDate = date(start, "start_date")
            offer.positions.startDate = start.position
        }
        offer.endDate = fields["end_date"].flatMap { date($0, "end_date") }
        return offer
    }

    /// An offer's `territories` (with `except` after `territories: all`) and where they are written.
    private mutating func offerTerritories(_ fields: NodeDecoder.Fields, _ what: String) -> (TerritorySelection?, SourcePosition?) {
        var selection: TerritorySelection?
        var position: SourcePosition?
        if let territoriesNode = fields["territories"], var territories = decodeTerritories(territoriesNode, what) {
            if let exceptNode = fields["except"], case .all = territories {
                territories = .all(except: decoder.items(exceptNode, "except").compactMap { decoder.string($0, "a territory") })
            }
            selection = territories
            position = territoriesNode.position
        }
        if fields["except"] != nil, selection.map({ if case .all = $0 { false } else { true } }) ?? true {
            decoder.report(.invalidValue, "'except' goes with 'territories: all'", at: fields.keyPosition("except"))
        }
        return (selection, position)
    }

    /// `reference_name`, `periods` and `prices`, which every kind of offer has, with their positions.
    private mutating func decodeTerms(_ fields: NodeDecoder.Fields) -> (
        name: String?, periods: (Int, SourcePosition?)?, prices: ([StorefrontPrice], SourcePosition?)?
    ) {
        let name = fields["reference_name"].flatMap { decoder.string($0, "reference_name") }
        var periods: (Int, SourcePosition?)?
        if let node = fields["periods"], let count = decoder.integer(node, "the number of offer periods") {
            periods = (count, node.position)
        }
        let prices = fields["prices"].map { (storefrontPrices($0), fields.keyPosition("prices")) }
        return (name, periods, prices)
    }

    /// A win-back offer; nil when its id, mode or duration is missing or unreadable (reported).
    private mutating func decodeWinBackOffer(_ node: Node) -> WinBackOffer? {
        let what = "a win-back offer"
        guard let fields = decoder.fields(node, what, known: Keys.winBackOffer) else { return nil }
        let idNode = decoder.requireField(fields, "id", what: what)
        let id = idNode.flatMap { decoder.string($0, "the offer id") }
        let modeNode = decoder.requireField(fields, "mode", what: what)
        let mode: OfferMode? = modeNode.flatMap { decoder.enumeration($0, "the offer mode") }
        let duration: SubscriptionPeriod? = decoder.requireField(fields, "duration", what: what).flatMap {
            decoder.enumeration($0, "the offer duration")
        }
        guard let id, let mode, let duration else { return nil }
        var offer = WinBackOffer(id: id, mode: mode, duration: duration)
        offer.positions.entry = node.position
        offer.positions.id = idNode?.position
        offer.positions.mode = modeNode?.position
        let terms = decodeTerms(fields)
        offer.referenceName = terms.name
        if let (periods, position) = terms.periods { (offer.periods, offer.positions.periods) = (periods, position) }
        if let (prices, position) = terms.prices { (offer.prices, offer.positions.prices) = (prices, position) }
        offer.paidMonths = fields["paid_months"].flatMap { decoder.integer($0, "paid_months") }
        offer.waitMonths = fields["wait_months"].flatMap { decoder.integer($0, "wait_months") }
        (offer.territories, offer.positions.territories) = offerTerritories(fields, what)
        if let range = fields["lapsed_months"], let rangeFields = decoder.fields(range, "lapsed_months", known: Keys.monthRange) {
            offer.lapsedMonths = MonthRange(
                minimum: rangeFields["min"].flatMap { decoder.integer($0, "lapsed_months min") },
                maximum: rangeFields["max"].flatMap { decoder.integer($0, "lapsed_months max") })
        }
        if let start = fields["start_date"] {
            offer.startDate = date(start, "start_date")
            offer.positions.startDate = start.position
        }
        offer.endDate = fields["end_date"].flatMap { date($0, "end_date") }
        offer.priority = fields["priority"].flatMap { decoder.enumeration($0, "the offer priority") }
        offer.promotion = fields["promotion"].flatMap { decoder.enumeration($0, "the offer promotion") }
        offer.plan = fields["plan"].flatMap { decoder.enumeration($0, "the billing plan") }
        return offer
    }

    private mutating func decodeBillingPlan(_ node: Node) -> BillingPlanTerms? {
        guard let fields = decoder.fields(node, "monthly_billing", known: Keys.billingPlan) else { return nil }
        var plan = BillingPlanTerms(
            price: fields["price"].flatMap { decodePrice($0) }, availability: fields["availability"].flatMap { decodeAvailability($0) })
        plan.positions.entry = node.position
        return plan
    }

    /// `multiseat: { enabled, markets }`; nil when `enabled` is missing or unreadable (reported).
    private mutating func decodeMultiseat(_ node: Node) -> Multiseat? {
        guard let fields = decoder.fields(node, "multiseat", known: Keys.multiseat) else { return nil }
        let enabledNode = decoder.requireField(fields, "enabled", what: "multiseat")
        let enabled = enabledNode.flatMap { decoder.bool($0, "multiseat enabled") }
        let marketsNode = fields["markets"]
        let markets: [MultiseatMarket]? = marketsNode.map { node in
            decoder.items(node, "markets").compactMap { decoder.enumeration($0, "a multiseat market") }
        }
        guard let enabled else { return nil }
        var multiseat = Multiseat(enabled: enabled, markets: markets)
        multiseat.positions.entry = node.position
        multiseat.positions.enabled = enabledNode?.position
        multiseat.positions.markets = marketsNode?.position
        return multiseat
    }

    private mutating func decodeList(_ node: Node) -> ProductListDeclaration? {
        guard let fields = decoder.fields(node, "a list", known: Keys.list),
            let pathNode = decoder.requireField(fields, "path", what: "a list"),
            let path = decoder.string(pathNode, "the list path")
        else { return nil }
        let format: ProductListFormat
        if let formatNode = fields["format"] {
            guard let declared: ProductListFormat = decoder.enumeration(formatNode, "the list format") else { return nil }
            format = declared
        } else if let implied = ProductListFormat.implied(byFileName: path) {
            format = implied
        } else {
            decoder.report(
                .missingField,
                "list '\(path)' needs a 'format' (plist, v1, v2, storekit or unity): its file name does not say", at: node.position)
            return nil
        }
        let environment =
            fields["environment"].flatMap { decoder.enumeration($0, "the list environment") } ?? format.defaultEnvironment ?? .production
        return ProductListDeclaration(path: path, format: format, environment: environment, position: pathNode.position)
    }
}
