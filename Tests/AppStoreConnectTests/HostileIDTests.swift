import Crypto
import Testing

@testable import AppStoreConnect

/// Ids the server sends go into request paths; one that is not a plain segment is never sent.
@Suite struct HostileIDTests {
    @Test func plainSegmentsOnly() {
        #expect(APIRequest(.delete, "/v1/subscriptionIntroductoryOffers/6b2f-41aa_9.x~").hasPlainPathSegments)
        for id in ["../../v2/inAppPurchases/6400000001", "..", ".", "a?b", "a#b", "a%2Fb", "a b", "", "ü"] {
            #expect(!APIRequest(.delete, "/v1/subscriptionIntroductoryOffers/\(id)").hasPlainPathSegments, "\(id)")
        }
    }

    @Test func theClientRefusesAnIDThatLeavesItsSegmentBeforeConnecting() async throws {
        // Port 9 on loopback: nothing must be sent at all, so the refusal comes before any connection.
        let client = ConnectClient(
            baseURL: "http://127.0.0.1:9",
            tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: P256.Signing.PrivateKey())))
        defer { Task { await client.shutdown() } }
        await #expect(
            throws: APIError.malformedResponse(
                request: "DELETE /v1/subscriptionPrices/../../v2/inAppPurchases/1",
                message: "an id is not a plain path segment; not sent")
        ) {
            try await client.send(APIRequest(.delete, "/v1/subscriptionPrices/../../v2/inAppPurchases/1"))
        }
    }
}

/// Text from the store in a plan line cannot start a line of its own or drive a terminal.
@Suite struct PlanTextTests {
    @Test func controlCharactersInStoreTextAreShownEscaped() {
        var plan = Plan()
        plan.notDone = [PlanNote(resource: "x\n::error::pwned", message: "state \u{1B}[2J\u{85}done")]
        #expect(
            PlanRenderer().text(plan)
                == "not done: x\\u{A}::error::pwned state \\u{1B}[2J\\u{85}done\nNo changes: App Store Connect matches the catalog. "
                + "1 difference left alone.\n")
    }
}
