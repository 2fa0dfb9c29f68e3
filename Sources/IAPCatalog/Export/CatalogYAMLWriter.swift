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
        guard product.status != .removed || product.price != nil || !product.localizations.isEmpty else { return }
        if !product.clearedForSale { out.line(2, "cleared_for_sale: false") }
        if product.familySharing { out.line(2, "family_sharing: true") }
        if product.hostedContent { out.line(2, "hosted_content: true") }
        if let terms = product.subscription {
            out.line(2, "subscription:")
            out.field(3, "group", terms.group)
            out.field(3, "duration", terms.duration.rawValue)
            if let rank = terms.rank { out.line(3, "rank: \(rank)") }
            if let trial = terms.freeTrialDuration {
                out.field(3, "free_trial_duration", trial.rawValue)
            } else if let offer = terms.introductoryOffer {
                out.line(3, "introductory_offer:")
                renderOffer(offer, level: 4, into: &out)
            }
            if let bonus = terms.bonusDuration { out.field(3, "bonus_duration", bonus.rawValue) }
            for (key, offers) in [("promotional_offers", terms.promotionalOffers), ("offer_codes", terms.offerCodes)] where !offers.isEmpty
            {
                out.line(3, "\(key):")
                for offer in offers {
                    // `- first: …` with the other fields under it.
                    var item = YAMLOutput()
                    renderOffer(offer, level: 5, into: &item)
                    out.append(String(repeating: "  ", count: 4) + "- " + item.text.dropFirst(10))
                }
            }
        }
        if let price = product.price { renderPrice(price, into: &out) }
        if !product.localizations.isEmpty {
            out.line(2, "localizations:")
            for localization in product.localizations {
                out.line(3, YAMLScalar.render(localization.locale) + ":")
                if let name = localization.displayName { out.field(4, "display_name", name) }
                if let description = localization.description { out.field(4, "description", description) }
            }
        }
        if let review = product.review, review.notes != nil || review.screenshot != nil {
            out.line(2, "review:")
            if let notes = review.notes { out.field(3, "notes", notes) }
            if let screenshot = review.screenshot { out.field(3, "screenshot", screenshot) }
        }
        if let promotion = product.promotion {
            out.line(2, "promotion:")
            out.line(3, "visible: \(promotion.visible)")
            if let order = promotion.order { out.line(3, "order: \(order)") }
        }
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

    /// An offer's fields at `level`, in the order the format documents.
    private func renderOffer(_ offer: SubscriptionOffer, level: Int, into out: inout YAMLOutput) {
        if let id = offer.id { out.field(level, "id", id) }
        if let name = offer.referenceName { out.field(level, "reference_name", name) }
        out.field(level, "mode", offer.mode.rawValue)
        out.field(level, "duration", offer.duration.rawValue)
        if offer.periods != 1 { out.line(level, "periods: \(offer.periods)") }
        if !offer.prices.isEmpty {
            out.line(level, "prices:")
            for entry in offer.prices { out.line(level + 1, "\(entry.storefront): \(YAMLScalar.quoted(entry.amount))") }
        }
        if !offer.eligibility.isEmpty {
            out.line(level, "eligibility: [" + offer.eligibility.map(\.rawValue).joined(separator: ", ") + "]")
        }
        if let stackable = offer.stackable { out.line(level, "stackable: \(stackable)") }
    }

    private func renderPrice(_ price: Price, into out: inout YAMLOutput) {
        out.line(2, "price:")
        if let base = price.baseTerritory { out.line(3, "base_territory: \(base)") }
        if let tier = price.tier { out.line(3, "tier: \(tier)") }
        if !price.schedule.isEmpty {
            out.line(3, "schedule:")
            for step in price.schedule {
                out.line(4, "- tier: \(step.tier)")
                if let start = step.startDate { out.line(5, "start_date: \(start)") }
                if let end = step.endDate { out.line(5, "end_date: \(end)") }
            }
        }
        if !price.storefronts.isEmpty {
            out.line(3, "storefronts:")
            for entry in price.storefronts { out.line(4, "\(entry.storefront): \(YAMLScalar.quoted(entry.amount))") }
        }
    }
}

/// Lines of YAML with two-space indentation.
private struct YAMLOutput {
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
}
