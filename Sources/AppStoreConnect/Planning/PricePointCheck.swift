import IAPCatalog

/// Every price a plan would set, held against the price points App Store Connect offers
/// (``PriceLadders``): a price that is no point becomes a plan error naming the nearest points below
/// and above and where the catalog writes it, so `plan` shows what `apply` would otherwise fail
/// at, and `apply` refuses the plan before changing anything.
///
/// The prices a plan sets are the rows its steps send that the store does not hold already (a row
/// App Store Connect holds is on its ladder): a product's new price rows, its monthly billing
/// plan's, and the prices of the introductory offers, promotional offers, offer codes and win-back
/// offers it creates.
package struct PricePointCheck: Sendable {
    /// One price a plan would set.
    package struct PlannedPrice: Sendable, Equatable {
        /// The product.
        package var owner: PlanOwner
        /// Whose price points it must be one of.
        package var ladder: PriceLadders.Ladder
        /// The territory (`USA`).
        package var territory: String
        /// The customer price (`1.29`).
        package var customerPrice: String
        /// `price`, `introductory offer price`, `promotional offer "half" price`, …
        package var purpose: String
        /// `YYYY-MM-DD` of a dated row.
        package var startDate: String?
        /// Where the catalog writes it.
        package var position: SourcePosition?

        /// `price USA 1.29`, `price USA 0.49 from 2027-01-01`.
        var phrase: String {
            "\(purpose) \(territory) \(customerPrice)" + (startDate.map { " from \($0)" } ?? "")
        }
    }

    /// The ladders read.
    package var ladders: PriceLadders
    /// The catalog's path as given, for positions in messages.
    package var path: String

    /// A check against `ladders`, naming positions in `path`.
    package init(ladders: PriceLadders, path: String) {
        self.ladders = ladders
        self.path = path
    }

    /// The prices `plan`'s steps would set, with where `catalog` writes each, in step order.
    package static func prices(of plan: ConnectPlan, in catalog: Catalog) -> [PlannedPrice] {
        let products = Dictionary(catalog.products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var prices: [PlannedPrice] = []
        for step in plan.steps {
            let product = products[step.owner.key]
            func add(
                _ ladder: PriceLadders.Ladder, _ purpose: String, _ territory: String, _ price: String, _ start: String?,
                _ at: SourcePosition?
            ) {
                prices.append(
                    PlannedPrice(
                        owner: step.owner, ladder: ladder, territory: territory, customerPrice: price, purpose: purpose, startDate: start,
                        position: at ?? product?.positions.entry))
            }
            switch step.action {
            case .setPrices(_, let diff, _, _):
                for row in diff.added {
                    add(
                        .of(step.owner), "price", row.territory, row.customerPrice, row.startDate,
                        position(of: row, in: product?.price))
                }
            case .setMonthlyBilling(let diff, _, _, _):
                for row in diff.added {
                    let price = product?.subscription?.monthlyBilling?.price
                    add(
                        .monthlyBilling, "monthly billing price", row.territory, row.customerPrice, row.startDate,
                        position(of: row, in: price) ?? product?.subscription?.monthlyBilling?.positions.entry)
                }
            case .setIntroductoryOffers(let diff):
                let offers =
                    (product?.subscription?.introductoryOffer.map { [$0] } ?? []) + (product?.subscription?.introductoryOffers ?? [])
                for row in diff.added {
                    guard let price = row.customerPrice else { continue }
                    let written = offers.lazy.flatMap(\.prices).first { $0.storefront == row.territory && $0.amount == price }
                    add(
                        .subscription, "introductory offer price", row.territory, price, row.startDate,
                        written?.position ?? product?.subscription?.positions.introductoryOffers)
                }
            case .createOffer(let kind, let offer):
                guard offer.mode.isPaid else { continue }
                let name = kind == .promotionalOffer ? offer.id ?? "" : offer.referenceName ?? ""
                for price in offer.prices {
                    add(
                        .subscription, "\(kind.noun) \"\(name)\" price", price.storefront, price.amount, nil,
                        price.position ?? offer.positions.prices ?? offer.positions.entry)
                }
            case .createPurchaseOfferCode(let code):
                for price in code.prices {
                    add(
                        .inAppPurchase, "offer code \"\(code.referenceName)\" price", price.storefront, price.amount, nil,
                        price.position ?? code.positions.prices ?? code.positions.entry)
                }
            case .createWinBackOffer(let offer):
                guard offer.mode.isPaid else { continue }
                for price in offer.prices {
                    add(
                        .subscription, "win-back offer \"\(offer.id)\" price", price.storefront, price.amount, nil,
                        price.position ?? offer.positions.prices ?? offer.positions.entry)
                }
            default:
                continue
            }
        }
        return prices
    }

    /// Where `price` writes `row`: its storefront price, its dated change, or (a legacy tier) the tier.
    static func position(of row: PriceRow, in price: Price?) -> SourcePosition? {
        guard let price else { return nil }
        if row.startDate == nil,
            let written = price.storefronts.first(where: { $0.storefront == row.territory && $0.amount == row.customerPrice })
        {
            return written.position ?? price.positions.entry
        }
        if let change = price.changes.first(where: {
            $0.storefront == row.territory && $0.amount == row.customerPrice && $0.startDate?.description == row.startDate
        }) {
            return change.position ?? price.positions.changes ?? price.positions.entry
        }
        return price.positions.schedule ?? price.positions.tier ?? price.positions.entry
    }

    /// The territories of each ladder the prices are in: what ``PriceLadders`` must hold.
    package static func territories(of prices: [PlannedPrice]) -> [PriceLadders.Ladder: Set<String>] {
        var territories: [PriceLadders.Ladder: Set<String>] = [:]
        for price in prices { territories[price.ladder, default: []].insert(price.territory) }
        return territories
    }

    /// `plan` with an error for each price that is not a price point of its ladder in its
    /// territory, and a warning for each ladder that could not be read (its prices are checked only
    /// when apply sets them). `catalog` is the one planned.
    package func check(_ plan: inout ConnectPlan, catalog: Catalog) {
        var unchecked: [PriceLadders.Ladder: [String]] = [:]
        for price in Self.prices(of: plan, in: catalog) {
            guard let points = ladders.prices(of: price.ladder, in: price.territory) else {
                if ladders.unread[price.ladder] != nil, !(unchecked[price.ladder] ?? []).contains(price.owner.key) {
                    unchecked[price.ladder, default: []].append(price.owner.key)
                }
                continue
            }
            guard !points.contains(price.customerPrice) else { continue }
            let place = price.position.map { " (\(path):\($0.line):\($0.column))" } ?? ""
            let message =
                points.isEmpty
                ? "\(price.phrase) cannot be set: App Store Connect lists no price points of \(price.ladder.noun) in \(price.territory)\(place)"
                : "\(price.phrase) is not a price point of App Store Connect's \(price.ladder.noun) in \(price.territory)\(place); "
                    + PriceLadders.alternatives(to: price.customerPrice, in: points)
            plan.errors.append(PlanNote(resource: price.owner.key, message: message))
        }
        for (ladder, products) in unchecked.sorted(by: { $0.key < $1.key }) {
            let others = products.count > 1 ? "and \(Plural.count(products.count - 1, "more product")): " : ""
            plan.warnings.append(
                PlanNote(
                    resource: products[0],
                    message: others + "prices are checked against App Store Connect's price points only when apply sets them: "
                        + (ladders.unread[ladder] ?? "")))
        }
    }
}
