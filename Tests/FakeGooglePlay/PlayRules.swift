/// The rules the one-time product, subscription and offer checks share: ids, ISO 8601 periods,
/// listings and offer tags, as the discovery document states them.
enum PlayRules {
    private static let lowerDigits = Set("abcdefghijklmnopqrstuvwxyz0123456789")

    /// A product id: a lowercase letter or digit, then lowercase letters, digits, `_` and `.`
    /// (`maxLength` characters at most: 40 for subscriptions, none stated for one-time products).
    static func isProductId(_ id: String, maxLength: Int? = nil) -> Bool {
        isId(id, rest: lowerDigits.union("_."), maxLength: maxLength ?? Int.max)
    }

    /// A purchase option, base plan or offer id: a lowercase letter or digit, then lowercase
    /// letters, digits and `-`, 63 characters at most.
    static func isResourceId(_ id: String) -> Bool {
        isId(id, rest: lowerDigits.union("-"), maxLength: 63)
    }

    private static func isId(_ id: String, rest: Set<Character>, maxLength: Int) -> Bool {
        guard let first = id.first, lowerDigits.contains(first), id.count <= maxLength else { return false }
        return id.allSatisfy(rest.contains)
    }

    /// An ISO 8601 period of whole years, months, weeks and days (`P1M`, `P1Y`, `P7D`, `P1W`), at least one component.
    static func isPeriod(_ text: String) -> Bool {
        guard text.hasPrefix("P") else { return false }
        var rest = Substring(text.dropFirst())
        var components = 0
        for designator in ["Y", "M", "W", "D"] {
            let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
            guard !digits.isEmpty else { continue }
            let after = rest.dropFirst(digits.count)
            guard after.hasPrefix(designator) else { continue }
            components += 1
            rest = after.dropFirst()
        }
        return components > 0 && rest.isEmpty
    }

    /// A required ISO 8601 period at `path`.
    static func period(_ value: PlayJSON?, at path: String) throws(PlayError) -> String {
        let period = try Field.required(value, at: path)
        guard isPeriod(period) else { throw .invalid("\(path) must be an ISO 8601 period such as P1M, got '\(period)'.") }
        return period
    }

    /// Listings: at least one, one per language, each with a title of at most 55 characters and a
    /// description of at most 200 (required for one-time products, optional for subscriptions), and
    /// for subscriptions at most four benefits.
    static func listings(_ value: PlayJSON?, at path: String, descriptionRequired: Bool, benefits: Bool) throws(PlayError) {
        let listings = try Field.objects(value, at: path)
        guard !listings.isEmpty else { throw .invalid("\(path) must contain at least one listing.") }
        var languages: Set<String> = []
        for (index, listing) in listings.enumerated() {
            let at = "\(path)[\(index)]"
            let language = try Field.required(listing["languageCode"], at: at + ".languageCode")
            guard languages.insert(language).inserted else { throw .invalid("Duplicate listing for language code \(language).") }
            let title = try Field.required(listing["title"], at: at + ".title")
            guard title.unicodeScalars.count <= 55 else {
                throw .invalid("Listing title for \(language) is too long: \(title.unicodeScalars.count) characters (at most 55).")
            }
            let description = try Field.string(listing["description"], at: at + ".description") ?? ""
            if descriptionRequired, description.isEmpty { throw .invalid("\(at).description is required.") }
            guard description.unicodeScalars.count <= 200 else {
                throw .invalid(
                    "Listing description for \(language) is too long: \(description.unicodeScalars.count) characters (at most 200).")
            }
            if benefits {
                let list = try Field.strings(listing["benefits"], at: at + ".benefits")
                guard list.count <= 4 else { throw .invalid("Listing for \(language) has \(list.count) benefits (at most 4).") }
            }
        }
    }

    /// Offer tags: at most 20, each a lowercase letter or digit then lowercase letters, digits and
    /// `-`, 20 characters at most.
    static func offerTags(_ value: PlayJSON?, at path: String) throws(PlayError) {
        let tags = try Field.objects(value, at: path)
        guard tags.count <= 20 else { throw .invalid("\(path) has \(tags.count) tags (at most 20).") }
        for (index, tag) in tags.enumerated() {
            let text = try Field.required(tag["tag"], at: "\(path)[\(index)].tag")
            guard isId(text, rest: lowerDigits.union("-"), maxLength: 20) else {
                throw .invalid("Invalid offer tag '\(text)': lowercase letters, digits and '-', at most 20 characters.")
            }
        }
    }

    /// `restrictedPaymentCountries`: `{"regionCodes": [...]}`.
    static func restrictedPaymentCountries(_ value: PlayJSON?, at path: String) throws(PlayError) {
        guard let object = try Field.object(value, at: path) else { return }
        _ = try Field.strings(object["regionCodes"], at: path + ".regionCodes")
    }
}
