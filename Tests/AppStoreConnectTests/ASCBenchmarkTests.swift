import AppStoreConnect
import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import IAPCatalog
import StoreHTTP
import Testing

/// `Benchmarks/asc.sh`: 1,000 products applied to the fake App Store Connect, then planned again;
/// prints the requests per product. Runs only with IAPCAT_ASC_BENCHMARK=1 (not in `swift test`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["IAPCAT_ASC_BENCHMARK"] == "1"))
struct ASCBenchmarkTests {
    static func catalog(products count: Int) -> Catalog {
        var catalog = Catalog(app: AppInfo(bundleID: "com.example.bench", appleID: "1"))
        catalog.subscriptionGroups = [
            SubscriptionGroup(
                id: "plus", referenceName: "Plus", localizations: [GroupLocalization(locale: "en-US", name: "Plus", appName: "Bench")])
        ]
        let subscriptions = count / 5
        for index in 0..<count {
            let isSubscription = index < subscriptions
            var product = Product(
                id: "com.example.bench.p\(index)", type: isSubscription ? .autoRenewable : (index % 2 == 0 ? .consumable : .nonConsumable),
                referenceName: "Product \(index)", status: .draft,
                price: Price(storefronts: [StorefrontPrice(storefront: "USA", amount: "\(index % 40).99")]),
                localizations: [
                    Localization(locale: "en-US", displayName: "Item \(index)", description: "Item number \(index)"),
                    Localization(locale: "de-DE", displayName: "Artikel \(index)", description: "Artikel Nummer \(index)"),
                ],
                review: ReviewInfo(notes: "Bench \(index)", screenshot: "screenshots/nebula.png"))
            if isSubscription {
                var terms = SubscriptionTerms(group: "plus", duration: .oneMonth, rank: index + 1)
                // Every tenth subscription: a paid promotional offer, a free offer code, a win-back offer.
                if index % 10 == 0 {
                    let offer = SubscriptionOffer(
                        id: "half\(index)", referenceName: "Half \(index)", mode: .payUpFront, duration: .threeMonths,
                        prices: [StorefrontPrice(storefront: "USA", amount: "1.99")])
                    terms.promotionalOffers = [offer]
                    terms.offerCodes = [
                        SubscriptionOffer(
                            referenceName: "Code \(index)", mode: .freeTrial, duration: .oneMonth, eligibility: [.new], stackable: false)
                    ]
                    var winBack = WinBackOffer(id: "back\(index)", referenceName: "Back \(index)", mode: .freeTrial, duration: .oneWeek)
                    winBack.paidMonths = 3
                    winBack.lapsedMonths = MonthRange(minimum: 1, maximum: nil)
                    winBack.startDate = CalendarDate("2027-01-01")
                    winBack.priority = .normal
                    terms.winBackOffers = [winBack]
                }
                product.subscription = terms
            }
            // The App Store shows at most 20 promoted purchases.
            if index % 50 == 0 && index / 50 < AppStoreLimits.promotedProducts {
                product.appStore.promotion = Promotion(visible: true, order: index / 50 + 1)
            }
            catalog.products.append(product)
        }
        return catalog
    }

    @Test func thousandProductsAppliedAndPlanned() async throws {
        let products = Int(ProcessInfo.processInfo.environment["IAPCAT_ASC_PRODUCTS"] ?? "") ?? 1000
        var desired = DesiredState(catalog: Self.catalog(products: products))
        _ = desired.readScreenshots(catalogDirectory: packageRoot + "/catalogs")
        let key = P256.Signing.PrivateKey()
        let fake = try await FakeAppStoreConnect.start(
            keys: [FakeAPIKey(keyID: "K", issuerID: "I", publicKey: key.publicKey)], rateLimitPerHour: 1_000_000)
        fake.addApp(id: "1", bundleID: "com.example.bench")
        let client = ConnectClient(
            baseURL: fake.baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: key)),
            retry: RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(5), maxDelay: .milliseconds(100)))

        let clock = ContinuousClock()
        var start = clock.now
        let remote = try await ConnectRemoteReader(api: client).read(appID: "1")
        let plan = ConnectPlanner(today: "2026-11-23").plan(desired, against: remote)
        try await ConnectApplier(api: client, remote: remote, desired: desired, options: .init(pollInterval: .milliseconds(1))).apply(plan)
        {
            _, _ in
        }
        let applyTime = clock.now - start
        let applyRequests = fake.requests.count
        fake.resetRequestLog()

        start = clock.now
        let after = try await ConnectRemoteReader(api: client).read(appID: "1")
        let readTime = clock.now - start
        let readRequests = fake.requests.count
        // The read by kind of product: paths of in-app purchases, of subscriptions (offers too),
        // and the app-wide lists (territories, groups, promoted purchases).
        let paths = fake.requests.map(\.path)
        let inAppPurchaseReads = paths.filter { $0.contains("inAppPurchase") }.count
        let subscriptionReads = paths.filter { $0.contains("ubscription") && !$0.contains("subscriptionGroups") || $0.contains("winBack") }
            .count
        start = clock.now
        let again = ConnectPlanner(today: "2026-11-23").plan(desired, against: after)
        let planTime = clock.now - start
        #expect(!again.hasChanges)
        // One edit: a subscription's U.S. price; what plan estimates and what apply sends.
        var edited = desired
        edited.products[1].prices?.baseSteps[0].customerPrice = "9.99"
        let editPlan = ConnectPlanner(today: "2026-11-23").plan(edited, against: after)
        fake.resetRequestLog()
        try await ConnectApplier(api: client, remote: after, desired: edited, options: .init(pollInterval: .milliseconds(1))).apply(
            editPlan
        ) {
            _, _ in
        }
        let editRequests = fake.requests.count

        // Scoped plans (`--changed-since`, `--product`): what they read, through the sync engine.
        let catalog = Self.catalog(products: products)
        var editedCatalog = catalog
        editedCatalog.products[1].price = Price(storefronts: [StorefrontPrice(storefront: "USA", amount: "19.99")])
        let engine = SyncEngine(ConnectAdapter(api: client, today: "2026-11-23"))
        func scoped(_ scope: SyncScope?, _ catalog: Catalog) async throws -> (requests: Int, steps: Int) {
            fake.resetRequestLog()
            let plan = try await engine.plan(catalog, at: packageRoot + "/catalogs/catalog.yaml", scope: scope).plan
            return (fake.requests.count, plan.steps.count)
        }
        let changed = SyncScope.changes(from: catalog, to: editedCatalog)
        let fullEdit = try await scoped(nil, editedCatalog)
        let oneEdit = try await scoped(changed, editedCatalog)
        let oneIAP = try await scoped(SyncScope(products: [catalog.products[products - 1].id]), catalog)
        let ten = try await scoped(
            SyncScope(products: Set(stride(from: 0, to: products, by: max(products / 10, 1)).prefix(10).map { catalog.products[$0].id })),
            catalog)
        #expect(changed.products == [catalog.products[1].id])
        #expect(oneEdit.steps == fullEdit.steps && oneEdit.steps > 0)
        // The edit's plan saved, then applied from the file: the rows re-read, the steps, the read-back.
        let planned = try await engine.plan(editedCatalog, at: packageRoot + "/catalogs/catalog.yaml", scope: changed)
        let saved = engine.save(planned, app: "1", tool: "bench", created: "2026-11-23T00:00:00Z", catalogDigest: "", scope: changed)
        fake.resetRequestLog()
        let rechecked = try await engine.recheck(
            try SavedPlan.read(saved.bytes(), file: "plan.json"), catalog: editedCatalog, at: packageRoot + "/catalogs/catalog.yaml")
        let recheckRequests = fake.requests.count
        _ = try await engine.apply(rechecked) { _, _ in }
        let savedApplyRequests = fake.requests.count
        await client.shutdown()
        try await fake.shutdown()

        func perProduct(_ requests: Int) -> String { String(format: "%.2f", Double(requests) / Double(products)) }
        print(
            """
            asc benchmark: \(products) products (\(products / 5) subscriptions), fake App Store Connect on loopback
            | what | requests | per product | hours at 3,600/h | wall-clock |
            |---|---:|---:|---:|---:|
            | apply on an empty app (read, plan, \(plan.steps.count) steps) | \(applyRequests) | \(perProduct(applyRequests)) | \(String(format: "%.2f", Double(applyRequests) / 3600)) | \(applyTime) |
            | plan again (read the app) | \(readRequests) | \(perProduct(readRequests)) | \(String(format: "%.2f", Double(readRequests) / 3600)) | \(readTime) |
            | of which in-app purchases (\(products - products / 5)) | \(inAppPurchaseReads) | \(String(format: "%.2f", Double(inAppPurchaseReads) / Double(products - products / 5))) | | |
            | of which subscriptions (\(products / 5), a tenth with three offers) | \(subscriptionReads) | \(String(format: "%.2f", Double(subscriptionReads) / Double(max(products / 5, 1)))) | | |
            | apply of one edit (a subscription's U.S. price, others equalized; the plan's steps estimated \(editPlan.steps.map(\.estimatedRequests).reduce(0, +)); the read-back adds \(editPlan.estimatedRequests - editPlan.steps.map(\.estimatedRequests).reduce(0, +))) | \(editRequests) | | | |
            | plan of one edited subscription, full read (\(fullEdit.steps) steps) | \(fullEdit.requests) | | \(String(format: "%.2f", Double(fullEdit.requests) / 3600)) | |
            | the same plan scoped to what changed (--changed-since: 1 product, \(oneEdit.steps) steps) | \(oneEdit.requests) | | \(String(format: "%.4f", Double(oneEdit.requests) / 3600)) | |
            | apply of that plan saved (`apply plan.json`: \(recheckRequests) to re-read its rows, the steps, the read-back) | \(savedApplyRequests) | | | |
            | plan scoped to 1 in-app purchase (--product) | \(oneIAP.requests) | | | |
            | plan scoped to 10 products (2 subscriptions, 8 in-app purchases) | \(ten.requests) | | | |
            | planning alone (no network) | 0 | 0 | 0 | \(planTime) |
            """)
    }

    /// `Benchmarks/asc.sh --plan`: `asc plan` of N products (default 10,000) for an empty app on
    /// the fake; the planning is timed apart from reading the app, and rendering the plan too.
    @Test func planningTenThousandProducts() async throws {
        let products = Int(ProcessInfo.processInfo.environment["IAPCAT_ASC_PRODUCTS"] ?? "") ?? 10000
        let key = P256.Signing.PrivateKey()
        let fake = try await FakeAppStoreConnect.start(
            keys: [FakeAPIKey(keyID: "K", issuerID: "I", publicKey: key.publicKey)], rateLimitPerHour: 1_000_000)
        fake.addApp(id: "1", bundleID: "com.example.bench")
        let client = ConnectClient(baseURL: fake.baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: key)))
        let clock = ContinuousClock()
        let catalog = Self.catalog(products: products)
        var start = clock.now
        let remote = try await ConnectRemoteReader(api: client).read(appID: "1")
        let readTime = clock.now - start
        let requests = fake.requests.count
        start = clock.now
        let desired = DesiredState(catalog: catalog)
        let plan = ConnectPlanner(today: "2026-11-23").plan(desired, against: remote)
        let planTime = clock.now - start
        start = clock.now
        let text = PlanRenderer().text(plan)
        let renderTime = clock.now - start
        #expect(plan.hasChanges && !text.isEmpty)
        await client.shutdown()
        try await fake.shutdown()

        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        if let path = ProcessInfo.processInfo.environment["IAPCAT_ASC_PLAN_OUT"] {
            let summary: [String: Any] = [
                "products": products, "steps": plan.steps.count, "requests": requests, "readSeconds": seconds(readTime),
                "planSeconds": seconds(planTime), "renderSeconds": seconds(renderTime),
            ]
            try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        }
        print(
            """
            asc plan benchmark: \(products) products for an empty app, fake App Store Connect on loopback
            | what | wall-clock |
            |---|---:|
            | read the app (\(requests) requests) | \(readTime) |
            | render the plan as text (\(plan.steps.count) steps) | \(renderTime) |
            | planning: desired state and plan (no network) | \(planTime) |
            """)
    }
}
