/// Writes an Xcode StoreKit configuration from a validated catalog, byte for byte as Xcode writes
/// it (``XcodeJSONWriter``): the products of one environment, prices in one storefront, the keys of
/// one format version. Identifiers derive from the app and the product, group and offer ids
/// (``StoreKitIdentifiers``), so the same catalog always gives the same bytes and an edit changes
/// only the lines of what it touched.
public struct StoreKitExporter: Sendable {
    /// What to write.
    public struct Options: Sendable, Equatable {
        /// Whose products: the sandbox's (every product not removed) by default, as Xcode's local
        /// testing is not production.
        public var environment: StoreEnvironment
        /// The storefront (ISO 3166-1 alpha-3) whose prices become `displayPrice`s.
        public var storefront: String
        /// The format version, which decides the keys written.
        public var version: StoreKitVersion

        /// Options for `environment`, `storefront` and `version`: sandbox, USA and 4.0 unless given.
        public init(environment: StoreEnvironment = .sandbox, storefront: String = "USA", version: StoreKitVersion = .v4_0) {
            self.environment = environment
            self.storefront = storefront
            self.version = version
        }
    }

    /// The names of the StoreKit errors Xcode lists in `settings._storeKitErrors`, in its order.
    static let storeKitErrorNames = [
        "Load Products", "Purchase", "Verification", "App Store Sync", "Subscription Status", "App Transaction",
        "Manage Subscriptions Sheet", "Refund Request Sheet", "Offer Code Redeem Sheet",
    ]

    /// The validated catalog the file is written from.
    public let catalog: Catalog
    /// The catalog's file, where diagnostics point.
    public let catalogFile: String
    /// What to write.
    public var options: Options
    private let identifiers: StoreKitIdentifiers

    /// Creates an exporter for `catalog`, read from `catalogFile`.
    public init(catalog: Catalog, catalogFile: String, options: Options = Options()) {
        self.catalog = catalog
        self.catalogFile = catalogFile
        self.options = options
        identifiers = StoreKitIdentifiers(app: catalog.app)
    }

    /// The file's bytes, or the diagnostics that prevent writing it (a product or paid offer
    /// without a price in the storefront): then nothing may be written.
    public func render() -> Result<[UInt8], StoreKitExportError> {
        var run = Run(exporter: self)
        let document = run.document()
        guard run.diagnostics.diagnostics.isEmpty else {
            return .failure(StoreKitExportError(diagnostics: run.diagnostics.diagnostics.sorted()))
        }
        return .success(XcodeJSONWriter.bytes(document))
    }

    /// One rendering's state: the diagnostics found on the way.
    private struct Run {
        let exporter: StoreKitExporter
        var diagnostics = DiagnosticCollector()

        var options: Options { exporter.options }
        var catalog: Catalog { exporter.catalog }
        var identifiers: StoreKitIdentifiers { exporter.identifiers }
        var version: StoreKitVersion { options.version }

        mutating func document() -> JSONValue {
            let products = catalog.products.filter {
                $0.isAvailable(in: options.environment) && StoreKitProduct.typeName(of: $0.type) != nil
            }
            var top: [(key: String, value: JSONValue)] = []
            if version.hasAppPolicies {
                let policy: JSONValue = .object([
                    ("locale", .string(StoreKitLocale.storeKit(catalog.app.defaultLocale))), ("policyText", .string("")),
                    ("policyURL", .string("")),
                ])
                top.append(("appPolicies", .object([("eula", .string("")), ("policies", .array([policy]))])))
            }
            top.append(("identifier", .string(identifiers.file)))
            top.append(("nonRenewingSubscriptions", .array(products.filter { $0.type == .nonRenewing }.map { product($0) })))
            top.append(
                ("products", .array(products.filter { $0.type == .consumable || $0.type == .nonConsumable }.map { product($0) })))
            top.append(("settings", settings()))
            top.append(("subscriptionGroups", .array(groups(products.filter { $0.type == .autoRenewable }))))
            top.append(("version", .object([("major", .int(version.major)), ("minor", .int(version.minor))])))
            return .object(top)
        }

        func settings() -> JSONValue {
            let errors = StoreKitExporter.storeKitErrorNames.map { name -> JSONValue in
                .object([("current", .null), ("enabled", .bool(false)), ("name", .string(name))])
            }
            return .object([
                ("_failTransactionsEnabled", .bool(false)), ("_locale", .string(StoreKitLocale.storeKit(catalog.app.defaultLocale))),
                ("_storefront", .string(options.storefront)), ("_storeKitErrors", .array(errors)),
            ])
        }

        /// The members every product has, in any order (the writer sorts them).
        mutating func commonMembers(_ product: Product) -> [(key: String, value: JSONValue)] {
            [
                ("displayPrice", .string(price(of: product))), ("familyShareable", .bool(product.appStore.familySharing)),
                ("internalID", .string(identifiers.product(product.id))),
                ("localizations", .array(product.localizations.map(localization))),
                ("productID", .string(product.id)), ("referenceName", .string(product.referenceName ?? product.id)),
                ("type", .string(StoreKitProduct.typeName(of: product.type) ?? "")),
            ]
        }

        mutating func product(_ product: Product) -> JSONValue { .object(commonMembers(product)) }

        func localization(_ localization: Localization) -> JSONValue {
            .object([
                ("description", .string(localization.description ?? "")), ("displayName", .string(localization.displayName ?? "")),
                ("locale", .string(StoreKitLocale.storeKit(localization.locale))),
            ])
        }

        /// The catalog's groups that hold an exported subscription, each with its subscriptions.
        mutating func groups(_ subscriptions: [Product]) -> [JSONValue] {
            var result: [JSONValue] = []
            let byGroup = Dictionary(grouping: subscriptions) { $0.subscription?.group ?? "" }
            for group in catalog.subscriptionGroups {
                guard let members = byGroup[group.id] else { continue }
                let localizations = group.localizations.map { localization -> JSONValue in
                    .object([
                        ("description", .string(localization.appName ?? "")), ("displayName", .string(localization.name ?? "")),
                        ("locale", .string(StoreKitLocale.storeKit(localization.locale))),
                    ])
                }
                let groupID = identifiers.group(group)
                result.append(
                    .object([
                        ("id", .string(groupID)), ("localizations", .array(localizations)),
                        ("name", .string(group.referenceName ?? group.id)),
                        ("subscriptions", .array(members.map { subscription($0, groupID: groupID) })),
                    ]))
            }
            return result
        }

        mutating func subscription(_ product: Product, groupID: String) -> JSONValue {
            let terms = product.subscription!
            var members = commonMembers(product)
            members.append(
                ("adHocOffers", .array(terms.promotionalOffers.map { offer($0, of: product, kind: "promotional", key: $0.id ?? "") })))
            members.append(
                ("codeOffers", .array(terms.offerCodes.enumerated().map { offer($1, of: product, kind: "code", key: String($0)) })))
            members.append(("groupNumber", .int(terms.rank ?? 1)))
            let introductory = terms.introductoryOffer.map { offer($0, of: product, kind: "introductory", key: "") }
            if version.hasOfferLists {
                members.append(("billingPlans", .array([])))
                members.append(("introductoryOffers", .array(introductory.map { [$0] } ?? [])))
            } else {
                members.append(("introductoryOffer", introductory ?? .null))
            }
            members.append(("recurringSubscriptionPeriod", .string(terms.duration.rawValue)))
            members.append(("subscriptionGroupID", .string(groupID)))
            if version.hasAppPolicies { members.append(("winbackOffers", .array([]))) }
            return .object(members)
        }

        /// An offer as Xcode writes each kind: promotional offers with their `offerID`, codes with
        /// eligibility and stacking, the introductory offer with neither.
        mutating func offer(_ offer: SubscriptionOffer, of product: Product, kind: String, key: String) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("internalID", .string(identifiers.offer(product: product.id, kind: kind, key: key))),
                ("paymentMode", .string(StoreKitOffer.paymentMode(of: offer.mode))),
                ("subscriptionPeriod", .string(offer.duration.rawValue)),
            ]
            if offer.periods != 1 || offer.mode == .payAsYouGo { members.append(("numberOfPeriods", .int(offer.periods))) }
            if offer.mode.isPaid {
                if let amount = offer.price(in: options.storefront) {
                    members.append(("displayPrice", .string(amount)))
                } else {
                    let name = (offer.id ?? offer.referenceName).map { " '\($0)'" } ?? ""
                    let what = kind == "code" ? "offer code" : "\(kind) offer"
                    report(
                        "the \(what)\(name) of '\(product.id)' has no price in storefront \(options.storefront): add prices.\(options.storefront)",
                        at: offer.positions.prices ?? offer.positions.entry ?? product.positions.id)
                }
            }
            switch kind {
            case "promotional":
                members.append(("offerID", .string(offer.id ?? "")))
                members.append(("referenceName", .string(offer.referenceName ?? offer.id ?? "")))
            case "code":
                members.append(("eligibility", .array(offer.eligibility.map { .string($0.rawValue) })))
                members.append(("isStackable", .bool(offer.stackable ?? false)))
                members.append(("referenceName", .string(offer.referenceName ?? "")))
            default:
                break
            }
            return .object(members)
        }

        /// The product's price in the storefront; reported (and written empty) when it has none.
        mutating func price(of product: Product) -> String {
            if let amount = product.price?.customerPrice(in: options.storefront) { return amount }
            let hint = options.storefront == LegacyPriceTiers.storefront ? "" : " (a legacy tier stands for a USA price only)"
            report(
                "'\(product.id)' has no price in storefront \(options.storefront): add price.storefronts.\(options.storefront)\(hint)",
                at: product.price?.positions.entry ?? product.positions.id)
            return ""
        }

        mutating func report(_ message: String, at position: SourcePosition?) {
            diagnostics.report(.missingPrice, message, file: exporter.catalogFile, at: position)
        }
    }
}

/// Why a `.storekit` file could not be written: products or offers without a price in the storefront.
public struct StoreKitExportError: Error, Sendable {
    /// One diagnostic per product or offer, at its place in the catalog.
    public var diagnostics: [Diagnostic]
}
