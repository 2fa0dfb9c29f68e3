/// Writes a bulk-upload `metadata.xml` (schemas/bulk-iap.xsd, docs/bulk-xml.md) with libxml2's
/// text writer: one canonical element order, four-space indentation, the same bytes for the same
/// input. Auto-renewable subscriptions go inside their `<subscription_group>`, placed where the
/// group's first subscription stands in the catalog. Read-only values are written only when
/// `includesStatus` is set (for archives and round trips, never for an upload).
struct BulkXMLWriter {
    var provider: String
    var teamID: String?
    var includesStatus: Bool

    func render(app: AppInfo, groups: [SubscriptionGroup], products: [Product], screenshots: [String: PackagedScreenshot]) -> [UInt8] {
        let writer = XMLWriter(indentation: "    ")
        return writer.document {
            writer.element("package", attributes: [("xmlns", BulkXMLVocabulary.namespace), ("version", BulkXMLVocabulary.version)]) {
                writer.element("provider", text: provider)
                if let teamID { writer.element("team_id", text: teamID) }
                writer.element("software") {
                    writer.element("vendor_id", text: app.sku ?? "")
                    if includesStatus, let appleID = app.appleID { readOnly(writer, [("apple-id", appleID)]) }
                    writer.element("software_metadata", attributes: app.platform.map { [("app_platform", $0)] } ?? []) {
                        writer.element("in_app_purchases") {
                            inAppPurchases(writer, groups: groups, products: products, screenshots: screenshots)
                        }
                    }
                }
            }
        }
    }

    private func inAppPurchases(
        _ writer: XMLWriter, groups: [SubscriptionGroup], products: [Product], screenshots: [String: PackagedScreenshot]
    ) {
        var writtenGroups: Set<String> = []
        for product in products {
            guard let groupID = product.subscription?.group else {
                inAppPurchase(writer, product, screenshot: screenshots[product.id])
                continue
            }
            guard writtenGroups.insert(groupID).inserted, let group = groups.first(where: { $0.id == groupID }) else { continue }
            writer.element("subscription_group", attributes: [("name", group.referenceName ?? group.id)]) {
                if !group.localizations.isEmpty {
                    writer.element("locales") {
                        for localization in group.localizations {
                            writer.element("locale", attributes: [("name", localization.locale)]) {
                                writer.element("title", text: localization.name ?? "")
                                if let appName = localization.appName { writer.element("app_name", text: appName) }
                            }
                        }
                    }
                }
                for member in products where member.subscription?.group == groupID {
                    inAppPurchase(writer, member, screenshot: screenshots[member.id])
                }
            }
        }
    }

    private func inAppPurchase(_ writer: XMLWriter, _ product: Product, screenshot: PackagedScreenshot?) {
        writer.element("in_app_purchase") {
            writer.element("product_id", text: product.id)
            writer.element("reference_name", text: product.referenceName ?? "")
            writer.element("type", text: BulkXMLVocabulary.typeName(product.type))
            if let terms = product.subscription {
                writer.element("duration", text: terms.duration.bulkXMLName)
                if let trial = terms.freeTrialDuration { writer.element("free_trial_duration", text: trial.bulkXMLName) }
                if let bonus = terms.bonusDuration { writer.element("bonus_duration", text: bonus.bulkXMLName) }
            }
            writer.element("products") {
                writer.element("product") {
                    writer.element("cleared_for_sale", text: product.clearedForSale ? "true" : "false")
                    price(writer, product.price)
                }
            }
            if !product.localizations.isEmpty {
                writer.element("locales") {
                    for localization in product.localizations {
                        writer.element("locale", attributes: [("name", localization.locale)]) {
                            writer.element("title", text: localization.displayName ?? "")
                            writer.element("description", text: localization.description ?? "")
                        }
                    }
                }
            }
            if let screenshot {
                writer.element("review_screenshot") {
                    writer.element("size", text: String(screenshot.size))
                    writer.element("file_name", text: screenshot.fileName)
                    writer.element("checksum", attributes: [("type", "md5")], text: screenshot.md5)
                }
            }
            if let notes = product.appStore.review?.notes { writer.element("review_notes", text: notes) }
            if includesStatus { readOnly(writer, [("iap-status", BulkXMLVocabulary.iapStatus(for: product))]) }
        }
    }

    /// One tier directly under `<product>`, or the schedule as `<intervals>`.
    private func price(_ writer: XMLWriter, _ price: Price?) {
        guard let price else { return }
        if let tier = price.tiers.tier {
            writer.element("wholesale_price_tier", text: String(tier))
            return
        }
        guard !price.tiers.schedule.isEmpty else { return }
        writer.element("intervals") {
            for step in price.tiers.schedule {
                writer.element("interval") {
                    if let start = step.startDate { writer.element("start_date", text: start.description) }
                    if let end = step.endDate { writer.element("end_date", text: end.description) }
                    writer.element("wholesale_price_tier", text: String(step.tier))
                }
            }
        }
    }

    private func readOnly(_ writer: XMLWriter, _ values: [(String, String)]) {
        writer.element("read_only_info") {
            for (key, value) in values { writer.element("read_only_value", attributes: [("key", key)], text: value) }
        }
    }
}
