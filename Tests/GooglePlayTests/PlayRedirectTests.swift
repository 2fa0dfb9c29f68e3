import FakeGooglePlay
import Foundation
import IAPCatalog
import LoopbackHTTP
import Testing

@testable import GooglePlay

/// A bearer token and a signed assertion go only where the key and the user point: neither the
/// token request nor an API call follows a redirect.
@Suite struct PlayRedirectTests {
    /// Answers every request with a redirect to `location`.
    struct Redirecting: HTTPHandling {
        let location: String
        func handle(_ request: HTTPRequest) -> HTTPOutcome {
            .respond(HTTPResponse(status: 302, headers: [("Location", location + request.path)]))
        }
    }

    @Test func neitherTheTokenRequestNorAnAPICallFollowsARedirect() async throws {
        let fake = try await FakeGooglePlay.start(accounts: [PlayFixture.email: PlayFixture.privateKey.publicKey])
        fake.addApp(packageName: PlayFixture.packageName)
        let redirector = try await HTTPServer.start(handler: Redirecting(location: fake.baseURL))
        // The key's token URI redirects to the real endpoint: no token.
        let misdirected = try PlayFixture.connect(to: fake, tokenURL: "http://127.0.0.1:\(redirector.port)/token")
        await #expect(throws: PlayAPIError.unauthorized("Google refused the service account (HTTP 302): HTTP 302")) {
            try await misdirected.read()
        }
        await misdirected.client.shutdown()
        // The API redirects elsewhere: the call fails, with the token sent nowhere else.
        let direct = try PlayFixture.connect(to: fake, apiURL: "http://127.0.0.1:\(redirector.port)")
        await #expect(throws: PlayAPIError.response(request: "GET oneTimeProducts", status: 302, code: "", message: "")) {
            try await direct.read()
        }
        #expect(fake.requestLog.isEmpty)
        await direct.client.shutdown()
        try await redirector.shutdown()
        try await fake.stop()
    }
}
