import FakeGooglePlay
import Foundation
import IAPCatalog
import StoreHTTP
import Testing

@testable import GooglePlay

/// What a hostile review found Play's side let through: a pull quadratic in the products listed,
/// lists bounded only by the run's 4 GiB, an access token quoted back and printed, and a price
/// Play cannot hold dropped without a word.
@Suite struct PlayHostileAnswerTests {
    // MARK: Many products

    /// 4,000 products, matched to a catalog of 2,000 by Play id, by id, and not at all: every one
    /// is pulled once, into the right product, and plan against the same lists is empty. (Each
    /// product was looked up by scanning the catalog and the lists: pulling 20,000 took 329 s in a
    /// release build, 0.5 s by index. `PlayBenchmarkTests` measures it; a time limit here would
    /// only measure the machine.)
    @Test func aPullOfManyProductsMatchesEachOnceAndPlansEmpty() throws {
        let (count, held, removed) = (4_000, 2_000, 1_997)
        let remote = try PlayBenchmarkTests.minimalRemote(products: count)
        var base = Catalog(app: AppInfo(bundleID: "com.example.bench"))
        for index in 0..<held {
            let subscription = index % 5 == 4
            // A third by id (App Store only so far), two thirds by Play id under another id; one removed.
            var product = Product(
                id: index % 3 == 0 ? "min.p\(index)" : "app.p\(index)", type: subscription ? .autoRenewable : .consumable)
            if index % 3 != 0 {
                product.googlePlay = GooglePlayProduct(productID: "min.p\(index)")
                product.stores = [.appStore, .googlePlay]
            }
            if index == removed { product.status = .removed }
            base.products.append(product)
        }
        let result = PlayCatalogBuilder().build(remote, packageName: "com.example.bench", base: base)
        let products = result.catalog.products
        #expect(products.count == count)
        #expect(Set(products.map(\.id)).count == count)
        #expect(Set(products.filter { $0.status != .removed }.map(\.playProductID)).count == count - 1)
        #expect(products[..<held].map(\.id) == base.products.map(\.id))
        // New ones in the order Play lists them: one-time products, then subscriptions.
        let new = (held..<count).filter { $0 % 5 != 4 } + (held..<count).filter { $0 % 5 == 4 }
        #expect(products[held...].map(\.id) == new.map { "min.p\($0)" })
        #expect(products.filter { $0.status != .removed }.allSatisfy { $0.isSold(on: .googlePlay) && $0.googlePlay != nil })
        #expect(
            products.filter { $0.status != .removed }.allSatisfy {
                $0.googlePlay?.listings.first?.title == "Item \($0.playProductID.dropFirst(5))"
            })
        #expect(products[removed].googlePlay == GooglePlayProduct(productID: "min.p\(removed)"))
        #expect(
            result.notes.filter { !$0.message.hasPrefix("is new in the catalog as non-consumable") }.map { "\($0.resource) \($0.message)" }
                == ["min.p\(removed) is removed in the catalog but still on Google Play (iapcat never deletes); not pulled"])
        // The new one-time products: four in five of the 2,000 new ones.
        #expect(result.notes.count == 1 + 1_600)
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(result.catalog, against: remote)
        #expect(plan.steps.isEmpty && plan.errors.isEmpty)
        #expect(
            plan.notDone.map { "\($0.resource) \($0.message)" } == [
                "min.p\(removed) is removed in the catalog; iapcat never deletes on Google Play (set active: false to stop sales)"
            ])
    }

    @Test func remoteLookupsFollowTheListsAsTheyAreSet() throws {
        func product(_ id: String, _ title: String) throws -> JSONValue {
            try JSONValueReader.read(Array(#"{"productId": "\#(id)", "title": "\#(title)"}"#.utf8))
        }
        func offer(_ id: String, _ plan: String, _ offer: String) throws -> JSONValue {
            try JSONValueReader.read(Array(#"{"productId": "\#(id)", "basePlanId": "\#(plan)", "offerId": "\#(offer)"}"#.utf8))
        }
        var state = PlayRemoteState(oneTimeProducts: [try product("a", "first"), try product("a", "second")])
        #expect(state.oneTimeProduct("a")?["title"]?.string == "first")
        #expect(state.subscription("a") == nil)
        state.subscriptions = [try product("s", "sub")]
        state.offers = [try offer("s", "m", "o1"), try offer("t", "m", "o2"), try offer("s", "y", "o3"), try offer("s", "m", "o4")]
        #expect(state.subscription("s")?["title"]?.string == "sub")
        #expect(state.offers(of: "s").compactMap { $0["offerId"]?.string } == ["o1", "o3", "o4"])
        #expect(state.offers(of: "s", basePlan: "m").compactMap { $0["offerId"]?.string } == ["o1", "o4"])
        state.oneTimeProducts = []
        #expect(state.oneTimeProduct("a") == nil)
    }

    // MARK: A list's bytes

    /// Pages without end, 16 KiB each, stop when the list holds more than its cap (256 KiB here,
    /// 256 MiB by default): exactly the page that crosses it is the last one read.
    @Test func endlessPagesStopAtTheListsByteLimit() async throws {
        #expect(ListPages.byteLimit == 256 << 20)
        let limit = 256 << 10
        let pageBytes = 16 << 10
        try await PlayFixture.run { fixture in
            fixture.fake.serveEndlessPages(bytes: pageBytes)
            await #expect(
                throws: PlayAPIError.malformed(
                    request: "GET oneTimeProducts", message: "the list of one-time products holds more than 256 KiB; iapcat stops there")
            ) {
                _ = try await PlayRemoteReader(api: fixture.client, listByteLimit: limit).read()
            }
            // The pages as the fake writes them, counted as the reader counts.
            var total = 0
            var expected = 0
            while total <= limit {
                expected += 1
                let item: JSONValue = .object([
                    ("padding", .string(String(repeating: "p", count: pageBytes - 100))), ("productId", .string("endless.p\(expected)")),
                ])
                total += PlayRemoteReader.size(
                    of: .object([("nextPageToken", .string("endless-\(expected)")), ("oneTimeProducts", .array([item]))]))
            }
            #expect(expected == 17)
            #expect(fixture.fake.endlessPagesServed == expected)
        }
    }

    @Test func sizeIsTheLengthOfCompactJSON() throws {
        let text = #"{"a":[1,-20,true,false,null,"x\u00e9",{}],"bb":{"c":[]},"d":1.5}"#
        let value = try JSONValueReader.read(Array(text.utf8))
        // `\u00e9` is 2 bytes as held, 6 as written.
        #expect(PlayRemoteReader.size(of: value) == text.utf8.count - 4)
    }

    // MARK: Tokens in answers

    @Test func knownSecretsAndGoogleAccessTokensAreRedacted() {
        ServerText.mask("opaque-secret-0123456789")
        ServerText.mask("short")
        #expect(
            ServerText.shown("token opaque-secret-0123456789 refused; try ya29.a0AfB_by-x.Y_z9 or ya29. instead, short")
                == "token [redacted] refused; try [redacted] or ya29. instead, short")
    }

    /// Play (or a proxy) quoting the access token iapcat sent, in whatever shape, and a Google
    /// access token of someone else's: neither reaches the error.
    @Test func anAccessTokenQuotedInAnErrorIsRedacted() async throws {
        try await PlayFixture.run { fixture in
            fixture.fake.tokenPrefix = "opaque-access-token-"
            fixture.fake.quoteTokenInErrors(next: 1)
            var error: PlayAPIError?
            do {
                _ = try await fixture.read()
            } catch let caught as PlayAPIError {
                error = caught
            }
            #expect(
                error?.description
                    == "GET oneTimeProducts: HTTP 401 UNAUTHENTICATED: invalid credentials: token [redacted] is not valid for this app; expected [redacted]"
            )
            #expect(fixture.fake.tokenRequests == ["issued"])
        }
    }

    // MARK: Prices Play cannot hold

    static func gems(units: JSONValue, nanos: JSONValue = .int(0)) -> Data {
        let price: JSONValue = .object([("currencyCode", .string("EUR")), ("units", units), ("nanos", nanos)])
        let json: JSONValue = .object([
            ("packageName", .string(PlayFixture.packageName)), ("productId", .string("gems")),
            (
                "listings",
                .array([.object([("languageCode", .string("en-US")), ("title", .string("Gems")), ("description", .string("Shiny"))])])
            ),
            (
                "purchaseOptions",
                .array([
                    .object([
                        ("purchaseOptionId", .string("buy")), ("state", .string("ACTIVE")), ("buyOption", .object([])),
                        (
                            "regionalPricingAndAvailabilityConfigs",
                            .array([
                                .object([("regionCode", .string("DE")), ("price", price), ("availability", .string("AVAILABLE"))])
                            ])
                        ),
                    ])
                ])
            ),
        ])
        return Data(JSONWriter.bytes(json, pretty: false))
    }

    /// 23 digits of units are no int64: the read is refused naming product, option and region,
    /// rather than the price vanishing from the pulled catalog.
    @Test func aPriceBeyondInt64IsRefusedNamingProductAndRegion() async throws {
        try await PlayFixture.run { fixture in
            fixture.fake.seedOneTimeProduct(package: PlayFixture.packageName, json: Self.gems(units: .string("12345678901234567890123")))
            await #expect(
                throws: PlayAPIError.malformed(
                    request: "GET oneTimeProducts",
                    message:
                        #"one-time product gems, purchase option buy, region DE: price {"currencyCode":"EUR","nanos":0,"units":"12345678901234567890123"} is not an amount Play can hold (whole units up to 9223372036854775807, nanos 0 to 999999999); iapcat stops rather than leave it out"#
                )
            ) {
                _ = try await fixture.read()
            }
        }
    }

    /// The largest amount Play can hold survives pull → plan unchanged: kept to the last digit.
    @Test func theLargestInt64PriceIsKeptExactly() async throws {
        try await PlayFixture.run { fixture in
            fixture.fake.seedOneTimeProduct(
                package: PlayFixture.packageName, json: Self.gems(units: .string("9223372036854775807"), nanos: .string("990000000")))
            let remote = try await fixture.read()
            let pulled = PlayCatalogBuilder().build(remote, packageName: PlayFixture.packageName, base: nil).catalog
            #expect(pulled.products.first?.googlePlay?.purchaseOptions.first?.regions.map(\.price) == ["9223372036854775807.99"])
            #expect(PlayPlanner(regionsVersion: "2022/02").plan(pulled, against: remote).steps.isEmpty)
        }
    }

    @Test func moneyIsReadExactlyOrNotAtAll() {
        func money(_ units: JSONValue?, _ nanos: JSONValue?) -> JSONValue {
            .object([("currencyCode", .string("USD"))] + (units.map { [("units", $0)] } ?? []) + (nanos.map { [("nanos", $0)] } ?? []))
        }
        #expect(PlayMoney.decimal(money(.string("9223372036854775807"), .int(1))) == "9223372036854775807.000000001")
        #expect(PlayMoney.decimal(money(.int(5), .string("500000000"))) == "5.5")
        #expect(PlayMoney.decimal(money(nil, .int(990_000_000))) == "0.99")
        #expect(PlayMoney.decimal(money(.string("9223372036854775808"), nil)) == nil)
        #expect(PlayMoney.decimal(money(.string("12345678901234567890123"), .int(0))) == nil)
        #expect(PlayMoney.decimal(money(.double(1e23), .int(0))) == nil)
        #expect(PlayMoney.decimal(money(.string("1"), .double(0.5))) == nil)
        #expect(PlayMoney.decimal(money(.string("1"), .string("-5"))) == nil)
        #expect(PlayMoney.decimal(.string("1.99")) == nil)
    }
}
