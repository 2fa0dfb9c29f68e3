import IAPCatalog

/// Makes one synthetic product at a time, with the shares below. Subscriptions get their group
/// and rank later, from ``SyntheticCatalog``, once every product is known.
package struct ProductFactory {
    /// The identifier prefix: `com.example.gen.TYPE.INDEX`.
    package static let identifierPrefix = "com.example.gen."
    /// The share of products that are removed tombstones.
    package static let removedShare = 0.02
    /// The share of products that are drafts.
    package static let draftShare = 0.10
    /// The share of removed products that are the deprecated free subscription.
    package static let freeSubscriptionShareOfRemoved = 0.2
    /// The types of the products that are not tombstones, with their shares.
    package static let typeShares: [(value: ProductType, weight: Double)] = [
        (.consumable, 0.35), (.nonConsumable, 0.35), (.autoRenewable, 0.20), (.nonRenewing, 0.10),
    ]
    /// Subscription durations with their shares.
    package static let durationShares: [(value: SubscriptionPeriod, weight: Double)] = [
        (.oneWeek, 0.10), (.oneMonth, 0.40), (.twoMonths, 0.05), (.threeMonths, 0.10), (.sixMonths, 0.10), (.oneYear, 0.25),
    ]
    /// Free-trial durations: only ones the bulk XML can express.
    package static let trialDurations: [SubscriptionPeriod] = [.oneWeek, .oneMonth, .threeMonths]
    /// How many locales a product is localized in (the default locale included), with shares.
    package static let localeCountShares: [(value: Int, weight: Double)] = [(2, 0.45), (3, 0.30), (4, 0.15), (5, 0.10)]
    /// The numbers in consumables' display names ("Golden Coins 500").
    package static let consumableNumbers = [10, 50, 100, 250, 500, 1000, 5000]
    /// `client_data.tags` are drawn from these.
    package static let tags = ["new", "sale", "best value", "limited"]
    /// Storefronts other than the USA, in a fixed order, for storefront prices.
    private static let otherStorefronts = AppStoreStorefronts.codes.subtracting(["USA"]).sorted()

    package init() {}

    /// Product number `index` (1-based). Products 1–4 are approved, one of each offered type, and
    /// product 5 is a removed free subscription, so every catalog has every type.
    package func product(_ index: Int, random: inout SeededRandom) -> Product {
        let roll = random.unit()
        var status: ProductStatus = roll < Self.removedShare ? .removed : roll < Self.removedShare + Self.draftShare ? .draft : .approved
        var type = random.weighted(Self.typeShares)
        if status == .removed && random.chance(Self.freeSubscriptionShareOfRemoved) { type = .freeSubscription }
        if index <= Self.typeShares.count {
            (type, status) = (Self.typeShares[index - 1].value, .approved)
        } else if index == Self.typeShares.count + 1 {
            (type, status) = (.freeSubscription, .removed)
        }

        var product = Product(id: "\(Self.identifierPrefix)\(type.rawValue).\(index)", type: type, status: status)
        guard status != .removed else { return product }

        let category = random.element(of: ProductCategory.choices(for: type))
        product.referenceName = "\(category.capitalized) \(index) (\(type.rawValue))"
        product.clearedForSale = !random.chance(0.03)
        if type == .nonConsumable || type == .autoRenewable { product.appStore.familySharing = random.chance(0.4) }
        if type == .nonConsumable && random.chance(0.1) { product.appStore.hostedContent = true }
        product.price = price(for: type, random: &random)

        let number = type == .consumable ? random.element(of: Self.consumableNumbers) : index
        product.localizations = localizations(category: category, number: number, random: &random)
        if random.chance(0.15) {
            var notes = "Buy it with the sandbox account: item #\(index) is granted at once."
            if random.chance(0.2) { notes += "\nRestore purchases from Settings > Account." }
            product.appStore.review = ReviewInfo(notes: notes)
        }
        // App Review needs a screenshot before a draft is submitted: every draft names the blank one.
        if status == .draft {
            var review = product.appStore.review ?? ReviewInfo()
            review.screenshot = ReviewScreenshot.path
            product.appStore.review = review
        }
        if type == .autoRenewable {
            product.subscription = terms(random: &random)
            // Said, as lint asks (`multiseat_unsaid`): off where Family Sharing turns it off, on elsewhere.
            product.subscription?.multiseat = Multiseat(enabled: !product.appStore.familySharing)
        }
        product.clientData = clientData(index: index, category: category, number: number, random: &random)
        return product
    }

    /// A tier by type, and for a quarter of the products storefront prices beside it (the bulk
    /// XML needs the tier, so it is always there).
    private func price(for type: ProductType, random: inout SeededRandom) -> Price {
        let tiers: ClosedRange<Int> =
            switch type {
            case .consumable: 1...20
            case .nonConsumable: 1...30
            case .autoRenewable: 2...60
            case .nonRenewing, .freeSubscription: 3...AppStoreStorefronts.highestPriceTier
            }
        let tier = random.int(in: tiers)
        var price = Price(tier: tier)
        if random.chance(0.25) {
            // The tier's U.S. price in cents: $0.99, $1.99, … up to tier 50, then $5 steps.
            let cents = tier <= 50 ? tier * 100 - 1 : 5000 + (tier - 50) * 500 - 1
            let others = random.sample(Self.otherStorefronts, count: random.below(5))
            price.storefronts = (["USA"] + others.sorted()).map { code in
                // The yen has no minor unit: about 160 yen to the dollar, rounded up to tens.
                StorefrontPrice(storefront: code, amount: code == "JPN" ? String((cents * 160 / 100 + 9) / 10 * 10) : Self.decimal(cents))
            }
        }
        return price
    }

    /// Cents as a decimal string: 199 → "1.99".
    private static func decimal(_ cents: Int) -> String {
        let fraction = String(cents % 100)
        return "\(cents / 100)." + (fraction.count == 1 ? "0" : "") + fraction
    }

    /// The default locale and 1–4 others, in ``SampleTexts/all`` order.
    private func localizations(category: ProductCategory, number: Int, random: inout SeededRandom) -> [Localization] {
        let others = random.sample(SampleTexts.all.dropFirst().map(\.locale), count: random.weighted(Self.localeCountShares) - 1)
        var localizations: [Localization] = []
        for texts in SampleTexts.all where texts.locale == SampleTexts.defaultLocale.locale || others.contains(texts.locale) {
            var name = texts.displayName(&random, category: category, number: number)
            var description = texts.description(&random, category: category)
            if texts.locale == SampleTexts.defaultLocale.locale {
                if random.chance(TrickyTexts.displayNameShare) { name = random.element(of: TrickyTexts.displayNames) }
                if random.chance(TrickyTexts.descriptionShare) { description = random.element(of: TrickyTexts.descriptions) }
            }
            localizations.append(Localization(locale: texts.locale, displayName: name, description: description))
        }
        return localizations
    }

    /// Duration, sometimes a free trial, rarely a bonus month; no group yet.
    private func terms(random: inout SeededRandom) -> SubscriptionTerms {
        let duration = random.weighted(Self.durationShares)
        var terms = SubscriptionTerms(group: "", duration: duration)
        if random.chance(0.3) { terms.freeTrialDuration = random.element(of: Self.trialDurations) }
        if duration == .sixMonths || duration == .oneYear, random.chance(0.05) { terms.bonusDuration = .oneMonth }
        return terms
    }

    /// Free-form data for the app: category, a sort key (a string for 1 in 20), sometimes an
    /// image URL, tags, and for coins a bundle.
    private func clientData(index: Int, category: ProductCategory, number: Int, random: inout SeededRandom) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("category", .string(category.rawValue))]
        if random.chance(0.05) {
            let digits = String(index)
            members.append(("sort_key", .string("k" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)))
        } else {
            members.append(("sort_key", .int(index * 10)))
        }
        if random.chance(0.25) { members.append(("image_url", .string("https://cdn.example.com/iap/\(category.rawValue)/\(index).png"))) }
        if random.chance(0.1) {
            members.append(("tags", .array(random.sample(Self.tags, count: random.int(in: 1...2)).map { .string($0) })))
        }
        if category == .coins && random.chance(0.1) {
            members.append(("bundle", .object([("coins", .int(number)), ("bonus", .int(number / 10))])))
        }
        return .object(members)
    }
}
