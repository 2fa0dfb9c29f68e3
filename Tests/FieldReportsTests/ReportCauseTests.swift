import IAPCatalog
import Testing

@testable import FieldReports

/// Every cause `iapcat reports` names, produced from rows and the shop catalog (and the store's
/// state as pulled), down to the finding's exact text.
@Suite struct ReportCauseTests {
    typealias F = ReportFixtures

    @Test func anIDTheCatalogLacksButForCaseGetsItsSpelling() async throws {
        let text = try await F.text([F.missing("com.example.shop.Coins", 12, F.dimensions())])
        #expect(
            text == """
                com.example.shop.Coins · app_store
                  cause        not in the catalog
                  evidence     catalog: no product id of shop/catalog.yaml is 'com.example.shop.Coins'
                               catalog: did you mean 'com.example.shop.coins'? (ids are case-sensitive)
                  to do        Fix the id the app asks for (ids are case-sensitive), or add the product to the catalog and the store.
                  missing      12 in 12 reports: production 12
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func anUnknownPlayIDGetsTheNearestWithPlaysCodeAsEvidence() async throws {
        let play = F.dimensions(store: .googlePlay, storefront: "US")
        let text = try await F.text([F.missing("coinz", 4, play, status: "3")])
        #expect(
            text == """
                coinz · google_play
                  cause        not in the catalog
                  evidence     catalog: no Play product id of shop/catalog.yaml is 'coinz'
                               catalog: did you mean 'coins'?
                               store: Play gave status 3 in 4 of its 4 reports: PRODUCT_NOT_FOUND: deleted or never created, the wrong product type, or just created and not propagated yet
                  to do        Fix the id the app asks for (ids are case-sensitive), or add the product to the catalog and the store.
                  missing      4 in 4 reports: production 4
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  US
                  lists        products_v1.json
                  statuses     3 (4)

                """)
    }

    /// An app asking for one id at a time (what docs/field-reports.md's Kotlin code does) sends
    /// reports whose every requested id is missing for a mere typo: the typo is the cause, on
    /// each store, and no app version's "every id missing" takes its reports.
    @Test(arguments: [
        (ReportedStore.appStore, "com.example.shop.coinz", "", "did you mean 'com.example.shop.coins'?"),
        (.googlePlay, "premium.montly", "3", "did you mean 'coins'?"),
    ])
    func aTypoInAOneIDRequestIsTheTypo(store: ReportedStore, id: String, status: String, suggestion: String) async throws {
        let cell = F.dimensions("4.0", store: store, storefront: store == .appStore ? "USA" : "US")
        let analysis = ReportAnalyzer(context: try F.context()).analyze(
            try await F.snapshot([F.missing(id, 12, cell, status: status)], tallies: [F.tally(12, allMissing: 12, cell)]))
        #expect(analysis.incidents.isEmpty)
        #expect(analysis.findings.map(\.name) == [id])
        let finding = try #require(analysis.findings.first)
        #expect(finding.cause == .unknownID)
        #expect(finding.stats.count == 12)
        #expect(finding.evidence.map(\.fact).contains("\(suggestion)") == (store == .appStore))
        if store == .googlePlay {
            #expect(
                finding.evidence.last
                    == Evidence(
                        .store,
                        "Play gave status 3 in 12 of its 12 reports: PRODUCT_NOT_FOUND: deleted or never created, the wrong product type, or just created and not propagated yet"
                    ))
        }
        #expect(finding.context == [Evidence(.reports, "12 of its reports said every requested id was missing")])
    }

    @Test func theAppStoreIDOfAPlayProductNamesItsPlayID() async throws {
        let play = F.dimensions(store: .googlePlay, storefront: "US")
        let finding = try #require(
            try await F.findings([F.missing("com.example.shop.coins", 2, play)]).first)
        #expect(finding.cause == .unknownID)
        #expect(
            finding.evidence == [
                Evidence(.catalog, "no Play product id of shop/catalog.yaml is 'com.example.shop.coins'"),
                Evidence(.catalog, "product 'com.example.shop.coins' is sold on Google Play as 'coins': did you mean 'coins'?"),
            ])
    }

    @Test func aProductOfTheOtherStoreOnlyIsNotSoldOnThisOne() async throws {
        let text = try await F.text([F.missing("com.example.shop.film", 3, F.dimensions())])
        #expect(
            text == """
                com.example.shop.film · app_store
                  cause        the catalog does not sell it on this store
                  evidence     catalog: product 'com.example.shop.film' is sold on google_play only, not on app_store
                  to do        Add the store to the product's stores (with its google_play part for Google Play), or stop asking this store for it.
                  missing      3 in 3 reports: production 3
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func reportsFromXcodeOnlyPointAtTheStoreKitConfiguration() async throws {
        let text = try await F.text([F.missing("com.example.shop.gems", 3, F.dimensions("3.1", .xcode, list: "bundle"))])
        #expect(
            text == """
                com.example.shop.gems · app_store
                  cause        only from Xcode's StoreKit testing (environment xcode)
                  evidence     reports: all 3 of its reports came from environment xcode
                               lists: lists/Products.storekit names it: the scheme may use another file
                  known        catalog: status draft, sold in every storefront
                  to do        Xcode answered from the scheme's StoreKit configuration file, not the store: write it again (iapcat export --format storekit) or choose the right file in the scheme (TN3185).
                  missing      3 in 3 reports: xcode 3
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     3.1
                  storefronts  USA
                  lists        bundle

                """)
    }

    @Test func aRemovedProductNamesTheListsAndVersionsStillAskingForIt() async throws {
        let text = try await F.text([
            F.missing("com.example.shop.starter", 5, F.dimensions("1.0")),
            F.missing("com.example.shop.starter", 2, F.dimensions("1.1")),
            F.missing("com.example.shop.starter", 1, F.dimensions("1.0", list: "bundle")),
        ])
        #expect(
            text == """
                com.example.shop.starter · app_store
                  cause        removed, but still in a list an app version fetches
                  evidence     catalog: status removed: the store no longer has it, and the id can never be used again
                               reports: version 1.0 asks for it from the list built into the app (bundle)
                               lists: lists/product_ids.plist no longer names it: version 1.0 was built with an older copy
                               reports: versions 1.0, 1.1 ask for it from products_v1.json
                               lists: lists/products_v1.json no longer names it: versions 1.0, 1.1 read an older copy (cached, or served before)
                  known        catalog: status removed
                  to do        Write and deploy the lists again (iapcat export --all); app versions that bundle the id keep asking until users update.
                  missing      8 in 8 reports: production 8
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     1.0, 1.1
                  storefronts  USA
                  lists        bundle, products_v1.json

                """)
    }

    @Test func aListFileThatStillNamesARemovedProductSaysSo() async throws {
        let catalog = try F.catalog("shop/catalog.yaml")
        let context = ReportContext(
            catalog: catalog, catalogName: "shop/catalog.yaml",
            lists: DeclaredLists(catalog: catalog, fileIDs: ["lists/products_v1.json": ["com.example.shop.starter"]]))
        let analysis = ReportAnalyzer(context: context).analyze(
            try await F.snapshot([F.missing("com.example.shop.starter", 5, F.dimensions("2.0"))]))
        #expect(
            analysis.findings.map(\.evidence) == [
                [
                    Evidence(.catalog, "status removed: the store no longer has it, and the id can never be used again"),
                    Evidence(.reports, "version 2.0 asks for it from products_v1.json"),
                    Evidence(.lists, "lists/products_v1.json still names it"),
                ]
            ])
    }

    @Test func aRemovedProductAskedForFromAPathTheServerRendersIsAnOlderCopy() async throws {
        let finding = try #require(
            try await F.findings([F.missing("com.example.shop.starter", 2, F.dimensions("2.2", .sandbox, list: "sandbox/products_v1.json"))]
            )
            .first)
        #expect(finding.cause == .removedStillListed)
        #expect(
            finding.evidence.dropFirst() == [
                Evidence(.reports, "version 2.2 asks for it from sandbox/products_v1.json"),
                Evidence(
                    .lists,
                    "sandbox/products_v1.json as iapcat serve renders it leaves it out: version 2.2 reads an older copy (cached, or served before)"
                ),
            ])
    }

    @Test func aDraftReadInProductionFromASandboxListBlamesTheListBeforeTheApproval() async throws {
        let text = try await F.text([F.missing("com.example.shop.gems", 5, F.dimensions("3.0", list: "products_v2.json"))])
        #expect(
            text == """
                com.example.shop.gems · app_store
                  cause        production read a list declared for the sandbox
                  evidence     lists: products_v2.json serves the sandbox (declared for the sandbox: lists/products_v2.json)
                               reports: production builds (version 3.0) read it: 5 reports
                               catalog: status draft: a production list leaves it out
                  also         not approved yet: production returns only approved products
                                 catalog: status draft
                                 reports: 5 of its reports came from production
                  known        catalog: status draft, sold in every storefront
                  to do        Point production builds at a list declared for production, or serve a production list at that path.
                  missing      5 in 5 reports: production 5
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     3.0
                  storefronts  USA
                  lists        products_v2.json

                """)
    }

    @Test func theSandboxCopyTheServerRendersIsASandboxList() async throws {
        let finding = try #require(
            try await F.findings([F.missing("com.example.shop.gems", 1, F.dimensions("3.0", list: "/sandbox/products_v1.json"))]).first)
        #expect(finding.cause == .sandboxListInProduction)
        #expect(finding.evidence.first == Evidence(.lists, "/sandbox/products_v1.json serves the sandbox (served as the sandbox copy)"))
    }

    @Test func missingMetadataHidesItInTheSandboxToo() async throws {
        let text = try await F.text(
            [
                F.missing("com.example.shop.boost", 6, F.dimensions()),
                F.missing("com.example.shop.boost", 2, F.dimensions(.sandbox)),
            ], observed: ["observed-asc.yaml"])
        #expect(
            text == """
                com.example.shop.boost · app_store
                  cause        the store says MISSING_METADATA
                  evidence     observed: App Store Connect state MISSING_METADATA (shop/observed-asc.yaml)
                               reports: missing in the sandbox too (2), as this state leaves it
                  known        catalog: status approved, sold in every storefront
                  to do        Add the missing price or localization in the store (iapcat asc plan shows what the catalog would send): until then neither the sandbox nor production returns it (TN3186).
                  missing      8 in 8 reports: production 6, sandbox 2
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func aDraftReportedFromProductionIsNotApproved() async throws {
        let text = try await F.text([
            F.missing("com.example.shop.gems", 9, F.dimensions()),
            F.missing("com.example.shop.gems", 2, F.dimensions(.sandbox)),
        ])
        #expect(
            text == """
                com.example.shop.gems · app_store
                  cause        not approved yet: production returns only approved products
                  evidence     catalog: status draft
                               reports: 9 of its reports came from production
                  known        catalog: status draft, sold in every storefront
                               reports: missing in the sandbox too (2), where products not yet approved are returned
                  to do        Submit it for review (a first in-app purchase goes with a new app version); until it is approved, production builds should fetch a list without it (TN3188).
                  missing      11 in 11 reports: production 9, sandbox 2
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func theStoresStateDecidesApprovalOverTheCatalog() async throws {
        let findings = try await F.findings([F.missing("com.example.shop.gems", 9, F.dimensions())], observed: ["observed-asc.yaml"])
        #expect(findings.map(\.cause) == [.notApproved])
        #expect(
            findings.first?.evidence == [
                Evidence(.observed, "App Store Connect state WAITING_FOR_REVIEW (shop/observed-asc.yaml)"),
                Evidence(.reports, "9 of its reports came from production"),
            ])
    }

    @Test func removedFromSaleComesBeforeTheStorefrontsItLeft() async throws {
        let text = try await F.text([F.missing("com.example.shop.vip", 4, F.dimensions())], observed: ["observed-asc.yaml"])
        #expect(
            text == """
                com.example.shop.vip · app_store
                  cause        removed from sale
                  evidence     observed: App Store Connect state DEVELOPER_REMOVED_FROM_SALE (shop/observed-asc.yaml)
                               reports: 4 of its reports came from production
                  also         not sold in the storefronts it was reported from
                                 observed: not cleared for sale: sold nowhere (shop/observed-asc.yaml)
                                 reports: reported from USA (4), where it is not sold
                  known        catalog: status approved, sold in every storefront
                  to do        Put it on sale again, or write the production lists without it (iapcat export --all).
                  missing      4 in 4 reports: production 4
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func storefrontsOutsideTheAvailabilityAreNamed() async throws {
        let text = try await F.text([
            F.missing("com.example.shop.pass", 3, F.dimensions(storefront: "FRA")),
            F.missing("com.example.shop.pass", 1, F.dimensions(storefront: "DEU")),
            F.missing("com.example.shop.pass", 2, F.dimensions(storefront: "USA")),
        ])
        #expect(
            text == """
                com.example.shop.pass · app_store
                  cause        not sold in the storefronts it was reported from
                  evidence     catalog: sold only in CAN, USA (shop/catalog.yaml)
                               reports: reported from FRA (3), DEU (1), where it is not sold
                               reports: also reported from USA (2), where it is sold
                  known        catalog: status approved, sold only in CAN, USA
                  to do        Add those storefronts to the product's availability (Play: its regions), or stop offering it there.
                  missing      6 in 6 reports: production 6
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  DEU, FRA, USA
                  lists        products_v1.json

                """)
    }

    @Test func thePulledAvailabilityDecidesOverTheCatalogs() async throws {
        let findings = try await F.findings(
            [F.missing("com.example.shop.pass", 2, F.dimensions(storefront: "CAN"))], observed: ["observed-asc.yaml"])
        #expect(findings.map(\.cause) == [.notInStorefront])
        #expect(
            findings.first?.evidence == [
                Evidence(.observed, "sold only in USA (shop/observed-asc.yaml)"),
                Evidence(.reports, "reported from CAN (2), where it is not sold"),
            ])
    }

    @Test func storeKitSayingNotAvailableInStorefrontIsEvidenceEnough() async throws {
        let findings = try await F.findings([
            F.missing("com.example.shop.coins", 2, F.dimensions(storefront: "GBR"), status: "notAvailableInStorefront")
        ])
        #expect(findings.map(\.cause) == [.notInStorefront])
        #expect(findings.first?.evidence == [Evidence(.store, "StoreKit said notAvailableInStorefront in 2 of its 2 reports")])
    }

    /// StoreKit's `multiSeatPurchaseDisabled` (iOS 27.3): seats offered for a product App Store
    /// Connect does not sell in seats.
    @Test func storeKitSayingMultiSeatPurchaseDisabledIsItsOwnCause() async throws {
        let findings = try await F.findings([
            F.missing("com.example.shop.coins", 3, F.dimensions(storefront: "USA"), status: "multiSeatPurchaseDisabled")
        ])
        #expect(findings.map(\.cause) == [.multiseatDisabled])
        #expect(findings.first?.evidence == [Evidence(.store, "StoreKit said multiSeatPurchaseDisabled in 3 of its 3 reports")])
    }

    /// For a subscription, the finding says what multiseat setting the pulled state (else the
    /// catalog) holds: the catalog can say on while the store says off.
    @Test func aSubscriptionsMultiseatSettingIsEvidence() async throws {
        func catalog(_ multiseat: String) throws -> Catalog {
            let yaml = """
                format_version: 1
                app: { bundle_id: com.example.shop }
                subscription_groups:
                  - { id: team, reference_name: Team, localizations: { en-US: { name: Team } } }
                products:
                  - id: com.example.shop.team
                    type: auto-renewable
                    reference_name: Team
                    status: approved
                    price: { storefronts: { USA: "9.99" } }
                    localizations: { en-US: { display_name: Team } }
                    subscription: { group: team, duration: P1M\(multiseat) }

                """
            return try #require(CatalogLoader().load(Array(yaml.utf8), file: "team.yaml").catalog)
        }
        let rows = [F.missing("com.example.shop.team", 2, F.dimensions(storefront: "USA"), status: "multiSeatPurchaseDisabled")]
        let snapshot = try await F.snapshot(rows)
        func evidence(_ context: ReportContext) -> [Evidence]? {
            ReportAnalyzer(context: context).analyze(snapshot).findings.first { $0.cause == .multiseatDisabled }?.evidence
        }
        let said = Evidence(.store, "StoreKit said multiSeatPurchaseDisabled in 2 of its 2 reports")
        let unsaid = ReportContext(catalog: try catalog(""), catalogName: "team.yaml")
        #expect(evidence(unsaid) == [said, Evidence(.catalog, "multiseat unsaid (App Store Connect's default is on) (team.yaml)")])
        let pulled = ReportContext(
            catalog: try catalog(", multiseat: { enabled: true }"), catalogName: "team.yaml",
            observed: [ObservedCatalog(name: "pulled.yaml", catalog: try catalog(", multiseat: { enabled: false }"))])
        #expect(evidence(pulled) == [said, Evidence(.observed, "multiseat off (pulled.yaml)")])
    }

    @Test func playRegionsWithoutAnAvailablePurchaseOptionAreNamed() async throws {
        let text = try await F.text(
            [
                F.missing("coins", 2, F.dimensions(store: .googlePlay, storefront: "FR")),
                F.missing("coins", 1, F.dimensions(store: .googlePlay, storefront: "DE")),
            ], observed: ["observed-play.yaml"])
        #expect(
            text == """
                coins · google_play
                  cause        not sold in the storefronts it was reported from
                  evidence     observed: DE: buy no_longer_available (shop/observed-play.yaml)
                               observed: FR: buy no_longer_available (shop/observed-play.yaml)
                               reports: reported from FR (2), DE (1), where no active purchase option is available
                  to do        Add those storefronts to the product's availability (Play: its regions), or stop offering it there.
                  missing      3 in 3 reports: production 3
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  DE, FR
                  lists        products_v1.json

                """)
    }

    @Test func aPlayProductWithoutAnActivePurchaseOptionIsInactive() async throws {
        let text = try await F.text([F.missing("film", 5, F.dimensions(store: .googlePlay, storefront: "US"), status: "4")])
        #expect(
            text == """
                film · google_play
                  cause        no active purchase option or base plan on Google Play
                  evidence     catalog: purchase option buy is inactive (shop/catalog.yaml)
                               store: Play gave status 4 in 5 of its 5 reports: NO_ELIGIBLE_OFFER: the product exists, but no purchase option or base plan is available to this user
                  to do        Activate a purchase option (one-time product) or a base plan (subscription); Play does not return inactive products.
                  missing      5 in 5 reports: production 5
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  US
                  lists        products_v1.json
                  statuses     4 (5)

                """)
    }

    /// Play's `3` says the product is not there: an inactive purchase option (which gives `4`) is
    /// then only the other possibility.
    @Test func playsNotFoundDecidesOverAnInactiveOption() async throws {
        let findings = try await F.findings([F.missing("film", 5, F.dimensions(store: .googlePlay, storefront: "US"), status: "3")])
        #expect(findings.map(\.cause) == [.playProductNotFound])
        #expect(findings.first?.alternatives.map(\.cause) == [.playOfferInactive])
    }

    @Test(arguments: [("2", Cause.playInvalidIDFormat), ("3", .playProductNotFound), ("4", .playNoEligibleOffer)])
    func playsStatusCodeIsTheCauseWhenNothingElseFits(code: String, cause: Cause) async throws {
        let findings = try await F.findings([F.missing("coins", 3, F.dimensions(store: .googlePlay, storefront: "US"), status: code)])
        #expect(findings.map(\.cause) == [cause])
        #expect(findings.first?.evidence.count == 1)
        #expect(findings.first?.evidence.first?.fact.hasPrefix("Play gave status \(code) in 3 of its 3 reports: ") == true)
    }

    @Test func anIDPlayCallsMalformedIsCheckedAgainstPlaysRules() async throws {
        let findings = try await F.findings([F.missing("Coins!", 1, F.dimensions(store: .googlePlay, storefront: "US"), status: "2")])
        #expect(findings.map(\.cause) == [.unknownID])
        #expect(findings.first?.alternatives == [])
        #expect(
            findings.first?.evidence.suffix(2) == [
                Evidence(.store, "Play gave status 2 in 1 of its 1 reports: INVALID_PRODUCT_ID_FORMAT: the id is not one Play accepts"),
                Evidence(.reports, "'Coins!' breaks Play's rules: a lowercase letter or a digit first, then only 0-9 a-z _ ."),
            ])
    }

    @Test func aProductThePulledStoreLacksIsAbsentFromIt() async throws {
        let findings = try await F.findings([F.missing("com.example.shop.bundle", 2, F.dimensions())], observed: ["observed-asc.yaml"])
        #expect(findings.map(\.cause) == [.absentFromStore])
        #expect(findings.first?.evidence == [Evidence(.observed, "not in shop/observed-asc.yaml")])
    }

    @Test func nothingKnownExplainsAnApprovedProductOnSale() async throws {
        let text = try await F.text(
            [F.missing("com.example.shop.coins", 2, F.dimensions())], observed: ["observed-asc.yaml", "observed-play.yaml"])
        #expect(
            text == """
                com.example.shop.coins · app_store
                  cause        unexplained
                  known        catalog: status approved, sold in every storefront
                               observed: App Store Connect state APPROVED (shop/observed-asc.yaml)
                  to do        A product just approved or edited can stay missing up to 48 hours in production (TN2413) and an hour in the sandbox (TN3186); pull the store's state (iapcat asc pull, iapcat play pull) and pass it with --observed.
                  missing      2 in 2 reports: production 2
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json

                """)
    }

    @Test func anAppVersionWhoseReportsMissEveryIDIsOneIncidentHoldingItsIDs() async throws {
        let cell = F.dimensions("2.0")
        let analysis = ReportAnalyzer(context: try F.context()).analyze(
            try await F.snapshot(
                [F.missing("com.example.shop.coins", 10, cell), F.missing("com.example.shop.vip", 10, cell)],
                tallies: [F.tally(10, allMissing: 10, cell)]))
        #expect(analysis.findings.isEmpty)
        let incident = try #require(analysis.incidents.first)
        #expect(analysis.incidents.count == 1)
        #expect(
            ReportTextRenderer().details(incident).split(separator: "\n").prefix(14).joined(separator: "\n") == """
                app 2.0 · app_store
                  incident     app 2.0: every requested id was missing (2 ids, 10 reports), first seen 2026-11-20 08:00 UTC
                  evidence     reports: production: 10 of 10 reports said every requested id was missing
                               reports: 2 ids the catalog sells on app_store missed by those reports, none with a cause of its own
                  to do        Check the Paid Apps agreement, banking and tax in App Store Connect (Business) and the membership, then the build's bundle id, its App ID (not a wildcard) and the In-App Purchase capability (TN3186, TN2413).
                  missing      10 in 10 reports: production 10
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  USA
                  lists        products_v1.json
                  ids          10  com.example.shop.coins  unexplained
                               10  com.example.shop.vip    unexplained
                    com.example.shop.coins · app_store
                      cause        unexplained
                """)
    }

    /// Weighed by ids, not reports: one id missing in every report is that id's problem; an id with
    /// a cause of its own (a draft) keeps it and its counts; and only the reports that said every
    /// id was missing leave an id's count for the incident.
    @Test func anIncidentTakesOnlyTheReportsItExplains() async throws {
        let cell = F.dimensions("2.0")
        let one = try await F.findings([F.missing("com.example.shop.coins", 10, cell)], tallies: [F.tally(10, allMissing: 10, cell)])
        #expect(one.map(\.name) == ["com.example.shop.coins"])

        // 10 reports: 6 missed every id they asked for (coins, vip and gems), 4 only coins.
        var rows = [
            F.missing("com.example.shop.coins", 10, cell), F.missing("com.example.shop.vip", 6, cell),
            F.missing("com.example.shop.gems", 6, cell),
        ]
        for index in rows.indices { rows[index].allMissing = 6 }
        let analysis = ReportAnalyzer(context: try F.context()).analyze(
            ReportSnapshot(missing: rows, tallies: [F.tally(10, allMissing: 6, cell)]))
        let incident = try #require(analysis.incidents.first)
        #expect(analysis.incidents.count == 1)
        #expect(incident.findings.map { "\($0.name) \($0.stats.count)" } == ["com.example.shop.coins 6", "com.example.shop.vip 6"])
        #expect(
            incident.evidence.last
                == Evidence(
                    .reports,
                    "also missed, each with a cause of its own (listed apart): com.example.shop.gems (not approved yet: production returns only approved products)"
                ))
        #expect(
            analysis.findings.map { "\($0.name) \($0.stats.count) \($0.cause.rawValue)" } == [
                "com.example.shop.gems 6 not_approved", "com.example.shop.coins 4 unexplained",
            ])
        #expect(
            analysis.findings.last?.context.last
                == Evidence(.reports, "6 more reports of it are explained by app 2.0: every requested id was missing"))
    }

    @Test func unknownIDsPastTheDailyBoundAreOneFinding() async throws {
        let text = try await F.text([F.missing(ReportRecord.otherID, 7, F.dimensions(store: .googlePlay, storefront: "US"))])
        #expect(
            text == """
                (other) · google_play
                  cause        unknown ids past the server's daily bound
                  evidence     reports: 7 missing ids were not counted one by one: the server had already counted its daily bound of unknown ids, or of rows, on those days
                  to do        The server counts each day's first unknown ids (and rows) one by one and the rest here: fix the unknown ids listed; many distinct ones suggest the app builds ids wrongly, or junk is being sent.
                  missing      7 in 7 reports: production 7
                  seen         2026-11-20 08:00 UTC to 2026-11-20 09:30 UTC
                  versions     2.0
                  storefronts  US
                  lists        products_v1.json

                """)
    }

    /// One release shipping a wrong list: 30 unknown ids reported from 3.2 and 3.3 are one incident,
    /// not 30 findings.
    @Test func thirtyUnknownIDsOfOneReleaseAreOneIncident() async throws {
        let rows = (0..<30).flatMap { index in
            [
                F.missing("com.example.shop.item\(index)", 2, F.dimensions("3.2", list: "products_v2.json")),
                F.missing("com.example.shop.item\(index)", 1, F.dimensions("3.3", list: "products_v2.json"), days: 1),
            ]
        }
        let analysis = ReportAnalyzer(context: try F.context()).analyze(F.memorySnapshot(rows))
        #expect(analysis.findings.isEmpty)
        #expect(
            analysis.incidents.map(\.headline) == [
                "30 ids: not in the catalog, all from 3.2–3.3, first seen 2026-11-20 08:00 UTC: the build ships a list the catalog does not know"
            ])
        #expect(analysis.incidents.first?.findings.count == 30)
        #expect(analysis.incidents.first?.stats.count == 90)
        #expect(ReportSummary.line(analysis) == "3 reports from 2026-11-20 to 2026-11-21: 1 incident (30 ids), 1 from production.")
    }
}
