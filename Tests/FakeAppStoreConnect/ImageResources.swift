/// Promotional images of in-app purchases and subscriptions (`inAppPurchaseImages`,
/// `subscriptionImages`): seeded by a test hook, listed per product and includable.
extension FakeState {
    /// The images of `owner`, in the order they were added.
    func imageRefs(of owner: Owner) -> [Ref] {
        let kind: Kind = if case .subscription = owner { .subscriptionImage } else { .inAppPurchaseImage }
        return imageOrder.filter { images[$0]?.owner == owner }.map { Ref(kind, $0) }
    }

    /// Adds an image to `owner`.
    func addImage(_ record: ImageRecord) {
        images[record.id] = record
        imageOrder.append(record.id)
    }
}

enum ImageHandlers {
    /// The images of the in-app purchase or subscription `{id}`.
    static func list(_ kind: Kind) -> Route.Handler {
        { c throws(APIError) in
            let owner: Owner
            if kind == .subscription {
                _ = try c.state.subscription(c.id)
                owner = .subscription(c.id)
            } else {
                guard c.state.inAppPurchases[c.id] != nil else { throw .resourceNotFound("inAppPurchases", c.id) }
                owner = .inAppPurchase(c.id)
            }
            return c.list(c.state.imageRefs(of: owner))
        }
    }
}
