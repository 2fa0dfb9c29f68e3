import Crypto
import IAPCatalog
import Testing

@testable import AppStoreConnect

/// Ids the server sends (and the catalog's app id) go into request paths percent-encoded as one
/// segment each; one that cannot be a segment (empty, `.`, `..`) is never sent.
@Suite struct HostileIDTests {
    @Test(arguments: [
        ("6400000001", "6400000001"), ("6b2f-41aa_9.x~", "6b2f-41aa_9.x~"),
        ("../../v2/inAppPurchases/6400000001", "..%2F..%2Fv2%2FinAppPurchases%2F6400000001"), ("a?b", "a%3Fb"), ("a#b", "a%23b"),
        ("a%2Fb", "a%252Fb"), ("a b", "a%20b"), ("ü", "%C3%BC"), ("eyJzIjoiMSJ9==", "eyJzIjoiMSJ9%3D%3D"), ("...", "..."),
    ])
    func idsArePercentEncodedAsOneSegment(id: String, encoded: String) {
        let request = ConnectRequest(.delete, "/v1/subscriptionIntroductoryOffers/\(id: id)")
        #expect(request.path == "/v1/subscriptionIntroductoryOffers/" + encoded)
        #expect(request.hasSinglePathSegments)
    }

    @Test func idsThatCannotBeASegmentAreRefused() {
        for id in ["..", ".", ""] {
            #expect(!ConnectRequest(.delete, "/v1/subscriptionIntroductoryOffers/\(id: id)").hasSinglePathSegments, "\(id)")
        }
        // A path built without the encoding is refused too.
        #expect(!ConnectRequest(.delete, "/v1/subscriptionPrices/../../v2/inAppPurchases/1").hasSinglePathSegments)
        #expect(!ConnectRequest(.delete, "/v1/subscriptionPrices/a?b").hasSinglePathSegments)
        // Escapes that decode to `..`, or are not escapes at all.
        for raw in ["%2e%2e", "%2E.", "%", "%zz", "a%2"] {
            #expect(!ConnectRequest(.delete, "/v1/subscriptionPrices/\(raw)/x").hasSinglePathSegments, "\(raw)")
        }
    }

    @Test func theClientRefusesAnIDThatLeavesItsSegmentBeforeConnecting() async throws {
        // Port 9 on loopback: nothing must be sent at all, so the refusal comes before any connection.
        let client = ConnectClient(
            baseURL: "http://127.0.0.1:9",
            tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: P256.Signing.PrivateKey())))
        defer { Task { await client.shutdown() } }
        await #expect(
            throws: ConnectAPIError.malformedResponse(
                request: "DELETE /v1/subscriptionPrices/..",
                message: "an id cannot be one path segment (empty, '.' or '..'); not sent")
        ) {
            try await client.send(ConnectRequest(.delete, "/v1/subscriptionPrices/\(id: "..")"))
        }
    }
}

/// Text from the store in a plan line cannot start a line of its own or drive a terminal.
@Suite struct PlanTextTests {
    @Test func controlCharactersInStoreTextAreShownEscaped() {
        var plan = ConnectPlan()
        plan.notDone = [PlanNote(resource: "x\n::error::pwned", message: "state \u{1B}[2J\u{85}done")]
        #expect(
            PlanRenderer().text(plan)
                == "not done: x\\u{A}::error::pwned state \\u{1B}[2J\\u{85}done\nNo changes: App Store Connect matches the catalog. "
                + "1 difference left alone.\n")
    }

    /// In colour, the marks and the words `warning`/`error` are wrapped in SGR sequences; text from
    /// the store is escaped first, so it adds none of its own.
    @Test func colourWrapsOnlyWhatIapcatWrote() {
        var plan = ConnectPlan(
            steps: [
                ConnectStep(.inAppPurchase("a.b"), .createVersion(replacing: nil)),
                ConnectStep(.inAppPurchase("a\u{1B}[2Jb"), .deactivateOfferCode(id: "1", name: "n\u{1B}]0;x\u{7}"), impact: .customers),
            ],
            warnings: [PlanNote(resource: "a.b", message: "w\u{1B}[31m")])
        plan.errors = [PlanNote(resource: "a.b", message: "e")]
        let plain = PlanRenderer().text(plan)
        let colored = PlanRenderer().text(plan, style: .ansi)
        var lines = plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("+ ") && lines[1].hasPrefix("! ") && lines[2].hasPrefix("warning: ") && lines[3].hasPrefix("error: "))
        lines[0] = "\u{1B}[32m+\u{1B}[0m" + lines[0].dropFirst()
        lines[1] = "\u{1B}[1;31m!\u{1B}[0m" + lines[1].dropFirst()
        lines[2] = "\u{1B}[1;33mwarning:\u{1B}[0m" + lines[2].dropFirst("warning:".count)
        lines[3] = "\u{1B}[1;31merror:\u{1B}[0m" + lines[3].dropFirst("error:".count)
        #expect(colored == lines.joined(separator: "\n"))
        #expect(colored.unicodeScalars.count { $0 == "\u{1B}" } == 8, "\(colored.debugDescription)")
        #expect(plain.contains("\\u{1B}[2J") && !plain.contains("\u{1B}"))
    }
}
