import Crypto
import FakeAppStoreConnect
import Foundation
import IAPCatalog
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake App Store Connect itself: authentication, rate limit, JSON:API shapes, validation,
/// paging, faults, price points, the upload protocol. A plain URLSession client speaks to it.
@Suite struct FakeAppStoreConnectTests {
    static let appID = "1234567890"
    let teamKey = P256.Signing.PrivateKey()
    let individualKey = P256.Signing.PrivateKey()

    // MARK: Harness

    /// A fake with a team key `TEAMKEY` (issuer `ISSUER`) and an individual key `SOLOKEY`, and one app.
    func withFake(rateLimitPerHour: Int = 3600, _ body: (FakeAppStoreConnect, Client) async throws -> Void) async throws {
        let fake = try await FakeAppStoreConnect.start(
            keys: [
                FakeAPIKey(keyID: "TEAMKEY", issuerID: "ISSUER", publicKey: teamKey.publicKey),
                FakeAPIKey(keyID: "SOLOKEY", issuerID: nil, publicKey: individualKey.publicKey),
            ], rateLimitPerHour: rateLimitPerHour)
        fake.addApp(id: Self.appID, bundleID: "com.example.app")
        let client = Client(baseURL: fake.baseURL, token: token())
        do {
            try await body(fake, client)
        } catch {
            try await fake.shutdown()
            throw error
        }
        try await fake.shutdown()
    }

    /// A signed ES256 token; every part can be overridden.
    func token(
        key: P256.Signing.PrivateKey? = nil, kid: String = "TEAMKEY", claims: [String: Any]? = nil, expiresIn: TimeInterval = 15 * 60
    ) -> String {
        let now = Int(Date().timeIntervalSince1970)
        let claims =
            claims ?? ["iss": "ISSUER", "iat": now, "exp": now + Int(expiresIn), "aud": "appstoreconnect-v1"]
        let header = try! JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": kid, "typ": "JWT"], options: .sortedKeys)
        let payload = try! JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)
        let input = base64URL(header) + "." + base64URL(payload)
        let signature = try! (key ?? teamKey).signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + base64URL(signature)
    }

    func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A minimal JSON client over URLSession.
    struct Client {
        struct Response {
            var status: Int
            var headers: [String: String]
            var json: [String: Any]

            var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
            var list: [[String: Any]] { json["data"] as? [[String: Any]] ?? [] }
            var attributes: [String: Any] { data["attributes"] as? [String: Any] ?? [:] }
            var id: String { data["id"] as? String ?? "" }
            var firstError: [String: Any] { (json["errors"] as? [[String: Any]])?.first ?? [:] }
            var errorCode: String? { firstError["code"] as? String }
            var errorPointer: String? { (firstError["source"] as? [String: Any])?["pointer"] as? String }
            var errorDetail: String? { firstError["detail"] as? String }
            var errorParameter: String? { (firstError["source"] as? [String: Any])?["parameter"] as? String }

            func header(_ name: String) -> String? {
                headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
            }
        }

        let baseURL: String
        let token: String?
        var session = URLSession(configuration: .ephemeral)

        func send(
            _ method: String, _ pathOrURL: String, body: Any? = nil, token: String?? = .none, headers: [String: String] = [:],
            rawBody: Data? = nil
        ) async throws -> Response {
            let url = URL(string: pathOrURL.hasPrefix("http") ? pathOrURL : baseURL + pathOrURL)!
            var request = URLRequest(url: url)
            request.httpMethod = method
            if let bearer = token ?? self.token { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
            if let body {
                request.httpBody = try JSONSerialization.data(withJSONObject: body)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            if let rawBody { request.httpBody = rawBody }
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await session.data(for: request)
            let http = response as! HTTPURLResponse
            let json = (data.isEmpty ? nil : try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
            return Response(status: http.statusCode, headers: headers, json: json)
        }

        func get(_ path: String) async throws -> Response { try await send("GET", path) }

        func createInAppPurchase(_ productID: String, name: String? = nil, type: String = "CONSUMABLE") async throws -> Response {
            try await send(
                "POST", "/v2/inAppPurchases",
                body: [
                    "data": [
                        "type": "inAppPurchases",
                        "attributes": ["name": name ?? productID, "productId": productID, "inAppPurchaseType": type],
                        "relationships": ["app": ["data": ["type": "apps", "id": FakeAppStoreConnectTests.appID]]],
                    ]
                ])
        }

        /// A new version of the in-app purchase whose resource id is `id`.
        func createInAppPurchaseVersion(of id: String) async throws -> Response {
            try await send(
                "POST", "/v1/inAppPurchaseVersions",
                body: [
                    "data": [
                        "type": "inAppPurchaseVersions",
                        "relationships": ["inAppPurchase": ["data": ["type": "inAppPurchases", "id": id]]],
                    ]
                ])
        }

        /// A subscription group `Pro` of `app`.
        func createGroup(app: String) async throws -> Response {
            try await send(
                "POST", "/v1/subscriptionGroups",
                body: [
                    "data": [
                        "type": "subscriptionGroups", "attributes": ["referenceName": "Pro"],
                        "relationships": ["app": ["data": ["type": "apps", "id": app]]],
                    ]
                ])
        }

        /// A monthly subscription `com.example.monthly` in `group`.
        func createSubscription(group: String) async throws -> Response {
            try await send(
                "POST", "/v1/subscriptions",
                body: [
                    "data": [
                        "type": "subscriptions",
                        "attributes": ["name": "Monthly", "productId": "com.example.monthly", "subscriptionPeriod": "ONE_MONTH"],
                        "relationships": ["group": ["data": ["type": "subscriptionGroups", "id": group]]],
                    ]
                ])
        }

        /// A monthly subscription in a new group of `app`.
        func createMonthlySubscription(app: String) async throws -> Response {
            try await createSubscription(group: try await createGroup(app: app).id)
        }

        /// The price point of `product` in `territory` whose customer price is `price`.
        func pricePoint(_ price: String, of path: String, territory: String) async throws -> String? {
            let points = try await get("\(path)/pricePoints?filter[territory]=\(territory)&limit=8000")
            return points.list.first { ($0["attributes"] as? [String: Any])?["customerPrice"] as? String == price }?["id"] as? String
        }
    }

    // MARK: Authentication

    @Test func requestsWithoutAValidTokenAreUnauthorized() async throws {
        try await withFake { _, client in
            let now = Int(Date().timeIntervalSince1970)
            let cases: [(String, String?)] = [
                ("missing", nil),
                ("garbled", "not.a.token"),
                ("expired", token(expiresIn: -10)),
                ("wrong audience", token(claims: ["iss": "ISSUER", "iat": now, "exp": now + 600, "aud": "someone-else"])),
                ("unknown kid", token(kid: "NOSUCHKEY")),
                ("lives too long", token(expiresIn: 30 * 60)),
                ("wrong signer", token(key: P256.Signing.PrivateKey())),
                ("wrong issuer", token(claims: ["iss": "OTHER", "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1"])),
                ("iat in the future", token(claims: ["iss": "ISSUER", "iat": now + 300, "exp": now + 600, "aud": "appstoreconnect-v1"])),
            ]
            for (name, bearer) in cases {
                let response = try await client.send("GET", "/v1/territories", token: .some(bearer))
                #expect(response.status == 401, "\(name)")
                #expect(response.errorCode == "NOT_AUTHORIZED", "\(name)")
                #expect(response.firstError["title"] as? String == "Authentication credentials are missing or invalid.", "\(name)")
                #expect(response.header("X-Rate-Limit") == nil, "\(name)")
            }
        }
    }

    @Test func teamAndIndividualTokensAreAccepted() async throws {
        try await withFake { _, client in
            let team = try await client.get("/v1/territories")
            #expect(team.status == 200)
            #expect(team.list.map { $0["id"] as? String } == FakeAppStoreConnect.defaultTerritories)
            #expect(((team.list[2]["attributes"] as? [String: Any])?["currency"] as? String) == "JPY")
            let now = Int(Date().timeIntervalSince1970)
            let individual = token(
                key: individualKey, kid: "SOLOKEY", claims: ["sub": "user", "iat": now, "exp": now + 1200, "aud": "appstoreconnect-v1"])
            #expect(try await client.send("GET", "/v1/territories", token: .some(individual)).status == 200)
            let individualWithIssuer = token(
                key: individualKey, kid: "SOLOKEY",
                claims: ["sub": "user", "iss": "ISSUER", "iat": now, "exp": now + 600, "aud": "appstoreconnect-v1"])
            #expect(try await client.send("GET", "/v1/territories", token: .some(individualWithIssuer)).status == 401)
        }
    }

    // MARK: Rate limit

    @Test func everyAnswerCarriesTheRemainingHourlyBudget() async throws {
        try await withFake { _, client in
            let first = try await client.get("/v1/territories")
            let second = try await client.get("/v1/apps/\(Self.appID)")
            #expect(first.header("X-Rate-Limit") == "user-hour-lim:3600;user-hour-rem:3599;")
            #expect(second.header("X-Rate-Limit") == "user-hour-lim:3600;user-hour-rem:3598;")
            #expect(second.attributes["bundleId"] as? String == "com.example.app")
        }
    }

    @Test func aKeyOverItsHourlyLimitGets429WithRetryAfter() async throws {
        try await withFake(rateLimitPerHour: 3) { _, client in
            let start = ContinuousClock.now
            for _ in 0..<3 { #expect(try await client.get("/v1/territories").status == 200) }
            let limited = try await client.get("/v1/territories")
            #expect(limited.status == 429)
            #expect(limited.errorCode == "RATE_LIMIT_EXCEEDED")
            #expect(limited.header("X-Rate-Limit") == "user-hour-lim:3;user-hour-rem:0;")
            let retryAfter = try #require(limited.header("Retry-After").flatMap(Int.init))
            // The oldest request of the hour leaves the window 3,600 s after it was made (a loaded
            // machine may take seconds to get here).
            let elapsed = Int((ContinuousClock.now - start).components.seconds)
            #expect((3600 - elapsed - 1...3600).contains(retryAfter))
        }
    }

    // MARK: Creating and validating

    @Test func creatingAnInAppPurchaseAnswers201WithTheResource() async throws {
        try await withFake { fake, client in
            let created = try await client.createInAppPurchase("com.example.coins", name: "Coins")
            #expect(created.status == 201)
            #expect(created.data["type"] as? String == "inAppPurchases")
            #expect(created.id.count == 10 && created.id.allSatisfy(\.isNumber))
            #expect(created.attributes["productId"] as? String == "com.example.coins")
            #expect(created.attributes["name"] as? String == "Coins")
            #expect(created.attributes["inAppPurchaseType"] as? String == "CONSUMABLE")
            #expect(created.attributes["state"] as? String == "MISSING_METADATA")
            #expect(created.attributes["familySharable"] as? Bool == false)
            #expect((created.data["links"] as? [String: Any])?["self"] as? String == "\(fake.baseURL)/v2/inAppPurchases/\(created.id)")
            let read = try await client.get("/v2/inAppPurchases/\(created.id)")
            #expect(read.status == 200)
            #expect(read.attributes["productId"] as? String == "com.example.coins")
            #expect(fake.state(app: Self.appID).productIDs == ["com.example.coins"])
        }
    }

    @Test func aProductIDIsNeverReusableInTheApp() async throws {
        try await withFake { _, client in
            let first = try await client.createInAppPurchase("com.example.gems")
            let duplicate = try await client.createInAppPurchase("com.example.gems")
            #expect(duplicate.status == 409)
            #expect(duplicate.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
            #expect(duplicate.errorPointer == "/data/attributes/productId")
            #expect(try await client.send("DELETE", "/v2/inAppPurchases/\(first.id)").status == 204)
            #expect(try await client.get("/v2/inAppPurchases/\(first.id)").status == 404)
            let afterDeletion = try await client.createInAppPurchase("com.example.gems")
            #expect(afterDeletion.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
    }

    @Test func bodiesAreValidatedAgainstTheSpec() async throws {
        try await withFake { _, client in
            let missingName = try await client.send(
                "POST", "/v2/inAppPurchases",
                body: [
                    "data": [
                        "type": "inAppPurchases", "attributes": ["productId": "p1", "inAppPurchaseType": "CONSUMABLE"],
                        "relationships": ["app": ["data": ["type": "apps", "id": Self.appID]]],
                    ]
                ])
            #expect(missingName.status == 409)
            #expect(missingName.errorCode == "ENTITY_ERROR.ATTRIBUTE.REQUIRED")
            #expect(missingName.errorPointer == "/data/attributes/name")

            let badType = try await client.createInAppPurchase("p2", type: "AUTO_RENEWABLE")
            #expect(badType.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID")
            #expect(badType.errorPointer == "/data/attributes/inAppPurchaseType")

            let tooLong = try await client.createInAppPurchase("p3", name: String(repeating: "x", count: 65))
            #expect(tooLong.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.TOO_LONG")

            let noApp = try await client.send(
                "POST", "/v2/inAppPurchases",
                body: [
                    "data": ["type": "inAppPurchases", "attributes": ["name": "n", "productId": "p4", "inAppPurchaseType": "CONSUMABLE"]]
                ])
            #expect(noApp.errorCode == "ENTITY_ERROR.RELATIONSHIP.REQUIRED")
            #expect(noApp.errorPointer == "/data/relationships/app")

            let created = try await client.createInAppPurchase("p5")
            let immutable = try await client.send(
                "PATCH", "/v2/inAppPurchases/\(created.id)",
                body: ["data": ["type": "inAppPurchases", "id": created.id, "attributes": ["productId": "p6"]]])
            #expect(immutable.status == 409)
            #expect(immutable.errorCode == "ENTITY_ERROR.ATTRIBUTE.UNKNOWN")
            #expect(immutable.errorPointer == "/data/attributes/productId")

            let renamed = try await client.send(
                "PATCH", "/v2/inAppPurchases/\(created.id)",
                body: ["data": ["type": "inAppPurchases", "id": created.id, "attributes": ["name": "Renamed"]]])
            #expect(renamed.status == 200)
            #expect(renamed.attributes["name"] as? String == "Renamed")

            let wrongContentType = try await client.send(
                "POST", "/v2/inAppPurchases", headers: ["Content-Type": "text/plain"], rawBody: Data("{}".utf8))
            #expect(wrongContentType.status == 415)
        }
    }

    // MARK: Queries

    @Test func listsPageWithLinksNextAndReportTheTotal() async throws {
        try await withFake { _, client in
            for index in 0..<250 {
                #expect(try await client.createInAppPurchase("com.example.item\(index)").status == 201)
            }
            let first = try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?limit=200")
            #expect(first.list.count == 200)
            let paging = (first.json["meta"] as? [String: Any])?["paging"] as? [String: Any]
            #expect(paging?["total"] as? Int == 250)
            #expect(paging?["limit"] as? Int == 200)
            let next = try #require((first.json["links"] as? [String: Any])?["next"] as? String)
            #expect(next.hasPrefix(client.baseURL + "/v1/apps/\(Self.appID)/inAppPurchasesV2?"))
            #expect(next.contains("cursor="))
            let second = try await client.get(next)
            #expect(second.list.count == 50)
            #expect((second.json["links"] as? [String: Any])?["next"] == nil)
            let ids = Set((first.list + second.list).compactMap { $0["id"] as? String })
            #expect(ids.count == 250)

            let tooMany = try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?limit=201")
            #expect(tooMany.status == 400)
            #expect(tooMany.errorCode == "PARAMETER_ERROR.INVALID")
            #expect(tooMany.errorParameter == "limit")

            let filtered = try await client.get(
                "/v1/apps/\(Self.appID)/inAppPurchasesV2?filter[productId]=com.example.item3,com.example.item7")
            #expect(filtered.list.count == 2)
        }
    }

    @Test func includeFillsIncludedAndRejectsUnknownRelationships() async throws {
        try await withFake { _, client in
            let created = try await client.createInAppPurchase("com.example.pack")
            let version = try await client.createInAppPurchaseVersion(of: created.id)
            #expect(version.status == 201)
            #expect(version.attributes["version"] as? Int == 1)
            #expect(version.attributes["state"] as? String == "PREPARE_FOR_SUBMISSION")

            let list = try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?include=versions,iapPriceSchedule")
            let relationships = try #require(list.list.first?["relationships"] as? [String: Any])
            let versions = try #require(relationships["versions"] as? [String: Any])
            #expect((versions["data"] as? [[String: Any]])?.first?["id"] as? String == version.id)
            #expect((relationships["iapPriceSchedule"] as? [String: Any])?["data"] is NSNull)
            #expect((relationships["inAppPurchaseAvailability"] as? [String: Any])?["data"] == nil)
            let included = try #require(list.json["included"] as? [[String: Any]])
            #expect(included.map { $0["type"] as? String } == ["inAppPurchaseVersions"])

            let unknown = try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?include=nonsense")
            #expect(unknown.status == 400)
            #expect(unknown.errorParameter == "include")
            #expect(try await client.get("/v1/nothingHere").status == 404)
            #expect(try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?bogus=1").errorCode == "PARAMETER_ERROR.ILLEGAL")
        }
    }

    // MARK: Faults

    @Test func injectedStatusFaultsAnswerWithoutChangingState() async throws {
        try await withFake { fake, client in
            fake.inject(.status(429, retryAfter: 1))
            let limited = try await client.get("/v1/territories")
            #expect(limited.status == 429)
            #expect(limited.errorCode == "RATE_LIMIT_EXCEEDED")
            #expect(limited.header("Retry-After") == "1")
            #expect(try await client.get("/v1/territories").status == 200)

            fake.inject(.status(409), onRequest: 2, matching: .writes)
            #expect(try await client.get("/v1/territories").status == 200)
            #expect(try await client.createInAppPurchase("first").status == 201)
            let conflict = try await client.createInAppPurchase("second")
            #expect(conflict.status == 409)
            #expect(conflict.errorCode == "STATE_ERROR")
            #expect(fake.state(app: Self.appID).productIDs == ["first"])
            #expect(try await client.createInAppPurchase("second").status == 201)

            fake.inject(.status(503), matching: .pathPrefix("/v2/inAppPurchases"))
            #expect(try await client.get("/v1/territories").status == 200)
            #expect(try await client.createInAppPurchase("third").status == 503)
        }
    }

    @Test func droppedConnectionsLoseTheAnswerBeforeOrAfterTheWrite() async throws {
        try await withFake { fake, client in
            fake.inject(.dropConnection, matching: .method("POST"))
            await #expect(throws: (any Error).self) {
                _ = try await Client(baseURL: client.baseURL, token: client.token).createInAppPurchase("lost")
            }
            #expect(fake.state(app: Self.appID).inAppPurchases == 0)

            fake.inject(.dropConnectionAfterHandling, matching: .method("POST"))
            await #expect(throws: (any Error).self) {
                _ = try await Client(baseURL: client.baseURL, token: client.token).createInAppPurchase("applied")
            }
            #expect(fake.state(app: Self.appID).productIDs == ["applied"])
            #expect(fake.requests.filter { $0.method == "POST" }.map(\.status) == [0, 0])

            fake.resetRequestLog()
            let again = try await client.createInAppPurchase("applied")
            #expect(again.status == 409)
            #expect(fake.requests == [FakeRequestRecord(method: "POST", path: "/v2/inAppPurchases", query: "", status: 409)])
        }
    }

    // MARK: Price points

    @Test func pricePointsFollowOneLadderInEveryTerritory() async throws {
        try await withFake { _, client in
            let product = try await client.createInAppPurchase("com.example.ladder")
            let path = "/v2/inAppPurchases/\(product.id)"
            func prices(_ territory: String) async throws -> [String] {
                try await client.get("\(path)/pricePoints?filter[territory]=\(territory)&limit=8000").list.compactMap {
                    ($0["attributes"] as? [String: Any])?["customerPrice"] as? String
                }
            }
            let usa = try await prices("USA")
            let japan = try await prices("JPN")
            let germany = try await prices("DEU")
            // App Store Connect's ladder since 2023 (PricePointLadder): $0.10 steps to $10, $0.50 to $50,
            // $1 to $200, $5 to $500, $10 to $1,000, $100 to $10,000.
            #expect(usa.count == 528)
            #expect(Array(usa.prefix(9)) == ["0.29", "0.39", "0.49", "0.59", "0.69", "0.79", "0.89", "0.99", "1.09"])
            #expect(usa.contains("1.29") && usa.contains("9.99") && usa.contains("10.49") && usa.contains("49.99"))
            #expect(usa.contains("50.99") && usa.contains("199.99") && usa.contains("204.99") && usa.contains("509.99"))
            #expect(usa.last == "9999.99")
            // Every U.S. legacy tier price is a point.
            #expect(Set((1...87).compactMap { LegacyPriceTiers.usdPrice(ofTier: $0) }).isSubset(of: Set(usa)))
            #expect(japan.contains("160"))
            #expect(japan[usa.firstIndex(of: "0.99")!] == "160")
            #expect(germany.contains("0.99"))
            #expect(germany == usa)
            for ladder in [usa, japan, germany, try await prices("GBR"), try await prices("BRA")] {
                let amounts = ladder.compactMap(Double.init)
                #expect(amounts == amounts.sorted() && Set(amounts).count == amounts.count)
            }
            let both = try await client.get("\(path)/pricePoints?filter[territory]=USA,JPN&include=territory&limit=8000")
            #expect(both.json["meta"].flatMap { ($0 as? [String: Any])?["paging"] as? [String: Any] }?["total"] as? Int == 1056)
            #expect((both.json["included"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test func equalizationsOfAPointListEveryOtherTerritory() async throws {
        try await withFake { _, client in
            let product = try await client.createInAppPurchase("com.example.equal")
            let point = try #require(try await client.pricePoint("4.99", of: "/v2/inAppPurchases/\(product.id)", territory: "USA"))
            let equalizations = try await client.get("/v1/inAppPurchasePricePoints/\(point)/equalizations?include=territory&limit=8000")
            #expect(equalizations.status == 200)
            let territories = equalizations.list.compactMap {
                (($0["relationships"] as? [String: Any])?["territory"] as? [String: Any])?["data"].flatMap {
                    ($0 as? [String: Any])?["id"] as? String
                }
            }
            #expect(Set(territories) == Set(FakeAppStoreConnect.defaultTerritories.filter { $0 != "USA" }))
            #expect(territories.count == 7)
            let prices = Dictionary(
                uniqueKeysWithValues: zip(
                    territories, equalizations.list.map { ($0["attributes"] as? [String: Any])?["customerPrice"] as? String }))
            #expect(prices["DEU"] == "4.99")
            #expect(prices["JPN"] == "800")
        }
    }

    @Test func subscriptionPricesAndOffersFollowTheirRules() async throws {
        try await withFake { fake, client in
            let group = try await client.createGroup(app: Self.appID)
            #expect(group.status == 201)
            let subscription = try await client.createSubscription(group: group.id)
            #expect(subscription.status == 201)
            #expect(subscription.attributes["groupLevel"] as? Int == 1)
            let unfiltered = try await client.get("/v1/subscriptions/\(subscription.id)/pricePoints")
            #expect(unfiltered.status == 400)
            #expect(unfiltered.errorParameter == "filter[territory]")

            // Every territory's price in one PATCH, with inline creates.
            var data: [[String: Any]] = []
            var included: [[String: Any]] = []
            for territory in ["USA", "JPN"] {
                let price = territory == "USA" ? "4.99" : "800"
                let point = try #require(
                    try await client.pricePoint(price, of: "/v1/subscriptions/\(subscription.id)", territory: territory))
                data.append(["type": "subscriptionPrices", "id": "${\(territory)}"])
                included.append([
                    "type": "subscriptionPrices", "id": "${\(territory)}", "attributes": ["preserveCurrentPrice": true],
                    "relationships": [
                        "territory": ["data": ["type": "territories", "id": territory]],
                        "subscriptionPricePoint": ["data": ["type": "subscriptionPricePoints", "id": point]],
                    ],
                ])
            }
            let patched = try await client.send(
                "PATCH", "/v1/subscriptions/\(subscription.id)",
                body: [
                    "data": ["type": "subscriptions", "id": subscription.id, "relationships": ["prices": ["data": data]]],
                    "included": included,
                ])
            #expect(patched.status == 200)
            let prices = try await client.get("/v1/subscriptions/\(subscription.id)/prices?include=subscriptionPricePoint")
            #expect(prices.list.count == 2)
            // New rows apply to new subscribers; nobody subscribed yet, so nothing is preserved.
            #expect(prices.list.allSatisfy { ($0["attributes"] as? [String: Any])?["preserved"] as? Bool == false })
            let customerPrices = (prices.json["included"] as? [[String: Any]] ?? []).compactMap {
                ($0["attributes"] as? [String: Any])?["customerPrice"] as? String
            }
            #expect(Set(customerPrices) == ["4.99", "800"])
            #expect(patched.json["errors"] == nil)

            // Introductory offers: one per territory; a paid mode needs a price point.
            func offer(_ mode: String) async throws -> Client.Response {
                try await client.send(
                    "POST", "/v1/subscriptionIntroductoryOffers",
                    body: [
                        "data": [
                            "type": "subscriptionIntroductoryOffers",
                            "attributes": ["offerMode": mode, "duration": "ONE_WEEK", "numberOfPeriods": 1],
                            "relationships": [
                                "subscription": ["data": ["type": "subscriptions", "id": subscription.id]],
                                "territory": ["data": ["type": "territories", "id": "USA"]],
                            ],
                        ]
                    ])
            }
            let unpriced = try await offer("PAY_UP_FRONT")
            #expect(unpriced.errorCode == "ENTITY_ERROR.RELATIONSHIP.REQUIRED")
            #expect(unpriced.errorPointer == "/data/relationships/subscriptionPricePoint")
            #expect(try await offer("FREE_TRIAL").status == 201)
            let second = try await offer("FREE_TRIAL")
            #expect(second.status == 409)
            #expect(second.errorCode == "ENTITY_ERROR.RELATIONSHIP.INVALID")
            #expect(fake.state(app: Self.appID).introductoryOffers == 1)
        }
    }

    @Test func offersAndPromotedPurchasesAreCreatedUnderTheirRules() async throws {
        try await withFake { _, client in
            let subscription = try await client.createMonthlySubscription(app: Self.appID)
            let point = try #require(try await client.pricePoint("2.99", of: "/v1/subscriptions/\(subscription.id)", territory: "USA"))
            /// An inline price: the territory and a price point (`point`), the territory alone
            /// (`territory`, as free offers need), or no price at all (`none`).
            enum PriceForm { case point, territory, none }
            func promotional(_ code: String, mode: String, periods: Int = 1, price form: PriceForm) async throws -> Client.Response {
                var relationships: [String: Any] = ["territory": ["data": ["type": "territories", "id": "USA"]]]
                if form == .point { relationships["subscriptionPricePoint"] = ["data": ["type": "subscriptionPricePoints", "id": point]] }
                let price: [String: Any] = ["type": "subscriptionPromotionalOfferPrices", "id": "${p1}", "relationships": relationships]
                return try await client.send(
                    "POST", "/v1/subscriptionPromotionalOffers",
                    body: [
                        "data": [
                            "type": "subscriptionPromotionalOffers",
                            "attributes": [
                                "name": "Offer \(code)", "offerCode": code, "offerMode": mode, "duration": "ONE_MONTH",
                                "numberOfPeriods": periods,
                            ],
                            "relationships": [
                                "subscription": ["data": ["type": "subscriptions", "id": subscription.id]],
                                "prices": ["data": form == .none ? [] : [["type": "subscriptionPromotionalOfferPrices", "id": "${p1}"]]],
                            ],
                        ],
                        "included": form == .none ? [] : [price],
                    ])
            }
            #expect(try await promotional("half", mode: "PAY_AS_YOU_GO", periods: 3, price: .point).status == 201)
            let duplicate = try await promotional("half", mode: "PAY_AS_YOU_GO", price: .point)
            #expect(duplicate.status == 409)
            #expect(duplicate.errorPointer == "/data/attributes/offerCode")
            let unpriced = try await promotional("cheap", mode: "PAY_UP_FRONT", price: .none)
            #expect(unpriced.errorCode == "ENTITY_ERROR.RELATIONSHIP.REQUIRED")
            // A free offer names its territories with no price point (the live service's rule).
            let pricedTrial = try await promotional("trial", mode: "FREE_TRIAL", price: .point)
            #expect(pricedTrial.errorCode == "ENTITY_ERROR.RELATIONSHIP.INVALID")
            #expect(pricedTrial.errorPointer == "/included/0/relationships/subscriptionPricePoint")
            #expect(pricedTrial.errorDetail == "For FREE_TRIAL offerMode, subscriptionPricePoint must be null.")
            let nowhere = try await promotional("trial", mode: "FREE_TRIAL", price: .none)
            #expect(nowhere.status == 409)
            #expect(nowhere.errorCode == "ENTITY_ERROR.RELATIONSHIP.REQUIRED")
            #expect(nowhere.errorPointer == "/data/relationships/prices")
            #expect(nowhere.errorDetail == "You must provide a value for the relationship 'prices' with this request")
            let twoPeriods = try await promotional("trial", mode: "FREE_TRIAL", periods: 2, price: .territory)
            #expect(twoPeriods.errorPointer == "/data/attributes/numberOfPeriods")
            let trial = try await promotional("trial", mode: "FREE_TRIAL", price: .territory)
            #expect(trial.status == 201)
            let trialPrices = try await client.send(
                "GET", "/v1/subscriptionPromotionalOffers/\(trial.id)/prices?include=territory,subscriptionPricePoint")
            let trialPrice = try #require(trialPrices.list.first)
            let trialLinks = trialPrice["relationships"] as? [String: [String: Any]]
            #expect(trialPrices.list.count == 1)
            #expect((trialLinks?["territory"]?["data"] as? [String: Any])?["id"] as? String == "USA")
            #expect(trialLinks?["subscriptionPricePoint"]?["data"] is NSNull)

            // An offer code, once deactivated, stays so.
            let code = try await client.send(
                "POST", "/v1/subscriptionOfferCodes",
                body: [
                    "data": [
                        "type": "subscriptionOfferCodes",
                        "attributes": [
                            "name": "Press", "customerEligibilities": ["NEW"], "offerEligibility": "REPLACE_INTRO_OFFERS",
                            "offerMode": "FREE_TRIAL", "duration": "ONE_MONTH", "numberOfPeriods": 1,
                        ],
                        "relationships": [
                            "subscription": ["data": ["type": "subscriptions", "id": subscription.id]],
                            "prices": ["data": [["type": "subscriptionOfferCodePrices", "id": "${p1}"]]],
                        ],
                    ],
                    "included": [
                        [
                            "type": "subscriptionOfferCodePrices", "id": "${p1}",
                            "relationships": ["territory": ["data": ["type": "territories", "id": "USA"]]],
                        ]
                    ],
                ])
            #expect(code.status == 201)
            func activate(_ flag: Bool) async throws -> Client.Response {
                try await client.send(
                    "PATCH", "/v1/subscriptionOfferCodes/\(code.id)",
                    body: ["data": ["type": "subscriptionOfferCodes", "id": code.id, "attributes": ["active": flag]]])
            }
            #expect(try await activate(false).status == 200)
            let again = try await activate(true)
            #expect(again.status == 409)
            #expect(again.errorPointer == "/data/attributes/active")

            // One promoted purchase per product; a win-back offer ends after it starts.
            func promote() async throws -> Client.Response {
                try await client.send(
                    "POST", "/v1/promotedPurchases",
                    body: [
                        "data": [
                            "type": "promotedPurchases", "attributes": ["visibleForAllUsers": true],
                            "relationships": [
                                "app": ["data": ["type": "apps", "id": Self.appID]],
                                "subscription": ["data": ["type": "subscriptions", "id": subscription.id]],
                            ],
                        ]
                    ])
            }
            #expect(try await promote().status == 201)
            #expect(try await promote().errorCode == "STATE_ERROR")
            let backwards = try await client.send(
                "POST", "/v1/winBackOffers",
                body: [
                    "data": [
                        "type": "winBackOffers",
                        "attributes": [
                            "referenceName": "Back", "offerId": "back", "offerMode": "FREE_TRIAL", "duration": "ONE_WEEK", "periodCount": 1,
                            "customerEligibilityPaidSubscriptionDurationInMonths": 1,
                            "customerEligibilityTimeSinceLastSubscribedInMonths": ["minimum": 1], "startDate": "2027-02-01",
                            "endDate": "2027-01-01", "priority": "NORMAL",
                        ],
                        "relationships": [
                            "subscription": ["data": ["type": "subscriptions", "id": subscription.id]],
                            "prices": ["data": [["type": "winBackOfferPrices", "id": "${p1}"]]],
                        ],
                    ],
                    "included": [
                        [
                            "type": "winBackOfferPrices", "id": "${p1}",
                            "relationships": ["territory": ["data": ["type": "territories", "id": "USA"]]],
                        ]
                    ],
                ])
            #expect(backwards.status == 409)
            #expect(backwards.errorPointer == "/data/attributes/endDate")
        }
    }

    // MARK: Upload protocol

    @Test func aReviewScreenshotIsReservedUploadedInPartsAndCommittedWithItsMD5() async throws {
        try await withFake { fake, client in
            let product = try await client.createInAppPurchase("com.example.shot")
            let file = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let md5 = Insecure.MD5.hash(data: file).map { String(format: "%02x", $0) }.joined()

            func reserve() async throws -> Client.Response {
                try await client.send(
                    "POST", "/v1/inAppPurchaseAppStoreReviewScreenshots",
                    body: [
                        "data": [
                            "type": "inAppPurchaseAppStoreReviewScreenshots",
                            "attributes": ["fileName": "review.png", "fileSize": file.count],
                            "relationships": ["inAppPurchaseV2": ["data": ["type": "inAppPurchases", "id": product.id]]],
                        ]
                    ])
            }
            func upload(_ reservation: Client.Response) async throws {
                let operations = try #require(reservation.attributes["uploadOperations"] as? [[String: Any]])
                #expect(operations.count == 3)
                for operation in operations {
                    let offset = operation["offset"] as! Int
                    let length = operation["length"] as! Int
                    let headers = (operation["requestHeaders"] as! [[String: String]]).reduce(into: [String: String]()) {
                        $0[$1["name"]!] = $1["value"]!
                    }
                    #expect(headers == ["Content-Type": "image/png"])
                    let put = try await client.send(
                        operation["method"] as! String, operation["url"] as! String, token: .some(nil), headers: headers,
                        rawBody: file.subdata(in: offset..<offset + length))
                    #expect(put.status == 200)
                }
            }
            func commit(_ id: String, checksum: String) async throws -> Client.Response {
                try await client.send(
                    "PATCH", "/v1/inAppPurchaseAppStoreReviewScreenshots/\(id)",
                    body: [
                        "data": [
                            "type": "inAppPurchaseAppStoreReviewScreenshots", "id": id,
                            "attributes": ["uploaded": true, "sourceFileChecksum": checksum],
                        ]
                    ])
            }
            func deliveryState(_ response: Client.Response) -> String? {
                (response.attributes["assetDeliveryState"] as? [String: Any])?["state"] as? String
            }

            let reservation = try await reserve()
            #expect(reservation.status == 201)
            #expect(deliveryState(reservation) == "AWAITING_UPLOAD")
            let firstURL = try #require((reservation.attributes["uploadOperations"] as? [[String: Any]])?.first?["url"] as? String)
            #expect(firstURL.hasPrefix(fake.baseURL + "/upload/"))
            let shortPart = try await client.send(
                "PUT", firstURL, token: .some(nil), headers: ["Content-Type": "image/png"], rawBody: Data([1]))
            #expect(shortPart.status == 400)
            try await upload(reservation)
            let committed = try await commit(reservation.id, checksum: md5)
            #expect(committed.status == 200)
            #expect(deliveryState(committed) == "UPLOAD_COMPLETE")
            let processed = try await client.get("/v1/inAppPurchaseAppStoreReviewScreenshots/\(reservation.id)")
            #expect(deliveryState(processed) == "COMPLETE")
            #expect(processed.attributes["sourceFileChecksum"] as? String == md5)
            let related = try await client.get("/v2/inAppPurchases/\(product.id)/appStoreReviewScreenshot")
            #expect(related.id == reservation.id)

            let second = try await reserve()
            try await upload(second)
            let wrong = try await commit(second.id, checksum: String(repeating: "0", count: 32))
            #expect(deliveryState(wrong) == "FAILED")
            let errors = (wrong.attributes["assetDeliveryState"] as? [String: Any])?["errors"] as? [[String: Any]]
            #expect(errors?.isEmpty == false)
            #expect(try await client.get("/v1/inAppPurchaseAppStoreReviewScreenshots/\(reservation.id)").status == 404)
            #expect(fake.state(app: Self.appID).screenshots == 1)
        }
    }

    // MARK: Versions and states

    @Test func aProductIsReadyWithMetadataApprovedByReviewAndEditedThroughANewVersion() async throws {
        try await withFake { fake, client in
            let product = try await client.createInAppPurchase("com.example.full", type: "NON_CONSUMABLE")
            let id = product.id
            func version() async throws -> Client.Response { try await client.createInAppPurchaseVersion(of: id) }
            func state() async throws -> String? {
                try await client.get("/v2/inAppPurchases/\(id)").attributes["state"] as? String
            }
            let first = try await version()
            let localization = try await client.send(
                "POST", "/v2/inAppPurchaseLocalizations",
                body: [
                    "data": [
                        "type": "inAppPurchaseLocalizations",
                        "attributes": ["name": "Full", "locale": "en-US", "description": "Everything"],
                        "relationships": ["version": ["data": ["type": "inAppPurchaseVersions", "id": first.id]]],
                    ]
                ])
            #expect(localization.status == 201)
            #expect(try await version().errorCode == "STATE_ERROR")

            let point = try #require(try await client.pricePoint("1.99", of: "/v2/inAppPurchases/\(id)", territory: "USA"))
            let schedule = try await client.send(
                "POST", "/v1/inAppPurchasePriceSchedules",
                body: [
                    "data": [
                        "type": "inAppPurchasePriceSchedules",
                        "relationships": [
                            "inAppPurchase": ["data": ["type": "inAppPurchases", "id": id]],
                            "baseTerritory": ["data": ["type": "territories", "id": "USA"]],
                            "manualPrices": ["data": [["type": "inAppPurchasePrices", "id": "${price-1}"]]],
                        ],
                    ],
                    "included": [
                        [
                            "type": "inAppPurchasePrices", "id": "${price-1}", "attributes": ["startDate": NSNull()],
                            "relationships": ["inAppPurchasePricePoint": ["data": ["type": "inAppPurchasePricePoints", "id": point]]],
                        ]
                    ],
                ])
            #expect(schedule.status == 201)
            #expect(schedule.id == id)
            let automatic = try await client.get("/v1/inAppPurchasePriceSchedules/\(id)/automaticPrices?include=inAppPurchasePricePoint")
            #expect(automatic.list.count == 7)

            let availability = try await client.send(
                "POST", "/v1/inAppPurchaseAvailabilities",
                body: [
                    "data": [
                        "type": "inAppPurchaseAvailabilities", "attributes": ["availableInNewTerritories": true],
                        "relationships": [
                            "inAppPurchase": ["data": ["type": "inAppPurchases", "id": id]],
                            "availableTerritories": [
                                "data": [["type": "territories", "id": "USA"], ["type": "territories", "id": "DEU"]]
                            ],
                        ],
                    ]
                ])
            #expect(availability.status == 201)
            #expect(try await state() == "MISSING_METADATA")

            let file = Data(repeating: 7, count: 10)
            let shot = try await client.send(
                "POST", "/v1/inAppPurchaseAppStoreReviewScreenshots",
                body: [
                    "data": [
                        "type": "inAppPurchaseAppStoreReviewScreenshots", "attributes": ["fileName": "s.png", "fileSize": file.count],
                        "relationships": ["inAppPurchaseV2": ["data": ["type": "inAppPurchases", "id": id]]],
                    ]
                ])
            let url = try #require((shot.attributes["uploadOperations"] as? [[String: Any]])?.first?["url"] as? String)
            _ = try await client.send("PUT", url, token: .some(nil), headers: ["Content-Type": "image/png"], rawBody: file)
            let md5 = Insecure.MD5.hash(data: file).map { String(format: "%02x", $0) }.joined()
            _ = try await client.send(
                "PATCH", "/v1/inAppPurchaseAppStoreReviewScreenshots/\(shot.id)",
                body: [
                    "data": [
                        "type": "inAppPurchaseAppStoreReviewScreenshots", "id": shot.id,
                        "attributes": ["uploaded": true, "sourceFileChecksum": md5],
                    ]
                ])
            #expect(try await state() == "READY_TO_SUBMIT")

            fake.approveAll(app: Self.appID)
            #expect(try await state() == "APPROVED")
            let locked = try await client.send(
                "PATCH", "/v2/inAppPurchaseLocalizations/\(localization.id)",
                body: ["data": ["type": "inAppPurchaseLocalizations", "id": localization.id, "attributes": ["name": "New"]]])
            #expect(locked.errorCode == "STATE_ERROR")

            let second = try await version()
            #expect(second.attributes["version"] as? Int == 2)
            let copied = try await client.get("/v1/inAppPurchaseVersions/\(second.id)/localizations")
            #expect(copied.list.count == 1)
            #expect((copied.list.first?["attributes"] as? [String: Any])?["name"] as? String == "Full")
            #expect(copied.list.first?["id"] as? String != localization.id)
            let legacy = try await client.get("/v2/inAppPurchases/\(id)/inAppPurchaseLocalizations")
            #expect((legacy.list.first?["attributes"] as? [String: Any])?["state"] as? String == "PREPARE_FOR_SUBMISSION")
            fake.approveAll(app: Self.appID)
            let versions = try await client.get("/v2/inAppPurchases/\(id)/versions").list.compactMap {
                ($0["attributes"] as? [String: Any])?["state"] as? String
            }
            #expect(versions == ["REPLACED_WITH_NEW_VERSION", "APPROVED"])
            let summary = fake.state(app: Self.appID)
            #expect(summary.versions == 2 && summary.localizations == 2 && summary.prices == 1 && summary.screenshots == 1)
        }
    }
}
