import Crypto
import Foundation
import IAPCatTestSupport
import IAPCatalog
import NIOConcurrencyHelpers
import StoreHTTP
import Testing

@testable import AppStoreConnect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server that answers like an attacker would, on loopback, against the real client: one
/// scenario per way it could hurt, each with a time limit and an exact outcome.
/// `docs/reliability.md` lists them (with the deadline scenarios of `ClientDeadlineTests` and the
/// text scenarios of `ServerTextTests`).
@Suite(.serialized, .timeLimit(.minutes(2))) struct HostileServerTests {
    static func client(_ server: ScriptedServer, observer: (@Sendable (ConnectClient.Exchange) -> Void)? = nil) -> ConnectClient {
        ClientDeadlineTests.client(server.baseURL, deadline: .seconds(20), observer: observer)
    }

    // MARK: Upload operations

    /// A reservation whose `uploadOperations` are `operations` (JSON), for a 1,000-byte screenshot.
    static func upload(operations: String) async throws -> (error: String, requests: [ScriptedServer.Request]) {
        let server = try ScriptedServer { request in
            .json(#"{"data":{"type":"inAppPurchaseAppStoreReviewScreenshots","id":"s1","attributes":{"uploadOperations":\#(operations)}}}"#)
        }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-hostile-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 7, count: 1_000).write(to: URL(fileURLWithPath: path))
        let file = try ScreenshotFile.read(path).get()
        do {
            try await ScreenshotUpload(api: client, pollInterval: .milliseconds(10))
                .upload(file, owner: .inAppPurchase("com.example.coins"), productResourceID: "6400000001")
            return ("uploaded", server.requests)
        } catch {
            return ("\(error)", server.requests)
        }
    }

    @Test func anUploadToAUnixSocketIsRefusedAndTheSocketNeverReached() async throws {
        let socketPath = FileManager.default.temporaryDirectory.path + "/iapcat-\(UUID().uuidString.prefix(8)).sock"
        let listener = TestSockets.stream(AF_UNIX)
        defer {
            close(listener)
            unlink(socketPath)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        let encoded = socketPath.replacingOccurrences(of: "/", with: "%2F")
        let (error, requests) = try await Self.upload(
            operations: #"[{"method":"PUT","url":"http+unix://\#(encoded)/upload","offset":0,"length":1000,"requestHeaders":[]}]"#)
        #expect(error.hasPrefix("iapcat-hostile-") && error.hasSuffix(": iapcat uploads to https URLs only"), "\(error)")
        #expect(requests.map(\.method) == ["POST"])
        _ = fcntl(listener, F_SETFL, O_NONBLOCK)
        #expect(accept(listener, nil, nil) == -1 && errno == EAGAIN)
    }

    @Test(arguments: [
        (
            #"[{"method":"PUT","url":"file:///etc/passwd","offset":0,"length":1000,"requestHeaders":[]}]"#,
            "upload operation 1 points at \"file:///etc/passwd\": iapcat uploads to https URLs only"
        ),
        (
            // A port above 65535 at an IP literal stopped the process (SIGILL) inside the HTTP client.
            #"[{"method":"PUT","url":"https://127.0.0.1:65536/upload","offset":0,"length":1000,"requestHeaders":[]}]"#,
            "upload operation 1 names port \"65536\": iapcat connects to ports 1–65535 only"
        ),
        (
            #"[{"method":"PUT","url":"https://up.example/1","offset":9223372036854775807,"length":1000,"requestHeaders":[]}]"#,
            "upload operation 1 lies outside the file of 1000 bytes (offset 9223372036854775807, length 1000)"
        ),
        (
            #"[{"method":"DELETE","url":"https://up.example/1","offset":0,"length":1000,"requestHeaders":[]}]"#,
            "upload operation 1 asks for method \"DELETE\"; iapcat uploads with PUT or POST only"
        ),
        (
            #"[{"method":"PUT","url":"https://up.example/1","offset":0,"length":1000,"requestHeaders":[{"name":"Authorization","value":"x"}]}]"#,
            "upload operation 1 asks for header \"Authorization\", which iapcat does not send"
        ),
    ])
    func uploadOperationsAreCheckedBeforeAByteIsSent(operations: String, refusal: String) async throws {
        let (error, requests) = try await Self.upload(operations: operations)
        #expect(error.hasSuffix(" not uploaded: " + refusal), "\(error)")
        #expect(requests.map(\.method) == ["POST"])
    }

    /// (20,000 rather than the 200,000 first tried: the same rule, and reading the answer takes
    /// about 5 s per 20,000 in a debug build.)
    @Test func twentyThousandUploadOperationsAreRefused() async throws {
        let one = #"{"method":"PUT","url":"https://up.example/1","offset":0,"length":1,"requestHeaders":[]}"#
        let (error, requests) = try await Self.upload(operations: "[" + Array(repeating: one, count: 20_000).joined(separator: ",") + "]")
        #expect(error.hasSuffix(" not uploaded: the reservation listed 20000 upload operations; iapcat sends at most 1000"), "\(error)")
        #expect(requests.map(\.method) == ["POST"])
    }

    @Test func anUploadHostThatFailsIsRetriedWithEachWaitReported() async throws {
        let attempts = NIOLockedValueBox(0)
        let server = try ScriptedServer { _ in
            attempts.withLockedValue { count -> Int in
                count += 1; return count
            } <= 2 ? .answer(status: 503) : .answer(status: 200)
        }
        defer { server.stop() }
        let waits = NIOLockedValueBox<[String]>([])
        let client = Self.client(server) { exchange in
            if let (_, reason) = exchange.retry { waits.withLockedValue { $0.append("\(exchange.request): \(reason)") } }
        }
        defer { Task { await client.shutdown() } }
        let operation = UploadOperation(method: "PUT", url: server.baseURL + "/upload/1", offset: 0, length: 3, headers: [])
        try await client.upload(operation, bytes: [1, 2, 3][...])
        #expect(waits.withLockedValue { $0 } == ["PUT /upload/1: HTTP 503", "PUT /upload/1: HTTP 503"])
        #expect(server.requests.count == 3)
    }

    // MARK: Stalls

    /// A client whose exchanges have `deadline` and whose calls have `budget` (120 s and 240 s by
    /// default), reporting its waits to `waits`.
    static func client(
        _ server: ScriptedServer, deadline: Duration, budget: Duration, waits: NIOLockedValueBox<[String]>
    ) -> ConnectClient {
        ConnectClient(
            baseURL: server.baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: P256.Signing.PrivateKey())),
            retry: RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(200), maxDelay: .seconds(1), budget: budget), deadline: deadline,
            observer: { exchange in
                if let (_, reason) = exchange.retry { waits.withLockedValue { $0.append("\(exchange.request): \(reason)") } }
            })
    }

    /// Was: abandoned at the deadline, then tried up to six times — about 12 minutes for one request.
    /// Now two deadlines of 1 s and one wait between them; the budget (60 s) is the next test's to prove.
    @Test func aTrickledAnswerIsTriedTwiceThenGivenUp() async throws {
        let (requests, waits, elapsed) = try await Self.trickledCall(deadline: .seconds(1), budget: .seconds(60))
        #expect(requests == 2)
        #expect(waits == ["GET /v1/apps: no answer"])
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(30), "\(elapsed)")
    }

    /// An attempt's deadline is never past the end of the call's budget: a 15-minute deadline
    /// within a 3-second budget ends the call at 3 s, with no time left for another attempt (any
    /// bound under 15 minutes tells them apart; 30 s leaves room for a busy machine).
    @Test func theBudgetCutsAnAttemptsDeadlineShort() async throws {
        let (requests, waits, elapsed) = try await Self.trickledCall(deadline: .seconds(900), budget: .seconds(3))
        #expect(requests == 1)
        #expect(waits.isEmpty)
        #expect(elapsed >= .seconds(3) && elapsed < .seconds(30), "\(elapsed)")
    }

    /// `GET /v1/apps` against a server that trickles its answer, which must end in "no complete
    /// answer within the deadline": the requests the server saw, the waits reported, the time taken.
    static func trickledCall(deadline: Duration, budget: Duration) async throws -> (
        requests: Int, waits: [String], elapsed: Duration
    ) {
        let server = try ScriptedServer { _ in .trickle(interval: 300_000) }
        defer { server.stop() }
        let waits = NIOLockedValueBox<[String]>([])
        let client = Self.client(server, deadline: deadline, budget: budget, waits: waits)
        defer { Task { await client.shutdown() } }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: ConnectAPIError.transport(request: "GET /v1/apps", message: "no complete answer within the deadline")) {
            _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
        }
        return (server.requests.count, waits.withLockedValue { $0 }, clock.now - start)
    }

    /// An upload part may take the whole budget (240 s by default, 2 s here) rather than an API
    /// exchange's deadline (15 minutes here), so a trickled part is not tried again.
    @Test func aTrickledUploadPartEndsAtTheBudget() async throws {
        let server = try ScriptedServer { _ in .trickle(interval: 300_000) }
        defer { server.stop() }
        let waits = NIOLockedValueBox<[String]>([])
        let client = Self.client(server, deadline: .seconds(900), budget: .seconds(2), waits: waits)
        defer { Task { await client.shutdown() } }
        let operation = UploadOperation(method: "PUT", url: server.baseURL + "/upload/1", offset: 0, length: 3, headers: [])
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: ConnectAPIError.transport(request: "PUT /upload/1", message: "no complete answer within the deadline")) {
            try await client.upload(operation, bytes: [1, 2, 3][...])
        }
        #expect(clock.now - start < .seconds(30))  // the budget of 2 s, not the deadline of 15 minutes
        #expect(server.requests.count == 1 && waits.withLockedValue { $0 }.isEmpty)
    }

    /// The default policy's numbers, on a clock the test moves: at most 240 s per call, every
    /// attempt and wait included; a second stall ends a call; a wait that would reach the end of
    /// the budget is not begun.
    @Test func theDefaultPolicyHoldsOneCallForAtMostFourMinutes() {
        let start = ContinuousClock.now
        // Two trickled answers: 120 s, a wait under a second, then what is left of the 240 s.
        var stalled = CallAttempts(RetryPolicy(), start: start)
        #expect(stalled.begin(deadline: .seconds(120), at: start) == .seconds(120))
        let wait = stalled.wait(after: .stalled, at: start + .seconds(120))
        #expect(wait.map { $0 >= .milliseconds(500) && $0 <= .milliseconds(625) } == true)
        #expect(stalled.begin(deadline: .seconds(120), at: start + .seconds(121)) == .seconds(119))
        #expect(stalled.wait(after: .stalled, at: start + .seconds(240)) == nil)
        #expect(stalled.attempt == 2)
        // A stall among 5xx answers still counts: the second one ends the call.
        var mixed = CallAttempts(RetryPolicy(), start: start)
        for (number, failure) in [AttemptFailure.answered, .stalled, .answered].enumerated() {
            _ = mixed.begin(deadline: .seconds(120), at: start + .seconds(number))
            #expect(mixed.wait(after: failure, at: start + .seconds(number)) != nil)
        }
        _ = mixed.begin(deadline: .seconds(120), at: start + .seconds(5))
        #expect(mixed.wait(after: .stalled, at: start + .seconds(6)) == nil)
        // `Retry-After: 3600` answered at once: waits of 60 s until the next would pass 240 s.
        var throttled = CallAttempts(RetryPolicy(), start: start)
        var now = start
        while true {
            _ = throttled.begin(deadline: .seconds(120), at: now)
            now += .seconds(1)
            guard let wait = throttled.wait(after: .answered, retryAfter: 3600, at: now) else { break }
            #expect(wait == .seconds(60))
            now += wait
        }
        #expect(throttled.attempt == 4 && now - start == .seconds(184))
        // Nothing listening: two attempts; 5xx answers: six.
        var unreachable = CallAttempts(RetryPolicy(), start: start)
        _ = unreachable.begin(deadline: .seconds(120), at: start)
        #expect(unreachable.wait(after: .unanswered("connection refused"), at: start) != nil)
        _ = unreachable.begin(deadline: .seconds(120), at: start)
        #expect(unreachable.wait(after: .unanswered("connection refused"), at: start) == nil)
        var failing = CallAttempts(RetryPolicy(), start: start)
        while true {
            _ = failing.begin(deadline: .seconds(120), at: start)
            guard failing.wait(after: .answered, at: start) != nil else { break }
        }
        #expect(failing.attempt == 6)
    }

    // MARK: Ids

    @Test func idsFromTheServerTravelAsOneEncodedSegment() async throws {
        let hostile = "../../v2/inAppPurchases/6400000001"
        let server = try ScriptedServer { request in
            if request.target.hasPrefix("/v1/apps/1/inAppPurchasesV2") {
                return .json(
                    #"{"data":[{"type":"inAppPurchases","id":"\#(hostile)","attributes":{"productId":"com.example.coins","name":"Coins","inAppPurchaseType":"CONSUMABLE","state":"APPROVED"}}]}"#
                )
            }
            return .json(#"{"data":[]}"#)
        }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        _ = try? await ConnectRemoteReader(api: client).read(appID: "1")
        let paths = server.requests.map { $0.target.split(separator: "?")[0] }
        let encoded = paths.filter { $0.contains("..%2F..%2Fv2%2FinAppPurchases%2F6400000001") }
        #expect(!encoded.isEmpty, "\(paths)")
        #expect(paths.allSatisfy { !$0.contains("/../") && !$0.contains("/v2/inAppPurchases/6400000001") }, "\(paths)")
    }

    // MARK: Text

    @Test func anErrorAnswerIsShownRedactedEscapedAndCapped() async throws {
        let jwt = ServerTextTests.jwt
        let detail = "Bearer \(jwt)\\n::error::pwned\\u001B[2J" + String(repeating: "x", count: 5_000_000)
        let one = #"{"status":"401","code":"NOT_AUTHORIZED","title":"x","detail":"\#(detail)"}"#
        let short = #"{"status":"401","code":"NOT_AUTHORIZED","title":"x","detail":"again"}"#
        let body = #"{"errors":["# + ([one] + Array(repeating: short, count: 9_999)).joined(separator: ",") + "]}"
        let server = try ScriptedServer { _ in .json(body, status: 401) }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        do {
            _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
            Issue.record("no error")
        } catch {
            #expect(error.errors.count == 21)
            #expect(error.errors.last == APIErrorObject(code: "IAPCAT.MORE_ERRORS", detail: "9980 more errors not shown"))
            let first = error.errors[0].detail ?? ""
            #expect(first.hasPrefix("Bearer [redacted]\\u{A}: :error: :pwned\\u{1B}[2J"))
            #expect(first.hasSuffix(" more characters)") && first.count < 1_100, "\(first.suffix(40))")
            let shown = error.message
            #expect(!shown.contains(jwt) && !shown.contains("\n") && !shown.contains("\u{1B}"))
            #expect(shown.utf8.count < 1_200)
        }
        #expect(server.requests.count == 1)
    }

    // MARK: Waits and pages

    @Test func retryAfterIsCappedAndEachWaitReported() async throws {
        let attempts = NIOLockedValueBox(0)
        let server = try ScriptedServer { _ in
            attempts.withLockedValue { count -> Int in
                count += 1; return count
            } <= 2 ? .json("{}", status: 429, headers: [("Retry-After", "3600")]) : .json(#"{"data":[]}"#)
        }
        defer { server.stop() }
        let waits = NIOLockedValueBox<[Duration]>([])
        // The test's policy caps a wait at 1 s, as the default policy caps it at 60 s.
        let client = Self.client(server) { exchange in
            if let (wait, _) = exchange.retry { waits.withLockedValue { $0.append(wait) } }
        }
        defer { Task { await client.shutdown() } }
        _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
        #expect(waits.withLockedValue { $0 } == [.seconds(1), .seconds(1)])
        #expect(RetryPolicy().delay(afterAttempt: 1, retryAfter: 3600) == .seconds(60))
    }

    @Test func aPageThatLinksToItselfStopsTheList() async throws {
        let server = try ScriptedServer { request in
            .json(
                #"{"data":[],"links":{"next":"http://127.0.0.1:\#(request.headers["host"]?.split(separator: ":").last ?? "")/v1/apps?cursor=x"}}"#
            )
        }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        await #expect(
            throws: ConnectAPIError.malformedResponse(request: "GET /v1/apps", message: "page 3 links back to a page already read")
        ) {
            _ = try await client.all("/v1/apps")
        }
        #expect(server.requests.count == 2)
    }

    @Test func pagesWithoutEndStopAt256MiB() async throws {
        let padding = String(repeating: "p", count: 2 << 20)
        let server = try ScriptedServer { request in
            let cursor = (Int(request.target.split(separator: "=").last ?? "") ?? 0) + 1
            let next = String(format: "%06d", cursor)
            return .json(
                #"{"data":[],"meta":{"padding":"\#(padding)"},"links":{"next":"http://127.0.0.1:\#(request.headers["host"]?.split(separator: ":").last ?? "")/v1/apps?cursor=\#(next)"}}"#
            )
        }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        await #expect(
            throws: ConnectAPIError.malformedResponse(request: "GET /v1/apps", message: "the list's pages hold more than 256 MiB")
        ) {
            _ = try await client.all("/v1/apps")
        }
        let pageBytes =
            padding.utf8.count
            + #"{"data":[],"meta":{"padding":""},"links":{"next":"http://127.0.0.1:00000/v1/apps?cursor=000000"}}"#.utf8.count
        #expect(abs(server.requests.count - (ListPages.byteLimit / pageBytes + 1)) <= 1, "\(server.requests.count)")
    }

    // MARK: Bodies

    @Test func anAnswerLargerThanTheLimitIsRefusedOnce() async throws {
        let body = [UInt8](repeating: 0x20, count: ConnectClient.responseLimit + 1)
        let server = try ScriptedServer { _ in .answer(status: 200, headers: [("Content-Type", "application/json")], body: body) }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        await #expect(
            throws: ConnectAPIError.transport(request: "GET /v1/apps", message: "the answer is larger than the 64 MiB iapcat reads")
        ) {
            _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
        }
        #expect(server.requests.count == 1)
    }

    @Test func aRunStopsReadingPastItsTotalLimit() async throws {
        let server = try ScriptedServer { _ in .json(#"{"data":[],"meta":{"padding":"\#(String(repeating: "p", count: 1_000))"}}"#) }
        defer { server.stop() }
        let client = ConnectClient(
            baseURL: server.baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: P256.Signing.PrivateKey())),
            totalLimit: 10_000)
        defer { Task { await client.shutdown() } }
        for _ in 0..<9 { _ = try await client.send(ConnectRequest(.get, "/v1/apps")) }
        await #expect(
            throws: ConnectAPIError.transport(request: "GET /v1/apps", message: "more than 10000 bytes read from the server in this run")
        ) {
            _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
        }
        #expect(server.requests.count == 10)
    }

    @Test(arguments: [
        ("not json at all", "HTTP 200, 15 bytes"),
        (#"{"data":5}"#, "HTTP 200, 10 bytes"),
        (String(repeating: "[", count: 1_000_000), "HTTP 200, 1000000 bytes"),
        (#"{"data":[{"type":"apps"}],"included":[{"type":"x"}]}"#, "HTTP 200, 52 bytes"),
    ])
    func malformedAnswersAreErrorsNotRetried(body: String, message: String) async throws {
        let server = try ScriptedServer { _ in .json(body) }
        defer { server.stop() }
        let client = Self.client(server)
        defer { Task { await client.shutdown() } }
        await #expect(throws: ConnectAPIError.malformedResponse(request: "GET /v1/apps", message: message)) {
            _ = try await client.send(ConnectRequest(.get, "/v1/apps"))
        }
        #expect(server.requests.count == 1)
    }
}
