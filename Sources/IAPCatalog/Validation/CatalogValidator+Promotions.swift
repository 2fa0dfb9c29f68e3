extension CatalogValidator.Check {
    /// What the promotion rules remember of earlier products.
    struct PromotionState {
        /// Order → the id of the product holding it.
        var byOrder: [Int: String] = [:]
        var promoted = 0
    }

    /// `duplicate_promotion_order`, `promotion_limit`.
    mutating func promotion(of product: Product) {
        guard let promotion = product.appStore.promotion, promotion.visible else { return }
        promotions.promoted += 1
        let promoted = promotions.promoted
        if promoted == AppStoreLimits.promotedProducts + 1 {
            report(
                .promotionLimit,
                "'\(product.id)' is promoted product number \(promoted); the App Store shows at most \(AppStoreLimits.promotedProducts)",
                at: promotion.positions.entry)
        }
        guard let order = promotion.order else { return }
        if order < 1 {
            report(.invalidValue, "a promotion order is 1 or more, found \(order)", at: promotion.positions.order)
        }
        if let other = promotions.byOrder[order] {
            report(
                .duplicatePromotionOrder, "'\(product.id)' has promotion order \(order), as '\(other)' has",
                at: promotion.positions.order)
        } else {
            promotions.byOrder[order] = product.id
        }
    }
}
