import AsyncHTTPClient
import Crypto
import FakeGooglePlay
import Foundation
import NIOConcurrencyHelpers
import Testing
import _CryptoExtras

@testable import GooglePlay

/// Service-account keys and access tokens against the fake token endpoint, which checks each
/// assertion as Google does: a token is fetched once and reused until a minute before it expires;
/// a key Google does not know, a wrong audience or a clock far off are refused with Google's words
/// and never with the key, the assertion or a token.
@Suite(.serialized) struct AccessTokenTests {
    static let email = "iapcat@example-project.iam.gserviceaccount.com"
    static let privateKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    static func keyFile(tokenURI: String, key: _RSA.Signing.PrivateKey = privateKey, type: String = "service_account") -> [UInt8] {
        let object: [String: String] = [
            "type": type, "project_id": "example-project", "private_key_id": "0123abcd", "private_key": key.pkcs8PEMRepresentation,
            "client_email": email, "token_uri": tokenURI,
        ]
        return Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// A clock tests can move.
    final class Clock: Sendable {
        private let value = NIOLockedValueBox(Date(timeIntervalSince1970: 1_790_000_000))
        var now: Date { value.withLockedValue { $0 } }
        func advance(_ seconds: TimeInterval) { value.withLockedValue { $0 += seconds } }
    }

    @Test func aTokenIsFetchedOnceAndReusedUntilAMinuteBeforeItExpires() async throws {
        let clock = Clock()
        let fake = try await FakeGooglePlay.start(accounts: [Self.email: Self.privateKey.publicKey], now: { clock.now })
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let key = try ServiceAccountKey.parse(Self.keyFile(tokenURI: fake.tokenURL), path: "key.json")
        let tokens = AccessTokenProvider(key: key, http: http, now: { clock.now })
        let first = try await tokens.token()
        #expect(first == "ya29.fake-1")
        clock.advance(3_599 - 61)
        #expect(try await tokens.token() == first)
        clock.advance(2)
        #expect(try await tokens.token() == "ya29.fake-2")
        #expect(await tokens.fetched == 2)
        #expect(fake.tokenRequests == ["issued", "issued"])
        // Callers asking at once, with no valid token cached, share one fetch.
        clock.advance(3_600)
        let many = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await tokens.token() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(many == ["ya29.fake-3"])
        #expect(await tokens.fetched == 3)
        try await http.shutdown()
        try await fake.stop()
    }

    @Test func assertionsGoogleWouldRefuseAreRefusedWithItsWordsAndNoSecret() async throws {
        let clock = Clock()
        let stranger = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let fake = try await FakeGooglePlay.start(accounts: [Self.email: Self.privateKey.publicKey], now: { clock.now })
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        // A key Google does not know for the account.
        let unknown = try ServiceAccountKey.parse(Self.keyFile(tokenURI: fake.tokenURL, key: stranger), path: "key.json")
        await #expect(
            throws: AccessTokenProvider.Failure.refused(status: 400, error: "invalid_grant", description: "Invalid JWT Signature.")
        ) {
            _ = try await AccessTokenProvider(key: unknown, http: http, now: { clock.now }).token()
        }
        // A clock two hours off.
        let key = try ServiceAccountKey.parse(Self.keyFile(tokenURI: fake.tokenURL), path: "key.json")
        let skewed = AccessTokenProvider(key: key, http: http, now: { clock.now.addingTimeInterval(-7_200) })
        do {
            _ = try await skewed.token()
            Issue.record("a token for an expired assertion")
        } catch {
            #expect(
                error.description
                    == "Google refused the service account (HTTP 400): invalid_grant: Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."
            )
            #expect(!error.description.contains("BEGIN") && !error.description.contains("eyJ"))
        }
        // An assertion for another audience (a key whose token_uri is not this endpoint).
        var elsewhere = key
        elsewhere.tokenURI = fake.tokenURL + "?elsewhere"
        await #expect(
            throws: AccessTokenProvider.Failure.refused(
                status: 400, error: "invalid_grant", description: "Invalid JWT: aud must be \(fake.tokenURL)")
        ) {
            _ = try await AccessTokenProvider(key: elsewhere, http: http, now: { clock.now }).token()
        }
        #expect(fake.tokenRequests == ["invalid_grant", "invalid_grant", "invalid_grant"])
        try await http.shutdown()
        try await fake.stop()
    }

    @Test func keyFilesThatCannotBeUsedSayWhyWithoutQuotingTheKey() throws {
        #expect(throws: ServiceAccountKey.LoadError.notAKey(path: "k.json", reason: "not a JSON object of a key's fields")) {
            try ServiceAccountKey.parse(Array("-----BEGIN PRIVATE KEY-----".utf8), path: "k.json")
        }
        #expect(throws: ServiceAccountKey.LoadError.notAKey(path: "k.json", reason: "its type is 'authorized_user', not 'service_account'"))
        {
            try ServiceAccountKey.parse(Self.keyFile(tokenURI: ServiceAccountKey.googleTokenURI, type: "authorized_user"), path: "k.json")
        }
        // A member given twice: JSON readers disagree on which counts.
        var twice = Self.keyFile(tokenURI: ServiceAccountKey.googleTokenURI)
        twice.removeLast()  // the closing brace
        twice += Array(#","token_uri":"https://oauth2.evil.example/token"}"#.utf8)
        do {
            _ = try ServiceAccountKey.parse(twice, path: "k.json")
            Issue.record("a key file giving token_uri twice was read")
        } catch {
            #expect(error.message.hasPrefix("k.json: not a Google service-account key: line "), "\(error.message)")
            #expect(error.message.contains(": \"token_uri\" appears more than once (first at line "), "\(error.message)")
            #expect(!error.message.contains("BEGIN"))
        }
        let ec = P256.Signing.PrivateKey().pemRepresentation
        let ecFile =
            #"{"type":"service_account","client_email":"a@b.c","private_key":\#(String(decoding: try JSONEncoder().encode(ec), as: UTF8.self))}"#
        #expect(
            throws: ServiceAccountKey.LoadError.notAKey(
                path: "k.json", reason: "private_key is missing or not a PEM RSA key of 2048 bits or more")
        ) {
            try ServiceAccountKey.parse(Array(ecFile.utf8), path: "k.json")
        }
        for uri in [
            "http://oauth2.example/token", "https://user:pass@oauth2.example/token", "file:///etc/passwd",
            "http://localhost:@evil.example/token",
            "http://127.0.0.1.evil.example:80/token",
        ] {
            #expect(throws: ServiceAccountKey.LoadError.self) { try ServiceAccountKey.parse(Self.keyFile(tokenURI: uri), path: "k.json") }
        }
        // A port above 65535 at an IP literal stopped the process (SIGILL) inside the HTTP client.
        for (uri, reason) in [
            ("http://127.0.0.1:65536/token", "its port '65536' is not a number from 1 to 65535"),
            ("https://localhost:0/token", "its port '0' is not a number from 1 to 65535"),
            ("https://127.0.0.1:99999999999999999999/token", "its port '99999999999999999999' is not a number from 1 to 65535"),
            ("http://10.0.0.1/token", "it is plain http to '10.0.0.1'; plain http goes to the loopback address only"),
            ("file:///etc/passwd", "it is not an https URL"),
        ] {
            #expect(throws: ServiceAccountKey.LoadError.notAKey(path: "k.json", reason: "token_uri '\(uri)' is refused: \(reason)")) {
                try ServiceAccountKey.parse(Self.keyFile(tokenURI: uri), path: "k.json")
            }
        }
        let key = try ServiceAccountKey.parse(Self.keyFile(tokenURI: ServiceAccountKey.googleTokenURI), path: "k.json")
        #expect(key.description == "service account \(Self.email)")
        #expect(key.tokenURI == "https://oauth2.googleapis.com/token")
    }
}
