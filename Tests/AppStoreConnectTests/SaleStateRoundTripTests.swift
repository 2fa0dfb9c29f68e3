import FakeAppStoreConnect
import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import AppStoreConnect

/// What live apps hold — products sold in some territories only, sales and scheduled prices in any
/// territory, custom subscription prices, grandfathered subscribers, products removed from sale,
/// the older subscription availability, promotional offers, offer codes, win-back offers, promoted
/// purchases, hosted content — survives pull → plan → apply unchanged; a catalog that would change
/// any of it gets `!` steps that apply carries out only with consent, or (what iapcat does not
/// write) a note.
@Suite(.serialized) struct SaleStateRoundTripTests {
    static let catalogYAML = """
        format_version: 1
        app: { bundle_id: com.example.cosmicquest, default_locale: en-US }
        subscription_groups:
          - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }
        products:
          - id: com.example.some
            type: consumable
            reference_name: Some territories
            availability: { territories: all, except: [BRA, JPN], available_in_new_territories: false }
            price:
              storefronts: { USA: "2.99", JPN: "160" }
              changes:
                - { storefront: USA, price: "0.49", start_date: 2027-02-01, end_date: 2027-03-01 }
                - { storefront: DEU, price: "1.99", start_date: 2027-01-01 }
            localizations: { en-US: { display_name: Some } }
          - id: com.example.removed
            type: non-consumable
            reference_name: Removed from sale
            price: { storefronts: { USA: "0.99" } }
            localizations: { en-US: { display_name: Removed } }
          - id: com.example.draft
            type: consumable
            reference_name: A draft not for sale
            cleared_for_sale: false
            localizations: { en-US: { display_name: Draft } }
          - id: com.example.monthly
            type: auto-renewable
            reference_name: Monthly
            availability: { territories: [CAN, JPN, USA], available_in_new_territories: false }
            subscription: { group: premium, duration: P1M, rank: 1, introductory_offer: { mode: free-trial, duration: P1W } }
            price: { storefronts: { USA: "4.99", JPN: "6400" } }
            localizations: { en-US: { display_name: Monthly } }
          - id: com.example.old
            type: auto-renewable
            reference_name: Old yearly
            subscription:
              group: premium
              duration: P1Y
              rank: 2
              introductory_offers:
                - { mode: free-trial, duration: P1W, territories: [CAN] }
                - { mode: pay-as-you-go, duration: P1M, periods: 3, prices: { USA: "0.99" }, end_date: 2027-02-01 }
                - { mode: pay-up-front, duration: P3M, prices: { USA: "9.99" }, start_date: 2027-02-01 }
            price: { storefronts: { USA: "39.99" } }
            localizations: { en-US: { display_name: Old } }

        """

    static func desired(_ yaml: String) throws -> DesiredState {
        let loaded = CatalogLoader().load(Array(yaml.utf8), file: "c.yaml")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        return DesiredState(catalog: try #require(loaded.catalog))
    }

    /// A store in the states real accounts have: the catalog above applied, approved, then one
    /// product removed from sale, one subscription on the older availability, and the monthly
    /// price raised with its subscribers kept on 4.99; then, through the fake's hooks: a
    /// promotional offer priced in two territories, an offer code and a win-back offer, two
    /// promoted purchases (one not visible), content hosting of the non-consumable.
    static func messyStore() async throws -> FakeRoundTripTests.Session {
        let session = try await FakeRoundTripTests.Session.start()
        #expect(try await session.apply(try desired(catalogYAML)) == nil)
        let app = FakeRoundTripTests.appID
        session.fake.approveAll(app: app)
        let raised = catalogYAML.replacingOccurrences(of: #"USA: "4.99", JPN: "6400""#, with: #"USA: "5.99", JPN: "6400""#)
        #expect(try await session.apply(try desired(raised)) == nil)
        session.fake.setProductState(app: app, productID: "com.example.removed", state: "DEVELOPER_REMOVED_FROM_SALE")
        session.fake.setProductState(app: app, productID: "com.example.draft", state: "READY_TO_SUBMIT")
        session.fake.useLegacySubscriptionAvailability(
            app: app, productID: "com.example.old", territories: ["CAN", "USA"], availableInNewTerritories: false)
        let fake = session.fake
        #expect(
            fake.addPromotionalOffer(
                app: app, productID: "com.example.monthly", offerCode: "monthly_half", name: "Half price", mode: "PAY_AS_YOU_GO",
                duration: "ONE_MONTH", periods: 3, prices: ["USA": "2.99", "JPN": "480"]))
        #expect(
            fake.addOfferCode(
                app: app, productID: "com.example.monthly", name: "Winter", mode: "PAY_UP_FRONT", duration: "THREE_MONTHS",
                prices: ["USA": "9.99"], eligibilities: ["NEW", "EXPIRED"], offerEligibility: "REPLACE_INTRO_OFFERS",
                autoRenewEnabled: true))
        #expect(
            fake.addWinBackOffer(
                app: app, productID: "com.example.old", offerID: "old_comeback", referenceName: "Come back", mode: "PAY_AS_YOU_GO",
                duration: "ONE_MONTH", periods: 2, prices: ["USA": "19.99"], paidMonths: 6, lapsedMonths: (1, 12), waitMonths: 3,
                startDate: "2026-12-01", priority: "HIGH", promotionIntent: "USE_AUTO_GENERATED_ASSETS"))
        #expect(fake.setPromotedPurchases(app: app, [("com.example.monthly", true, true), ("com.example.some", false, true)]))
        #expect(fake.setContentHosting(app: app, productID: "com.example.removed", true))
        #expect(
            fake.addImage(
                app: app, productID: "com.example.some", fileName: "some.png", fileSize: 3091, checksum: "0123456789abcdef0123456789abcdef")
        )
        #expect(
            fake.addImage(
                app: app, productID: "com.example.monthly", fileName: "monthly.png", fileSize: 4000,
                checksum: "fedcba9876543210fedcba9876543210", state: "WAITING_FOR_REVIEW"))
        #expect(
            fake.addImage(
                app: app, productID: "com.example.monthly", fileName: "broken.png", fileSize: 10,
                checksum: "00000000000000000000000000000000",
                state: "FAILED"))
        try await addMonthlyPlan(to: "com.example.old", session)
        return session
    }

    /// The monthly plan (12 months billed monthly) of a yearly subscription, through the API: a
    /// 4.99 instalment in the U.S., offered there only.
    static func addMonthlyPlan(to productID: String, _ session: FakeRoundTripTests.Session) async throws {
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let id = try #require(remote.products[productID]?.id)
        let points = try await PricePoints(api: session.client).points(
            of: .subscription(productID), productResourceID: id, territories: ["USA"])
        let point = try PricePoints.match("4.99", in: "USA", points: points, product: productID).get()
        let subscription = Relationship.one(ResourceIdentifier(type: "subscriptions", id: id))
        let usa = ResourceIdentifier(type: "territories", id: "USA")
        let row = Resource(
            type: "subscriptionPrices", id: "${monthly}", attributes: ["planType": "MONTHLY"],
            relationships: [
                "subscription": subscription, "territory": .one(usa),
                "subscriptionPricePoint": .one(ResourceIdentifier(type: "subscriptionPricePoints", id: point)),
            ])
        _ = try await session.client.send(
            ConnectRequest(
                .patch, "/v1/subscriptions/\(id)",
                body: Resource(type: "subscriptions", id: id, relationships: ["prices": .many([row.identifier])]), included: [row]))
        _ = try await session.client.send(
            ConnectRequest(
                .post, "/v1/subscriptionPlanAvailabilities",
                body: Resource(
                    type: "subscriptionPlanAvailabilities", attributes: ["availableInNewTerritories": .bool(false), "planType": "MONTHLY"],
                    relationships: ["subscription": subscription, "availableTerritories": .many([usa])])))
    }

    @Test func pullThenPlanIsEmptyAndApplyWritesNothing() async throws {
        let session = try await Self.messyStore()
        defer { Task { try? await session.stop() } }
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", defaultLocale: "en-US")
        let pulled = ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog
        let yaml = CatalogYAMLWriter().render(pulled)
        try? yaml.write(toFile: NSTemporaryDirectory() + "iapcat-sale-state-pulled.yaml", atomically: true, encoding: .utf8)
        let desired = try Self.desired(yaml)
        let loaded = try #require(CatalogLoader().load(Array(yaml.utf8), file: "pulled.yaml").catalog)
        let findings = CatalogValidator(fileExists: { _ in false }).validate(loaded, file: "pulled.yaml")
        #expect(findings.filter { $0.severity == .error }.map(\.message) == [])

        let plan = ConnectPlanner(today: FakeRoundTripTests.today).plan(desired, against: remote)
        #expect(plan.steps.map(\.summary) == [])
        #expect(plan.notDone.map { "\($0.resource) \($0.message)" } == [])
        session.fake.resetRequestLog()
        #expect(try await session.apply(desired) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" } == [])

        // What the store holds, in the catalog's compact forms.
        for line in [
            "    store_state: DEVELOPER_REMOVED_FROM_SALE", "    store_state: READY_TO_SUBMIT", "      territories: all",
            "      except: [BRA, JPN]", "      available_in_new_territories: false", "      territories: [CAN, JPN, USA]",
            "      territories: [CAN, USA]", "        - { storefront: USA, price: \"0.49\", start_date: 2027-02-01, end_date: 2027-03-01 }",
            "        - { storefront: DEU, price: \"1.99\", start_date: 2027-01-01 }", "        JPN: \"6400\"", "      preserved:",
            "        - { storefront: USA, price: \"4.99\" }", "      free_trial_duration: P1W", "      introductory_offers:",
            "          territories: [CAN]", "          end_date: 2027-02-01", "          start_date: 2027-02-01",
            "      monthly_billing:", "        price:", "          storefronts:", "        availability:", "          territories: [USA]",
            // Offers, promotions, content hosting, images.
            "      promotional_offers:", "        - id: monthly_half", "          reference_name: Half price",
            "          mode: pay-as-you-go", "          duration: P1M", "          periods: 3", "            USA: \"2.99\"",
            "            JPN: \"480\"", "      offer_codes:", "        - reference_name: Winter", "          mode: pay-up-front",
            "          duration: P3M", "            USA: \"9.99\"", "          eligibility: [new, expired]", "          stackable: false",
            "          active: true", "          auto_renew: true", "      win_back_offers:", "        - id: old_comeback",
            "          reference_name: Come back", "          periods: 2", "            USA: \"19.99\"", "          paid_months: 6",
            "          lapsed_months: { min: 1, max: 12 }", "          wait_months: 3", "          start_date: 2026-12-01",
            "          priority: high", "          promotion: auto-generated-assets", "    promotion:", "      visible: true",
            "      order: 1", "      visible: false", "      order: 2", "    hosted_content: true", "    images:",
            "      - file_name: some.png", "        checksum: \"0123456789abcdef0123456789abcdef\"",
        ] {
            #expect(yaml.split(separator: "\n").contains(Substring(line)), "the pulled catalog lacks \(line)\n\(yaml)")
        }
        // An image the store does not hold is a note (iapcat does not upload images).
        let otherImage = yaml.replacingOccurrences(of: "0123456789abcdef0123456789abcdef", with: "11111111111111111111111111111111")
        let (imagePlan, _) = try await session.plan(try Self.desired(otherImage))
        #expect(imagePlan.steps.isEmpty)
        #expect(
            imagePlan.notDone.map { "\($0.resource) \($0.message)" } == [
                "com.example.some images differ from App Store Connect (1 in the catalog, 1 there, by checksum): iapcat does not upload images yet; upload them in App Store Connect"
            ])
        // One edit: only its rows are written.
        let edited = yaml.replacingOccurrences(of: "USA: \"0.99\"\n          end_date", with: "USA: \"1.99\"\n          end_date")
        #expect(edited != yaml)
        let (editPlan, _) = try await session.plan(try Self.desired(edited))
        #expect(
            editPlan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                "! set introductory offers of subscription com.example.old: − PAY_AS_YOU_GO ONE_MONTH × 3 until 2027-02-01 in USA at 0.99; "
                    + "+ PAY_AS_YOU_GO ONE_MONTH × 3 until 2027-02-01 in USA at 1.99"
            ])
        session.fake.resetRequestLog()
        #expect(try await session.apply(try Self.desired(edited)) == nil)
        let writes = session.fake.requests.filter { $0.method != "GET" }.map {
            "\($0.method) \($0.path.split(separator: "/").prefix(2).joined(separator: "/"))"
        }
        #expect(writes == ["DELETE v1/subscriptionIntroductoryOffers", "PATCH v1/subscriptions"])
        #expect(try await session.plan(try Self.desired(edited)).0.steps.map(\.summary) == [])

        // The monthly plan offered in one more territory, at a new instalment there: one step
        // (its prices and availability), marked for consent on a live subscription.
        let monthly = edited.replacingOccurrences(
            of: "            USA: \"4.99\"\n        availability:\n          territories: [USA]\n",
            with: "            USA: \"4.99\"\n            CAN: \"6.99\"\n        availability:\n          territories: [CAN, USA]\n")
        #expect(monthly != edited)
        let (monthlyPlan, _) = try await session.plan(try Self.desired(monthly))
        #expect(
            monthlyPlan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                "! set the monthly billing plan of subscription com.example.old: CAN none → 6.99; offered in 1 more: CAN"
            ])
        #expect(monthlyPlan.notDone.map(\.message).filter { $0.contains("monthly") } == [])
        session.fake.resetRequestLog()
        #expect(try await session.apply(try Self.desired(monthly)) == nil)
        let monthlyWrites = session.fake.requests.filter { $0.method != "GET" }.map {
            "\($0.method) \($0.path.split(separator: "/").prefix(2).joined(separator: "/"))"
        }
        #expect(monthlyWrites == ["PATCH v1/subscriptions", "POST v1/subscriptionPlanAvailabilities"])
        #expect(try await session.plan(try Self.desired(monthly)).0.steps.map(\.summary) == [])

        let byID = Dictionary(uniqueKeysWithValues: pulled.products.map { ($0.id, $0) })
        #expect(byID["com.example.removed"]?.status == .approved)
        #expect(byID["com.example.removed"]?.isAvailable(in: .production) == false)
        #expect(byID["com.example.draft"]?.status == .draft)
        #expect(byID["com.example.draft"]?.clearedForSale == false)
        #expect(byID["com.example.draft"]?.availability == nil)
        #expect(byID["com.example.removed"]?.appStore.hostedContent == true)
        #expect(byID["com.example.monthly"]?.appStore.promotion == Promotion(visible: true, order: 1))
        #expect(byID["com.example.some"]?.appStore.promotion == Promotion(visible: false, order: 2))
        // Images by checksum; a failed upload is not an image the store holds.
        #expect(
            byID["com.example.monthly"]?.appStore.images == [
                ProductImage(fileName: "monthly.png", checksum: "fedcba9876543210fedcba9876543210")
            ])
        #expect(
            byID["com.example.some"]?.appStore.images == [
                ProductImage(fileName: "some.png", checksum: "0123456789abcdef0123456789abcdef")
            ])
    }

    @Test func aPromotionalOfferThatDiffersIsANoteNotAStep() async throws {
        let session = try await Self.messyStore()
        defer { Task { try? await session.stop() } }
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", defaultLocale: "en-US")
        let yaml = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        let edited = yaml.replacingOccurrences(of: "JPN: \"480\"", with: "JPN: \"500\"")
        #expect(edited != yaml)
        let plan = ConnectPlanner(today: FakeRoundTripTests.today).plan(try Self.desired(edited), against: remote)
        #expect(plan.steps.map(\.summary) == [])
        #expect(
            plan.notDone.map { "\($0.resource) \($0.message)" } == [
                "com.example.monthly promotional offer \"monthly_half\" has other terms in App Store Connect, which keeps an offer's "
                    + "terms once created: create one under a new id"
            ])
        session.fake.resetRequestLog()
        #expect(try await session.apply(try Self.desired(edited)) == nil)
        #expect(session.fake.requests.filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" } == [])
    }

    @Test func promotionsAndOffersAreCreatedOrChangedWhereTheAPIAllowsAndReadBackEqual() async throws {
        let session = try await Self.messyStore()
        defer { Task { try? await session.stop() } }
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        let app = AppInfo(bundleID: "com.example.cosmicquest", defaultLocale: "en-US")
        let yaml = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(remote, app: app).catalog)
        var edited = yaml
        for (old, new) in [
            // A promotion shown to every user; a new promotion, third in the list.
            ("    promotion:\n      visible: false\n      order: 2\n", "    promotion:\n      visible: true\n      order: 2\n"),
            (
                "        display_name: Old\n",
                "        display_name: Old\n    promotion:\n      visible: true\n      order: 3\n"
            ),
            // A new paid promotional offer; the offer code deactivated.
            (
                "            JPN: \"480\"\n",
                "            JPN: \"480\"\n        - id: monthly_quarter\n          reference_name: Quarter\n          mode: pay-up-front\n"
                    + "          duration: P3M\n          prices: { USA: \"9.99\" }\n"
            ),
            ("          active: true\n", "          active: false\n"),
            // The win-back offer ends; a second one, a free week.
            ("          start_date: 2026-12-01\n", "          start_date: 2026-12-01\n          end_date: 2027-06-01\n"),
            (
                "      monthly_billing:\n",
                "        - id: old_second\n          reference_name: Second chance\n          mode: free-trial\n          duration: P1W\n"
                    + "          paid_months: 3\n          lapsed_months: { min: 2 }\n          start_date: 2027-01-01\n"
                    + "          priority: normal\n"
                    // A free offer in fewer territories than the subscription: App Store Connect needs them named.
                    + "        - id: old_third\n          reference_name: Third chance\n          mode: free-trial\n          duration: P1W\n"
                    + "          paid_months: 3\n          lapsed_months: { min: 2 }\n          territories: [USA]\n"
                    + "          start_date: 2027-01-01\n          priority: normal\n      monthly_billing:\n"
            ),
        ] {
            #expect(edited.contains(old), "\(old)")
            edited = edited.replacingOccurrences(of: old, with: new)
        }
        let plan = ConnectPlanner(today: FakeRoundTripTests.today).plan(try Self.desired(edited), against: remote)
        #expect(
            plan.steps.map { "\($0.impact.rawValue) \($0.summary)" } == [
                "+ create promotional offer \"monthly_quarter\" of subscription com.example.monthly: PAY_UP_FRONT THREE_MONTHS × 1 in USA at 9.99",
                "! deactivate offer code \"Winter\" of subscription com.example.monthly: customers can no longer redeem it, and App Store Connect cannot activate it again",
                "+ promote subscription com.example.old on the App Store product page (visible to all users, enabled)",
                "~ update win-back offer \"old_comeback\" of subscription com.example.old: end_date none → 2027-06-01",
                "+ create win-back offer \"old_second\" of subscription com.example.old: FREE_TRIAL ONE_WEEK × 1 in CAN, USA, from 2027-01-01",
                "+ create win-back offer \"old_third\" of subscription com.example.old: FREE_TRIAL ONE_WEEK × 1 in USA, from 2027-01-01",
                "~ update the promotion of in-app purchase com.example.some: visible to all users no → yes",
            ])
        #expect(plan.notDone.filter { !$0.message.contains("monthly billing") && !$0.message.contains("hosted content") } == [])

        session.fake.resetRequestLog()
        #expect(try await session.apply(try Self.desired(edited)) == nil)
        #expect(
            session.fake.requests.filter { $0.method != "GET" }.map {
                "\($0.method) /\($0.path.split(separator: "/").prefix(2).joined(separator: "/"))"
            } == [
                "POST /v1/subscriptionPromotionalOffers", "PATCH /v1/subscriptionOfferCodes", "POST /v1/promotedPurchases",
                "PATCH /v1/winBackOffers", "POST /v1/winBackOffers", "POST /v1/winBackOffers", "PATCH /v1/promotedPurchases",
            ])
        // Read back: the store holds the edited catalog, and pull writes it back as edited.
        let (again, after) = try await session.plan(try Self.desired(edited))
        #expect(again.steps.map(\.summary) == [])
        let pulled = CatalogYAMLWriter().render(ConnectCatalogBuilder(today: FakeRoundTripTests.today).build(after, app: app).catalog)
        #expect(pulled == edited.replacingOccurrences(of: "prices: { USA: \"9.99\" }\n", with: "prices:\n            USA: \"9.99\"\n"))

        // A deactivated code is never activated again: a note, not a step.
        let reactivated = edited.replacingOccurrences(of: "          active: false\n", with: "          active: true\n")
        let refused = ConnectPlanner(today: FakeRoundTripTests.today).plan(try Self.desired(reactivated), against: after)
        #expect(refused.steps.map(\.summary) == [])
        #expect(
            refused.notDone.map(\.message).filter { $0.contains("Winter") } == [
                "offer code \"Winter\" is deactivated in App Store Connect, which cannot activate it again"
            ])
    }

    @Test func aCatalogThatWouldWidenOrCancelGetsConsentSteps() async throws {
        let session = try await Self.messyStore()
        defer { Task { try? await session.stop() } }
        // The same products written the simple way: everywhere, today's prices only.
        let simple = """
            format_version: 1
            app: { bundle_id: com.example.cosmicquest, default_locale: en-US }
            subscription_groups:
              - { id: premium, reference_name: Premium, localizations: { en-US: { name: Premium } } }
            products:
              - id: com.example.some
                type: consumable
                reference_name: Some territories
                status: approved
                price: { storefronts: { USA: "2.99", JPN: "160" } }
                localizations: { en-US: { display_name: Some } }
              - id: com.example.monthly
                type: auto-renewable
                reference_name: Monthly
                status: approved
                subscription: { group: premium, duration: P1M, rank: 1 }
                price: { storefronts: { USA: "5.99", JPN: "6400" } }
                localizations: { en-US: { display_name: Monthly } }
              - id: com.example.old
                type: auto-renewable
                reference_name: Old yearly
                status: approved
                subscription: { group: premium, duration: P1Y, rank: 2 }
                price: { storefronts: { USA: "39.99" } }
                localizations: { en-US: { display_name: Old } }

            """
        let (plan, _) = try await session.plan(try Self.desired(simple))
        let lines = plan.steps.map { "\($0.impact.rawValue) \($0.summary)" }
        #expect(
            lines == [
                "! set prices of in-app purchase com.example.some: cancel DEU 1.99 from 2027-01-01; "
                    + "cancel USA 0.49 from 2027-02-01 until 2027-03-01",
                "! set where in-app purchase com.example.some is sold: sold in 2 more: BRA, JPN; new territories: do not join → join",
                "! set where subscription com.example.monthly is sold: sold in 5 more: AUS, BRA, DEU, FRA, GBR; "
                    + "new territories: do not join → join",
                "! set introductory offers of subscription com.example.monthly: − FREE_TRIAL ONE_WEEK × 1 in CAN, JPN, USA",
                "! set where subscription com.example.old is sold: sold in 6 more: AUS, BRA, DEU, FRA, GBR, JPN; "
                    + "new territories: do not join → join",
                "! set introductory offers of subscription com.example.old: − FREE_TRIAL ONE_WEEK × 1 in CAN; "
                    + "− PAY_AS_YOU_GO ONE_MONTH × 3 until 2027-02-01 in USA at 0.99; "
                    + "− PAY_UP_FRONT THREE_MONTHS × 1 from 2027-02-01 in USA at 9.99",
            ])
        #expect(plan.stepsNeedingConsent.count == 6)
        let text = PlanRenderer().text(plan)
        #expect(text.contains("Plan: 6 changes. 6 marked - or ! need apply --allow-impact."))
    }

    @Test func moreOffersThanAnIncludeCarriesAreAllRead() async throws {
        let session = try await FakeRoundTripTests.Session.start()
        defer { Task { try? await session.stop() } }
        #expect(try await session.apply(try Self.desired(Self.catalogYAML)) == nil)
        for n in 1...(ConnectRemoteReader.includeLimit + 1) {
            #expect(
                session.fake.addPromotionalOffer(
                    app: FakeRoundTripTests.appID, productID: "com.example.old", offerCode: "offer\(n)", name: "Offer \(n)",
                    mode: "FREE_TRIAL", duration: "ONE_WEEK"))
        }
        let remote = try await ConnectRemoteReader(api: session.client).read(appID: FakeRoundTripTests.appID)
        #expect(remote.products["com.example.old"]?.promotionalOffers.count == ConnectRemoteReader.includeLimit + 1)
        #expect(remote.products["com.example.monthly"]?.promotionalOffers.count == 0)
    }

    /// Answers the writes `swallow` picks as done without sending them: the store then lacks what
    /// apply believes it did, as after a write the API acknowledged but did not keep.
    struct SwallowingTransport: ConnectTransport {
        let base: any ConnectTransport
        let swallow: @Sendable (ConnectRequest) -> Bool

        func send(_ request: ConnectRequest) async throws(ConnectAPIError) -> APIDocument {
            swallow(request) ? APIDocument() : try await base.send(request)
        }

        func upload(_ operation: UploadOperation, bytes: ArraySlice<UInt8>) async throws(ConnectAPIError) {
            try await base.upload(operation, bytes: bytes)
        }
    }

    @Test func theReadBackNamesWhatTheStoreDoesNotHold() async throws {
        let session = try await Self.messyStore()
        defer { Task { try? await session.stop() } }
        let edited = Self.catalogYAML.replacingOccurrences(
            of: #"storefronts: { USA: "2.99", JPN: "160" }"#, with: #"storefronts: { USA: "3.99", JPN: "160" }"#
        )
        .replacingOccurrences(of: "reference_name: Monthly", with: "reference_name: Monthly plan")
        let desired = try Self.desired(edited)
        let (plan, remote) = try await session.plan(desired)
        #expect(plan.steps.contains { $0.summary == "set prices of in-app purchase com.example.some: USA 2.99 → 3.99" })
        let lossy = SwallowingTransport(base: session.client) { $0.method == .post && $0.path == "/v1/inAppPurchasePriceSchedules" }
        try await ConnectApplier(api: lossy, remote: remote, desired: desired).apply(plan) { _, _ in }
        let remaining = try await ConnectReadBack(api: session.client, today: FakeRoundTripTests.today).remaining(
            after: plan, desired: desired, appID: FakeRoundTripTests.appID)
        #expect(
            remaining.map { "\($0.impact.rawValue) \($0.summary)" } == ["! set prices of in-app purchase com.example.some: USA 2.99 → 3.99"]
        )
        // Reading back reads the touched products only.
        session.fake.resetRequestLog()
        _ = try await ConnectReadBack(api: session.client, today: FakeRoundTripTests.today).remaining(
            after: plan, desired: desired, appID: FakeRoundTripTests.appID)
        let touched = Set(plan.steps.map(\.owner.key)).sorted().joined(separator: ",")
        let lists = session.fake.requests.filter { $0.path.hasSuffix("/inAppPurchasesV2") || $0.path.hasSuffix("/subscriptions") }
        #expect(!lists.isEmpty)
        for list in lists {
            let query = list.query.removingPercentEncoding ?? list.query
            #expect(query.contains("filter[productId]=\(touched)"), "\(query)")
        }
    }
}
