import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import AppStoreConnect

func exampleCatalog() throws -> Catalog {
    try #require(try CatalogLoader().loadValidated(packageRoot + "/catalogs/example.yaml").catalog)
}

/// The example's desired state with its screenshots read.
func exampleDesiredState() throws -> DesiredState {
    var desired = DesiredState(catalog: try exampleCatalog())
    _ = desired.readScreenshots(catalogDirectory: packageRoot + "/catalogs")
    return desired
}

@Suite struct ConnectPlannerTests {
    let planner = ConnectPlanner(today: "2026-11-23")

    @Test func anEmptyAppGetsEveryGroupProductVersionLocalizationPriceAndOffer() throws {
        let plan = planner.plan(
            DesiredState(catalog: try exampleCatalog()),
            against: ConnectRemoteState(appID: "1234567890", territories: ["DEU", "JPN", "USA"]))
        let lines = plan.steps.map(\.summary)
        #expect(lines.first == "create subscription group premium \"Cosmic Premium\"")
        #expect(lines.contains("create in-app purchase com.example.cosmicquest.coins.small (CONSUMABLE) \"Coins (small pouch)\""))
        #expect(lines.contains("set prices of in-app purchase com.example.cosmicquest.coins.small: USA 0.99 (base); DEU 0.99; JPN 160"))
        #expect(lines.contains("create subscription com.example.cosmicquest.premium.yearly (ONE_YEAR in group premium) \"Premium yearly\""))
        #expect(
            lines.contains(
                "set introductory offers of subscription com.example.cosmicquest.premium.yearly: + PAY_UP_FRONT THREE_MONTHS × 1 in USA at 9.99"
            ))
        #expect(lines.contains("create de-DE localization of in-app purchase com.example.cosmicquest.level.nebula: \"Nebel-Paket\""))
        // The removed tombstone is neither created nor mentioned; legacy tiers are warned about.
        #expect(!lines.contains { $0.contains("coins.huge") })
        #expect(
            plan.warnings.contains(
                PlanNote(
                    resource: "com.example.cosmicquest.level.nebula",
                    message: "a legacy price tier stands for its historical U.S. price only; give storefront prices to be exact")))
        // Promotions, promotional offers and offer codes are created with their prices.
        #expect(
            lines.contains(
                "promote in-app purchase com.example.cosmicquest.coins.small on the App Store product page (visible to all users, enabled)")
        )
        #expect(
            lines.contains(
                "create promotional offer \"winback.yearly.half\" of subscription com.example.cosmicquest.premium.yearly: PAY_AS_YOU_GO ONE_YEAR × 1 in USA at 19.99, DEU at 19.99"
            ))
        #expect(
            lines.contains(
                "create offer code \"Press month\" of subscription com.example.cosmicquest.premium.monthly: FREE_TRIAL ONE_MONTH × 1 in DEU, JPN, USA, for new/expired customers"
            ))
        // What iapcat cannot write is a note, never a step.
        let order = { (position: Int) in
            "a new promoted purchase joins the end of the app's list, \(position) in the catalog: iapcat does not write the order yet; arrange it in App Store Connect"
        }
        #expect(
            plan.notDone.map { "\($0.resource) \($0.message)" } == [
                "com.example.cosmicquest.coins.small " + order(2),
                "com.example.cosmicquest.level.nebula " + order(1),
                "com.example.cosmicquest.level.nebula hosted content differs from App Store Connect, whose API cannot change it: change it in App Store Connect",
            ])
    }

    @Test func anInactiveOfferCodeTheStoreLacksIsNotCreated() throws {
        var catalog = try exampleCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.example.cosmicquest.premium.monthly" })
        catalog.products[index].subscription?.offerCodes[0].active = false
        let plan = planner.plan(DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["USA"]))
        #expect(!plan.steps.contains { $0.verb == "create-offer-code" && $0.ownerKey == "com.example.cosmicquest.premium.monthly" })
        #expect(
            plan.notDone.contains(
                PlanNote(
                    resource: "com.example.cosmicquest.premium.monthly",
                    message: "offer code \"Press month\" is inactive in the catalog and not in App Store Connect: nothing to create")))
    }

    @Test func aFreeOfferInNoTerritoryIsAPlanErrorAndNotCreated() throws {
        var catalog = try exampleCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == "com.example.cosmicquest.premium.monthly" })
        #expect(catalog.products[index].subscription?.offerCodes[0].mode == .freeTrial)
        catalog.products[index].subscription?.offerCodes[0].territories = .nowhere
        let plan = planner.plan(DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["USA"]))
        #expect(!plan.steps.contains { $0.verb == "create-offer-code" && $0.ownerKey == "com.example.cosmicquest.premium.monthly" })
        #expect(
            plan.errors == [
                PlanNote(
                    resource: "com.example.cosmicquest.premium.monthly",
                    message:
                        "offer code \"Press month\" is a free trial in no territory: App Store Connect needs at least one; name its 'territories'"
                )
            ])
    }

    @Test func typeChangesAndDeletionsAreNeverPlanned() throws {
        var remote = ConnectRemoteState(appID: "1", territories: ["USA"])
        remote.products["com.example.cosmicquest.coins.small"] = RemoteProduct(
            id: "9", productID: "com.example.cosmicquest.coins.small", type: "NON_CONSUMABLE", name: "x", state: "APPROVED",
            reviewNote: nil,
            familySharable: false, version: nil, localizations: [], baseTerritory: nil, prices: [], availability: nil, groupID: nil,
            period: nil,
            groupLevel: nil, introductoryOffers: [], screenshotChecksum: nil)
        remote.products["com.example.unmanaged"] = RemoteProduct(
            id: "8", productID: "com.example.unmanaged", type: "CONSUMABLE", name: "y", state: "SOME_NEW_STATE", reviewNote: nil,
            familySharable: false, version: nil, localizations: [], baseTerritory: nil, prices: [], availability: nil, groupID: nil,
            period: nil,
            groupLevel: nil, introductoryOffers: [], screenshotChecksum: nil)
        let plan = planner.plan(DesiredState(catalog: try exampleCatalog()), against: remote)
        #expect(
            plan.notDone.filter {
                !$0.message.contains("iapcat does not write") && !$0.message.contains("hosted content")
                    && !$0.message.contains("custom codes")
            } == [
                PlanNote(
                    resource: "com.example.cosmicquest.coins.small",
                    message: "is NON_CONSUMABLE in App Store Connect and CONSUMABLE in the catalog: a product's type never changes"),
                PlanNote(
                    resource: "com.example.unmanaged", message: "in App Store Connect but not in the catalog: deletions are never automatic"
                ),
            ])
        #expect(!plan.steps.contains { $0.owner.key == "com.example.cosmicquest.coins.small" })
    }

    @Test func aLiveVersionGetsANewVersionBeforeItsLocalizationChanges() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[0]]
        catalog.subscriptionGroups = []
        let product = catalog.products[0]
        var remote = ConnectRemoteState(appID: "1", territories: ["DEU", "JPN", "USA"])
        remote.products[product.id] = RemoteProduct(
            id: "9", productID: product.id, type: "CONSUMABLE", name: product.referenceName!, state: "APPROVED",
            reviewNote: product.appStore.review?.notes,
            familySharable: false, version: RemoteVersion(id: "v1", number: 1, state: "APPROVED"),
            localizations: [
                RemoteLocalization(id: "l1", locale: "en-US", name: "100 Coins", description: "A small pouch"),
                RemoteLocalization(id: "l2", locale: "de-DE", name: "100 Münzen", description: "Ein kleiner Beutel Münzen"),
            ],
            baseTerritory: "USA",
            prices: [
                RemotePrice(id: "p1", territory: "USA", customerPrice: "0.99", startDate: nil),
                RemotePrice(id: "p2", territory: "JPN", customerPrice: "150", startDate: nil),
                RemotePrice(id: "p3", territory: "DEU", customerPrice: "0.99", startDate: nil),
            ],
            availability: RemoteAvailability(id: "a", availableInNewTerritories: true, territories: ["DEU", "JPN", "USA"]), groupID: nil,
            period: nil,
            groupLevel: nil, introductoryOffers: [], screenshotChecksum: "x")
        remote.products[product.id]!.promotedPurchase = RemotePromotedPurchase(
            id: "pp", visibleForAllUsers: true, enabled: true, position: 2)
        let plan = planner.plan(DesiredState(catalog: catalog), against: remote)
        #expect(
            plan.steps.map(\.summary) == [
                "create a new version of in-app purchase com.example.cosmicquest.coins.small (version 1 is APPROVED)",
                "update en-US localization of in-app purchase com.example.cosmicquest.coins.small: description",
                "set prices of in-app purchase com.example.cosmicquest.coins.small: JPN 150 → 160",
            ])
        remote.products[product.id]!.version = RemoteVersion(id: "v2", number: 2, state: "WAITING_FOR_REVIEW")
        let waiting = planner.plan(DesiredState(catalog: catalog), against: remote)
        #expect(waiting.steps.map(\.verb) == ["set-prices"])
        #expect(
            waiting.notDone.filter { !$0.message.contains("iapcat does not write") } == [
                PlanNote(resource: product.id, message: "localization changes wait: version 2 is WAITING_FOR_REVIEW")
            ])
    }

    // MARK: Prices against price points

    /// What a plan sets is held against the price points read: a price that is no point is an
    /// error naming the nearest points and where the catalog writes it; a ladder that could not be
    /// read is a warning; prices App Store Connect holds already are not checked.
    @Test func eachPriceAPlanSetsIsHeldAgainstThePricePointsOfItsTerritory() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[0]]
        catalog.subscriptionGroups = []
        var plan = planner.plan(
            DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["DEU", "JPN", "USA"]))
        let prices = PricePointCheck.prices(of: plan, in: catalog)
        #expect(prices.map(\.phrase) == ["price DEU 0.99", "price JPN 160", "price USA 0.99"])
        #expect(prices.map(\.ladder) == [.inAppPurchase, .inAppPurchase, .inAppPurchase])
        #expect(prices.map(\.position) == [47, 35, 22].map { SourcePosition(line: 40, column: $0) })
        #expect(PricePointCheck.territories(of: prices) == [.inAppPurchase: ["DEU", "JPN", "USA"]])

        let ladders = PriceLadders(prices: [.inAppPurchase: ["USA": ["0.89", "0.99", "1.09"], "DEU": ["0.99"], "JPN": ["150", "170"]]])
        PricePointCheck(ladders: ladders, path: "catalogs/example.yaml").check(&plan, catalog: catalog)
        #expect(
            plan.errors == [
                PlanNote(
                    resource: "com.example.cosmicquest.coins.small",
                    message:
                        "price JPN 160 is not a price point of App Store Connect's in-app purchases in JPN (catalogs/example.yaml:40:35); the nearest are 150 below and 170 above"
                )
            ])

        // A territory App Store Connect lists no points in; a ladder that could not be read.
        var empty = planner.plan(
            DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["DEU", "JPN", "USA"]))
        let none = PriceLadders(prices: [.inAppPurchase: ["USA": ["0.99"], "DEU": ["0.99"], "JPN": []]])
        PricePointCheck(ladders: none, path: "catalog.yaml").check(&empty, catalog: catalog)
        #expect(
            empty.errors.map(\.message) == [
                "price JPN 160 cannot be set: App Store Connect lists no price points of in-app purchases in JPN (catalog.yaml:40:35)"
            ])
        var unread = planner.plan(
            DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1", territories: ["DEU", "JPN", "USA"]))
        PricePointCheck(ladders: PriceLadders(unread: [.inAppPurchase: "the app has no in-app purchase yet"]), path: "catalog.yaml").check(
            &unread, catalog: catalog)
        #expect(unread.errors == [])
        #expect(
            unread.warnings.map { "\($0.resource) \($0.message)" }.filter { $0.contains("price points") } == [
                "com.example.cosmicquest.coins.small prices are checked against App Store Connect's price points only when apply sets them: the app has no in-app purchase yet"
            ])
    }

    @Test(arguments: [
        ("1.25", "the nearest are 1.20 below and 1.29 above"),
        ("0.19", "the lowest is 0.29"),
        ("10000", "the highest is 9999.99"),
        ("1.2", "App Store Connect writes it 1.20"),
    ])
    func aPriceThatIsNoPointIsOfferedItsNearestPoints(price: String, alternatives: String) {
        #expect(PriceLadders.alternatives(to: price, in: ["0.29", "1.19", "1.20", "1.29", "9999.99"]) == alternatives)
    }

    @Test func desiredPricesReadTiersStorefrontsAndBaseTerritories() throws {
        let catalog = try exampleCatalog()
        let desired = DesiredState(catalog: catalog)
        let byID = Dictionary(uniqueKeysWithValues: desired.products.map { ($0.productID, $0) })
        #expect(
            byID["com.example.cosmicquest.coins.small"]?.prices
                == DesiredPrices(baseTerritory: "USA", baseSteps: [.init(customerPrice: "0.99")], manual: ["JPN": "160", "DEU": "0.99"]))
        #expect(
            byID["com.example.cosmicquest.premium.yearly"]?.prices
                == DesiredPrices(
                    baseTerritory: "USA",
                    baseSteps: [.init(customerPrice: "39.99"), .init(customerPrice: "44.99", startDate: "2027-01-01")]))
        #expect(desired.removedProductIDs == ["com.example.cosmicquest.coins.huge"])
    }
}

@Suite struct ScreenshotPlanTests {
    @Test func aScreenshotIsUploadedOnlyWhenItsChecksumDiffers() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[1]]  // the nebula pack
        catalog.subscriptionGroups = []
        var desired = DesiredState(catalog: catalog)
        #expect(desired.readScreenshots(catalogDirectory: packageRoot + "/catalogs") == [])
        let file = try #require(desired.products[0].screenshotFile)
        #expect(file.fileName == "nebula.png")
        let planner = ConnectPlanner(today: "2026-11-23")
        let empty = planner.plan(desired, against: ConnectRemoteState(appID: "1"))
        #expect(
            empty.steps.contains {
                $0.summary
                    == "upload the review screenshot of in-app purchase com.example.cosmicquest.level.nebula: nebula.png (\(file.size) bytes, MD5 \(file.checksum))"
            })

        var remote = ConnectRemoteState(appID: "1")
        remote.products[file.fileName] = nil
        remote.products["com.example.cosmicquest.level.nebula"] = RemoteProduct(
            id: "9", productID: "com.example.cosmicquest.level.nebula", type: "NON_CONSUMABLE", name: "Nebula level pack",
            state: "READY_TO_SUBMIT",
            reviewNote: nil, familySharable: true, version: nil, localizations: [], baseTerritory: nil, prices: [], availability: nil,
            groupID: nil, period: nil, groupLevel: nil, introductoryOffers: [], screenshotChecksum: file.checksum)
        #expect(!planner.plan(desired, against: remote).steps.contains { $0.verb == "upload-screenshot" })
        remote.products["com.example.cosmicquest.level.nebula"]!.screenshotChecksum = "0123"
        #expect(planner.plan(desired, against: remote).steps.contains { $0.verb == "upload-screenshot" })

        var missing = DesiredState(catalog: catalog)
        let notes = missing.readScreenshots(catalogDirectory: "/nonexistent")
        #expect(notes.count == 1)
        #expect(notes.first?.message.hasPrefix("review screenshot not uploaded: /nonexistent/screenshots/nebula.png: ") == true)
    }
}

@Suite struct PlanOutputTests {
    static let golden = FixtureDirectory(besideFile: #filePath).path("golden")

    /// The whole plan of the example for an empty app, as `asc plan` prints it (text and JSON).
    @Test func theExamplePlanForAnEmptyApp() throws {
        var desired = try exampleDesiredState()
        // Checksums in the golden file would change with every screenshot edit: name the files only.
        for index in desired.products.indices { desired.products[index].screenshotFile?.checksum = "<md5>" }
        let plan = ConnectPlanner(today: "2026-11-23").plan(
            desired, against: ConnectRemoteState(appID: "1234567890", territories: ["DEU", "JPN", "USA"]))
        let text = PlanRenderer().text(plan).replacingOccurrences(of: packageRoot, with: "<root>")
        try Golden.expect(text, path: Self.golden + "/example-empty-app.plan.txt")
        try Golden.expect(
            PlanRenderer().json(plan).replacingOccurrences(of: packageRoot, with: "<root>"),
            path: Self.golden + "/example-empty-app.plan.json")
    }
}

@Suite struct CatalogPositionsTests {
    @Test func anErrorPointerLeadsToTheValueInTheCatalog() throws {
        let catalog = try exampleCatalog()
        let positions = CatalogPositions(catalog: catalog)
        let plan = ConnectPlanner(today: "2026-11-23").plan(DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1"))
        func step(_ verb: String, _ key: String, _ text: String = "") throws -> ConnectStep {
            try #require(plan.steps.first { $0.verb == verb && $0.owner.key == key && (text.isEmpty || $0.summary.contains(text)) })
        }
        func at(_ position: SourcePosition?) -> String { position.map { "\($0.line):\($0.column)" } ?? "none" }
        let create = try step("create", "com.example.cosmicquest.coins.small")
        #expect(at(positions.position(of: create, pointer: "/data/attributes/name")) == "35:21")
        let german = try step("create-localization", "com.example.cosmicquest.coins.small", "de-DE")
        #expect(at(positions.position(of: german, pointer: "/data/attributes/name")) == "43:30")
        let group = try step("create", "premium")
        #expect(at(positions.position(of: group, pointer: "/data/attributes/referenceName")) == "27:21")
        // An attribute the catalog does not hold points at the product.
        #expect(at(positions.position(of: create, pointer: "/data/relationships/app")) == "33:5")
    }
}

@Suite struct PlanRuleTests {
    let planner = ConnectPlanner(today: "2026-11-23")

    @Test func aPriceWithoutItsBaseTerritoryIsAnErrorAndFamilySharingStaysOn() throws {
        var catalog = try exampleCatalog()
        catalog.products = [catalog.products[0]]
        catalog.products[0].price = Price(storefronts: [StorefrontPrice(storefront: "JPN", amount: "160")])
        catalog.subscriptionGroups = []
        let plan = planner.plan(DesiredState(catalog: catalog), against: ConnectRemoteState(appID: "1"))
        #expect(
            plan.errors == [
                PlanNote(
                    resource: "com.example.cosmicquest.coins.small",
                    message: "has no price in its base territory USA: App Store Connect equalizes every price from it")
            ])
        #expect(!plan.steps.contains { $0.verb == "set-prices" })
        #expect(PlanRenderer().text(plan).contains("error: com.example.cosmicquest.coins.small has no price in its base territory USA"))

        var remote = ConnectRemoteState(appID: "1")
        remote.products[catalog.products[0].id] = RemoteProduct(
            id: "9", productID: catalog.products[0].id, type: "CONSUMABLE", name: "Coins (small pouch)", state: "APPROVED",
            reviewNote: catalog.products[0].appStore.review?.notes, familySharable: true, version: nil, localizations: [],
            baseTerritory: nil,
            prices: [],
            availability: nil, groupID: nil, period: nil, groupLevel: nil, introductoryOffers: [], screenshotChecksum: nil)
        let sharing = planner.plan(DesiredState(catalog: catalog), against: remote)
        #expect(!sharing.steps.contains { $0.verb == "update" })
        #expect(
            sharing.notDone.contains(
                PlanNote(resource: catalog.products[0].id, message: "Family Sharing, once turned on, cannot be turned off")))
    }

    /// Item 4 of the submit issue: the plan says, on the state after apply, why a product will not
    /// reach App Review — what it will still lack — and, for one the catalog marks approved, what
    /// stands between it and approval; the same words `asc submit` uses.
    @Test func thePlanSaysWhatStandsBetweenEachProductAndAppReview() throws {
        let yaml = """
            format_version: 1
            app: { bundle_id: com.example.app, apple_id: "1", default_locale: en-US }
            subscription_groups:
              - { id: plus, reference_name: Plus }
            products:
              - id: com.example.gems
                type: consumable
                reference_name: Gems
                status: approved
                price: { storefronts: { USA: "0.99" } }
                localizations: { en-US: { display_name: Gems, description: Shiny } }
              - id: com.example.rejected
                type: consumable
                reference_name: Rejected
                status: approved
              - id: com.example.new
                type: non-consumable
                reference_name: New
                availability: { territories: [] }
              - id: com.example.plus
                type: auto-renewable
                reference_name: Plus monthly
                subscription: { group: plus, duration: P1M }
                price: { storefronts: { USA: "2.99" } }
                localizations: { en-US: { display_name: Plus, description: More } }
            """
        let catalog = try #require(CatalogLoader().load(Array(yaml.utf8), file: "catalog.yaml").catalog)
        var gems = ReviewReadinessTests.product("READY_TO_SUBMIT")
        gems.productID = "com.example.gems"
        var rejected = ReviewReadinessTests.product("REJECTED")
        rejected.productID = "com.example.rejected"
        rejected.name = "Rejected"
        rejected.localizations = []
        let remote = ConnectRemoteState(
            appID: "1", territories: ["USA"], products: ["com.example.gems": gems, "com.example.rejected": rejected])
        let plan = planner.plan(DesiredState(catalog: catalog), against: remote)
        #expect(
            plan.warnings.map { "\($0.resource) \($0.message)" } == [
                "com.example.rejected will still be MISSING_METADATA after apply, so it cannot go to App Review: missing a localization",
                "com.example.new will still be MISSING_METADATA after apply, so it cannot go to App Review: missing a localization, a price, a territory to be sold in, a review screenshot",
                "com.example.plus will still be MISSING_METADATA after apply, so it cannot go to App Review: missing a review screenshot, a localization of its subscription group",
            ])
        #expect(
            plan.notDone.map { "\($0.resource) \($0.message)" } == [
                "com.example.gems approved in the catalog but READY_TO_SUBMIT in App Store Connect: after apply, `iapcat asc submit` sends it to App Review, which approves",
                "com.example.rejected approved in the catalog but REJECTED in App Store Connect: it cannot go to App Review until it has what the warning names",
            ])
        // With its localization back, the rejected product's way is App Review's message.
        rejected.localizations = gems.localizations
        let again = planner.plan(
            DesiredState(catalog: catalog),
            against: ConnectRemoteState(
                appID: "1", territories: ["USA"], products: ["com.example.gems": gems, "com.example.rejected": rejected]))
        #expect(
            again.notDone.last.map { "\($0.resource) \($0.message)" }
                == "com.example.rejected approved in the catalog but REJECTED in App Store Connect: App Review rejected it: change what App Review's message in App Store Connect asks, then send it again"
        )
    }
}
