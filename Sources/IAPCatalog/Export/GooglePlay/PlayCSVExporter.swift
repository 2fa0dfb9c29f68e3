/// The catalog's one-time Google Play products as Play Console's CSV import of managed products
/// (`export --format play-csv`): the documented header, one row per product from its
/// legacy-compatible buy option (else its first buy option), texts per locale joined with `;`,
/// prices per region in micro-units. Subscriptions and rentals have no CSV form and are left out,
/// each named. Rows come in catalog order; the same catalog always gives the same bytes.
public struct PlayCSVExporter: Sendable {
    /// Play Console's header row.
    public static let header =
        "Product ID,Published State,Purchase Type,Auto Translate,Locale; Title; Description,Auto Fill Prices,Price,Pricing Template ID"

    /// A validated catalog.
    public let catalog: Catalog

    /// Creates an exporter of `catalog`'s one-time Play products.
    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The CSV and the products it leaves out, each with the reason.
    public func render() -> (bytes: [UInt8], leftOut: [String]) {
        var lines = [Self.header]
        var leftOut: [String] = []
        let defaultLanguage = PlayLanguages.code(forAppStoreLocale: catalog.app.defaultLocale)
        for product in catalog.products where product.status != .removed && product.isSold(on: .googlePlay) {
            guard let play = product.googlePlay else { continue }
            guard product.type != .autoRenewable else {
                leftOut.append("\(product.playProductID): a subscription (the CSV holds one-time products only)")
                continue
            }
            let buying = play.purchaseOptions.filter { $0.kind == .buy }
            guard let option = buying.first(where: { $0.legacyCompatible == true }) ?? buying.first else {
                leftOut.append("\(product.playProductID): no buy option (the CSV has no rentals)")
                continue
            }
            // The default language first, as the import requires.
            let listings = product.playListings.sorted {
                ($0.language == defaultLanguage ? 0 : 1) < ($1.language == defaultLanguage ? 0 : 1)
            }
            let texts = listings.flatMap { listing in
                [Self.locale(listing.language), Self.subValue(listing.title ?? ""), Self.subValue(listing.description ?? "")]
            }
            let prices = option.regions.filter { $0.availability == .available }.flatMap { region in
                [region.region, PlayMoney.micros(region.price ?? "0")]
            }
            let fields = [
                product.playProductID, option.active ? "published" : "unpublished", "managed_by_android", "false",
                texts.joined(separator: "; "), "false", prices.joined(separator: "; "), "",
            ]
            lines.append(fields.map(Self.csvField).joined(separator: ","))
        }
        return (Array((lines.joined(separator: "\n") + "\n").utf8), leftOut)
    }

    /// Play Console's locale spelling in the CSV: `en_US`.
    static func locale(_ language: String) -> String {
        String(language.map { $0 == "-" ? "_" : $0 })
    }

    /// A title or description inside the `;`-separated locale field: `\` and `;` escaped.
    static func subValue(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == ";" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A CSV field (RFC 4180): quoted, with `"` doubled, when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
