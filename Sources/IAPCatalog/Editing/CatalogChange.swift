/// One value an edit of a catalog file changed, added or removed: what a refresh prints, one line
/// per change, under the product or group it belongs to.
package struct CatalogChange: Sendable, Equatable {
    /// The keys from the top of the catalog down to the value; items of a list are named by their
    /// id: `["products", "com.example.coins", "price", "storefronts", "USA"]`.
    package var path: [String]
    /// The value before (as the catalog writes it), nil when it was added.
    package var old: String?
    /// The value after, nil when it was removed.
    package var new: String?
    /// What the store calls the new value, when it says it in other words
    /// (`App Store Connect: READY_TO_SUBMIT`).
    package var storeWord: String?

    package init(path: [String], old: String?, new: String?, storeWord: String? = nil) {
        self.path = path
        self.old = old
        self.new = new
        self.storeWord = storeWord
    }

    /// The product id or group key the change belongs to, or the top-level key (`app`).
    package var owner: String {
        path.count >= 2 && (path[0] == "products" || path[0] == "subscription_groups") ? path[1] : path.first ?? ""
    }

    /// The path below ``owner``: `price.storefronts.USA`; empty for a whole product or group.
    package var field: String {
        (path.count >= 2 && (path[0] == "products" || path[0] == "subscription_groups") ? path.dropFirst(2) : path.dropFirst())
            .joined(separator: ".")
    }

    /// `status: approved → draft (App Store Connect: READY_TO_SUBMIT)`, `localizations.fr-FR: added`.
    package var description: String {
        let what = field.isEmpty ? (path.first == "subscription_groups" ? "subscription group" : "product") : field
        var line: String
        switch (old, new) {
        case (let old?, let new?): line = "\(what): \(old) → \(new)"
        case (nil, let new?): line = field.isEmpty ? "\(what) added" : "\(what): added \(new)"
        case (let old?, nil): line = field.isEmpty ? "\(what) removed" : "\(what): removed (was \(old))"
        case (nil, nil): line = "\(what): changed"
        }
        if let storeWord { line += " (\(storeWord))" }
        return ServerText.printable(line)
    }

    /// What `changes` touched, counted: `3 changes in 2 products and 1 subscription group`.
    package static func summary(_ changes: [CatalogChange]) -> String {
        let products = Set(changes.filter { $0.path.first == "products" }.map(\.owner)).count
        let groups = Set(changes.filter { $0.path.first == "subscription_groups" }.map(\.owner)).count
        let others = Set(changes.filter { $0.path.first != "products" && $0.path.first != "subscription_groups" }.compactMap(\.path.first))
        var places: [String] = []
        if products > 0 { places.append(Plural.count(products, "product")) }
        if groups > 0 { places.append(Plural.count(groups, "subscription group")) }
        places += others.sorted().map { "`\($0)`" }
        let joined = places.count > 1 ? places.dropLast().joined(separator: ", ") + " and " + places.last! : places.first ?? ""
        return Plural.count(changes.count, "change") + (joined.isEmpty ? "" : " in " + joined)
    }

    /// The changes as a refresh prints them: each owner's id, then its changes indented.
    package static func report(_ changes: [CatalogChange]) -> String {
        var lines: [String] = []
        var owner: String?
        for change in changes {
            if change.owner != owner {
                owner = change.owner
                lines.append(ServerText.printable(change.owner) + ":")
            }
            lines.append("  " + change.description)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
