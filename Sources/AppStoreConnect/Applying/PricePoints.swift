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
        let path = ResourceFamily.of(owner).pricePointsPath?(id) ?? ""
        let plan = planType.map { [("filter[planType]", $0)] } ?? []
        let document = try await api.all(
            path,
            query: [("filter[territory]", territories.sorted().joined(separator: ",")), ("include", "territory"), ("limit", "8000")] + plan)
        return Self.index(document)
    }

    /// Every territory's equivalent of a point, by territory, then customer price.
    func equalizations(of owner: PlanOwner, pointID: String) async throws(ConnectAPIError) -> [String: [String: String]] {
        let path = ResourceFamily.of(owner).equalizationsPath?(pointID) ?? ""
        return Self.index(try await api.all(path, query: [("include", "territory"), ("limit", "8000")]))
    }

    static func index(_ document: APIDocument) -> [String: [String: String]] {
        var index: [String: [String: String]] = [:]
        for point in document.data {
            guard let id = point.id, let territory = point.related("territory"), let price = point.string("customerPrice") else { continue }
            index[territory, default: [:]][price] = id
        }
        return index
    }

    /// The point with exactly `price` in `territory`, or an error naming the nearest points.
    static func match(_ price: String, in territory: String, points: [String: [String: String]], product: String) -> Result<String, NoMatch>
    {
        let available = points[territory] ?? [:]
        if let id = available[price] { return .success(id) }
        guard !available.isEmpty else {
            return .failure(NoMatch(message: "\(product): App Store Connect has no price points in \(territory)"))
        }
        let wanted = Double(price) ?? 0
        let nearest = available.keys.sorted { abs((Double($0) ?? 0) - wanted) < abs((Double($1) ?? 0) - wanted) }.prefix(3)
        return .failure(
            NoMatch(
                message:
                    "\(product): no \(territory) price point of \(price); the nearest are \(nearest.sorted { (Double($0) ?? 0) < (Double($1) ?? 0) }.joined(separator: ", "))"
            ))
    }
}
