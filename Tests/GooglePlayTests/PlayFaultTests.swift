import FakeGooglePlay
import Foundation
import IAPCatTestSupport
import IAPCatalog
import StoreHTTP
import Testing

@testable import GooglePlay

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write that fails — refused with a 500 before or after Play did the work, or the connection
/// dropped before or after — stops apply; apply run again re-reads Play, plans what is left and
/// ends where an apply without the fault ends, byte for byte.
@Suite struct PlayFaultTests {
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case failBefore, failAfter, dropBefore, dropAfter
        var testDescription: String { rawValue }
    }

    @Test(arguments: Fault.allCases) func aFaultAtEveryWriteThenApplyAgainConverges(_ fault: Fault) async throws {
        let catalog = try TestCatalogs.load("catalogs/example.yaml")
        let clean = try await PlayFixture.start()
        try await clean.apply(catalog)
        let writes = clean.fake.writeLog.count
        let expected = clean.fake.snapshot(package: PlayFixture.packageName)
        try await clean.stop()
        #expect(writes == 9)
        for number in 1...writes {
            // No retries on the first run: every fault stops it.
            let first = try await PlayFixture.start(retry: RetryPolicy(maxAttempts: 1))
            switch fault {
            case .failBefore: first.fake.failWrite(number: number, afterApplying: false)
            case .failAfter: first.fake.failWrite(number: number, afterApplying: true)
            case .dropBefore: first.fake.dropWrite(number: number, afterApplying: false)
            case .dropAfter: first.fake.dropWrite(number: number, afterApplying: true)
            }
            await #expect(throws: PlayApplier.Failure.self, "write \(number)") { try await first.apply(catalog) }
            let second = try PlayFixture.connect(to: first.fake)
            try await second.apply(catalog)
            #expect(try await second.plan(catalog).steps.map(\.summary) == [], "write \(number)")
            #expect(first.fake.snapshot(package: PlayFixture.packageName) == expected, "write \(number)")
            await second.client.shutdown()
            try await first.stop()
        }
    }

    @Test func quotaErrorsAreWaitedOutAndPagesAreFollowed() async throws {
        let fixture = try await PlayFixture.start()
        let catalog = try TestCatalogs.load("catalogs/example.yaml")
        try await fixture.apply(catalog)
        fixture.fake.maximumPageSize = 1
        fixture.fake.throttle(next: 2)
        let state = try await fixture.read()
        #expect(state.oneTimeProducts.compactMap { $0["productId"]?.string } == ["com.example.cosmicquest.coins.small", "film.making_of"])
        #expect(state.subscriptions.count == 1 && state.offers.count == 1)
        let log = fixture.fake.requestLog
        #expect(log.filter { $0.hasSuffix(" 429") }.count == 2)
        #expect(log.filter { $0.hasPrefix("GET /androidpublisher/v3/applications/com.example.cosmicquest/oneTimeProducts ") }.count >= 2)
        try await fixture.stop()
    }

    /// An answer that never completes is abandoned at the exchange's deadline and tried once more,
    /// then the call ends, whatever attempts remain (a 1 s deadline here; 120 s by default).
    @Test(.timeLimit(.minutes(2))) func aTrickledAnswerIsTriedTwiceThenGivenUp() async throws {
        let fake = try await FakeGooglePlay.start(accounts: [PlayFixture.email: PlayFixture.privateKey.publicKey])
        let server = try StallingServer()
        defer { server.stop() }
        let waits = WaitLog()
        let budget = Duration.seconds(60)
        let fixture = try PlayFixture.connect(
            to: fake, retry: RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(200), maxDelay: .seconds(1), budget: budget),
            apiURL: "http://127.0.0.1:\(server.port)", deadline: .seconds(1),
            observer: { exchange in if let (_, reason) = exchange.retry { waits.add("\(exchange.request): \(reason)") } })
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: PlayAPIError.transport(request: "GET oneTimeProducts", message: "no complete answer within the deadline")) {
            _ = try await fixture.client.send(PlayRequest(.get, ["oneTimeProducts"]))
        }
        let elapsed = clock.now - start
        #expect(server.requestCount == 2)
        #expect(waits.lines == ["GET oneTimeProducts: no answer"])
        // Two deadlines passed. The upper bound (the budget) is HostileServerTests' to prove, in a
        // serialized suite.
        #expect(elapsed >= .seconds(2), "\(elapsed)")
        try await fixture.stop()
    }
}

/// The waits a client reported, in order.
final class WaitLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var lines: [String] { lock.withLock { recorded } }
    func add(_ line: String) { lock.withLock { recorded.append(line) } }
}

/// A loopback server whose every answer stalls: a 200 head promising 100,000 bytes, then one byte
/// every 300 ms until the client goes away. It counts the requests it got.
final class StallingServer: @unchecked Sendable {
    let port: UInt16
    var requestCount: Int { lock.withLock { count } }

    private let listener: Int32
    private let lock = NSLock()
    private var count = 0
    private var running = true

    init() throws {
        guard let (listener, port) = TestSockets.listenOnLoopback(backlog: 16) else { throw POSIXError(.EADDRNOTAVAIL) }
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { self.stall(connection) }
            }
        }
    }

    func stop() {
        lock.withLock { running = false }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func stall(_ connection: Int32) {
        defer { close(connection) }
        // The request's head (the test sends only GETs, without a body).
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(connection, &byte, 1) == 1 else { return }
            head.append(byte)
        }
        lock.withLock { count += 1 }
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{".utf8)
        guard answer.withUnsafeBytes({ TestSockets.sendBytes(connection, $0.baseAddress, $0.count) }) == answer.count else { return }
        while lock.withLock({ running }) {
            usleep(300_000)
            guard TestSockets.sendBytes(connection, " ", 1) == 1 else { return }
        }
    }
}
