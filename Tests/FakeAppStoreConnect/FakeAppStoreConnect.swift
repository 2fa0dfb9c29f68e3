import Crypto
import Foundation
import LoopbackHTTP

/// A fake App Store Connect API on loopback, for tests and benchmarks: the in-app purchase and
/// subscription endpoints of the 4.4.1 spec, with Apple's authentication (ES256 JWT), hourly rate
/// limit, JSON:API documents, paging, `include`, request validation and error codes, price points
/// and the screenshot upload protocol. Faults can be injected per request.
///
/// Thread-safe: one lock guards all state.
public final class FakeAppStoreConnect: @unchecked Sendable {
    /// The territories a fake has unless told otherwise.
    public static let defaultTerritories = ["USA", "DEU", "JPN", "GBR", "FRA", "CAN", "AUS", "BRA"]

    private let backend: Backend
    private let server: HTTPServer

    private init(backend: Backend, server: HTTPServer) {
        self.backend = backend
        self.server = server
    }

    /// Starts a fake on 127.0.0.1 with an OS-chosen port, accepting tokens of `keys`, serving
    /// `territories`, and allowing each key `rateLimitPerHour` requests in any rolling hour.
    public static func start(
        keys: [FakeAPIKey], territories: [String] = FakeAppStoreConnect.defaultTerritories, rateLimitPerHour: Int = 3600
    ) async throws -> FakeAppStoreConnect {
        let backend = Backend(keys: keys, territories: territories, rateLimitPerHour: rateLimitPerHour)
        let server = try await HTTPServer.start(handler: backend)
        backend.withState { $0.baseURL = "http://127.0.0.1:\(server.port)" }
        return FakeAppStoreConnect(backend: backend, server: server)
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var baseURL: String {
        "http://127.0.0.1:\(server.port)"
    }

    /// Stops the server and closes every connection.
    public func shutdown() async throws {
        try await server.shutdown()
    }

    /// Adds an app (`GET /v1/apps/{id}`) that products and groups can be created in.
    public func addApp(id: String, bundleID: String) {
        backend.withState { state in
            if state.apps[id] == nil { state.apps[id] = AppRecord(id: id, bundleID: bundleID) }
        }
    }

    /// Makes the `n`-th request from now (1: the next one) that `matching` accepts get `fault`
    /// instead of its normal handling. Several faults may be pending at once.
    public func inject(_ fault: FakeFault, onRequest n: Int = 1, matching: FakeRequestMatcher = .any) {
        backend.inject(fault, onRequest: n, matching: matching)
    }

    /// Every request received since the start (or the last ``resetRequestLog()``), in order.
    public var requests: [FakeRequestRecord] {
        backend.requests
    }

    /// Forgets the requests received so far.
    public func resetRequestLog() {
        backend.resetRequestLog()
    }

    /// Does what App Review would: every product of the app, its newest version and that version's
    /// localizations become APPROVED (a version approved before is REPLACED_WITH_NEW_VERSION), and
    /// every group's newest version too. A product removed from sale (DEVELOPER_REMOVED_FROM_SALE,
    /// REMOVED_FROM_SALE) keeps that state; its versions are approved.
    public func approveAll(app: String) {
        backend.withState { $0.approveAll(app: app) }
    }

    /// Sets the `state` of the in-app purchase or subscription of `app` whose product id is
    /// `productID` (`DEVELOPER_REMOVED_FROM_SALE`, `IN_REVIEW`, `REJECTED`… or any other string) as
    /// App Store Connect would have. The state stays as set when later writes change the product,
    /// unless it is MISSING_METADATA or READY_TO_SUBMIT, which the next write to the product
    /// recomputes from what it holds. ``approveAll(app:)`` makes it APPROVED unless it is
    /// DEVELOPER_REMOVED_FROM_SALE or REMOVED_FROM_SALE. Does nothing when there is no such product.
    public func setProductState(app: String, productID: String, state: String) {
        backend.withState { fake in
            guard let owner = fake.product(app: app, productID: productID) else { return }
            fake.setProductState(state, of: owner)
        }
    }

    /// Adds an app version of `app` (`appStoreVersions`, in `state`), as App Store Connect holds one
    /// made in its web interface; returns its id. Nothing when there is no such app.
    @discardableResult public func addAppStoreVersion(
        app: String, versionString: String, platform: String = "IOS", state: String = "PREPARE_FOR_SUBMISSION"
    ) -> String? {
        backend.withState { fake in
            guard fake.apps[app] != nil else { return nil }
            let record = AppStoreVersionRecord(
                id: fake.newUUID(), appID: app, versionString: versionString, platform: platform, state: state)
            fake.appStoreVersions[record.id] = record
            return record.id
        }
    }

    /// App Review takes up the app's submissions that wait for it: they, their versions and
    /// products are IN_REVIEW.
    public func startReview(app: String) {
        backend.withState { $0.startReview(app: app) }
    }

    /// App Review decides the app's submissions that wait for it or are in review: each ends
    /// COMPLETE, its items, versions and products APPROVED (or REJECTED).
    public func completeReview(app: String, approved: Bool = true) {
        backend.withState { $0.completeReview(app: app, approved: approved) }
    }

    /// The app's review submissions, oldest first: state and the states of their items.
    public func reviewSubmissions(app: String) -> [(state: String, items: [String])] {
        backend.withState { fake in
            fake.reviewSubmissions.values.filter { $0.appID == app }.sorted { $0.sequence < $1.sequence }.map { submission in
                (submission.state, submission.itemIDs.compactMap { fake.reviewSubmissionItems[$0]?.state })
            }
        }
    }

    /// Makes the subscription of `app` whose product id is `productID` look like an older one: its
    /// plan availabilities are removed and it gets the deprecated `subscriptionAvailabilities`
    /// resource instead, sold in `territories` (unknown ones and repeats are dropped). Creating an
    /// UPFRONT plan availability for it later removes that resource. Does nothing when there is no
    /// such subscription.
    public func useLegacySubscriptionAvailability(app: String, productID: String, territories: [String], availableInNewTerritories: Bool) {
        backend.withState { fake in
            guard case .subscription(let id) = fake.product(app: app, productID: productID) else { return }
            fake.useLegacyAvailability(subscriptionID: id, territories: territories, availableInNewTerritories: availableInNewTerritories)
        }
    }

    /// Gives the subscription of `app` whose product id is `productID` a grandfathered price: a
    /// price row with `preserved: true` and start date 2024-03-01, of the usual plan (no plan
    /// type), at its price point in `territory` whose customer price is exactly `customerPrice`
    /// ("4.99", "800" in Japan). Returns false, changing nothing, when there is no such subscription,
    /// territory or price point.
    @discardableResult
    public func setSubscriptionPricePreserved(app: String, productID: String, territory: String, customerPrice: String) -> Bool {
        backend.withState { fake in
            guard case .subscription(let id) = fake.product(app: app, productID: productID) else { return false }
            return fake.addPreservedSubscriptionPrice(subscriptionID: id, territory: territory, customerPrice: customerPrice)
        }
    }

    /// Gives the subscription of `app` whose product id is `productID` a promotional offer with
    /// offer identifier `offerCode` (`offerMode` `mode`: `FREE_TRIAL`, `PAY_AS_YOU_GO`,
    /// `PAY_UP_FRONT`; `duration` `ONE_MONTH`…), priced in each territory of `prices` at the
    /// subscription's price point whose customer price is exactly the one given; a free trial
    /// runs in `territories` (nil: every territory). Returns false, changing nothing, when there is
    /// no such subscription, territory or price point.
    @discardableResult
    public func addPromotionalOffer(
        app: String, productID: String, offerCode: String, name: String, mode: String, duration: String, periods: Int = 1,
        prices: [String: String] = [:], territories: [String]? = nil
    ) -> Bool {
        withOfferPoints(app: app, productID: productID, mode: mode, prices: prices, territories: territories) { fake, id, points, free in
            fake.addSubscriptionOffer(
                SubscriptionOfferRecord(
                    id: fake.newUUID(), subscriptionID: id, name: name, offerCode: offerCode, offerMode: mode, duration: duration,
                    numberOfPeriods: periods, points: points, freeTerritories: free))
        }
    }

    /// Gives the subscription of `app` whose product id is `productID` an offer code named `name`
    /// (its configuration; no codes): who may redeem it (`NEW`, `EXISTING`, `EXPIRED`), whether it
    /// stacks with introductory offers (`STACK_WITH_INTRO_OFFERS` or `REPLACE_INTRO_OFFERS`),
    /// `active`, `autoRenewEnabled` (nil: the attribute is null), priced as
    /// ``addPromotionalOffer(app:productID:offerCode:name:mode:duration:periods:prices:territories:)``
    /// is. Returns false, changing nothing, when there is no such subscription, territory or price point.
    @discardableResult
    public func addOfferCode(
        app: String, productID: String, name: String, mode: String, duration: String, periods: Int = 1, prices: [String: String] = [:],
        territories: [String]? = nil, eligibilities: [String] = ["NEW"], offerEligibility: String = "STACK_WITH_INTRO_OFFERS",
        active: Bool = true, autoRenewEnabled: Bool? = nil
    ) -> Bool {
        withOfferPoints(app: app, productID: productID, mode: mode, prices: prices, territories: territories) { fake, id, points, free in
            fake.addSubscriptionOffer(
                SubscriptionOfferRecord(
                    id: fake.newUUID(), subscriptionID: id, name: name, offerMode: mode, duration: duration, numberOfPeriods: periods,
                    points: points, freeTerritories: free, customerEligibilities: eligibilities, offerEligibility: offerEligibility,
                    active: active,
                    autoRenewEnabled: autoRenewEnabled))
        }
    }

    /// Gives the subscription of `app` whose product id is `productID` a win-back offer `offerID`:
    /// customers who paid `paidMonths` months and lapsed `lapsedMonths` (minimum, maximum) months
    /// ago, waiting `waitMonths` between offers, from `startDate` (`YYYY-MM-DD`) until `endDate`,
    /// `priority` `HIGH` or `NORMAL`, `promotionIntent` `NOT_PROMOTED` or
    /// `USE_AUTO_GENERATED_ASSETS`; priced as promotional offers are. Returns false, changing
    /// nothing, when there is no such subscription, territory or price point.
    @discardableResult
    public func addWinBackOffer(
        app: String, productID: String, offerID: String, referenceName: String, mode: String, duration: String, periods: Int = 1,
        prices: [String: String] = [:], territories: [String]? = nil, paidMonths: Int, lapsedMonths: (minimum: Int?, maximum: Int?),
        waitMonths: Int? = nil,
        startDate: String, endDate: String? = nil, priority: String = "NORMAL", promotionIntent: String? = nil
    ) -> Bool {
        withOfferPoints(app: app, productID: productID, mode: mode, prices: prices, territories: territories) { fake, id, points, free in
            fake.addWinBackOffer(
                WinBackOfferRecord(
                    id: fake.newUUID(), subscriptionID: id, offerID: offerID, referenceName: referenceName, offerMode: mode,
                    duration: duration, periodCount: periods, points: points, freeTerritories: free, paidMonths: paidMonths,
                    lapsedMinimum: lapsedMonths.minimum,
                    lapsedMaximum: lapsedMonths.maximum, waitMonths: waitMonths, startDate: startDate, endDate: endDate,
                    priority: priority, promotionIntent: promotionIntent))
        }
    }

    /// Runs `add` with the subscription of `app` whose product id is `productID`, its price points
    /// of `prices` and, for a `FREE_TRIAL`, its territories (`territories`, or every territory);
    /// false, changing nothing, when there is no such subscription, territory or point.
    private func withOfferPoints(
        app: String, productID: String, mode: String, prices: [String: String], territories: [String]?,
        _ add: (FakeState, String, [PricePoint], [String]) -> Void
    ) -> Bool {
        backend.withState { fake in
            guard case .subscription(let id) = fake.product(app: app, productID: productID),
                let points = fake.offerPoints(subscriptionID: id, prices: prices),
                territories?.allSatisfy(fake.isTerritory) ?? true
            else { return false }
            add(fake, id, points, mode == "FREE_TRIAL" ? (territories ?? fake.territories).sorted() : [])
            return true
        }
    }

    /// Replaces the promoted purchases of `app` with the products `entries` name, in that order
    /// (`visibleForAllUsers`, `enabled`). Returns false, changing nothing, when a product id is
    /// not one of the app's products.
    @discardableResult
    public func setPromotedPurchases(app: String, _ entries: [(productID: String, visible: Bool, enabled: Bool)]) -> Bool {
        backend.withState { fake in
            var owners: [(owner: Owner, visible: Bool, enabled: Bool)] = []
            for entry in entries {
                guard let owner = fake.product(app: app, productID: entry.productID) else { return false }
                owners.append((owner, entry.visible, entry.enabled))
            }
            fake.setPromotedPurchases(app: app, owners)
            return true
        }
    }

    /// Sets `contentHosting` of the in-app purchase of `app` whose product id is `productID`.
    /// Returns false, changing nothing, when there is no such in-app purchase.
    @discardableResult
    public func setContentHosting(app: String, productID: String, _ hosted: Bool) -> Bool {
        backend.withState { fake in
            guard case .inAppPurchase(let id) = fake.product(app: app, productID: productID) else { return false }
            fake.inAppPurchases[id]?.contentHosting = hosted
            return true
        }
    }

    /// Adds a promotional image (as App Store Connect reports one: file name, size, MD5 checksum)
    /// to the product of `app` whose product id is `productID`.
    public func addImage(app: String, productID: String, fileName: String, fileSize: Int, checksum: String, state: String = "APPROVED")
        -> Bool
    {
        backend.withState { fake in
            guard let owner = fake.product(app: app, productID: productID) else { return false }
            fake.addImage(
                ImageRecord(
                    id: fake.newUUID(), owner: owner, fileName: fileName, fileSize: fileSize, sourceFileChecksum: checksum, state: state))
            return true
        }
    }

    /// The offer codes of the in-app purchase of `app` whose product id is `productID`, oldest
    /// first, with their prices, custom codes and batches of one-time use codes (and the codes
    /// generated for them); none when there is no such in-app purchase.
    public func inAppPurchaseOfferCodes(app: String, productID: String) -> [FakeInAppPurchaseOfferCode] {
        backend.withState { fake in
            guard case .inAppPurchase(let id) = fake.product(app: app, productID: productID) else { return [] }
            return fake.fakeInAppPurchaseOfferCodes(of: id)
        }
    }

    /// Gives the in-app purchase of `app` whose product id is `productID` an offer code, as if
    /// created through the API: `name`, who may redeem it (`eligibilities`: `NON_SPENDER`,
    /// `ACTIVE_SPENDER`, `CHURNED_SPENDER`), priced in each territory of `prices` at the in-app
    /// purchase's price point whose customer price is exactly the one given ("0.99", "160" in
    /// Japan), `active`, with `customCodes` (each redeemable `count` times until `expirationDate`,
    /// nil: no end; active with the offer code) and no one-time use codes. Returns the offer code's
    /// resource id; nil, changing nothing, when there is no such in-app purchase, territory or price point.
    @discardableResult
    public func addInAppPurchaseOfferCode(
        app: String, productID: String, name: String, eligibilities: [String], prices: [String: String], active: Bool = true,
        customCodes: [(code: String, count: Int, expirationDate: String?)] = []
    ) -> String? {
        backend.withState { fake in
            guard case .inAppPurchase(let id) = fake.product(app: app, productID: productID),
                let points = fake.offerPoints(product: id, prices: prices)
            else { return nil }
            var record = InAppPurchaseOfferCodeRecord(
                id: fake.newUUID(), inAppPurchaseID: id, name: name, customerEligibilities: eligibilities, points: points)
            record.active = active
            fake.addInAppPurchaseOfferCode(record)
            for custom in customCodes {
                fake.addInAppPurchaseCustomCode(
                    InAppPurchaseCustomCodeRecord(
                        id: fake.newUUID(), offerCodeID: record.id, customCode: custom.code, numberOfCodes: custom.count,
                        expirationDate: custom.expirationDate, createdDate: FakeState.now(), active: active))
            }
            return record.id
        }
    }

    /// Counts of what `app` holds, for assertions.
    public func state(app: String) -> FakeAppSummary {
        backend.withState { $0.summary(app: app) }
    }
}
