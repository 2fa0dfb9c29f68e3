/// Promotional offers, offer codes, win-back offers and promoted purchases as they are read (GET):
/// seeded by test hooks or created through ``OfferWriteHandlers`` and ``PromotedPurchaseHandlers``.
enum OfferHandlers {
    /// The offers of kind `kind` of the subscription `{id}`.
    static func list(_ kind: Kind) -> Route.Handler {
        { c throws(APIError) in
            let subscription = try c.state.subscription(c.id)
            let ids =
                switch kind {
                case .promotionalOffer: subscription.promotionalOfferIDs
                case .offerCode: subscription.offerCodeIDs
                default: subscription.winBackOfferIDs
                }
            let territories = c.query.filter("territory")
            let refs = ids.map { Ref(kind, $0) }.filter { ref in
                territories.map { !c.state.offerPriceRefs(ref, territories: $0).isEmpty } ?? true
            }
            return c.list(refs)
        }
    }

    /// One offer of kind `kind`.
    static func get(_ kind: Kind) -> Route.Handler {
        { c throws(APIError) in
            guard c.state.offerPoints(Ref(kind, c.id)) != nil else { throw .resourceNotFound(kind.type, c.id) }
            return c.one(Ref(kind, c.id))
        }
    }

    /// The prices of one offer of kind `kind`, one per territory.
    static func prices(_ kind: Kind) -> Route.Handler {
        { c throws(APIError) in
            guard c.state.offerPoints(Ref(kind, c.id)) != nil else { throw .resourceNotFound(kind.type, c.id) }
            return c.list(c.state.offerPriceRefs(Ref(kind, c.id), territories: c.query.filter("territory")))
        }
    }

    /// The app's promoted purchases, in its order.
    static func promotedPurchases(_ c: Context) throws(APIError) -> Reply {
        let app = try c.state.app(c.id)
        return c.list(app.promotedPurchaseIDs.map { Ref(.promotedPurchase, $0) })
    }

    static func promotedPurchase(_ c: Context) throws(APIError) -> Reply {
        guard c.state.promotedPurchases[c.id] != nil else { throw .resourceNotFound("promotedPurchases", c.id) }
        return c.one(Ref(.promotedPurchase, c.id))
    }
}
