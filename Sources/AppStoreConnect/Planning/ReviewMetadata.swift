/// What App Store Connect needs of a product before it is READY_TO_SUBMIT, and so before it can go
/// to App Review: one rule, applied to what App Store Connect holds (``ReviewReadiness``) and to
/// what it will hold once a plan is applied (``ConnectPlanner``'s warning), so `asc plan` and
/// `asc submit` name the same missing pieces in the same words.
package struct ReviewMetadata: Sendable, Equatable {
    var hasLocalization: Bool
    var hasPrice: Bool
    var hasTerritory: Bool
    var hasScreenshot: Bool
    /// Whether its subscription group has a localization; nil for a product that is not a subscription.
    var groupHasLocalization: Bool?

    /// What is missing, in words: `a localization`, `a price`, `a territory to be sold in`, `a
    /// review screenshot`, `a localization of its subscription group`.
    package var missing: [String] {
        var missing: [String] = []
        if !hasLocalization { missing.append("a localization") }
        if !hasPrice { missing.append("a price") }
        if !hasTerritory { missing.append("a territory to be sold in") }
        if !hasScreenshot { missing.append("a review screenshot") }
        if groupHasLocalization == false { missing.append("a localization of its subscription group") }
        return missing
    }

    /// What App Store Connect holds of `product` (a subscription's `group` with it).
    init(_ product: RemoteProduct, group: RemoteGroup?) {
        hasLocalization = !product.localizations.isEmpty
        hasPrice = !product.prices.isEmpty
        hasTerritory = !(product.availability?.territories.isEmpty ?? true)
        hasScreenshot = product.screenshotChecksum != nil
        // A group not read (a scoped read) is not counted against the product.
        groupHasLocalization = product.isSubscription ? group.map { !$0.localizations.isEmpty } ?? true : nil
    }

    /// What App Store Connect will hold of `product` once the plan is applied: the catalog's
    /// localizations, prices, territories and screenshot where it gives them (apply deletes
    /// nothing, so what `remote` holds stays), the same for its `group`.
    init(after product: DesiredProduct, remote: RemoteProduct?, group: DesiredGroup?, remoteGroup: RemoteGroup?) {
        hasLocalization = !product.localizations.isEmpty || !(remote?.localizations.isEmpty ?? true)
        hasPrice = product.prices != nil || !(remote?.prices.isEmpty ?? true)
        hasTerritory =
            switch product.availability.territories {
            case .all: true
            case .only(let territories): !territories.isEmpty
            }
        hasScreenshot = product.screenshotFile != nil || remote?.screenshotChecksum != nil
        groupHasLocalization =
            product.subscription == nil
            ? nil : !(group?.localizations.isEmpty ?? true) || !(remoteGroup?.localizations.isEmpty ?? true)
    }
}
