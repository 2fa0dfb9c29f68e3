/// Compares what a `.storekit` file states with the catalog, value by value: each mismatch is a
/// diagnostic at the `.storekit` value, with its own rule. Identifiers that are not in the catalog,
/// removed products and duplicates are the list rules' (``ProductListValidator``); this checks the
/// products both sides know, and reports the catalog's products the file lacks.
public struct StoreKitDriftChecker: Sendable {
    /// The catalog the file is checked against.
    public let catalog: Catalog
    private let indexByID: [String: Int]
    private let groupsByID: [String: SubscriptionGroup]

    /// Creates a checker for `.storekit` files against `catalog`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        var byID: [String: Int] = [:]
        for (index, product) in catalog.products.enumerated() where byID[product.id] == nil { byID[product.id] = index }
        indexByID = byID
        var groups: [String: SubscriptionGroup] = [:]
        for group in catalog.subscriptionGroups where groups[group.id] == nil { groups[group.id] = group }
        groupsByID = groups
    }

    /// The findings for `configuration`, a file that serves `environment` (its missing products
    /// are those the catalog offers there). Rules `isEnabled` turns off are not reported.
    public func check(
        _ configuration: StoreKitConfiguration, environment: StoreEnvironment, isEnabled: (RuleID) -> Bool = { _ in true }
    ) -> [Diagnostic] {
        var run = Run(checker: self, configuration: configuration)
        run.matchGroups()
        var seen: Set<String> = []
        for product in configuration.products {
            guard let id = product.productID, seen.insert(id).inserted, let index = indexByID[id] else { continue }
            let expected = catalog.products[index]
            guard expected.status != .removed else { continue }
            run.compare(product, with: expected)
        }
        run.reportMissing(environment: environment, present: seen)
        return run.diagnostics.diagnostics.filter { isEnabled($0.rule) }
    }

    /// One check's state.
    private struct Run {
        let checker: StoreKitDriftChecker
        let configuration: StoreKitConfiguration
        var diagnostics = DiagnosticCollector()
        /// For each of the file's groups, the catalog group it stands for (nil: none).
        var catalogGroupOfFileGroup: [String?] = []

        init(checker: StoreKitDriftChecker, configuration: StoreKitConfiguration) {
            self.checker = checker
            self.configuration = configuration
        }

        var storefront: String { configuration.effectiveStorefront }

        mutating func report(_ rule: RuleID, _ message: String, at position: SourcePosition?) {
            diagnostics.report(rule, message, file: configuration.file, at: position ?? configuration.positions.root)
        }

        /// A file group stands for the catalog group whose exported id it has, else the one whose
        /// reference name (or catalog id) is its name. A group whose name differs from the catalog
        /// group it stands for is reported once.
        mutating func matchGroups() {
            let identifiers = StoreKitIdentifiers(app: checker.catalog.app)
            let groups = checker.catalog.subscriptionGroups
            let exportedIDs = groups.map { identifiers.group($0) }
            for fileGroup in configuration.groups {
                let match =
                    exportedIDs.firstIndex(of: fileGroup.id ?? "").map { groups[$0] }
                    ?? groups.first { $0.referenceName == fileGroup.name || $0.id == fileGroup.name }
                catalogGroupOfFileGroup.append(match?.id)
                if let match, let name = fileGroup.name, name != (match.referenceName ?? match.id) {
                    report(
                        .storeKitSubscriptionGroup,
                        "subscription group '\(name)' is named '\(match.referenceName ?? match.id)' in the catalog (group '\(match.id)')",
                        at: fileGroup.positions.name)
                }
            }
        }

        mutating func compare(_ product: StoreKitProduct, with expected: Product) {
            // The catalog's type is only assumed (its own error says so): nothing to compare against.
            guard !expected.positions.typeIsAssumed else { return }
            let id = expected.id
            guard let type = product.productType, type == expected.type else {
                let written = product.type.map { "'\($0)'" } ?? "without a type"
                let wanted = StoreKitProduct.typeName(of: expected.type).map { " (\($0))" } ?? ""
                report(
                    .storeKitType, "'\(id)' is \(written) here but \(expected.type.rawValue) in the catalog\(wanted)",
                    at: product.positions.type ?? product.positions.entry)
                return
            }
            if let name = product.referenceName, let wanted = expected.referenceName, name != wanted {
                report(
                    .storeKitReferenceName,
                    "the reference name of '\(id)' is \(Self.quote(name)) here but \(Self.quote(wanted)) in the catalog",
                    at: product.positions.referenceName)
            }
            if (product.familyShareable ?? false) != expected.appStore.familySharing {
                report(
                    .storeKitFamilySharing,
                    "Family Sharing of '\(id)' is \(product.familyShareable ?? false ? "on" : "off") here but \(expected.appStore.familySharing ? "on" : "off") in the catalog",
                    at: product.positions.familyShareable ?? product.positions.entry)
            }
            if let price = product.displayPrice, let wanted = expected.price?.customerPrice(in: storefront),
                !Self.sameAmount(price, wanted)
            {
                report(
                    .storeKitPrice, "'\(id)' costs \(price) here but \(wanted) in the catalog (storefront \(storefront))",
                    at: product.positions.displayPrice)
            }
            compareLocalizations(product, with: expected)
            if let terms = expected.subscription { compareSubscription(product, with: terms, of: id) }
        }

        mutating func compareLocalizations(_ product: StoreKitProduct, with expected: Product) {
            let id = expected.id
            var fileLocales: Set<String> = []
            for localization in product.localizations {
                guard let written = localization.locale else { continue }
                let locale = StoreKitLocale.appStore(written)
                fileLocales.insert(locale)
                guard let wanted = expected.localizations.first(where: { $0.locale == locale }) else {
                    report(
                        .storeKitExtraLocalization, "'\(id)' is localized in \(written) here but not in the catalog",
                        at: localization.positions.locale)
                    continue
                }
                if let name = localization.displayName, let wantedName = wanted.displayName, name != wantedName {
                    report(
                        .storeKitDisplayName,
                        "the \(written) display name of '\(id)' is \(Self.quote(name)) here but \(Self.quote(wantedName)) in the catalog",
                        at: localization.positions.displayName)
                }
                if let text = localization.description, text != (wanted.description ?? "") {
                    report(
                        .storeKitDescription,
                        "the \(written) description of '\(id)' is \(Self.quote(text)) here but \(Self.quote(wanted.description ?? "")) in the catalog",
                        at: localization.positions.description)
                }
            }
            for localization in expected.localizations where !fileLocales.contains(localization.locale) {
                report(
                    .storeKitMissingLocalization,
                    "'\(id)' has no \(StoreKitLocale.storeKit(localization.locale)) localization here; the catalog has one (\(localization.locale))",
                    at: product.positions.localizations ?? product.positions.entry)
            }
        }

        mutating func compareSubscription(_ product: StoreKitProduct, with terms: SubscriptionTerms, of id: String) {
            if let index = product.groupIndex, index < catalogGroupOfFileGroup.count, catalogGroupOfFileGroup[index] != terms.group {
                let written = configuration.groups[index].name ?? "?"
                report(
                    .storeKitSubscriptionGroup, "'\(id)' is in group '\(written)' here but in group '\(terms.group)' in the catalog",
                    at: product.positions.subscriptionGroupID ?? product.positions.entry)
            }
            if let level = product.groupNumber, level != terms.rank ?? 1 {
                report(
                    .storeKitSubscriptionLevel, "'\(id)' is at level \(level) here but has rank \(terms.rank ?? 1) in the catalog",
                    at: product.positions.groupNumber)
            }
            if let period = product.recurringSubscriptionPeriod, period != terms.duration.rawValue {
                report(
                    .storeKitPeriod, "'\(id)' renews every \(period) here but every \(terms.duration.rawValue) in the catalog",
                    at: product.positions.recurringSubscriptionPeriod)
            }
            compareIntroductoryOffer(product, with: terms.introductoryOffer, of: id)
            compareOffers(
                product.promotionalOffers, with: terms.promotionalOffers, key: { $0.offerID }, catalogKey: { $0.id },
                rule: .storeKitPromotionalOffer, kind: "promotional offer", of: id,
                listPosition: product.positions.promotionalOffers ?? product.positions.entry)
            compareOffers(
                product.offerCodes, with: terms.offerCodes, key: { $0.referenceName }, catalogKey: { $0.referenceName },
                rule: .storeKitOfferCode, kind: "offer code", of: id, listPosition: product.positions.offerCodes ?? product.positions.entry)
        }

        mutating func compareIntroductoryOffer(_ product: StoreKitProduct, with expected: SubscriptionOffer?, of id: String) {
            switch (product.introductoryOffer, expected) {
            case (nil, nil): return
            case (let offer?, nil):
                report(
                    .storeKitIntroductoryOffer, "'\(id)' has an introductory offer here (\(Self.describe(offer))) but none in the catalog",
                    at: offer.positions.entry ?? product.positions.introductoryOffer)
            case (nil, let wanted?):
                report(
                    .storeKitIntroductoryOffer, "'\(id)' has no introductory offer here; the catalog has \(describe(wanted))",
                    at: product.positions.introductoryOffer ?? product.positions.entry)
            case (let offer?, let wanted?):
                if let difference = difference(offer, wanted) {
                    report(.storeKitIntroductoryOffer, "the introductory offer of '\(id)' \(difference.message)", at: difference.position)
                }
            }
        }

        mutating func compareOffers(
            _ offers: [StoreKitOffer], with expected: [SubscriptionOffer], key: (StoreKitOffer) -> String?,
            catalogKey: (SubscriptionOffer) -> String?, rule: RuleID, kind: String, of id: String, listPosition: SourcePosition?
        ) {
            var matched: Set<String> = []
            for offer in offers {
                guard let name = key(offer) else { continue }
                matched.insert(name)
                guard let wanted = expected.first(where: { catalogKey($0) == name }) else {
                    report(rule, "\(kind) '\(name)' of '\(id)' is not in the catalog", at: offer.positions.offerID ?? offer.positions.entry)
                    continue
                }
                if let difference = difference(offer, wanted) {
                    report(rule, "\(kind) '\(name)' of '\(id)' \(difference.message)", at: difference.position)
                }
            }
            for wanted in expected {
                guard let name = catalogKey(wanted), !matched.contains(name) else { continue }
                report(rule, "\(kind) '\(name)' of '\(id)' is in the catalog but not here", at: listPosition)
            }
        }

        /// The first way `offer` differs from `wanted`: mode, period, number of periods, price.
        func difference(_ offer: StoreKitOffer, _ wanted: SubscriptionOffer) -> (message: String, position: SourcePosition?)? {
            let wantedMode = StoreKitOffer.paymentMode(of: wanted.mode)
            if offer.paymentMode != wantedMode {
                return (
                    "is paid \(offer.paymentMode ?? "(no mode)") here but \(wantedMode) (\(wanted.mode.rawValue)) in the catalog",
                    offer.positions.paymentMode ?? offer.positions.entry
                )
            }
            if offer.subscriptionPeriod != wanted.duration.rawValue {
                return (
                    "lasts \(offer.subscriptionPeriod ?? "(no period)") per period here but \(wanted.duration.rawValue) in the catalog",
                    offer.positions.subscriptionPeriod ?? offer.positions.entry
                )
            }
            if (offer.numberOfPeriods ?? 1) != wanted.periods {
                return (
                    "runs \(offer.numberOfPeriods ?? 1) periods here but \(wanted.periods) in the catalog",
                    offer.positions.numberOfPeriods ?? offer.positions.entry
                )
            }
            if let price = offer.displayPrice, let wantedPrice = wanted.price(in: storefront), !Self.sameAmount(price, wantedPrice) {
                return ("costs \(price) here but \(wantedPrice) in the catalog (storefront \(storefront))", offer.positions.displayPrice)
            }
            let wantedEligibility = wanted.eligibility.map(\.rawValue)
            if Set(offer.eligibility) != Set(wantedEligibility) {
                let written = offer.eligibility.isEmpty ? "nobody" : offer.eligibility.joined(separator: ", ")
                let expected = wantedEligibility.isEmpty ? "nobody" : wantedEligibility.joined(separator: ", ")
                return ("is for \(written) here but for \(expected) in the catalog", offer.positions.eligibility ?? offer.positions.entry)
            }
            if let stackable = offer.isStackable, stackable != (wanted.stackable ?? false) {
                return (
                    "\(stackable ? "stacks" : "does not stack") with an introductory offer here but \(stackable ? "does not" : "does") in the catalog",
                    offer.positions.isStackable
                )
            }
            return nil
        }

        static func describe(_ offer: StoreKitOffer) -> String {
            "\(offer.paymentMode ?? "?") \(offer.numberOfPeriods ?? 1) × \(offer.subscriptionPeriod ?? "?")"
        }

        func describe(_ offer: SubscriptionOffer) -> String {
            "\(offer.mode.rawValue) \(offer.periods) × \(offer.duration.rawValue)"
        }

        /// Products the catalog offers in `environment` that the file does not name, each at the
        /// list it belongs in.
        mutating func reportMissing(environment: StoreEnvironment, present: Set<String>) {
            for product in checker.catalog.products
            where product.isAvailable(in: environment) && !present.contains(product.id) && StoreKitProduct.typeName(of: product.type) != nil
            {
                let position: SourcePosition?
                switch product.type {
                case .consumable, .nonConsumable: position = configuration.positions.products
                case .nonRenewing: position = configuration.positions.nonRenewingSubscriptions
                default:
                    let fileGroup = catalogGroupOfFileGroup.firstIndex { $0 == product.subscription?.group }
                    position =
                        fileGroup.flatMap { configuration.groups[$0].positions.subscriptions } ?? configuration.positions.subscriptionGroups
                }
                report(
                    .storeKitMissingProduct,
                    "'\(product.id)' (\(product.type.rawValue), \(product.status.rawValue)) is in the catalog's \(environment.rawValue) products but not in this file",
                    at: position)
            }
        }

        /// `'text'`, shortened to its first 60 characters when longer: a message names the value,
        /// it does not reprint a file.
        static func quote(_ text: String) -> String {
            guard text.count > 60 else { return "'\(text)'" }
            return "'\(text.prefix(60))…' (\(text.count) characters)"
        }

        /// Whether two decimal strings are the same amount ("1.50" and "1.5").
        static func sameAmount(_ a: String, _ b: String) -> Bool {
            normalized(a) == normalized(b)
        }

        private static func normalized(_ amount: String) -> String {
            var text = Substring(amount)
            while text.count > 1, text.first == "0", text.dropFirst().first != "." { text = text.dropFirst() }
            guard text.contains(".") else { return String(text) }
            while text.last == "0" { text = text.dropLast() }
            if text.last == "." { text = text.dropLast() }
            return String(text)
        }
    }
}
