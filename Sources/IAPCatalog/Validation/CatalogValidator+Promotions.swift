extension CatalogValidator.Check {
    /// `duplicate_promotion_order`, `promotion_limit`.
    mutating func promotions() {
        var byOrder: [Int: Product] = [:]
        var promoted = 0
        for product in liveProducts {
            guard let promotion = product.promotion, promotion.visible else { continue }
            promoted += 1
            if promoted == Promotion.limit + 1 {
                report(
                    .promotionLimit,
                    "'\(product.id)' is promoted product number \(promoted); the App Store shows at most \(Promotion.limit)",
                    at: promotion.positions.entry)
            }
            guard let order = promotion.order else { continue }
            if order < 1 {
                report(.invalidValue, "a promotion order is 1 or more, found \(order)", at: promotion.positions.order)
            }
            if let other = byOrder[order] {
                report(
                    .duplicatePromotionOrder, "'\(product.id)' has promotion order \(order), as '\(other.id)' has",
                    at: promotion.positions.order)
            } else {
                byOrder[order] = product
            }
        }
    }
}
