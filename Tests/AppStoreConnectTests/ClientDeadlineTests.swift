import Crypto
import Foundation
import NIOConcurrencyHelpers
import StoreHTTP
import Testing

@testable import AppStoreConnect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server that is slow, absent or unusable holds the client for seconds, not minutes: a whole
/// exchange has a deadline (a trickled body is abandoned), an unreachable server is tried twice, a
/// URL the client cannot use is not tried again, and every wait is reported.
@Suite(.serialized) struct ClientDeadlineTests {
    static func client(
        _ baseURL: String, deadline: Duration = .seconds(120), attempts: Int = 6,
        observer: (@Sendable (ConnectClient.Exchange) -> Void)? = nil
    )
        -> ConnectClient
    {
        ConnectClient(
            baseURL: baseURL, tokens: TokenProvider(key: APIKey(keyID: "K", issuerID: "I", privateKey: P256.Signing.PrivateKey())),
            retry: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(200), maxDelay: .seconds(1)), deadline: deadline,
            observer: observer)
    }

    @Test func aTrickledBodyIsAbandonedAtTheDeadline() async throws {
        let server = try ScriptedServer { _ in .trickle(interval: 300_000) }
        defer { server.stop() }
        let client = Self.client(server.baseURL, deadline: .seconds(2), attempts: 1)
        defer { Task { await client.shutdown() } }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(
            throws: ConnectAPIError.transport(request: "GET /v1/apps", message: "no complete answer within the deadline")
        ) {
            try await client.send(ConnectRequest(.get, "/v1/apps"))
        }
        // The error says the deadline fired (a read timeout would say "timed out"), and it fired
        // (at the deadline of 2 s, give or take a machine busy with the whole suite, where a resumed
        // task can wait half a minute for a thread), not never: the trickle goes on for ever.
        #expect(clock.now - start < .seconds(120))
    }

    @Test func anUnreachableServerIsTriedTwiceAndEveryWaitIsReported() async throws {
        let waits = NIOLockedValueBox<[String]>([])
        // Port 9 (discard) on loopback: nothing listens there.
        let client = Self.client("http://127.0.0.1:9") { exchange in
            if let (_, reason) = exchange.retry { waits.withLockedValue { $0.append("\(exchange.request): \(reason)") } }
        }
        defer { Task { await client.shutdown() } }
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: ConnectAPIError.self) { try await client.send(ConnectRequest(.get, "/v1/apps")) }
        // Each attempt gives up connecting after 4 s (the connection pool keeps trying until then):
        // about 8 s for the two; it was 1 min 48 s with six attempts.
        #expect(clock.now - start < .seconds(60))
        #expect(client.requestCount == 2)
        #expect(waits.withLockedValue { $0 } == ["GET /v1/apps: no answer"])
    }

    @Test func aURLTheClientCannotUseIsNotTriedAgain() async throws {
        let client = Self.client("file:///tmp")
        defer { Task { await client.shutdown() } }
        await #expect(throws: ConnectAPIError.self) { try await client.send(ConnectRequest(.get, "/v1/apps")) }
        #expect(client.requestCount == 1)
    }
}
