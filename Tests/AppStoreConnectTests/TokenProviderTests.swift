import Crypto
import Foundation
import StoreHTTP
import Testing

@testable import AppStoreConnect

@Suite struct TokenProviderTests {
    let privateKey = P256.Signing.PrivateKey()

    func parts(_ token: String) throws -> (header: [String: APIValue], claims: [String: APIValue], signingInput: String, signature: Data) {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(pieces.count == 3)
        func decode(_ text: String) throws -> Data {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            return try #require(Data(base64Encoded: base64))
        }
        let header = try JSONDecoder().decode(APIValue.self, from: try decode(pieces[0])).object ?? [:]
        let claims = try JSONDecoder().decode(APIValue.self, from: try decode(pieces[1])).object ?? [:]
        return (header, claims, pieces[0] + "." + pieces[1], try decode(pieces[2]))
    }

    @Test func teamKeyTokenHasTheDocumentedHeaderClaimsAndARawSignature() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let provider = TokenProvider(key: APIKey(keyID: "ABC123DEFG", issuerID: "69a6de7f-1234", privateKey: privateKey), clock: { now })
        let token = try parts(provider.token())
        #expect(token.header == ["alg": "ES256", "kid": "ABC123DEFG", "typ": "JWT"])
        #expect(
            token.claims == [
                "iss": "69a6de7f-1234", "iat": .int(1_800_000_000), "exp": .int(1_800_000_000 + 19 * 60), "aud": "appstoreconnect-v1",
            ])
        #expect(token.signature.count == 64)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: token.signature)
        #expect(privateKey.publicKey.isValidSignature(signature, for: Data(token.signingInput.utf8)))
    }

    @Test func individualKeyTokenSaysSubUserAndHasNoIssuer() throws {
        let provider = TokenProvider(key: APIKey(keyID: "K", issuerID: nil, privateKey: privateKey))
        let claims = try parts(provider.token()).claims
        #expect(claims["sub"] == "user")
        #expect(claims["iss"] == nil)
    }

    @Test func aTokenIsReusedUntilTwoMinutesBeforeItExpires() {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let provider = TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: privateKey), clock: { clock.now })
        let first = provider.token()
        clock.advance(16 * 60)
        #expect(provider.token() == first)
        clock.advance(2 * 60)  // 18 minutes: one minute left
        #expect(provider.token() != first)
    }

    @Test func keyFilesAreReadAndCheckedWithoutQuotingThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("iapcat-key-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/AuthKey_K.p8"
        try privateKey.pemRepresentation.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let loaded = try APIKey.load(keyID: "K", issuerID: "I", path: path)
        #expect(loaded.warning == "\(path): the API key is readable by other users (mode 644); chmod 600 it")
        #expect(loaded.key.description == "API key K")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(try APIKey.load(keyID: "K", issuerID: "I", path: path).warning == nil)

        try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: APIKey.LoadError.notAKey(path: path)) { try APIKey.load(keyID: "K", issuerID: nil, path: path) }
        #expect(throws: APIKey.LoadError.self) { try APIKey.load(keyID: "K", issuerID: nil, path: directory + "/missing.p8") }
    }
}

final class TestClock: @unchecked Sendable {
    private(set) var now: Date
    init(_ now: Date) { self.now = now }
    func advance(_ seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }
}

@Suite struct TransportPartsTests {
    @Test func rateLimitHeaderIsParsed() {
        #expect(RateLimit(header: "user-hour-lim:3600;user-hour-rem:3541;") == RateLimit(limit: 3600, remaining: 3541))
        #expect(RateLimit(header: "garbage") == nil)
    }

    @Test func backOffDoublesHonoursRetryAfterAndIsCapped() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(10))
        #expect(policy.delay(afterAttempt: 1, retryAfter: 3) == .seconds(3))
        #expect(policy.delay(afterAttempt: 1, retryAfter: 600) == .seconds(10))
        let second = policy.delay(afterAttempt: 2, retryAfter: nil)
        #expect(second >= .seconds(2) && second <= .milliseconds(2500))
        #expect(policy.delay(afterAttempt: 9, retryAfter: nil) == .seconds(10))
        #expect(RetryPolicy.isRetryable(status: 429) && RetryPolicy.isRetryable(status: 503) && !RetryPolicy.isRetryable(status: 409))
    }

    @Test func requestsEncodeTheirQueryAndBodyDeterministically() {
        let request = ConnectRequest(
            .post, "/v2/inAppPurchases", query: [("filter[territory]", "USA,JPN")],
            body: Resource(type: "inAppPurchases", attributes: ["name": "Coins", "familySharable": false]))
        #expect(request.target == "/v2/inAppPurchases?filter%5Bterritory%5D=USA,JPN")
        #expect(
            String(decoding: request.bodyBytes() ?? [], as: UTF8.self)
                == #"{"data":{"attributes":{"familySharable":false,"name":"Coins"},"type":"inAppPurchases"}}"#)
        #expect(
            ConnectRequest(.get, "http://127.0.0.1:8080/v1/apps/1/inAppPurchasesV2?cursor=abc").summary == "GET /v1/apps/1/inAppPurchasesV2"
        )
    }

    @Test func errorDocumentsBecomeCodesDetailsAndPointers() {
        let body =
            #"{"errors":[{"status":"409","code":"ENTITY_ERROR.ATTRIBUTE.REQUIRED","title":"A required attribute is missing.","detail":"You must provide a value for 'name'.","source":{"pointer":"/data/attributes/name"}}]}"#
        let errors = APIErrorObject.parse(Array(body.utf8))
        #expect(
            errors == [
                APIErrorObject(
                    status: "409", code: "ENTITY_ERROR.ATTRIBUTE.REQUIRED", title: "A required attribute is missing.",
                    detail: "You must provide a value for 'name'.", pointer: "/data/attributes/name")
            ])
        #expect(
            ConnectAPIError.response(request: "POST /v2/inAppPurchases", status: 409, errors: errors).message
                == "POST /v2/inAppPurchases answered HTTP 409 ENTITY_ERROR.ATTRIBUTE.REQUIRED: You must provide a value for 'name'.")
    }

    @Test func priceMatchingIsExactAndNamesTheNearestPoints() throws {
        let points = ["USA": ["0.99": "a", "1.99": "b", "2.99": "c", "4.99": "d"]]
        #expect(try PricePoints.match("1.99", in: "USA", points: points, product: "p").get() == "b")
        #expect(throws: PricePoints.NoMatch.self) { try PricePoints.match("2.49", in: "USA", points: points, product: "p").get() }
        if case .failure(let error) = PricePoints.match("2.49", in: "USA", points: points, product: "p") {
            #expect(error.message == "p: no USA price point of 2.49; the nearest are 1.99 below and 2.99 above")
        }
    }
}
