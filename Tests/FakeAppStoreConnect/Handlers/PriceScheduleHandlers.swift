/// In-app purchase prices: price points, the price schedule (a POST replaces it), its manual and
/// automatic (equalized) prices, and a point's equalizations.
enum PriceScheduleHandlers {
    static func create(_ c: Context) throws(APIError) -> Reply {
        let document = try c.body(.inAppPurchasePriceScheduleCreate)
        let entity = document.data
        let inAppPurchaseID = entity.one("inAppPurchase")!
        guard c.state.inAppPurchases[inAppPurchaseID] != nil else {
            throw entity.invalidRelationship("inAppPurchase", "There is no in-app purchase with id '\(inAppPurchaseID)'.")
        }
        let baseTerritory = entity.one("baseTerritory")!
        guard c.state.isTerritory(baseTerritory) else {
            throw entity.invalidRelationship("baseTerritory", "'\(baseTerritory)' is not a territory.")
        }
        var prices: [InAppPurchasePriceRecord] = []
        for localID in entity.many("manualPrices")! {
            guard let item = document.included("inAppPurchasePrices", id: localID) else {
                throw entity.invalidRelationship("manualPrices", "No included inAppPurchasePrices resource has the id '\(localID)'.")
            }
            if let product = item.one("inAppPurchaseV2"), product != inAppPurchaseID {
                throw item.invalidRelationship("inAppPurchaseV2", "The price belongs to another in-app purchase ('\(product)').")
            }
            guard let pointID = item.one("inAppPurchasePricePoint") else { throw item.missingRelationship("inAppPurchasePricePoint") }
            guard let point = c.state.pricePoint(Ref(.inAppPurchasePricePoint, pointID)), point.product == inAppPurchaseID else {
                throw item.invalidRelationship(
                    "inAppPurchasePricePoint", "'\(pointID)' is not a price point of in-app purchase '\(inAppPurchaseID)'.")
            }
            let startDate = item.string("startDate")
            if prices.contains(where: { $0.point.territory == point.territory && $0.startDate == startDate }) {
                throw item.invalidRelationship(
                    "inAppPurchasePricePoint", "Two manual prices for \(point.territory) start on \(startDate ?? "the same date").")
            }
            prices.append(
                InAppPurchasePriceRecord(id: c.state.newUUID(), point: point, startDate: startDate, endDate: item.string("endDate")))
        }
        let referenced = Set(entity.many("manualPrices")!)
        if let stray = document.included.first(where: { $0.type == "inAppPurchasePrices" && !referenced.contains($0.id ?? "") }) {
            throw .entity("ENTITY_ERROR.INCLUDED.INVALID", stray.pointer, "The included price '\(stray.id ?? "")' is not in manualPrices.")
        }
        guard prices.contains(where: { $0.point.territory == baseTerritory && $0.startDate == nil }) else {
            throw entity.invalidRelationship(
                "manualPrices", "The schedule needs a manual price without a start date in the base territory \(baseTerritory).")
        }
        for old in c.state.inAppPurchases[inAppPurchaseID]?.schedule?.manualPrices ?? [] { c.state.inAppPurchasePriceOwners[old.id] = nil }
        for price in prices { c.state.inAppPurchasePriceOwners[price.id] = inAppPurchaseID }
        c.state.inAppPurchases[inAppPurchaseID]?.schedule = PriceScheduleRecord(baseTerritory: baseTerritory, manualPrices: prices)
        c.state.refreshState(of: .inAppPurchase(inAppPurchaseID))
        return c.created(Ref(.inAppPurchasePriceSchedule, inAppPurchaseID))
    }

    private static func schedule(_ c: Context) throws(APIError) -> PriceScheduleRecord {
        guard let schedule = c.state.inAppPurchases[c.id]?.schedule else { throw .resourceNotFound("inAppPurchasePriceSchedules", c.id) }
        return schedule
    }

    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try schedule(c)
        return c.one(Ref(.inAppPurchasePriceSchedule, c.id))
    }

    static func baseTerritory(_ c: Context) throws(APIError) -> Reply {
        c.one(Ref(.territory, try schedule(c).baseTerritory))
    }

    static func manualPrices(_ c: Context) throws(APIError) -> Reply {
        let territories = c.query.filter("territory")
        let prices = try schedule(c).manualPrices.filter { territories?.contains($0.point.territory) ?? true }
        return c.list(prices.map { Ref(.inAppPurchasePrice, $0.id) })
    }

    static func automaticPrices(_ c: Context) throws(APIError) -> Reply {
        _ = try schedule(c)
        let territories = c.query.filter("territory")
        let prices = c.state.automaticPrices(of: c.id).filter { territories?.contains($0.point.territory) ?? true }
        return c.list(prices.map { Ref(.inAppPurchasePrice, $0.id) })
    }

    /// `GET /v1/inAppPurchasePricePoints/{id}/equalizations` and its subscription twin: the same
    /// step in every other territory (of the same product, or of the products in the filter).
    static func equalizations(_ kind: Kind, productFilter: String) -> Route.Handler {
        { c throws(APIError) in
            guard let point = c.state.pricePoint(Ref(kind, c.id)) else { throw .resourceNotFound(kind.type, c.id) }
            let products = c.query.filter(productFilter) ?? [point.product]
            let territories = (c.query.filter("territory") ?? c.state.territories).filter { $0 != point.territory }
            let refs = products.flatMap { product in
                territories.filter(c.state.isTerritory).map {
                    Ref(kind, PricePoint(product: product, territory: $0, index: point.index).id)
                }
            }
            return c.list(refs.filter { c.state.pricePoint($0) != nil })
        }
    }
}
