import Foundation

/// Subscription prices, one row per territory (and start date): an immediate price (no start date)
/// replaces the territory's current one, a future start date schedules a change. With
/// `preserveCurrentPrice: true`, a subscription that has had subscribers keeps the replaced price
/// for them: that row stays, `preserved: true`, and is never replaced again. Price points belong
/// to one subscription; listing them requires `filter[territory]`.
enum SubscriptionPriceHandlers {
    /// A checked price, not yet applied.
    struct Pending {
        var point: PricePoint
        var startDate: String?
        /// The request's `preserveCurrentPrice`: keep existing subscribers on the price this one replaces.
        var preserveCurrentPrice: Bool
        var planType: String?
    }

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.subscriptionPriceCreate).data
        let subscriptionID = entity.one("subscription")!
        guard c.state.subscriptions[subscriptionID] != nil else {
            throw entity.invalidRelationship("subscription", "There is no subscription with id '\(subscriptionID)'.")
        }
        let price = try check(entity, subscriptionID: subscriptionID, c)
        let id = c.state.applySubscriptionPrice(price, to: subscriptionID)
        return c.created(Ref(.subscriptionPrice, id))
    }

    /// Checks a price (a POST body or an inline create of a subscription PATCH).
    static func check(_ item: RequestEntity, subscriptionID: String, _ c: Context) throws(APIError) -> Pending {
        if let other = item.one("subscription"), other != subscriptionID {
            throw item.invalidRelationship("subscription", "The price names another subscription ('\(other)').")
        }
        guard let pointID = item.one("subscriptionPricePoint") else { throw item.missingRelationship("subscriptionPricePoint") }
        guard let point = c.state.pricePoint(Ref(.subscriptionPricePoint, pointID)), point.product == subscriptionID else {
            throw item.invalidRelationship(
                "subscriptionPricePoint", "'\(pointID)' is not a price point of subscription '\(subscriptionID)'.")
        }
        if let territory = item.one("territory"), territory != point.territory {
            throw item.invalidRelationship("territory", "The price point is for \(point.territory), not \(territory).")
        }
        let startDate = item.string("startDate")
        if let startDate, startDate < FakeState.today() {
            throw item.invalidAttribute("startDate", "The start date \(startDate) is in the past.")
        }
        return Pending(
            point: point, startDate: startDate, preserveCurrentPrice: item.bool("preserveCurrentPrice") ?? false,
            planType: item.string("planType"))
    }

    static func delete(_ c: Context) throws(APIError) -> Reply {
        guard let record = c.state.subscriptionPrices[c.id] else { throw .resourceNotFound("subscriptionPrices", c.id) }
        c.state.subscriptionPrices[c.id] = nil
        c.state.subscriptions[record.subscriptionID]?.priceIDs.removeAll { $0 == c.id }
        c.state.refreshState(of: .subscription(record.subscriptionID))
        return .noContent
    }

    static func list(_ c: Context) throws(APIError) -> Reply {
        let subscription = try c.state.subscription(c.id)
        let prices = subscription.priceIDs.compactMap { c.state.subscriptionPrices[$0] }.filter { price in
            (c.query.filter("territory")?.contains(price.point.territory) ?? true)
                && (c.query.filter("planType")?.contains(price.planType ?? "") ?? true)
                && (c.query.filter("subscriptionPricePoint")?.contains(price.point.id) ?? true)
        }
        return c.list(prices.map { Ref(.subscriptionPrice, $0.id) })
    }

    static func pricePoints(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.subscription(c.id)
        return c.pricePointList { c.state.pricePoints(of: c.id, kind: .subscriptionPricePoint, in: c.query.filter("territory")) }
    }

    static func pricePoint(_ c: Context) throws(APIError) -> Reply {
        guard c.state.pricePoint(Ref(.subscriptionPricePoint, c.id)) != nil else {
            throw .resourceNotFound("subscriptionPricePoints", c.id)
        }
        return c.one(Ref(.subscriptionPricePoint, c.id))
    }
}

extension FakeState {
    /// Today in UTC, `YYYY-MM-DD`.
    static func today() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }

    /// Adds a checked price (never preserved itself): without a start date it replaces the
    /// territory's current price (the rows of its plan type already in effect); with one it replaces
    /// a change scheduled for that date. Preserved rows are left alone. When the request asks to
    /// preserve the current price and the subscription has had subscribers (``subscribedStates``),
    /// the row in effect (the latest started) stays, marked preserved, unless it is at the new
    /// price point already (nobody's price changes then). Returns the new row's id.
    @discardableResult
    func applySubscriptionPrice(_ price: SubscriptionPriceHandlers.Pending, to subscriptionID: String) -> String {
        let today = Self.today()
        let rows = (subscriptions[subscriptionID]?.priceIDs ?? []).compactMap { subscriptionPrices[$0] }.filter { row in
            !row.preserved && row.point.territory == price.point.territory && row.planType == price.planType
        }
        var replaced: [String]
        if let startDate = price.startDate {
            replaced = rows.filter { $0.startDate == startDate }.map(\.id)
        } else {
            let inEffect = rows.filter { $0.startDate.map { $0 <= today } ?? true }
            replaced = inEffect.map(\.id)
            let subscribed = Self.subscribedStates.contains(subscriptions[subscriptionID]?.state ?? "")
            if price.preserveCurrentPrice, subscribed, let current = inEffect.max(by: { ($0.startDate ?? "") < ($1.startDate ?? "") }),
                current.point != price.point
            {
                subscriptionPrices[current.id]?.preserved = true
                replaced.removeAll { $0 == current.id }
            }
        }
        for id in replaced { subscriptionPrices[id] = nil }
        subscriptions[subscriptionID]?.priceIDs.removeAll { replaced.contains($0) }
        let record = SubscriptionPriceRecord(
            id: newUUID(), subscriptionID: subscriptionID, point: price.point, startDate: price.startDate, preserved: false,
            planType: price.planType)
        subscriptionPrices[record.id] = record
        subscriptions[subscriptionID]?.priceIDs.append(record.id)
        refreshState(of: .subscription(subscriptionID))
        return record.id
    }
}

extension FakeState {
    /// The start date of the preserved rows ``addPreservedSubscriptionPrice(subscriptionID:territory:customerPrice:)`` adds.
    static let preservedPriceStartDate = "2024-03-01"

    /// Adds a preserved row (a price existing subscribers were kept on, in effect since
    /// ``preservedPriceStartDate``) at the subscription's price point in `territory` whose customer
    /// price is exactly `customerPrice`. Returns false, changing nothing, when there is no such
    /// subscription, territory or price point.
    func addPreservedSubscriptionPrice(subscriptionID: String, territory: String, customerPrice: String) -> Bool {
        guard subscriptions[subscriptionID] != nil, isTerritory(territory),
            let index = PricePointLadder.indices.first(where: {
                PricePointLadder.customerPrice(territory: territory, index: $0) == customerPrice
            })
        else { return false }
        let record = SubscriptionPriceRecord(
            id: newUUID(), subscriptionID: subscriptionID, point: PricePoint(product: subscriptionID, territory: territory, index: index),
            startDate: Self.preservedPriceStartDate, preserved: true)
        subscriptionPrices[record.id] = record
        subscriptions[subscriptionID]?.priceIDs.append(record.id)
        return true
    }
}
