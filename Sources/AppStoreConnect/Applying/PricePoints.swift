/// Finds price points by exact customer price. Points are product-scoped: they are looked up per
/// product, never reused across products.
struct PricePoints {
    let api: any ConnectTransport

    /// Why a price cannot be set.
    struct NoMatch: Error {
        let message: String
    }

    /// Points of `territories` for an in-app purchase or a subscription (of the billing plan
    /// `planType`, when given), by territory, then customer price.
    func points(of owner: PlanOwner, productResourceID id: String, territories: [String], planType: String? = nil)
        async throws(ConnectAPIError) -> [String: [String: String]]
    {
        let family = ResourceFamily.of(owner)
        let plan = planType.map { [("filter[planType]", $0)] } ?? []
        let document = try await api.all(
            family.pricePointsPath?(id) ?? "",
            query: [("filter[territory]", territories.sorted().joined(separator: ","))] + Self.fields(family) + plan)
        return Self.index(document)
    }

    /// Every territory's equivalent of a point, by territory, then customer price.
    func equalizations(of owner: PlanOwner, pointID: String) async throws(ConnectAPIError) -> [String: [String: String]] {
        let family = ResourceFamily.of(owner)
        return Self.index(try await api.all(family.equalizationsPath?(pointID) ?? "", query: Self.fields(family)))
    }

    /// What a list of price points asks for: only what ``index(_:)`` reads — each point's customer
    /// price and territory, each territory's currency — at the most a page holds. A product's list
    /// has hundreds of points per territory, and the proceeds and the links of every point's
    /// equalizations would more than double the bytes App Store Connect sends and iapcat parses.
    private static func fields(_ family: ResourceFamily) -> [(String, String)] {
        [
            ("fields[\(family.pricePointType ?? "")]", "customerPrice,territory"), ("fields[territories]", "currency"),
            ("include", "territory"), ("limit", "8000"),
        ]
    }

    static func index(_ document: APIDocument) -> [String: [String: String]] {
        var index: [String: [String: String]] = [:]
        for point in document.data {
            guard let id = point.id, let territory = point.related("territory"), let price = point.string("customerPrice") else { continue }
            index[territory, default: [:]][price] = id
        }
        return index
    }

    /// The point with exactly `price` in `territory`, or an error naming the nearest points below
    /// and above.
    static func match(_ price: String, in territory: String, points: [String: [String: String]], product: String) -> Result<String, NoMatch>
    {
        let available = points[territory] ?? [:]
        if let id = available[price] { return .success(id) }
        guard !available.isEmpty else {
            return .failure(NoMatch(message: "\(product): App Store Connect has no price points in \(territory)"))
        }
        return .failure(
            NoMatch(
                message:
                    "\(product): no \(territory) price point of \(price); \(PriceLadders.alternatives(to: price, in: Set(available.keys)))"
            ))
    }
}

extension PricePoints {
    /// The ladders `prices` are on, each read once, in one list of every territory it needs
    /// (`filter[territory]=DEU,USA`), from one product of its family: one the plan prices that
    /// App Store Connect holds, else any of the app's (a yearly subscription for the monthly
    /// billing plan). When `remote` holds none and was read for a scope, one request finds one of
    /// the app's in-app purchases, or one request per subscription group one of its subscriptions.
    /// A ladder with no product to read it from is ``PriceLadders/unread``, with the reason.
    func ladders(for prices: [PricePointCheck.PlannedPrice], remote: ConnectRemoteState, scoped: Bool) async throws(ConnectAPIError)
        -> PriceLadders
    {
        var ladders = PriceLadders()
        let priced = Set(prices.map(\.owner.key))
        for (ladder, territories) in PricePointCheck.territories(of: prices).sorted(by: { $0.key < $1.key }) {
            guard let source = try await source(of: ladder, priced: priced, remote: remote, scoped: scoped) else {
                ladders.unread[ladder] =
                    ladder == .monthlyBilling
                    ? "the app has no yearly subscription yet whose monthly billing plan's price points App Store Connect lists"
                    : "the app has no \(ladder == .inAppPurchase ? "in-app purchase" : "subscription") yet, and App Store Connect lists price points only per product"
                continue
            }
            let owner: PlanOwner = ladder == .inAppPurchase ? .inAppPurchase(source) : .subscription(source)
            let points = try await self.points(
                of: owner, productResourceID: source, territories: territories.sorted(),
                planType: ladder == .monthlyBilling ? "MONTHLY" : nil)
            ladders.prices[ladder] = Dictionary(
                uniqueKeysWithValues: territories.map { ($0, Set(points[$0].map { Array($0.keys) } ?? [])) })
        }
        return ladders
    }

    /// The resource id of the product `ladder` is read from; nil when there is none.
    private func source(of ladder: PriceLadders.Ladder, priced: Set<String>, remote: ConnectRemoteState, scoped: Bool)
        async throws(ConnectAPIError) -> String?
    {
        let family = remote.products.values.filter { ladder == .inAppPurchase ? !$0.isSubscription : $0.isSubscription }
        let ranked = family.filter { ladder != .monthlyBilling || priced.contains($0.productID) || $0.period == "ONE_YEAR" }.sorted {
            (priced.contains($0.productID) ? 0 : 1, $0.productID) < (priced.contains($1.productID) ? 0 : 1, $1.productID)
        }
        if let product = ranked.first { return product.id }
        guard scoped, ladder != .monthlyBilling else { return nil }
        if ladder == .inAppPurchase {
            let list = try await api.send(
                ConnectRequest(
                    .get, "/v1/apps/\(id: remote.appID)/inAppPurchasesV2", query: [("fields[inAppPurchases]", "productId"), ("limit", "1")])
            )
            return list.data.first?.id
        }
        for group in remote.groups.sorted(by: { $0.id < $1.id }) {
            let list = try await api.send(
                ConnectRequest(
                    .get, "/v1/subscriptionGroups/\(id: group.id)/subscriptions",
                    query: [("fields[subscriptions]", "productId"), ("limit", "1")]))
            if let id = list.data.first?.id { return id }
        }
        return nil
    }
}
