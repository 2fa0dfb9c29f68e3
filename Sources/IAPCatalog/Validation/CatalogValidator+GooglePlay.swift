extension CatalogValidator.Check {
    private typealias Limits = GooglePlayLimits

    /// What the Google Play rules remember of earlier products.
    struct GooglePlayState {
        /// The first product to use each Play product id.
        var productIDs: [String: String] = [:]
        /// Whether a product sold on Google Play was seen (the app then needs a package name).
        var sellsOnPlay = false
    }

    /// `play_identifier` for `app.google_play`, once every product was seen.
    mutating func googlePlayApp() {
        let play = catalog.app.googlePlay
        if let name = play?.packageName, !Limits.isPackageName(name) {
            report(
                .playIdentifier, "package name '\(name)' is not an Android package name (two or more parts such as com.example.app)",
                at: play?.positions.packageName)
        } else if play?.packageName == nil && googlePlayState.sellsOnPlay {
            report(
                .playIdentifier, "products are sold on google_play but app.google_play.package_name is not set; Play names the app by it",
                at: play?.positions.entry ?? catalog.app.positions.entry)
        }
        if let tolerance = play?.priceTolerance, !Self.isDecimal(tolerance) {
            report(.invalidValue, "price_tolerance '\(tolerance)' is not a share such as 0.1", at: play?.positions.priceTolerance)
        }
    }

    /// The `play_*` rules for one product's Google Play part.
    mutating func googlePlay(of product: Product) {
        let sold = product.isSold(on: .googlePlay)
        guard let play = product.googlePlay else {
            if sold {
                report(
                    .playFields,
                    "'\(product.id)' is sold on google_play but has no google_play part (purchase options or base plans say how it is sold)",
                    at: product.positions.stores)
            }
            return
        }
        guard sold else {
            report(
                .playFields, "'\(product.id)' has a google_play part but its stores do not include google_play",
                at: product.positions.stores ?? play.positions.entry)
            return
        }
        googlePlayState.sellsOnPlay = true
        playProductID(of: product, play)
        playListings(of: product, play)
        if product.type == .autoRenewable {
            if !play.purchaseOptions.isEmpty {
                report(
                    .playFields, "'\(product.id)' is a subscription: Play sells it through base_plans, not purchase_options",
                    at: play.positions.purchaseOptions)
            }
            if play.basePlans.isEmpty {
                report(.playFields, "subscription '\(product.id)' has no base plan on Google Play", at: play.positions.entry)
            }
            playBasePlans(of: product, play)
        } else {
            if !play.basePlans.isEmpty {
                report(
                    .playFields, "'\(product.id)' is a one-time product: Play sells it through purchase_options, not base_plans",
                    at: play.positions.basePlans)
            }
            if play.purchaseOptions.isEmpty {
                report(.playFields, "'\(product.id)' has no purchase option on Google Play", at: play.positions.entry)
            }
            playPurchaseOptions(of: product, play)
        }
        playPriceDifferences(of: product, play)
    }

    private mutating func playProductID(of product: Product, _ play: GooglePlayProduct) {
        let id = play.productID ?? product.id
        let position = play.positions.productID ?? product.positions.id
        if !Limits.isProductID(id) {
            let how = play.productID == nil ? "; give google_play.product_id" : ""
            report(
                .playIdentifier,
                "'\(id)' is not a Play product id: it must start with a lowercase letter or digit and hold only lowercase letters, digits, '_' and '.'\(how)",
                at: position)
        } else if product.type == .autoRenewable && id.utf8.count > Limits.subscriptionProductID {
            report(
                .playIdentifier,
                "Play product id '\(id)' is \(id.utf8.count) characters; a subscription's is at most \(Limits.subscriptionProductID)",
                at: position)
        }
        if let first = googlePlayState.productIDs[id] {
            report(.playIdentifier, "Play product id '\(id)' of '\(product.id)' is already the id of '\(first)'", at: position)
        } else {
            googlePlayState.productIDs[id] = product.id
        }
    }

    private mutating func playListings(of product: Product, _ play: GooglePlayProduct) {
        var languages: Set<String> = []
        let derived = play.listings.isEmpty
        let listings = product.playListings
        if derived && listings.isEmpty {
            report(
                .playLanguage, "'\(product.id)' has no Play listing: give google_play.listings, or a localization in a language Play has",
                at: play.positions.entry)
        }
        for listing in listings {
            let what = "the \(listing.language) Play listing of '\(product.id)'" + (derived ? " (from its localizations)" : "")
            if !PlayLanguages.codes.contains(listing.language) {
                report(
                    .playLanguage,
                    "'\(listing.language)' is not a language Play lists products in", at: listing.positions.entry,
                    hint: PlayLanguages.hint(for: listing.language))
            }
            if !languages.insert(listing.language).inserted {
                report(.playLanguage, "\(what) is given twice", at: listing.positions.entry)
            }
            for (text, name, limit, position) in [
                (listing.title, "title", Limits.title, listing.positions.title),
                (listing.description, "description", Limits.description, listing.positions.description),
            ] {
                guard let text else {
                    report(.playLength, "\(what) has no \(name)", at: listing.positions.entry)
                    continue
                }
                let count = CharacterCount.of(text)
                if count == 0 || count > limit {
                    report(
                        .playLength, "the \(name) in \(what) is \(Plural.count(count, "character")); Play allows 1 to \(limit)",
                        at: position)
                }
            }
            if !listing.benefits.isEmpty && product.type != .autoRenewable {
                report(.playFields, "\(what) lists benefits; only subscriptions have them", at: listing.positions.benefits)
            }
            if listing.benefits.count > Limits.benefits {
                report(
                    .playLength, "\(what) lists \(listing.benefits.count) benefits; Play shows at most \(Limits.benefits)",
                    at: listing.positions.benefits)
            }
            for benefit in listing.benefits where CharacterCount.of(benefit) > Limits.benefitAdvisory {
                report(
                    .playLength,
                    "a benefit in \(what) is \(CharacterCount.of(benefit)) characters; Play Console shows at most \(Limits.benefitAdvisory)",
                    at: listing.positions.benefits, severity: .warning)
            }
        }
        if !play.listings.isEmpty, let language = PlayLanguages.code(forAppStoreLocale: catalog.app.defaultLocale),
            !languages.contains(language)
        {
            report(
                .playLanguage, "the Play listings of '\(product.id)' have none in the app's default language (\(language))",
                at: play.positions.listings)
        }
    }

    private mutating func playPurchaseOptions(of product: Product, _ play: GooglePlayProduct) {
        var ids: Set<String> = []
        var legacy = 0
        for option in play.purchaseOptions {
            let what = "purchase option '\(option.id)' of '\(product.id)'"
            playOptionID(option.id, what, seen: &ids, at: option.positions.id)
            switch option.kind {
            case .buy:
                if option.rentalPeriod != nil || option.expirationPeriod != nil {
                    report(
                        .playFields, "\(what) is bought, not rented: rental_period and expiration_period do not apply",
                        at: option.positions.entry)
                }
                if option.legacyCompatible == true { legacy += 1 }
            case .rent:
                if option.legacyCompatible != nil || option.multiQuantity != nil {
                    report(
                        .playFields, "\(what) is rented: legacy_compatible and multi_quantity apply to bought options only",
                        at: option.positions.entry)
                }
                if let period = option.rentalPeriod {
                    if !Limits.isDuration(period) {
                        report(
                            .playFields, "rental_period '\(period)' of \(what) is not an ISO 8601 duration such as P7D",
                            at: option.positions.entry)
                    }
                } else {
                    report(.playFields, "\(what) is rented but has no rental_period", at: option.positions.entry)
                }
                if let period = option.expirationPeriod, !Limits.isDuration(period) {
                    report(
                        .playFields, "expiration_period '\(period)' of \(what) is not an ISO 8601 duration such as P2D",
                        at: option.positions.entry)
                }
            }
            playRegions(option.regions, newRegions: option.newRegions, what, allowed: PlayAvailability.allCases, at: option.positions.entry)
        }
        if legacy > 1 {
            report(
                .playFields, "'\(product.id)' has \(legacy) legacy-compatible purchase options; Play allows one",
                at: play.positions.purchaseOptions)
        }
    }

    private mutating func playBasePlans(of product: Product, _ play: GooglePlayProduct) {
        var ids: Set<String> = []
        var legacy = 0
        for plan in play.basePlans {
            let what = "base plan '\(plan.id)' of '\(product.id)'"
            playOptionID(plan.id, what, seen: &ids, at: plan.positions.id)
            if let period = plan.period ?? product.subscription?.duration.rawValue {
                if plan.kind == .autoRenewing && !Limits.billingPeriods.contains(period) {
                    report(
                        .playFields,
                        "\(what) renews every '\(period)'; Play's billing periods are \(Limits.billingPeriods.joined(separator: ", "))",
                        at: plan.positions.period ?? plan.positions.entry)
                } else if !Limits.isDuration(period) {
                    report(.playFields, "period '\(period)' of \(what) is not an ISO 8601 duration", at: plan.positions.period)
                }
            } else {
                report(.playFields, "\(what) has no period (and the product no subscription duration)", at: plan.positions.entry)
            }
            if plan.legacyCompatible == true {
                legacy += 1
                if plan.kind == .prepaid {
                    report(.playFields, "\(what) is prepaid: only renewing plans are legacy compatible", at: plan.positions.entry)
                }
            }
            playRegions(
                plan.regions, newRegions: plan.newRegions, what, allowed: [.available, .noLongerAvailable], at: plan.positions.entry)
            if plan.kind == .prepaid && !plan.offers.isEmpty {
                report(.playFields, "\(what) is prepaid: only renewing base plans have offers", at: plan.positions.entry)
            }
            var offerIDs: Set<String> = []
            let planRegions = Set(plan.regions.map(\.region))
            let openRegions = Set(plan.regions.filter { $0.availability == .available }.map(\.region))
            for offer in plan.offers {
                let offerWhat = "offer '\(offer.id)' of \(what)"
                playOptionID(offer.id, offerWhat, seen: &offerIDs, at: offer.positions.id)
                if !Limits.offerPhases.contains(offer.phases.count) {
                    report(
                        .playFields, "\(offerWhat) has \(offer.phases.count) phases; Play takes 1 or 2",
                        at: offer.positions.phases ?? offer.positions.entry)
                }
                for region in offer.regions ?? [] where !planRegions.contains(region) {
                    report(.playRegion, "\(offerWhat) runs in \(region), where the base plan has no price", at: offer.positions.regions)
                }
                let offerRegions = offer.regions.map(Set.init) ?? openRegions
                for phase in offer.phases { playPhase(phase, offerWhat, regions: offerRegions) }
            }
        }
        if legacy > 1 {
            report(.playFields, "'\(product.id)' has \(legacy) legacy-compatible base plans; Play allows one", at: play.positions.basePlans)
        }
    }

    private mutating func playPhase(_ phase: PlayOfferPhase, _ what: String, regions: Set<String>) {
        if !Limits.isDuration(phase.duration) {
            report(
                .playFields, "duration '\(phase.duration)' of a phase of \(what) is not an ISO 8601 duration such as P1W",
                at: phase.positions.duration)
        }
        if phase.periods < 1 {
            report(.playFields, "a phase of \(what) lasts \(phase.periods) periods; it needs at least 1", at: phase.positions.entry)
        } else if phase.mode == .payUpFront && phase.periods > 1 {
            // Play charges a phase's price once per recurrence: over several it is pay as you go.
            report(
                .playFields,
                "a pay-up-front phase of \(what) is one payment for the phase: give its whole length as duration and periods 1 (Play would charge every period)",
                at: phase.positions.entry)
        }
        switch (phase.mode, phase.prices.isEmpty, phase.discount) {
        case (.freeTrial, true, nil): break
        case (.freeTrial, _, _):
            report(
                .playFields, "a free-trial phase of \(what) has prices or a discount", at: phase.positions.prices ?? phase.positions.entry)
        case (_, true, nil):
            report(.playMissingPrice, "a paid phase of \(what) has neither prices nor a discount", at: phase.positions.entry)
        case (_, false, _?):
            report(.playFields, "a phase of \(what) has both prices and a discount; give one", at: phase.positions.prices)
        case (_, true, let discount?):
            if !Self.isDecimal(discount) || !((Double(discount) ?? 0) > 0 && (Double(discount) ?? 1) < 1) {
                report(
                    .playPrice, "the discount '\(discount)' of a phase of \(what) is not a share between 0 and 1 such as 0.5",
                    at: phase.positions.entry)
            }
        case (_, false, nil):
            for price in phase.prices {
                if price.price == nil || price.availability != .available {
                    report(
                        .playMissingPrice, "a paid phase of \(what) has no amount in \(price.region) (phase prices are amounts only)",
                        at: price.position)
                }
                playPrice(price, "a phase of \(what)")
                if !regions.contains(price.region) {
                    report(
                        .playRegion, "a phase of \(what) has a price in \(price.region), where the offer does not run", at: price.position)
                }
            }
            for region in regions.subtracting(phase.prices.map(\.region)).sorted() {
                report(
                    .playMissingPrice, "a paid phase of \(what) has no price in \(region), where the offer runs", at: phase.positions.prices
                )
            }
        }
    }

    /// `play_identifier` for a purchase option, base plan or offer id, unique among `seen`.
    private mutating func playOptionID(_ id: String, _ what: String, seen: inout Set<String>, at position: SourcePosition?) {
        if !Limits.isOptionID(id) {
            report(
                .playIdentifier,
                "\(what) has an id Play refuses: a lowercase letter or digit, then lowercase letters, digits and '-', at most \(Limits.optionID) characters",
                at: position)
        }
        if !seen.insert(id).inserted { report(.playIdentifier, "\(what) is given twice", at: position) }
    }

    /// `play_region`, `play_price`, `play_missing_price` for the regions of an option or plan.
    private mutating func playRegions(
        _ regions: [PlayRegionalPrice], newRegions: PlayNewRegions?, _ what: String, allowed: [PlayAvailability],
        at entry: SourcePosition?
    ) {
        var seen: Set<String> = []
        for region in regions {
            if !seen.insert(region.region).inserted {
                report(.playRegion, "\(region.region) is listed twice for \(what)", at: region.position)
            }
            if !allowed.contains(region.availability) {
                report(.playFields, "\(what) cannot be '\(region.availability.rawValue)' in \(region.region)", at: region.position)
            }
            if region.price == nil {
                if region.availability == .available || region.availability == .availableIfReleased {
                    report(.playMissingPrice, "\(what) is available in \(region.region) but has no price there", at: region.position)
                }
            } else {
                playPrice(region, what)
            }
        }
        if regions.isEmpty && newRegions == nil {
            report(.playMissingPrice, "\(what) has no regions and no new_regions: Play would sell it nowhere", at: entry)
        }
        if let new = newRegions {
            for (currency, amount) in [("usd", new.usd), ("eur", new.eur)] {
                if let amount {
                    if !Self.isPositiveAmount(amount, decimals: 2) {
                        report(
                            .playPrice, "the new_regions \(currency) price '\(amount)' of \(what) is not a positive amount",
                            at: new.position)
                    }
                } else {
                    report(.playMissingPrice, "new_regions of \(what) needs both a usd and an eur price", at: new.position)
                }
            }
        }
    }

    /// `play_region`, `play_price` for one regional price.
    private mutating func playPrice(_ region: PlayRegionalPrice, _ what: String) {
        let version = catalog.app.googlePlay?.regionsVersion
        guard let currency = PlayRegions.currency(of: region.region, regionsVersion: version) else {
            if PlayRegions.currency(of: region.region) != nil {
                report(.playRegion, "'\(region.region)' is not billable at regions version \(version ?? "")", at: region.position)
            } else {
                report(
                    .playRegion, "'\(region.region)' is not a Google Play region (ISO 3166-1 alpha-2, e.g. US)", at: region.position,
                    hint: PlayRegions.hint(for: region.region))
            }
            return
        }
        guard let price = region.price else { return }
        let decimals = PlayRegions.decimals(of: currency)
        if !Self.isPositiveAmount(price, decimals: decimals) {
            let places = decimals == 0 ? "no decimals" : "at most \(Plural.count(decimals, "decimal"))"
            report(
                .playPrice, "the \(region.region) price '\(price)' of \(what) is not a positive amount of \(currency) (\(places))",
                at: region.position)
        }
    }

    /// A decimal above zero with at most `decimals` digits after the point.
    static func isPositiveAmount(_ text: String, decimals: Int) -> Bool {
        guard isDecimal(text), let value = Double(text), value > 0 else { return false }
        guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return true }
        return text.utf8.distance(from: dot, to: text.utf8.endIndex) - 1 <= decimals
    }

    /// `play_price_difference` (a note): App Store and Play prices of the product that differ by
    /// more than the tolerance, in the countries where both stores charge the same currency.
    private mutating func playPriceDifferences(of product: Product, _ play: GooglePlayProduct) {
        guard product.isSold(on: .appStore), let price = product.price else { return }
        let tolerance = Double(catalog.app.googlePlay?.priceTolerance ?? GooglePlayApp.defaultPriceTolerance) ?? 0.1
        let playPrices = (play.purchaseOptions.first?.regions ?? play.basePlans.first?.regions ?? [])
        for apple in price.storefronts {
            guard let region = PlayRegions.sharedCurrencyRegion(forStorefront: apple.storefront),
                let playPrice = playPrices.first(where: { $0.region == region })?.price,
                let appleAmount = Double(apple.amount), let playAmount = Double(playPrice), appleAmount > 0
            else { continue }
            let share = abs(playAmount - appleAmount) / appleAmount
            if share > tolerance {
                let percent = Int((share * 100).rounded())
                report(
                    .playPriceDifference,
                    "'\(product.id)' costs \(apple.amount) on the App Store in \(apple.storefront) and \(playPrice) on Google Play in \(region) (\(percent) % apart, more than the price_tolerance of \(Int((tolerance * 100).rounded())) %)",
                    at: playPrices.first(where: { $0.region == region })?.position)
            }
        }
    }
}
