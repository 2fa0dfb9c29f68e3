import Crypto
import FakeAppStoreConnect
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake's offer codes of one-time in-app purchases (`inAppPurchaseOfferCodes`, API 4.2): created
/// with their prices, custom codes and batches of one-time use codes under App Store Connect's
/// rules, read back through the API and the test hooks.
@Suite struct FakeInAppPurchaseOfferCodeTests {
    static let appID = "1234567890"
    let key = P256.Signing.PrivateKey()

    // MARK: Harness

    /// A fake with one app and a key `KEY`, and a client signed with it.
    func withFake(_ body: (FakeAppStoreConnect, Client) async throws -> Void) async throws {
        let fake = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: "KEY", issuerID: "ISSUER", publicKey: key.publicKey)])
        fake.addApp(id: Self.appID, bundleID: "com.example.app")
        do {
            try await body(fake, Client(baseURL: fake.baseURL, token: token()))
        } catch {
            try await fake.shutdown()
            throw error
        }
        try await fake.shutdown()
    }

    /// A signed ES256 token of `KEY`, valid for 15 minutes.
    func token() -> String {
        func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let now = Int(Date().timeIntervalSince1970)
        let claims: [String: Any] = ["iss": "ISSUER", "iat": now, "exp": now + 900, "aud": "appstoreconnect-v1"]
        let header = try! JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": "KEY", "typ": "JWT"], options: .sortedKeys)
        let payload = try! JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)
        let input = base64URL(header) + "." + base64URL(payload)
        return input + "." + base64URL(try! key.signature(for: Data(input.utf8)).rawRepresentation)
    }

    /// A client that keeps an answer's bytes and media type (the one-time use codes' values are CSV).
    struct Client {
        struct Response {
            var status: Int
            var contentType: String?
            var body: Data

            var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
            var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
            var list: [[String: Any]] { json["data"] as? [[String: Any]] ?? [] }
            var included: [[String: Any]] { json["included"] as? [[String: Any]] ?? [] }
            var id: String { data["id"] as? String ?? "" }
            var attributes: [String: Any] { data["attributes"] as? [String: Any] ?? [:] }
            var firstError: [String: Any] { (json["errors"] as? [[String: Any]])?.first ?? [:] }
            var errorCode: String? { firstError["code"] as? String }
            var errorPointer: String? { (firstError["source"] as? [String: Any])?["pointer"] as? String }
            var errorDetail: String { firstError["detail"] as? String ?? "" }
            var text: String { String(decoding: body, as: UTF8.self) }
        }

        let baseURL: String
        let token: String
        var session = URLSession(configuration: .ephemeral)

        func send(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Response {
            var request = URLRequest(url: URL(string: baseURL + path)!)
            request.httpMethod = method
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            if let body {
                request.httpBody = try JSONSerialization.data(withJSONObject: body)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await session.data(for: request)
            let http = response as! HTTPURLResponse
            return Response(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
        }

        func get(_ path: String) async throws -> Response { try await send("GET", path) }

        /// A new consumable of the app; its resource id.
        func createInAppPurchase(_ productID: String) async throws -> String {
            let created = try await send(
                "POST", "/v2/inAppPurchases",
                body: [
                    "data": [
                        "type": "inAppPurchases",
                        "attributes": ["name": productID, "productId": productID, "inAppPurchaseType": "CONSUMABLE"],
                        "relationships": ["app": ["data": ["type": "apps", "id": FakeInAppPurchaseOfferCodeTests.appID]]],
                    ]
                ])
            #expect(created.status == 201)
            return created.id
        }

        /// The id of the price point of in-app purchase `id` in `territory` whose customer price is `price`.
        func pricePoint(of id: String, _ territory: String, _ price: String) async throws -> String {
            let points = try await get("/v2/inAppPurchases/\(id)/pricePoints?filter[territory]=\(territory)&limit=8000")
            let point = points.list.first { ($0["attributes"] as? [String: Any])?["customerPrice"] as? String == price }
            return try #require(point?["id"] as? String)
        }

        /// `POST /v1/inAppPurchaseOfferCodes`: each price an included item `${price-N}` (with its
        /// territory when given); `linked` (default: every price) are the `prices` linkages.
        func createOfferCode(
            of inAppPurchaseID: String, name: String = "Launch", eligibilities: [String]? = ["NON_SPENDER", "CHURNED_SPENDER"],
            prices: [(territory: String?, point: String)], linked: [String]? = nil
        ) async throws -> Response {
            var attributes: [String: Any] = ["name": name]
            if let eligibilities { attributes["customerEligibilities"] = eligibilities }
            let items: [[String: Any]] = prices.enumerated().map { index, price in
                var relationships: [String: Any] = ["pricePoint": ["data": ["type": "inAppPurchasePricePoints", "id": price.point]]]
                if let territory = price.territory { relationships["territory"] = ["data": ["type": "territories", "id": territory]] }
                return ["type": "inAppPurchaseOfferPrices", "id": "${price-\(index)}", "relationships": relationships]
            }
            let ids = linked ?? prices.indices.map { "${price-\($0)}" }
            return try await send(
                "POST", "/v1/inAppPurchaseOfferCodes",
                body: [
                    "data": [
                        "type": "inAppPurchaseOfferCodes", "attributes": attributes,
                        "relationships": [
                            "inAppPurchase": ["data": ["type": "inAppPurchases", "id": inAppPurchaseID]],
                            "prices": ["data": ids.map { ["type": "inAppPurchaseOfferPrices", "id": $0] }],
                        ],
                    ],
                    "included": items,
                ])
        }

        /// `POST /v1/inAppPurchaseOfferCodeCustomCodes`.
        func createCustomCode(of offerCodeID: String, _ code: String, count: Int = 500, expires: String? = nil) async throws -> Response {
            var attributes: [String: Any] = ["customCode": code, "numberOfCodes": count]
            if let expires { attributes["expirationDate"] = expires }
            return try await send(
                "POST", "/v1/inAppPurchaseOfferCodeCustomCodes",
                body: [
                    "data": [
                        "type": "inAppPurchaseOfferCodeCustomCodes", "attributes": attributes,
                        "relationships": ["offerCode": ["data": ["type": "inAppPurchaseOfferCodes", "id": offerCodeID]]],
                    ]
                ])
        }

        /// `POST /v1/inAppPurchaseOfferCodeOneTimeUseCodes`.
        func createOneTimeUseCodes(of offerCodeID: String, count: Int, expires: String, environment: String? = nil) async throws
            -> Response
        {
            var attributes: [String: Any] = ["numberOfCodes": count, "expirationDate": expires]
            if let environment { attributes["environment"] = environment }
            return try await send(
                "POST", "/v1/inAppPurchaseOfferCodeOneTimeUseCodes",
                body: [
                    "data": [
                        "type": "inAppPurchaseOfferCodeOneTimeUseCodes", "attributes": attributes,
                        "relationships": ["offerCode": ["data": ["type": "inAppPurchaseOfferCodes", "id": offerCodeID]]],
                    ]
                ])
        }

        /// `PATCH` of the resource `type`/`id` with `attributes`.
        func update(_ type: String, _ id: String, _ attributes: [String: Any]) async throws -> Response {
            try await send("PATCH", "/v1/\(type)/\(id)", body: ["data": ["type": type, "id": id, "attributes": attributes]])
        }
    }

    /// The day `days` days from today in UTC, `YYYY-MM-DD`.
    static func day(_ days: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    /// A product `com.example.coins` with an offer code priced 0.99 in the USA and Germany; its
    /// resource id and the offer code's id.
    func offerCode(_ client: Client, name: String = "Launch") async throws -> (inAppPurchase: String, offerCode: String) {
        let product = try await client.createInAppPurchase("com.example.coins")
        let usa = try await client.pricePoint(of: product, "USA", "0.99")
        let germany = try await client.pricePoint(of: product, "DEU", "0.99")
        let created = try await client.createOfferCode(of: product, name: name, prices: [("USA", usa), (nil, germany)])
        #expect(created.status == 201, "\(created.text)")
        return (product, created.id)
    }

    // MARK: Offer codes

    @Test func anOfferCodeIsCreatedWithItsPricesAndReadBackEveryWay() async throws {
        try await withFake { fake, client in
            let (product, id) = try await offerCode(client)
            let created = try await client.get("/v1/inAppPurchaseOfferCodes/\(id)?include=prices")
            #expect(created.status == 200)
            #expect(created.data["type"] as? String == "inAppPurchaseOfferCodes")
            #expect(created.attributes["name"] as? String == "Launch")
            #expect(created.attributes["customerEligibilities"] as? [String] == ["NON_SPENDER", "CHURNED_SPENDER"])
            #expect(created.attributes["active"] as? Bool == true)
            #expect(created.attributes["productionCodeCount"] as? Int == 0)
            #expect(created.attributes["sandboxCodeCount"] as? Int == 0)
            #expect(created.included.count == 2)

            let prices = try await client.get(
                "/v1/inAppPurchaseOfferCodes/\(id)/prices?include=territory,pricePoint&fields[inAppPurchasePricePoints]=customerPrice")
            #expect(prices.status == 200)
            let territories = prices.list.compactMap {
                (($0["relationships"] as? [String: Any])?["territory"] as? [String: Any]).flatMap { $0["data"] as? [String: Any] }?["id"]
                    as? String
            }
            #expect(territories == ["DEU", "USA"])
            let customerPrices = prices.included.filter { $0["type"] as? String == "inAppPurchasePricePoints" }.compactMap {
                ($0["attributes"] as? [String: Any])?["customerPrice"] as? String
            }
            #expect(customerPrices == ["0.99", "0.99"])
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/prices?filter[territory]=USA").list.count == 1)
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/relationships/prices").list.count == 2)

            let listed = try await client.get("/v2/inAppPurchases/\(product)/offerCodes?include=prices,customCodes,oneTimeUseCodes")
            #expect(listed.status == 200)
            #expect(listed.list.compactMap { $0["id"] as? String } == [id])
            #expect(try await client.get("/v2/inAppPurchases/\(product)/relationships/offerCodes").list.count == 1)
            let products = try await client.get("/v1/apps/\(Self.appID)/inAppPurchasesV2?include=offerCodes&limit[offerCodes]=50")
            #expect(products.status == 200)
            let linkage = (products.list.first?["relationships"] as? [String: Any])?["offerCodes"] as? [String: Any]
            #expect((linkage?["data"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
            #expect(products.included.contains { $0["type"] as? String == "inAppPurchaseOfferCodes" && $0["id"] as? String == id })
            let one = try await client.get("/v2/inAppPurchases/\(product)?include=offerCodes")
            #expect(one.included.compactMap { $0["id"] as? String } == [id])

            #expect(
                fake.inAppPurchaseOfferCodes(app: Self.appID, productID: "com.example.coins") == [
                    FakeInAppPurchaseOfferCode(
                        id: id, name: "Launch", customerEligibilities: ["NON_SPENDER", "CHURNED_SPENDER"], active: true,
                        prices: ["USA": "0.99", "DEU": "0.99"])
                ])
            #expect(
                fake.state(app: Self.appID).inAppPurchaseOfferCodes == [
                    .init(
                        productID: "com.example.coins", name: "Launch", customerEligibilities: ["CHURNED_SPENDER", "NON_SPENDER"],
                        active: true, prices: ["USA": "0.99", "DEU": "0.99"])
                ])
            // The document has no DELETE for offer codes.
            #expect(try await client.send("DELETE", "/v1/inAppPurchaseOfferCodes/\(id)").status == 405)
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/unknown").status == 404)
        }
    }

    @Test func anOfferCodeBreakingARuleIsRefusedWithAPointerToWhatIsWrong() async throws {
        try await withFake { _, client in
            let (product, _) = try await offerCode(client)
            let usa = try await client.pricePoint(of: product, "USA", "0.99")
            let other = try await client.createInAppPurchase("com.example.gems")
            let otherPoint = try await client.pricePoint(of: other, "USA", "0.99")
            let cases: [(response: Client.Response, code: String, pointer: String)] = [
                (
                    try await client.createOfferCode(of: product, name: "A", eligibilities: nil, prices: [("USA", usa)]),
                    "ENTITY_ERROR.ATTRIBUTE.REQUIRED", "/data/attributes/customerEligibilities"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", eligibilities: [], prices: [("USA", usa)]),
                    "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/customerEligibilities"
                ),
                (
                    try await client.createOfferCode(
                        of: product, name: "A", eligibilities: ["NON_SPENDER", "NON_SPENDER"], prices: [("USA", usa)]),
                    "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/customerEligibilities"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", eligibilities: ["NEW"], prices: [("USA", usa)]),
                    "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/customerEligibilities/0"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", prices: []),
                    "ENTITY_ERROR.RELATIONSHIP.REQUIRED", "/data/relationships/prices"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", prices: [("USA", otherPoint)]),
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", "/included/0/relationships/pricePoint"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", prices: [("DEU", usa)]),
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", "/included/0/relationships/pricePoint"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", prices: [("USA", usa), (nil, usa)]),
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", "/included/1/relationships/territory"
                ),
                (
                    try await client.createOfferCode(of: product, name: "A", prices: [("USA", usa)], linked: ["${price-0}", "${other}"]),
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", "/data/relationships/prices"
                ),
                (
                    try await client.createOfferCode(
                        of: product, name: "A", prices: [("USA", usa), (nil, otherPoint)], linked: ["${price-0}"]),
                    "ENTITY_ERROR.INCLUDED.INVALID", "/included/1"
                ),
                (
                    try await client.createOfferCode(of: "6400000999", name: "A", prices: [("USA", usa)]),
                    "ENTITY_ERROR.RELATIONSHIP.INVALID", "/data/relationships/inAppPurchase"
                ),
                (
                    try await client.createOfferCode(of: product, name: "Launch", prices: [("USA", usa)]),
                    "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/name"
                ),
            ]
            for (index, refused) in cases.enumerated() {
                #expect(refused.response.status == 409, "case \(index): \(refused.response.text)")
                #expect(refused.response.errorCode == refused.code, "case \(index)")
                #expect(refused.response.errorPointer == refused.pointer, "case \(index)")
            }
            #expect(cases.last?.response.errorDetail.contains("already in use") == true)
            // The name is the in-app purchase's own: another product may use it.
            #expect(try await client.createOfferCode(of: other, name: "Launch", prices: [("USA", otherPoint)]).status == 201)
        }
    }

    @Test func onlyActiveIsChangedAndADeactivatedOfferCodeIsNeverActiveAgain() async throws {
        try await withFake { fake, client in
            let (_, id) = try await offerCode(client)
            // Custom codes are made only for an approved in-app purchase.
            fake.approveAll(app: Self.appID)
            let custom = try await client.createCustomCode(of: id, "SPRING2026")
            #expect(custom.status == 201)

            let renamed = try await client.update("inAppPurchaseOfferCodes", id, ["name": "Renamed"])
            #expect(renamed.status == 409)
            #expect(renamed.errorCode == "ENTITY_ERROR.ATTRIBUTE.UNKNOWN")
            #expect(renamed.errorPointer == "/data/attributes/name")

            let deactivated = try await client.update("inAppPurchaseOfferCodes", id, ["active": false])
            #expect(deactivated.status == 200)
            #expect(deactivated.attributes["active"] as? Bool == false)
            let customCode = try await client.get("/v1/inAppPurchaseOfferCodeCustomCodes/\(custom.id)")
            #expect(customCode.attributes["active"] as? Bool == false)

            let reactivated = try await client.update("inAppPurchaseOfferCodes", id, ["active": true])
            #expect(reactivated.status == 409)
            #expect(reactivated.errorCode == "STATE_ERROR")
            #expect(reactivated.errorDetail == "An offer code cannot be activated again once deactivated.")
            // The in-app purchase is approved: the refusals are the inactive offer code's.
            let inactive = "The offer code 'Launch' is inactive: it takes no new codes."
            let customRefused = try await client.createCustomCode(of: id, "SUMMER2026")
            #expect(customRefused.errorCode == "STATE_ERROR")
            #expect(customRefused.errorDetail == inactive)
            let batchRefused = try await client.createOneTimeUseCodes(of: id, count: 1, expires: Self.day(30))
            #expect(batchRefused.errorCode == "STATE_ERROR")
            #expect(batchRefused.errorDetail == inactive)
            let codes = fake.inAppPurchaseOfferCodes(app: Self.appID, productID: "com.example.coins")
            #expect(codes.map(\.active) == [false])
            #expect(codes.first?.customCodes.map(\.active) == [false])
        }
    }

    // MARK: Custom codes

    @Test func customCodesAreUniqueInTheAppAndFollowTheirRules() async throws {
        try await withFake { fake, client in
            let (_, id) = try await offerCode(client)
            // Custom codes are made only for an approved in-app purchase.
            fake.approveAll(app: Self.appID)
            let created = try await client.createCustomCode(of: id, "SPRING2026", count: 500, expires: Self.day(0))
            #expect(created.status == 201)
            #expect(created.data["type"] as? String == "inAppPurchaseOfferCodeCustomCodes")
            #expect(created.attributes["customCode"] as? String == "SPRING2026")
            #expect(created.attributes["numberOfCodes"] as? Int == 500)
            #expect(created.attributes["expirationDate"] as? String == Self.day(0))
            #expect(created.attributes["active"] as? Bool == true)
            #expect(created.attributes["createdDate"] is String)

            // Another in-app purchase's offer code of the same app may not reuse the code.
            let gems = try await client.createInAppPurchase("com.example.gems")
            let point = try await client.pricePoint(of: gems, "USA", "1.99")
            let other = try await client.createOfferCode(of: gems, name: "Gems", prices: [("USA", point)])
            fake.setProductState(app: Self.appID, productID: "com.example.gems", state: "APPROVED")
            let duplicate = try await client.createCustomCode(of: other.id, "SPRING2026")
            #expect(duplicate.status == 409)
            #expect(duplicate.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
            #expect(duplicate.errorPointer == "/data/attributes/customCode")

            let refusals: [(response: Client.Response, pointer: String)] = [
                (try await client.createCustomCode(of: id, "spring2027"), "/data/attributes/customCode"),
                (try await client.createCustomCode(of: id, "AB12"), "/data/attributes/customCode"),
                (try await client.createCustomCode(of: id, "SPRING-27"), "/data/attributes/customCode"),
                (try await client.createCustomCode(of: id, "SPRING2027", count: 0), "/data/attributes/numberOfCodes"),
                (try await client.createCustomCode(of: id, "SPRING2027", count: 1_000_001), "/data/attributes/numberOfCodes"),
                (try await client.createCustomCode(of: id, "SPRING2027", expires: Self.day(-1)), "/data/attributes/expirationDate"),
                (try await client.createCustomCode(of: "unknown", "SPRING2027"), "/data/relationships/offerCode"),
            ]
            for (index, refused) in refusals.enumerated() {
                #expect(refused.response.status == 409, "case \(index): \(refused.response.text)")
                #expect(refused.response.errorPointer == refused.pointer, "case \(index)")
            }

            let listed = try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/customCodes")
            #expect(listed.list.compactMap { $0["id"] as? String } == [created.id])
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/relationships/customCodes").list.count == 1)
            #expect(try await client.get("/v1/inAppPurchaseOfferCodeCustomCodes/\(created.id)").status == 200)

            let off = try await client.update("inAppPurchaseOfferCodeCustomCodes", created.id, ["active": false])
            #expect(off.status == 200)
            #expect(off.attributes["active"] as? Bool == false)
            let on = try await client.update("inAppPurchaseOfferCodeCustomCodes", created.id, ["active": true])
            #expect(on.status == 409)
            #expect(on.errorCode == "STATE_ERROR")
            // A deactivated code stays taken.
            #expect(try await client.createCustomCode(of: id, "SPRING2026").errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
            #expect(
                fake.inAppPurchaseOfferCodes(app: Self.appID, productID: "com.example.coins").first?.customCodes == [
                    FakeCustomCode(id: created.id, code: "SPRING2026", numberOfCodes: 500, expirationDate: Self.day(0), active: false)
                ])
        }
    }

    // MARK: One-time use codes

    @Test func aBatchOfOneTimeUseCodesIsGeneratedAndDownloadedAsCSV() async throws {
        try await withFake { fake, client in
            let (_, id) = try await offerCode(client)
            // Production one-time use codes are made only for an approved in-app purchase.
            fake.approveAll(app: Self.appID)
            let batch = try await client.createOneTimeUseCodes(of: id, count: 5, expires: Self.day(30))
            #expect(batch.status == 201)
            #expect(batch.data["type"] as? String == "inAppPurchaseOfferCodeOneTimeUseCodes")
            #expect(batch.attributes["numberOfCodes"] as? Int == 5)
            #expect(batch.attributes["environment"] as? String == "PRODUCTION")
            #expect(batch.attributes["active"] as? Bool == true)

            let values = try await client.get("/v1/inAppPurchaseOfferCodeOneTimeUseCodes/\(batch.id)/values")
            #expect(values.status == 200)
            #expect(values.contentType == "text/csv")
            let lines = values.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(values.text.hasSuffix("\n"))
            #expect(lines.count == 5)
            #expect(Set(lines).count == 5)
            #expect(lines.allSatisfy { $0.count == 12 && $0.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) } })
            let held = fake.inAppPurchaseOfferCodes(app: Self.appID, productID: "com.example.coins").first?.oneTimeUseBatches
            #expect(held?.map(\.codes) == [lines])

            let sandbox = try await client.createOneTimeUseCodes(of: id, count: 2, expires: Self.day(1), environment: "SANDBOX")
            #expect(sandbox.attributes["environment"] as? String == "SANDBOX")
            let offer = try await client.get("/v1/inAppPurchaseOfferCodes/\(id)")
            #expect(offer.attributes["productionCodeCount"] as? Int == 5)
            #expect(offer.attributes["sandboxCodeCount"] as? Int == 2)
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/oneTimeUseCodes").list.count == 2)
            #expect(try await client.get("/v1/inAppPurchaseOfferCodes/\(id)/relationships/oneTimeUseCodes").list.count == 2)

            for (count, expires) in [(0, Self.day(30)), (100_001, Self.day(30)), (5, Self.day(-1)), (5, Self.day(200))] {
                let refused = try await client.createOneTimeUseCodes(of: id, count: count, expires: expires)
                #expect(refused.status == 409, "\(count) until \(expires)")
                #expect(refused.errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID")
                #expect(refused.errorPointer == (count == 5 ? "/data/attributes/expirationDate" : "/data/attributes/numberOfCodes"))
            }

            let off = try await client.update("inAppPurchaseOfferCodeOneTimeUseCodes", batch.id, ["active": false])
            #expect(off.attributes["active"] as? Bool == false)
            let on = try await client.update("inAppPurchaseOfferCodeOneTimeUseCodes", batch.id, ["active": true])
            #expect(on.status == 409)
            #expect(on.errorCode == "STATE_ERROR")
            #expect(try await client.get("/v1/inAppPurchaseOfferCodeOneTimeUseCodes/unknown/values").status == 404)
            #expect(
                fake.state(app: Self.appID).inAppPurchaseOfferCodes.first?.oneTimeUseBatches == [
                    .init(numberOfCodes: 5, expirationDate: Self.day(30), environment: "PRODUCTION", active: false),
                    .init(numberOfCodes: 2, expirationDate: Self.day(1), environment: "SANDBOX", active: true),
                ])
        }
    }

    // MARK: Approval

    /// App Store Connect Help, "Create offer codes for In-App Purchases": "To generate one-time-use
    /// or custom codes, your app must be Ready for Distribution and the associated In-App Purchase
    /// must be Approved"; sandbox codes are made regardless.
    @Test func customCodesAndProductionBatchesAreMadeOnlyForAnApprovedInAppPurchase() async throws {
        try await withFake { fake, client in
            let (product, id) = try await offerCode(client)
            // A new in-app purchase, without a price schedule or localization, is not approved.
            #expect(try await client.get("/v2/inAppPurchases/\(product)").attributes["state"] as? String == "MISSING_METADATA")

            let custom = try await client.createCustomCode(of: id, "SPRING2026")
            #expect(custom.status == 409, "\(custom.text)")
            #expect(custom.errorCode == "STATE_ERROR")
            #expect(
                custom.errorDetail
                    == "The in-app purchase is MISSING_METADATA: custom codes are made only for an approved in-app purchase.")
            #expect(custom.errorPointer == nil)
            for environment in [nil, "PRODUCTION"] {
                let production = try await client.createOneTimeUseCodes(of: id, count: 5, expires: Self.day(30), environment: environment)
                #expect(production.status == 409, "\(environment ?? "none"): \(production.text)")
                #expect(production.errorCode == "STATE_ERROR")
                #expect(
                    production.errorDetail
                        == "The in-app purchase is MISSING_METADATA: one-time use codes are made only for an approved in-app purchase.")
            }
            let sandbox = try await client.createOneTimeUseCodes(of: id, count: 2, expires: Self.day(30), environment: "SANDBOX")
            #expect(sandbox.status == 201, "\(sandbox.text)")
            #expect(sandbox.attributes["environment"] as? String == "SANDBOX")

            // Only APPROVED will do: an in-app purchase waiting for review is refused too.
            fake.setProductState(app: Self.appID, productID: "com.example.coins", state: "WAITING_FOR_REVIEW")
            let waiting = try await client.createCustomCode(of: id, "SPRING2026")
            #expect(waiting.status == 409)
            #expect(waiting.errorCode == "STATE_ERROR")
            #expect(
                waiting.errorDetail
                    == "The in-app purchase is WAITING_FOR_REVIEW: custom codes are made only for an approved in-app purchase.")
            let held = fake.inAppPurchaseOfferCodes(app: Self.appID, productID: "com.example.coins").first
            #expect(held?.customCodes == [])
            #expect(held?.oneTimeUseBatches.map(\.environment) == ["SANDBOX"])

            fake.setProductState(app: Self.appID, productID: "com.example.coins", state: "APPROVED")
            let approved = try await client.createCustomCode(of: id, "SPRING2026")
            #expect(approved.status == 201, "\(approved.text)")
            #expect(approved.attributes["customCode"] as? String == "SPRING2026")
            let production = try await client.createOneTimeUseCodes(of: id, count: 5, expires: Self.day(30))
            #expect(production.status == 201, "\(production.text)")
            let offer = try await client.get("/v1/inAppPurchaseOfferCodes/\(id)")
            #expect(offer.attributes["productionCodeCount"] as? Int == 5)
            #expect(offer.attributes["sandboxCodeCount"] as? Int == 2)
        }
    }

    // MARK: Test hooks

    @Test func aSeededOfferCodeIsServedAsACreatedOneIs() async throws {
        try await withFake { fake, client in
            _ = try await client.createInAppPurchase("com.example.coins")
            // Approved, as a product with custom codes is: the API then refuses the seeded code as
            // taken, not the in-app purchase's state (the hook itself does not check the state).
            fake.setProductState(app: Self.appID, productID: "com.example.coins", state: "APPROVED")
            #expect(
                fake.addInAppPurchaseOfferCode(
                    app: Self.appID, productID: "com.example.coins", name: "Bad", eligibilities: ["NON_SPENDER"], prices: ["USA": "0.98"])
                    == nil)
            #expect(
                fake.addInAppPurchaseOfferCode(
                    app: Self.appID, productID: "com.example.none", name: "None", eligibilities: ["NON_SPENDER"], prices: [:]) == nil)
            let id = try #require(
                fake.addInAppPurchaseOfferCode(
                    app: Self.appID, productID: "com.example.coins", name: "Welcome", eligibilities: ["ACTIVE_SPENDER"],
                    prices: ["USA": "0.99", "JPN": "160"], customCodes: [(code: "WELCOME10", count: 100, expirationDate: nil)]))
            let served = try await client.get("/v1/inAppPurchaseOfferCodes/\(id)?include=customCodes,prices")
            #expect(served.status == 200)
            #expect(served.attributes["name"] as? String == "Welcome")
            #expect(served.included.filter { $0["type"] as? String == "inAppPurchaseOfferPrices" }.count == 2)
            let custom = served.included.first { $0["type"] as? String == "inAppPurchaseOfferCodeCustomCodes" }
            #expect((custom?["attributes"] as? [String: Any])?["customCode"] as? String == "WELCOME10")
            // The seeded code is taken in the app.
            #expect(try await client.createCustomCode(of: id, "WELCOME10").errorCode == "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
            #expect(
                fake.state(app: Self.appID).inAppPurchaseOfferCodes == [
                    .init(
                        productID: "com.example.coins", name: "Welcome", customerEligibilities: ["ACTIVE_SPENDER"], active: true,
                        prices: ["USA": "0.99", "JPN": "160"],
                        customCodes: [.init(code: "WELCOME10", numberOfCodes: 100, expirationDate: nil, active: true)])
                ])
        }
    }
}
