/// Reads a Unity IAP `IAPProductCatalog.json` leniently, as `JsonUtility` does: keys it does not
/// use are skipped (Unity adds and drops fields between versions), values of the wrong type are
/// reported where they stand. Titles and descriptions are decoded as Unity decodes them (it writes
/// every character past ASCII as the six characters `\uXXXX`).
package struct UnityCatalogReader: Sendable {
    /// What was read: the catalog (nil when the file is not a JSON object), the App Store ids as a
    /// list for the rules every list obeys, and every finding.
    package struct Result: Sendable {
        package var catalog: UnityProductCatalog?
        package var list: ProductList?
        package var diagnostics: [Diagnostic]
    }

    /// The store name of the App Store in `storeIDs` (Unity's `AppleAppStore.Name`).
    package static let appleStore = "AppleAppStore"

    package init() {}

    package func read(_ bytes: [UInt8], file: String) -> Result {
        var state = State(decoder: NodeDecoder(file: file), catalog: UnityProductCatalog(file: file))
        guard let root = state.decoder.jsonObject(bytes, what: "a Unity IAP catalog") else {
            return Result(catalog: nil, list: nil, diagnostics: state.decoder.diagnostics.diagnostics)
        }
        state.readRoot(root)
        let list = ProductList(file: file, format: .unity, entries: state.entries)
        return Result(catalog: state.catalog, list: list, diagnostics: state.decoder.diagnostics.diagnostics)
    }

    /// `text` as Unity's `DecodeNonLatinCharacters` reads it: each `\uXXXX` (four hex digits) is
    /// one UTF-16 unit; surrogate pairs make one character, a lone surrogate becomes U+FFFD.
    package static func decodeUnityText(_ text: String) -> String {
        guard text.contains("\\u") else { return text }
        var units: [UInt16] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\\", index + 5 < scalars.count, scalars[index + 1] == "u",
                scalars[(index + 2)..<(index + 6)].allSatisfy(\.properties.isASCIIHexDigit),
                let unit = UInt16(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16)
            {
                units.append(unit)
                index += 6
                continue
            }
            units.append(contentsOf: String(scalars[index]).utf16)
            index += 1
        }
        return String(decoding: units, as: UTF16.self)
    }

    private struct State {
        var decoder: NodeDecoder
        var catalog: UnityProductCatalog
        var entries: [ProductListEntry] = []

        mutating func string(_ node: Node, _ what: String) -> String? {
            switch node.scalar?.value {
            case .string(let text)?: return text
            case .null?: return nil
            default:
                decoder.report(.invalidValue, "expected \(what) to be a string, found \(node.kindDescription)", at: node.position)
                return nil
            }
        }

        mutating func integer(_ node: Node, _ what: String) -> Int? {
            guard case .int(let value)? = node.scalar?.value else {
                decoder.report(.invalidValue, "expected \(what) to be a whole number, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return value
        }

        mutating func items(_ node: Node, _ what: String) -> [Node] {
            if node.scalar?.value == .null { return [] }
            return decoder.items(node, what)
        }

        /// A mapping's pairs by key text; a non-mapping is reported.
        mutating func pairs(_ node: Node, _ what: String) -> [(key: String, value: Node)]? {
            guard node.kind == .mapping else {
                decoder.report(.invalidValue, "expected \(what) to be an object, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return node.pairs.compactMap { pair in pair.key.scalar.map { ($0.text, pair.value) } }
        }

        mutating func readRoot(_ root: Node) {
            catalog.rootPosition = root.position
            guard let top = pairs(root, "the Unity IAP catalog") else { return }
            for (key, value) in top {
                switch key {
                case "appleSKU": catalog.appleSKU = string(value, "appleSKU").flatMap { $0.isEmpty ? nil : $0 }
                case "appleTeamID": catalog.appleTeamID = string(value, "appleTeamID").flatMap { $0.isEmpty ? nil : $0 }
                case "products":
                    for item in items(value, "products") { readProduct(item) }
                default: continue
                }
            }
        }

        mutating func readProduct(_ node: Node) {
            guard let fields = pairs(node, "a product") else { return }
            guard let idNode = fields.first(where: { $0.key == "id" })?.value else {
                decoder.report(.malformedEntry, "a product in the Unity IAP catalog has no 'id'", at: node.position)
                return
            }
            guard case .string(let id)? = idNode.scalar?.value else {
                entries.append(
                    ProductListEntry(.notAString(idNode.kindDescription), at: SourceLocation(file: decoder.file, idNode.position)))
                return
            }
            // Unity leaves out products whose id is empty or blank (the editor's unfilled rows).
            guard !id.trimmingWhitespace().isEmpty else { return }
            var product = UnityProduct(id: id)
            product.positions.entry = node.position
            product.positions.id = idNode.position
            for (key, value) in fields {
                switch key {
                case "type":
                    product.positions.type = value.position
                    product.type = integer(value, "type")
                    if let type = product.type, !(0...2).contains(type) {
                        decoder.report(
                            .invalidValue,
                            "type \(type) of '\(id)' is not a Unity product type (0 Consumable, 1 NonConsumable, 2 Subscription)",
                            at: value.position)
                    }
                case "storeIDs":
                    for item in items(value, "storeIDs") { readStoreID(item, into: &product) }
                case "defaultDescription":
                    if let description = readDescription(value) { product.descriptions.insert(description, at: 0) }
                case "descriptions":
                    product.descriptions += items(value, "descriptions").compactMap { readDescription($0) }
                case "applePriceTier":
                    product.applePriceTier = integer(value, "applePriceTier")
                    product.positions.applePriceTier = value.position
                case "googlePrice": product.hasGooglePrice = isNonZeroPrice(value)
                case "udpPrice": product.hasUDPPrice = isNonZeroPrice(value)
                case "xiaomiPriceTier": product.hasXiaomiPriceTier = (value.scalar?.value).map { $0 != .int(0) } ?? false
                case "pricingTemplateID": product.hasPricingTemplate = !(string(value, "pricingTemplateID") ?? "").isEmpty
                case "payouts": product.payouts = items(value, "payouts").count
                case "screenshotPath": product.hasScreenshotPath = !(string(value, "screenshotPath") ?? "").isEmpty
                default: continue
                }
            }
            entries.append(ProductListEntry(.identifier(product.storeID), at: SourceLocation(file: decoder.file, product.storeIDPosition)))
            catalog.products.append(product)
        }

        mutating func readStoreID(_ node: Node, into product: inout UnityProduct) {
            guard let fields = pairs(node, "a storeIDs entry") else { return }
            let store = fields.first { $0.key == "store" }.flatMap { string($0.value, "store") } ?? ""
            guard let idNode = fields.first(where: { $0.key == "id" })?.value, let id = string(idNode, "a store id"), !id.isEmpty
            else { return }  // Unity drops an entry without an id
            if store == UnityCatalogReader.appleStore {
                product.appleID = id
                product.positions.appleID = idNode.position
            } else if !product.otherStores.contains(store) {
                product.otherStores.append(store)
            }
        }

        mutating func readDescription(_ node: Node) -> UnityDescription? {
            guard let fields = pairs(node, "a description") else { return nil }
            var description = UnityDescription(locale: nil, title: "", description: "", position: node.position)
            for (key, value) in fields {
                switch key {
                case "googleLocale": description.locale = integer(value, "googleLocale")
                case "title": description.title = UnityCatalogReader.decodeUnityText(string(value, "title") ?? "")
                case "description": description.description = UnityCatalogReader.decodeUnityText(string(value, "description") ?? "")
                default: continue
                }
            }
            return description
        }

        /// A Unity `Price` (`{"data": [...], "num": 0.0}`) that is not zero.
        func isNonZeroPrice(_ node: Node) -> Bool {
            guard node.kind == .mapping, let num = node.pairs.first(where: { $0.key.scalar?.text == "num" })?.value.scalar?.value
            else { return false }
            switch num {
            case .int(let value): return value != 0
            case .float(let value): return value != 0
            default: return false
            }
        }
    }
}
