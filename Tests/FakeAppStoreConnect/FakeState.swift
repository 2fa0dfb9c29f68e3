import Foundation

/// Everything the fake stores. Not thread-safe: ``Backend`` holds the one lock around it.
final class FakeState {
    /// `http://127.0.0.1:PORT`, for absolute links.
    var baseURL = ""
    let territories: [String]
    /// `territories`, comma-separated: what a page of price points without a territory filter
    /// depends on (``PricePointPages``).
    let territoryList: String
    var apps: [String: AppRecord] = [:]
    var inAppPurchases: [String: InAppPurchaseRecord] = [:]
    var versions: [String: VersionRecord] = [:]
    var localizations: [String: LocalizationRecord] = [:]
    var screenshots: [String: ScreenshotRecord] = [:]
    /// Upload token → screenshot id.
    var uploads: [String: String] = [:]
    /// Screenshots committed with the right checksum: COMPLETE on the next GET.
    var processing: Set<String> = []
    var groups: [String: GroupRecord] = [:]
    var subscriptions: [String: SubscriptionRecord] = [:]
    var subscriptionPrices: [String: SubscriptionPriceRecord] = [:]
    var introductoryOffers: [String: IntroductoryOfferRecord] = [:]
    var promotionalOffers: [String: SubscriptionOfferRecord] = [:]
    var offerCodes: [String: SubscriptionOfferRecord] = [:]
    var winBackOffers: [String: WinBackOfferRecord] = [:]
    var promotedPurchases: [String: PromotedPurchaseRecord] = [:]
    var inAppPurchaseOfferCodes: [String: InAppPurchaseOfferCodeRecord] = [:]
    var inAppPurchaseCustomCodes: [String: InAppPurchaseCustomCodeRecord] = [:]
    var inAppPurchaseOneTimeUseCodes: [String: InAppPurchaseOneTimeUseCodeRecord] = [:]
    /// Every one-time use code generated so far: a new one is never one of them.
    var generatedOfferCodes: Set<String> = []
    /// Promotional images by id, in the order they were added.
    var images: [String: ImageRecord] = [:]
    var imageOrder: [String] = []
    /// Manual in-app purchase price id → in-app purchase id.
    var inAppPurchasePriceOwners: [String: String] = [:]
    /// Subscription plan availability id → subscription id.
    var planAvailabilityOwners: [String: String] = [:]
    var appStoreVersions: [String: AppStoreVersionRecord] = [:]
    var reviewSubmissions: [String: ReviewSubmissionRecord] = [:]
    var reviewSubmissionItems: [String: ReviewSubmissionItemRecord] = [:]
    private var serial = 0

    init(territories: [String]) {
        self.territories = territories
        self.territoryList = territories.joined(separator: ",")
    }

    // MARK: Ids

    /// A new product resource id: ten digits, unique, not sequential-looking.
    func newProductID() -> String {
        serial += 1
        return String(6_400_000_000 + (serial * 48_271) % 100_000_000)
    }

    /// A new subscription group id: eight digits.
    func newGroupID() -> String {
        serial += 1
        return String(21_000_000 + (serial * 7_919) % 1_000_000)
    }

    func newUUID() -> String {
        UUID().uuidString.lowercased()
    }

    // MARK: Lookups (404 when missing)

    func app(_ id: String) throws(APIError) -> AppRecord {
        guard let app = apps[id] else { throw .resourceNotFound("apps", id) }
        return app
    }

    func inAppPurchase(_ id: String) throws(APIError) -> InAppPurchaseRecord {
        guard let record = inAppPurchases[id] else { throw .resourceNotFound("inAppPurchases", id) }
        return record
    }

    func group(_ id: String) throws(APIError) -> GroupRecord {
        guard let record = groups[id] else { throw .resourceNotFound("subscriptionGroups", id) }
        return record
    }

    func subscription(_ id: String) throws(APIError) -> SubscriptionRecord {
        guard let record = subscriptions[id] else { throw .resourceNotFound("subscriptions", id) }
        return record
    }

    func version(_ id: String, of family: VersionFamily) throws(APIError) -> VersionRecord {
        guard let record = versions[id], family.owns(record.owner) else { throw .resourceNotFound(family.versionKind.type, id) }
        return record
    }

    func localization(_ id: String, of family: VersionFamily) throws(APIError) -> LocalizationRecord {
        guard let record = localizations[id], family.owns(record.owner) else {
            throw .resourceNotFound(family.localizationKind.type, id)
        }
        return record
    }

    func screenshot(_ id: String, kind: Kind) throws(APIError) -> ScreenshotRecord {
        guard let record = screenshots[id], Self.screenshotKind(record.owner) == kind else { throw .resourceNotFound(kind.type, id) }
        return record
    }

    static func screenshotKind(_ owner: Owner) -> Kind {
        if case .subscription = owner { return .subscriptionScreenshot }
        return .inAppPurchaseScreenshot
    }

    func isTerritory(_ code: String) -> Bool {
        territories.contains(code)
    }

    /// The live in-app purchase or subscription of `appID` whose `productId` is `productID`.
    func product(app appID: String, productID: String) -> Owner? {
        guard let app = apps[appID] else { return nil }
        if let id = app.inAppPurchaseIDs.first(where: { inAppPurchases[$0]?.productID == productID }) { return .inAppPurchase(id) }
        let subscriptionIDs = app.groupIDs.flatMap { groups[$0]?.subscriptionIDs ?? [] }
        return subscriptionIDs.first { subscriptions[$0]?.productID == productID }.map(Owner.subscription)
    }

    // MARK: Owners

    /// The app a product or group belongs to.
    func appID(of owner: Owner) -> String? {
        switch owner {
        case .inAppPurchase(let id): inAppPurchases[id]?.appID
        case .subscription(let id): subscriptions[id]?.appID
        case .group(let id): groups[id]?.appID
        }
    }

    func versionIDs(of owner: Owner) -> [String] {
        switch owner {
        case .inAppPurchase(let id): inAppPurchases[id]?.versionIDs ?? []
        case .subscription(let id): subscriptions[id]?.versionIDs ?? []
        case .group(let id): groups[id]?.versionIDs ?? []
        }
    }

    func appendVersion(_ versionID: String, to owner: Owner) {
        switch owner {
        case .inAppPurchase(let id): inAppPurchases[id]?.versionIDs.append(versionID)
        case .subscription(let id): subscriptions[id]?.versionIDs.append(versionID)
        case .group(let id): groups[id]?.versionIDs.append(versionID)
        }
    }

    /// The owner's newest version (the highest number), if it has any.
    func latestVersion(of owner: Owner) -> VersionRecord? {
        versionIDs(of: owner).compactMap { versions[$0] }.max { $0.number < $1.number }
    }

    /// The localizations of the owner's newest version.
    func currentLocalizationIDs(of owner: Owner) -> [String] {
        latestVersion(of: owner)?.localizationIDs ?? []
    }

    // MARK: Product states

    /// The states ``refreshState(of:)`` computes; it never leaves them for, or overwrites, any other.
    static let computedStates: Set<String> = ["MISSING_METADATA", "READY_TO_SUBMIT"]

    /// Moves a product between MISSING_METADATA and READY_TO_SUBMIT: ready once it has a
    /// localization, a price (a preserved subscription price does not count), an availability and a
    /// delivered review screenshot. Other states (in review, approved, removed from sale, rejected,
    /// whatever ``setProductState(_:of:)`` set…) are left alone.
    func refreshState(of owner: Owner) {
        switch owner {
        case .inAppPurchase(let id):
            guard let record = inAppPurchases[id], Self.computedStates.contains(record.state) else { return }
            let ready =
                !currentLocalizationIDs(of: owner).isEmpty && !(record.schedule?.manualPrices.isEmpty ?? true)
                && !(record.availability?.territories.isEmpty ?? true) && isDelivered(record.screenshotID)
            inAppPurchases[id]?.state = ready ? "READY_TO_SUBMIT" : "MISSING_METADATA"
        case .subscription(let id):
            guard let record = subscriptions[id], Self.computedStates.contains(record.state) else { return }
            let available =
                record.planAvailabilities.contains { !$0.territories.isEmpty } || !(record.legacyAvailability?.territories.isEmpty ?? true)
            let ready =
                !currentLocalizationIDs(of: owner).isEmpty && record.priceIDs.contains { subscriptionPrices[$0]?.preserved == false }
                && available && isDelivered(record.screenshotID)
            subscriptions[id]?.state = ready ? "READY_TO_SUBMIT" : "MISSING_METADATA"
        case .group:
            return
        }
    }

    /// Sets a product's `state` as App Store Connect would have (a test hook): it stays until App
    /// Review or another hook changes it; one of the ``computedStates`` stays until the next write
    /// to the product recomputes it.
    func setProductState(_ state: String, of owner: Owner) {
        switch owner {
        case .inAppPurchase(let id): inAppPurchases[id]?.state = state
        case .subscription(let id): subscriptions[id]?.state = state
        case .group: return
        }
    }

    private func isDelivered(_ screenshotID: String?) -> Bool {
        screenshotID.flatMap { screenshots[$0] }?.deliveryState == "COMPLETE"
    }

    /// States of a product that was on sale and was taken off it.
    static let removedFromSaleStates: Set<String> = ["DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE"]

    /// States of a subscription that has had subscribers (it was approved, so it was on sale): a
    /// price change may keep them on their price.
    static let subscribedStates: Set<String> = removedFromSaleStates.union(["APPROVED"])

    /// Time passes: committed screenshots finish processing (called before every GET).
    func finishProcessing() {
        for id in processing {
            guard screenshots[id]?.deliveryState == "UPLOAD_COMPLETE", let owner = screenshots[id]?.owner else { continue }
            screenshots[id]?.deliveryState = "COMPLETE"
            refreshState(of: owner)
        }
        processing.removeAll()
    }

    /// App Review approves everything in the app: products, their newest versions and those
    /// versions' localizations; a previously approved version is replaced. A product removed from
    /// sale (by the developer or by Apple) stays so: approval does not put it back on sale.
    func approveAll(app appID: String) {
        guard let app = apps[appID] else { return }
        var owners: [Owner] = app.inAppPurchaseIDs.map(Owner.inAppPurchase)
        for groupID in app.groupIDs {
            owners.append(.group(groupID))
            owners += (groups[groupID]?.subscriptionIDs ?? []).map(Owner.subscription)
        }
        for owner in owners {
            switch owner {
            case .inAppPurchase(let id) where !Self.removedFromSaleStates.contains(inAppPurchases[id]?.state ?? ""):
                inAppPurchases[id]?.state = "APPROVED"
            case .subscription(let id) where !Self.removedFromSaleStates.contains(subscriptions[id]?.state ?? ""):
                subscriptions[id]?.state = "APPROVED"
            default: break
            }
            guard let latest = latestVersion(of: owner) else { continue }
            for versionID in versionIDs(of: owner) where versionID != latest.id && versions[versionID]?.state == "APPROVED" {
                versions[versionID]?.state = "REPLACED_WITH_NEW_VERSION"
            }
            versions[latest.id]?.state = "APPROVED"
            for localizationID in latest.localizationIDs { localizations[localizationID]?.state = "APPROVED" }
        }
    }

    // MARK: Summary

    func summary(app appID: String) -> FakeAppSummary {
        guard let app = apps[appID] else { return FakeAppSummary() }
        let subscriptionIDs = app.groupIDs.flatMap { groups[$0]?.subscriptionIDs ?? [] }
        let owners: [Owner] =
            app.inAppPurchaseIDs.map(Owner.inAppPurchase) + app.groupIDs.map(Owner.group) + subscriptionIDs.map(Owner.subscription)
        let allVersionIDs = owners.flatMap { self.versionIDs(of: $0) }
        let manualPrices = app.inAppPurchaseIDs.reduce(0) { $0 + (inAppPurchases[$1]?.schedule?.manualPrices.count ?? 0) }
        let subscriptionPrices = subscriptionIDs.reduce(0) { $0 + (subscriptions[$1]?.priceIDs.count ?? 0) }
        let screenshotCount =
            app.inAppPurchaseIDs.filter { inAppPurchases[$0]?.screenshotID != nil }.count
            + subscriptionIDs.filter { subscriptions[$0]?.screenshotID != nil }.count
        let productIDs =
            app.inAppPurchaseIDs.compactMap { inAppPurchases[$0]?.productID } + subscriptionIDs.compactMap { subscriptions[$0]?.productID }
        return FakeAppSummary(
            inAppPurchases: app.inAppPurchaseIDs.count, subscriptionGroups: app.groupIDs.count, subscriptions: subscriptionIDs.count,
            localizations: allVersionIDs.reduce(0) { $0 + (versions[$1]?.localizationIDs.count ?? 0) }, versions: allVersionIDs.count,
            prices: manualPrices + subscriptionPrices,
            introductoryOffers: subscriptionIDs.reduce(0) { $0 + (subscriptions[$1]?.introductoryOfferIDs.count ?? 0) },
            screenshots: screenshotCount, productIDs: productIDs.sorted(),
            inAppPurchaseOfferCodes: inAppPurchaseOfferCodeSummaries(app: appID))
    }
}
