import IAPCatalog
import Testing

@testable import AppStoreConnect

/// What App Store Connect (or anything posing as it) sends back is printed only after it is made
/// safe: no credential, no control character, no workflow command, no flood.
@Suite struct ServerTextTests {
    static let jwt = "eyJhbGciOiJFUzI1NiIsImtpZCI6IksiLCJ0eXAiOiJKV1QifQ.eyJpc3MiOiJJIiwiYXVkIjoiYXBwc3RvcmVjb25uZWN0LXYxIn0.c2lnbmF0dXJl"

    @Test func credentialsAreRedacted() {
        #expect(
            ServerText.shown("Authorization: Bearer \(Self.jwt) is not valid")
                == "Authorization: Bearer [redacted] is not valid")
        #expect(ServerText.shown("token \(Self.jwt) expired") == "token [redacted token] expired")
        #expect(
            ServerText.shown("key -----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMG\n-----END PRIVATE KEY----- rejected")
                == "key [redacted private key] rejected")
        #expect(ServerText.shown("half a key -----BEGIN EC PRIVATE KEY-----\nMIGTAg") == "half a key [redacted private key]")
    }

    @Test func controlCharactersWorkflowCommandsAndFloodsAreDefused() {
        #expect(ServerText.shown("bad\n::error::owned\u{1B}[31m") == "bad\\u{A}: :error: :owned\\u{1B}[31m")
        #expect(ServerText.shown("::set-output name=x::y") == ": :set-output name=x: :y")
        let long = String(repeating: "x", count: 5_000_000)
        #expect(ServerText.shown(long) == String(repeating: "x", count: 1_000) + "… (4999000 more characters)")
    }

    @Test func anErrorAnswerKeepsTwentyCleanErrors() {
        let one = #"{"status":"401","code":"NOT_AUTHORIZED","title":"x","detail":"Bearer \#(Self.jwt)\n::error::x"}"#
        let body = #"{"errors":["# + Array(repeating: one, count: 1_000).joined(separator: ",") + "]}"
        let errors = APIErrorObject.parse(Array(body.utf8))
        #expect(errors.count == 21)
        #expect(errors[0].detail == "Bearer [redacted]\\u{A}: :error: :x")
        #expect(errors[20] == APIErrorObject(code: "IAPCAT.MORE_ERRORS", detail: "980 more errors not shown"))
        let message = ConnectAPIError.response(request: "GET /v1/apps", status: 401, errors: errors).message
        #expect(message == "GET /v1/apps answered HTTP 401 NOT_AUTHORIZED: Bearer [redacted]\\u{A}: :error: :x (and 20 more)")
    }
}
