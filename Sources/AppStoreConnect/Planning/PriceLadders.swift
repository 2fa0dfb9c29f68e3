/// The customer prices App Store Connect offers, ladder by ladder and territory by territory, as
/// read for a plan: what ``PricePointCheck`` holds each price the plan would set against.
///
/// App Store Connect lists price points only per product (`GET /v2/inAppPurchases/{id}/pricePoints`,
/// `GET /v1/subscriptions/{id}/pricePoints`), each point's id naming its product, but every
/// product of one family has the same customer prices in a territory: one product's list stands
/// for its family's ladder, and is read once per territory however many products the plan prices.
package struct PriceLadders: Sendable, Equatable {
    /// One family of price points.
    package enum Ladder: String, Sendable, Hashable, Comparable, CaseIterable {
        /// In-app purchases: consumables, non-consumables, non-renewing subscriptions.
        case inAppPurchase
        /// Auto-renewable subscriptions (the usual plan, and their offers).
        case subscription
        /// A subscription's monthly billing plan (`filter[planType]=MONTHLY`).
        case monthlyBilling

        /// `in-app purchases`, `subscriptions`, `the monthly billing plan`: whose price points.
        package var noun: String {
            switch self {
            case .inAppPurchase: "in-app purchases"
            case .subscription: "subscriptions"
            case .monthlyBilling: "subscriptions' monthly billing plans"
            }
        }

        /// The ladder a product's own prices are on.
        package static func of(_ owner: PlanOwner) -> Ladder {
            if case .subscription = owner { .subscription } else { .inAppPurchase }
        }

        /// Declaration order.
        package static func < (lhs: Ladder, rhs: Ladder) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Customer prices by ladder, then territory, as App Store Connect writes them (`0.99`, `160`).
    /// A territory read and holding no points has an empty list; one not read has none.
    package var prices: [Ladder: [String: Set<String>]]
    /// Ladders that could not be read, each with the reason (the app has no product of the family
    /// yet): their prices are checked when apply sets them.
    package var unread: [Ladder: String]

    /// Ladders from their parts.
    package init(prices: [Ladder: [String: Set<String>]] = [:], unread: [Ladder: String] = [:]) {
        self.prices = prices
        self.unread = unread
    }

    /// The prices of `ladder` in `territory`; nil when they were not read.
    package func prices(of ladder: Ladder, in territory: String) -> Set<String>? {
        prices[ladder]?[territory]
    }

    /// The points nearest `price` among `points`: the highest below it and the lowest above it
    /// (compared as decimal numbers), and the point numerically equal to it written otherwise
    /// (`1.30` for `1.3`).
    package static func nearest(_ price: String, in points: Set<String>) -> (below: String?, above: String?, equal: String?) {
        guard let wanted = Double(price) else { return (nil, nil, nil) }
        var below: (String, Double)?
        var above: (String, Double)?
        var equal: String?
        for point in points {
            guard let amount = Double(point) else { continue }
            if amount < wanted {
                if below.map({ amount > $0.1 }) ?? true { below = (point, amount) }
            } else if amount > wanted {
                if above.map({ amount < $0.1 }) ?? true { above = (point, amount) }
            } else if point != price {
                equal = point
            }
        }
        return (below?.0, above?.0, equal)
    }

    /// `the nearest are 1.19 below and 1.29 above`, `the lowest is 0.29`, `the highest is 9999.99`,
    /// `App Store Connect writes it 1.30`: what a message offers instead of `price`.
    package static func alternatives(to price: String, in points: Set<String>) -> String {
        let (below, above, equal) = nearest(price, in: points)
        if let equal { return "App Store Connect writes it \(equal)" }
        switch (below, above) {
        case (let below?, let above?): return "the nearest are \(below) below and \(above) above"
        case (nil, let above?): return "the lowest is \(above)"
        case (let below?, nil): return "the highest is \(below)"
        case (nil, nil): return "App Store Connect lists none there"
        }
    }
}
