/// Reads an Xcode StoreKit configuration leniently: every version from 1.0 on, keys outside their
/// version accepted, unknown keys reported as notes (`storekit_unknown_key`), values of the wrong
/// type reported where they stand. `subscriptionOffersKeyPair` is located, never read: its
/// private key is not copied anywhere and never appears in a message.
public struct StoreKitReader: Sendable {
    enum Keys {
        static let top = FieldNames([
            "appPolicies", "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups",
            "subscriptionOffersKeyPair", "version",
        ])
        static let productNames = [
            "displayPrice", "familyShareable", "internalID", "localizations", "productID", "referenceName", "type",
        ]
        static let product = FieldNames(productNames)
        static let subscription = FieldNames(
            productNames + [
                "adHocOffers", "billingPlans", "codeOffers", "groupNumber", "introductoryOffer", "introductoryOffers",
                "recurringSubscriptionPeriod", "subscriptionGroupID", "winbackOffers",
            ])
        static let group = FieldNames(["id", "localizations", "name", "subscriptions"])
        static let localization = FieldNames(["description", "displayName", "locale"])
        static let offer = FieldNames([
            "billingPlanType", "displayPrice", "eligibility", "internalID", "isStackable", "numberOfPeriods", "offerID", "paymentMode",
            "referenceName", "subscriptionPeriod",
        ])
        static let version = FieldNames(["major", "minor"])
    }

    /// What was read: the configuration (nil when the file is not a JSON object), its product
    /// ids as a list for the list rules, and every finding.
    public struct Result: Sendable {
        /// The configuration; nil when the file is not well-formed JSON or not an object.
        public var configuration: StoreKitConfiguration?
        /// The `productID` of every product in file order, for the rules every list obeys.
        public var list: ProductList?
        /// What was wrong, and notes on what was ignored.
        public var diagnostics: [Diagnostic]
    }

    /// Creates a reader.
    public init() {}

    /// Reads the configuration in `bytes`, read from `file`.
    public func read(_ bytes: [UInt8], file: String) -> Result {
        var state = State(decoder: NodeDecoder(file: file), configuration: StoreKitConfiguration(file: file))
        guard let root = state.decoder.jsonObject(bytes, what: "a StoreKit configuration") else {
            return Result(configuration: nil, list: nil, diagnostics: state.decoder.diagnostics.diagnostics)
        }
        state.readRoot(root)
        let configuration = state.configuration
        var list = ProductList(file: file, format: .storekit)
        list.entries = state.entries
        return Result(configuration: configuration, list: list, diagnostics: state.decoder.diagnostics.diagnostics)
    }

    /// One read's state.
    private struct State {
        var decoder: NodeDecoder
        var configuration: StoreKitConfiguration
        var entries: [ProductListEntry] = []

        /// A mapping's members by key (matched as bytes: no string or hash per key); unknown keys
        /// are noted, a non-mapping is reported.
        mutating func members(_ node: Node, _ what: @autoclosure () -> String, known: FieldNames) -> NodeDecoder.Fields? {
            guard node.kind == .mapping else {
                decoder.report(.invalidValue, "expected \(what()) to be an object, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return decoder.fields(ofMapping: node, what, known: known) { decoder, key, text in
                decoder.report(
                    .storeKitUnknownKey,
                    "unknown key '\(text)' in \(what()) is ignored", at: key.position,
                    hint: Suggestion.hint(for: text, in: known.names.sorted()))
            }
        }

        /// The items of an array, or none (reported) when `node` is not one.
        mutating func items(_ node: Node, _ what: String) -> [Node] {
            decoder.items(node, what)
        }

        mutating func string(_ node: Node?, _ what: String) -> String? {
            guard let node else { return nil }
            guard case .string(let text)? = node.scalar?.value else {
                decoder.report(.invalidValue, "expected \(what) to be a string, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return text
        }

        mutating func bool(_ node: Node?, _ what: String) -> Bool? {
            guard let node else { return nil }
            guard case .bool(let flag)? = node.scalar?.value else {
                decoder.report(.invalidValue, "expected \(what) to be true or false, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return flag
        }

        mutating func integer(_ node: Node?, _ what: String) -> Int? {
            guard let node else { return nil }
            guard case .int(let value)? = node.scalar?.value else {
                decoder.report(.invalidValue, "expected \(what) to be a whole number, found \(node.kindDescription)", at: node.position)
                return nil
            }
            return value
        }

        /// An id written as a string (local files) or a number (some synced files).
        mutating func identifier(_ node: Node?, _ what: String) -> String? {
            guard let node else { return nil }
            switch node.scalar?.value {
            case .string(let text)?: return text
            case .int(let value)?: return String(value)
            default:
                decoder.report(.invalidValue, "expected \(what) to be a string, found \(node.kindDescription)", at: node.position)
                return nil
            }
        }

        mutating func readRoot(_ root: Node) {
            configuration.positions.root = root.position
            guard let top = members(root, "the StoreKit configuration", known: Keys.top) else { return }
            if let keyPair = top["subscriptionOffersKeyPair"], keyPair.kind != .scalar || keyPair.scalar?.value != .null {
                let position = top.keyPosition("subscriptionOffersKeyPair")
                configuration.privateKeyPosition = position
                decoder.report(
                    .storeKitPrivateKey,
                    "the file holds the private key for signing subscription offers ('subscriptionOffersKeyPair'); iapcat never reads or copies it — keep the file out of the repository, or remove the key pair",
                    at: position)
            }
            if let version = top["version"] { readVersion(version) }
            configuration.identifier = identifier(top["identifier"], "identifier")
            if let settings = top["settings"] { readSettings(settings) }
            if let products = top["products"] {
                configuration.positions.products = products.position
                for item in items(products, "products") { readProduct(item, what: "a product", known: Keys.product) }
            }
            if let products = top["nonRenewingSubscriptions"] {
                configuration.positions.nonRenewingSubscriptions = products.position
                for item in items(products, "nonRenewingSubscriptions") {
                    readProduct(item, what: "a non-renewing subscription", known: Keys.product)
                }
            }
            if let groups = top["subscriptionGroups"] {
                configuration.positions.subscriptionGroups = groups.position
                for item in items(groups, "subscriptionGroups") { readGroup(item) }
            }
        }

        mutating func readVersion(_ node: Node) {
            guard let fields = members(node, "version", known: Keys.version) else { return }
            guard let major = integer(fields["major"], "the major version"), let minor = integer(fields["minor"], "the minor version")
            else {
                return
            }
            configuration.version = StoreKitVersion(major, minor)
            if configuration.version! > StoreKitVersion.newestKnown {
                decoder.report(
                    .storeKitUnknownKey,
                    "version \(major).\(minor) is newer than iapcat knows (\(StoreKitVersion.newestKnown)); it is read as \(StoreKitVersion.newestKnown)",
                    at: node.position)
            }
        }

        /// Settings are Xcode's testing switches, which change with every Xcode: only the
        /// storefront, locale and a synced file's app id are read, and other keys are not noted.
        mutating func readSettings(_ node: Node) {
            guard node.kind == .mapping else {
                decoder.report(.invalidValue, "expected settings to be an object, found \(node.kindDescription)", at: node.position)
                return
            }
            for pair in node.pairs {
                switch pair.key.scalar?.text {
                case "_storefront":
                    configuration.storefront = string(pair.value, "_storefront")
                    configuration.positions.storefront = pair.value.position
                case "_locale": configuration.locale = string(pair.value, "_locale")
                case "_applicationInternalID": configuration.applicationInternalID = identifier(pair.value, "_applicationInternalID")
                default: continue
                }
            }
        }

        mutating func readGroup(_ node: Node) {
            guard let fields = members(node, "a subscription group", known: Keys.group) else { return }
            var group = StoreKitGroup(id: identifier(fields["id"], "the group id"), name: string(fields["name"], "the group name"))
            group.positions.entry = node.position
            group.positions.id = fields["id"]?.position
            group.positions.name = fields["name"]?.position
            if let localizations = fields["localizations"] {
                group.localizations = readLocalizations(localizations)
            }
            let index = configuration.groups.count
            configuration.groups.append(group)
            if let subscriptions = fields["subscriptions"] {
                configuration.groups[index].positions.subscriptions = subscriptions.position
                for item in items(subscriptions, "subscriptions") {
                    readProduct(item, what: "a subscription", known: Keys.subscription, group: index)
                }
            }
        }

        mutating func readProduct(_ node: Node, what: String, known: FieldNames, group: Int? = nil) {
            // Not an object: reported as such, and no list entry (the list rules would report it again).
            guard let fields = members(node, what, known: known) else { return }
            var product = StoreKitProduct()
            product.positions.entry = node.position
            if let idNode = fields["productID"] {
                product.positions.productID = idNode.position
                if case .string(let id)? = idNode.scalar?.value {
                    product.productID = id
                    entries.append(ProductListEntry(.identifier(id), at: SourceLocation(file: decoder.file, idNode.position)))
                } else {
                    entries.append(
                        ProductListEntry(.notAString(idNode.kindDescription), at: SourceLocation(file: decoder.file, idNode.position)))
                }
            } else {
                decoder.report(.malformedEntry, "\(what) in the StoreKit configuration has no 'productID'", at: node.position)
            }
            product.type = string(fields["type"], "type")
            product.positions.type = fields["type"]?.position
            product.referenceName = string(fields["referenceName"], "referenceName")
            product.positions.referenceName = fields["referenceName"]?.position
            product.displayPrice = price(fields["displayPrice"], "displayPrice")
            product.positions.displayPrice = fields["displayPrice"]?.position
            product.familyShareable = bool(fields["familyShareable"], "familyShareable")
            product.positions.familyShareable = fields["familyShareable"]?.position
            product.internalID = identifier(fields["internalID"], "internalID")
            if let localizations = fields["localizations"] {
                product.positions.localizations = localizations.position
                product.localizations = readLocalizations(localizations)
            }
            if let group {
                product.groupIndex = group
                product.groupNumber = integer(fields["groupNumber"], "groupNumber")
                product.positions.groupNumber = fields["groupNumber"]?.position
                product.positions.subscriptionGroupID = fields["subscriptionGroupID"]?.position
                product.recurringSubscriptionPeriod = string(fields["recurringSubscriptionPeriod"], "recurringSubscriptionPeriod")
                product.positions.recurringSubscriptionPeriod = fields["recurringSubscriptionPeriod"]?.position
                readOffers(fields, into: &product)
            }
            configuration.products.append(product)
        }

        /// A price: a decimal string, as Xcode writes it; a JSON number is taken as written.
        mutating func price(_ node: Node?, _ what: String) -> String? {
            guard let node else { return nil }
            switch node.scalar?.value {
            case .string(let text)?: return text
            case .int?, .float?: return node.scalar?.text
            default:
                decoder.report(
                    .invalidValue, "expected \(what) to be a decimal string such as \"0.99\", found \(node.kindDescription)",
                    at: node.position)
                return nil
            }
        }

        mutating func readOffers(_ fields: NodeDecoder.Fields, into product: inout StoreKitProduct) {
            if let single = fields["introductoryOffer"] {
                product.positions.introductoryOffer = single.position
                if single.scalar?.value != .null { product.introductoryOffer = readOffer(single, "the introductory offer") }
            }
            if let list = fields["introductoryOffers"] {
                let offers = items(list, "introductoryOffers")
                if product.introductoryOffer == nil, let first = offers.first {
                    product.positions.introductoryOffer = first.position
                    product.introductoryOffer = readOffer(first, "an introductory offer")
                }
                if offers.count > 1 {
                    decoder.report(
                        .storeKitUnknownKey, "only the first of \(offers.count) introductory offers is read; the catalog holds one",
                        at: offers[1].position)
                }
            }
            if let adHoc = fields["adHocOffers"] {
                product.positions.promotionalOffers = adHoc.position
                product.promotionalOffers = items(adHoc, "adHocOffers").compactMap { readOffer($0, "a promotional offer") }
            }
            if let codes = fields["codeOffers"] {
                product.positions.offerCodes = codes.position
                product.offerCodes = items(codes, "codeOffers").compactMap { readOffer($0, "an offer code") }
            }
            if let winBack = fields["winbackOffers"] {
                product.positions.winBackOffers = winBack.position
                product.hasWinBackOffers = !items(winBack, "winbackOffers").isEmpty
            }
        }

        mutating func readOffer(_ node: Node, _ what: String) -> StoreKitOffer? {
            guard let fields = members(node, what, known: Keys.offer) else { return nil }
            var offer = StoreKitOffer()
            offer.positions.entry = node.position
            offer.offerID = string(fields["offerID"], "offerID")
            offer.positions.offerID = fields["offerID"]?.position
            offer.referenceName = string(fields["referenceName"], "referenceName")
            offer.paymentMode = string(fields["paymentMode"], "paymentMode")
            offer.positions.paymentMode = fields["paymentMode"]?.position
            offer.subscriptionPeriod = string(fields["subscriptionPeriod"], "subscriptionPeriod")
            offer.positions.subscriptionPeriod = fields["subscriptionPeriod"]?.position
            offer.numberOfPeriods = integer(fields["numberOfPeriods"], "numberOfPeriods")
            offer.positions.numberOfPeriods = fields["numberOfPeriods"]?.position
            offer.displayPrice = price(fields["displayPrice"], "displayPrice")
            offer.positions.displayPrice = fields["displayPrice"]?.position
            if let eligibility = fields["eligibility"] {
                offer.positions.eligibility = eligibility.position
                offer.eligibility = items(eligibility, "eligibility").compactMap { string($0, "an eligibility") }
            }
            offer.isStackable = bool(fields["isStackable"], "isStackable")
            offer.positions.isStackable = fields["isStackable"]?.position
            return offer
        }

        mutating func readLocalizations(_ node: Node) -> [StoreKitLocalization] {
            items(node, "localizations").compactMap { item in
                guard let fields = members(item, "a localization", known: Keys.localization) else { return nil }
                var localization = StoreKitLocalization(
                    locale: string(fields["locale"], "locale"), displayName: string(fields["displayName"], "displayName"),
                    description: string(fields["description"], "description"))
                localization.positions.entry = item.position
                localization.positions.locale = fields["locale"]?.position
                localization.positions.displayName = fields["displayName"]?.position
                localization.positions.description = fields["description"]?.position
                return localization
            }
        }
    }
}
