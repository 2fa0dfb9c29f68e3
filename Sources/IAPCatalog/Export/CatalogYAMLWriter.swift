/// Writes a ``Catalog`` as catalog YAML: block style, fields in the order the format documents,
/// defaults left out, strings quoted only where a YAML reader could misread them. The same
/// catalog always gives the same text, and reading the text back gives the same catalog.
public struct CatalogYAMLWriter {
    /// Lines written at the top, as `# …` comments (where the catalog came from, what to fill in).
    public var headerComments: [String]

    /// Creates a writer that puts `headerComments` at the top (none by default).
    public init(headerComments: [String] = []) {
        self.headerComments = headerComments
    }

    /// The catalog as YAML text, ending in a newline.
    public func render(_ catalog: Catalog) -> String {
        var out = YAMLOutput()
        for comment in headerComments { out.line(0, "# " + comment) }
        out.line(0, "format_version: \(catalog.formatVersion)")
        out.blank()
        renderApp(catalog.app, into: &out)
        if !catalog.subscriptionGroups.isEmpty {
            out.blank()
            out.line(0, "subscription_groups:")
            for group in catalog.subscriptionGroups { renderGroup(group, into: &out) }
        }
        out.blank()
        out.line(0, catalog.products.isEmpty ? "products: []" : "products:")
        for (index, product) in catalog.products.enumerated() {
            if index > 0 { out.blank() }
            renderProduct(product, into: &out)
        }
        if !catalog.lists.isEmpty {
            out.blank()
            out.line(0, "lists:")
            for list in catalog.lists {
                out.item(1, "path", list.path)
                if ProductListFormat.implied(byFileName: list.path) != list.format { out.field(2, "format", list.format.rawValue) }
                out.field(2, "environment", list.environment.rawValue)
            }
        }
        return out.text
    }

    private func renderApp(_ app: AppInfo, into out: inout YAMLOutput) {
        out.line(0, "app:")
        if let bundleID = app.bundleID {
            out.field(1, "bundle_id", bundleID)
        } else {
            out.line(1, "# bundle_id: com.example.app   (the imported file does not say; add the app's bundle id)")
        }
        if let appleID = app.appleID { out.field(1, "apple_id", appleID) }
        if let sku = app.sku { out.field(1, "sku", sku) }
        out.field(1, "default_locale", app.defaultLocale)
        if let provider = app.provider { out.field(1, "provider", provider) }
        if let teamID = app.teamID { out.field(1, "team_id", teamID) }
        if let platform = app.platform { out.field(1, "platform", platform) }
        if let play = app.googlePlay { renderGooglePlayApp(play, into: &out) }
    }

    private func renderGroup(_ group: SubscriptionGroup, into out: inout YAMLOutput) {
        out.item(1, "id", group.id)
        if let name = group.referenceName { out.field(2, "reference_name", name) }
        guard !group.localizations.isEmpty else { return }
        out.line(2, "localizations:")
        for localization in group.localizations {
            out.line(3, YAMLScalar.render(localization.locale) + ":")
            if let name = localization.name { out.field(4, "name", name) }
            if let appName = localization.appName { out.field(4, "app_name", appName) }
        }
    }

    private func renderProduct(_ product: Product, into out: inout YAMLOutput) {
        out.item(1, "id", product.id)
        out.field(2, "type", product.type.rawValue)
        if let name = product.referenceName { out.field(2, "reference_name", name) }
        out.field(2, "status", product.status.rawValue)
        if let state = product.appStore.storeState { out.field(2, "store_state", state.rawValue) }
        if product.stores != product.impliedStores { out.flowList(2, "stores", product.stores.map(\.rawValue)) }
        guard product.status != .removed || product.price != nil || !product.localizations.isEmpty else {
            // A tombstone keeps its Play id: Play never frees one either.
            if let play = product.googlePlay { renderGooglePlay(play, into: &out) }
            return
        }
        if let availability = product.availability {
            renderAvailability(availability, level: 2, into: &out)
        } else if !product.clearedForSale {
            out.line(2, "cleared_for_sale: false")
        }
        if product.appStore.familySharing { out.line(2, "family_sharing: true") }
        if product.appStore.hostedContent { out.line(2, "hosted_content: true") }
        if let terms = product.subscription {
            out.line(2, "subscription:")
            out.field(3, "group", terms.group)
            out.field(3, "duration", terms.duration.rawValue)
            if let rank = terms.rank { out.line(3, "rank: \(rank)") }
            if let multiseat = terms.multiseat {
                out.line(3, "multiseat:")
                out.line(4, "enabled: \(multiseat.enabled)")
                if let markets = multiseat.markets { out.line(4, "markets: [\(markets.map(\.rawValue).joined(separator: ", "))]") }
            }
            if let trial = terms.freeTrialDuration {
                out.field(3, "free_trial_duration", trial.rawValue)
            } else if let offer = terms.introductoryOffer {
                out.line(3, "introductory_offer:")
                renderOffer(offer, level: 4, into: &out)
            }
            if let bonus = terms.bonusDuration { out.field(3, "bonus_duration", bonus.rawValue) }
            let offerLists = [
                ("introductory_offers", terms.introductoryOffers), ("promotional_offers", terms.promotionalOffers),
                ("offer_codes", terms.offerCodes),
            ]
            for (key, offers) in offerLists where !offers.isEmpty {
                out.line(3, "\(key):")
                for offer in offers {
                    // `- first: …` with the other fields under it.
                    var item = YAMLOutput()
                    renderOffer(offer, level: 5, into: &item)
                    out.append(String(repeating: "  ", count: 4) + "- " + item.text.dropFirst(10))
                }
            }
            if !terms.winBackOffers.isEmpty {
                out.line(3, "win_back_offers:")
                for offer in terms.winBackOffers {
                    var item = YAMLOutput()
                    renderWinBackOffer(offer, level: 5, into: &item)
                    out.append(String(repeating: "  ", count: 4) + "- " + item.text.dropFirst(10))
                }
            }
            if let monthly = terms.monthlyBilling {
                out.line(3, "monthly_billing:")
                if let price = monthly.price { renderPrice(price, level: 4, into: &out) }
                if let availability = monthly.availability { renderAvailability(availability, level: 4, into: &out) }
                if monthly.price == nil && monthly.availability == nil { out.line(4, "{}") }
            }
        }
        if let price = product.price { renderPrice(price, level: 2, into: &out) }
        if !product.appStore.offerCodes.isEmpty {
            out.line(2, "offer_codes:")
            for code in product.appStore.offerCodes {
                var item = YAMLOutput()
                renderPurchaseOfferCode(code, level: 4, into: &item)
                out.append(String(repeating: "  ", count: 3) + "- " + item.text.dropFirst(8))
            }
        }
        if !product.localizations.isEmpty {
            out.line(2, "localizations:")
            for localization in product.localizations {
                out.line(3, YAMLScalar.render(localization.locale) + ":")
                if let name = localization.displayName { out.field(4, "display_name", name) }
                if let description = localization.description { out.field(4, "description", description) }
            }
        }
        if let review = product.appStore.review, review.notes != nil || review.screenshot != nil {
            out.line(2, "review:")
            if let notes = review.notes { out.field(3, "notes", notes) }
            if let screenshot = review.screenshot { out.field(3, "screenshot", screenshot) }
        }
        if let promotion = product.appStore.promotion {
            out.line(2, "promotion:")
            out.line(3, "visible: \(promotion.visible)")
            if let order = promotion.order { out.line(3, "order: \(order)") }
            if !promotion.enabled { out.line(3, "enabled: false") }
        }
        if !product.appStore.images.isEmpty {
            out.line(2, "images:")
            for image in product.appStore.images {
                var fields: [(String, String)] = []
                if let path = image.path { fields.append(("path", path)) }
                if let name = image.fileName { fields.append(("file_name", name)) }
                if let checksum = image.checksum { fields.append(("checksum", checksum)) }
                for (index, field) in fields.enumerated() {
                    out.line(index == 0 ? 3 : 4, (index == 0 ? "- " : "") + "\(field.0): \(YAMLScalar.render(field.1))")
                }
            }
        }
        if let play = product.googlePlay { renderGooglePlay(play, into: &out) }
        if case .object(let members)? = product.clientData, !members.isEmpty {
            out.line(2, "client_data:")
            for member in members { out.line(3, YAMLScalar.render(member.key) + ": " + Self.inline(member.value)) }
        }
    }

    /// A client-data value on one line: scalars as YAML, collections as JSON (which YAML reads).
    private static func inline(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): YAMLScalar.render(text)
        case .array, .object: JSONWriter.serialize(value, pretty: false)
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int, .double: JSONWriter.serialize(value, pretty: false)
        }
    }

    /// An offer code of a one-time purchase at `level`, in the order the format documents.
    private func renderPurchaseOfferCode(_ code: PurchaseOfferCode, level: Int, into out: inout YAMLOutput) {
        out.field(level, "reference_name", code.referenceName)
        out.line(level, "eligibility: [" + code.eligibility.map(\.rawValue).joined(separator: ", ") + "]")
        if !code.prices.isEmpty {
            out.line(level, "prices:")
            for entry in code.prices { out.line(level + 1, "\(entry.storefront): \(YAMLScalar.quoted(entry.amount))") }
        }
        if let active = code.active { out.line(level, "active: \(active)") }
        guard !code.customCodes.isEmpty else { return }
        out.line(level, "custom_codes:")
        for custom in code.customCodes {
            var fields = ["code: " + YAMLScalar.renderInFlow(custom.code), "count: \(custom.count)"]
            if let expires = custom.expires { fields.append("expires: \(expires)") }
            if let active = custom.active { fields.append("active: \(active)") }
            out.line(level + 1, "- { " + fields.joined(separator: ", ") + " }")
        }
    }

    /// An offer's fields at `level`, in the order the format documents.
    private func renderOffer(_ offer: SubscriptionOffer, level: Int, into out: inout YAMLOutput) {
        if let id = offer.id { out.field(level, "id", id) }
        renderTerms(offer.referenceName, offer.mode, offer.duration, offer.periods, offer.prices, level: level, into: &out)
        if !offer.eligibility.isEmpty {
            out.line(level, "eligibility: [" + offer.eligibility.map(\.rawValue).joined(separator: ", ") + "]")
        }
        if let stackable = offer.stackable { out.line(level, "stackable: \(stackable)") }
        if let active = offer.active { out.line(level, "active: \(active)") }
        if let autoRenew = offer.autoRenew { out.line(level, "auto_renew: \(autoRenew)") }
        if let territories = offer.territories { renderTerritories(territories, level: level, into: &out) }
        if let start = offer.startDate { out.line(level, "start_date: \(start)") }
        if let end = offer.endDate { out.line(level, "end_date: \(end)") }
        if let plan = offer.plan { out.line(level, "plan: \(plan.rawValue)") }
    }

    /// `reference_name`, `mode`, `duration`, `periods` (unless 1) and `prices`: what every kind of offer has.
    private func renderTerms(
        _ name: String?, _ mode: OfferMode, _ duration: SubscriptionPeriod, _ periods: Int, _ prices: [StorefrontPrice], level: Int,
        into out: inout YAMLOutput
    ) {
        if let name { out.field(level, "reference_name", name) }
        out.field(level, "mode", mode.rawValue)
        out.field(level, "duration", duration.rawValue)
        if periods != 1 { out.line(level, "periods: \(periods)") }
        if !prices.isEmpty {
            out.line(level, "prices:")
            for entry in prices { out.line(level + 1, "\(entry.storefront): \(YAMLScalar.quoted(entry.amount))") }
        }
    }

    private func renderWinBackOffer(_ offer: WinBackOffer, level: Int, into out: inout YAMLOutput) {
        out.field(level, "id", offer.id)
        renderTerms(offer.referenceName, offer.mode, offer.duration, offer.periods, offer.prices, level: level, into: &out)
        if let months = offer.paidMonths { out.line(level, "paid_months: \(months)") }
        if let range = offer.lapsedMonths {
            let parts = [range.minimum.map { "min: \($0)" }, range.maximum.map { "max: \($0)" }].compactMap { $0 }
            out.line(level, "lapsed_months: { " + parts.joined(separator: ", ") + " }")
        }
        if let months = offer.waitMonths { out.line(level, "wait_months: \(months)") }
        if let territories = offer.territories { renderTerritories(territories, level: level, into: &out) }
        if let start = offer.startDate { out.line(level, "start_date: \(start)") }
        if let end = offer.endDate { out.line(level, "end_date: \(end)") }
        if let priority = offer.priority { out.line(level, "priority: \(priority.rawValue)") }
        if let promotion = offer.promotion { out.line(level, "promotion: \(promotion.rawValue)") }
        if let plan = offer.plan { out.line(level, "plan: \(plan.rawValue)") }
    }

    private func renderAvailability(_ availability: Availability, level: Int, into out: inout YAMLOutput) {
        out.line(level, "availability:")
        renderTerritories(availability.territories, level: level + 1, into: &out)
        out.line(level + 1, "available_in_new_territories: \(availability.availableInNewTerritories)")
    }

    /// `territories: all` (with `except`) or `territories: [A, B]`.
    private func renderTerritories(_ territories: TerritorySelection, level: Int, into out: inout YAMLOutput) {
        switch territories {
        case .all(let except):
            out.line(level, "territories: all")
            if !except.isEmpty { out.flowList(level, "except", except) }
        case .only(let codes):
            out.flowList(level, "territories", codes)
        }
    }

    private func renderPrice(_ price: Price, level: Int, into out: inout YAMLOutput) {
        out.line(level, "price:")
        if let base = price.baseTerritory { out.line(level + 1, "base_territory: \(base)") }
        if let tier = price.tiers.tier { out.line(level + 1, "tier: \(tier)") }
        if !price.tiers.schedule.isEmpty {
            out.line(level + 1, "schedule:")
            for step in price.tiers.schedule {
                out.line(level + 2, "- tier: \(step.tier)")
                if let start = step.startDate { out.line(level + 3, "start_date: \(start)") }
                if let end = step.endDate { out.line(level + 3, "end_date: \(end)") }
            }
        }
        if !price.storefronts.isEmpty {
            out.line(level + 1, "storefronts:")
            for entry in price.storefronts { out.line(level + 2, "\(entry.storefront): \(YAMLScalar.quoted(entry.amount))") }
        }
        for (key, rows) in [("changes", price.changes), ("preserved", price.preserved)] where !rows.isEmpty {
            out.line(level + 1, "\(key):")
            for row in rows {
                var fields = ["storefront: \(YAMLScalar.renderInFlow(row.storefront))", "price: \(YAMLScalar.quoted(row.amount))"]
                if let start = row.startDate { fields.append("start_date: \(start)") }
                if let end = row.endDate { fields.append("end_date: \(end)") }
                out.line(level + 2, "- { " + fields.joined(separator: ", ") + " }")
            }
        }
    }
}

/// Lines of YAML with two-space indentation.
struct YAMLOutput {
    private(set) var text = ""

    mutating func line(_ level: Int, _ content: String) {
        text += String(repeating: "  ", count: level) + content + "\n"
    }

    mutating func blank() { text += "\n" }

    /// Lines already indented and ending in a newline.
    mutating func append(_ lines: String) { text += lines }

    mutating func field(_ level: Int, _ key: String, _ value: String) {
        line(level, "\(key): \(YAMLScalar.render(value))")
    }

    /// A list item whose first field is `key: value` (`- key: value`).
    mutating func item(_ level: Int, _ key: String, _ value: String) {
        line(level, "- \(key): \(YAMLScalar.render(value))")
    }

    /// `key: [a, b, …]`, wrapped before 100 columns with the following lines indented under the key.
    mutating func flowList(_ level: Int, _ key: String, _ items: [String]) {
        let indent = String(repeating: "  ", count: level)
        var current = indent + key + ": ["
        for (index, item) in items.enumerated() {
            let piece = YAMLScalar.renderInFlow(item) + (index == items.count - 1 ? "]" : ",")
            if current.count + piece.count + 1 > 100 && !current.hasSuffix("[") {
                text += current + "\n"
                current = indent + "  " + piece
            } else {
                current += (current.hasSuffix("[") ? "" : " ") + piece
            }
        }
        if items.isEmpty { current += "]" }
        text += current + "\n"
    }
}
