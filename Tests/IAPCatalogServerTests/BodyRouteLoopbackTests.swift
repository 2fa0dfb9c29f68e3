import Foundation
import IAPCatTestSupport
import Logging
import Testing

@testable import IAPCatalogServer

/// A body route through the real connection layer, on loopback: `POST /v1/reports` registered
/// with a test handler that answers with the body's length and byte sum.
@Suite struct BodyRouteLoopbackTests {
    /// What the handler saw.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [[UInt8]] = []

        func record(_ body: [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            bodies.append(body)
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return bodies.count
        }
    }

    /// A server for a catalog with the echoing report route, stopped when released.
    final class EchoServer: @unchecked Sendable {
        let catalog: TemporaryCatalog
        let started: CatalogServer.Started
        let calls = Calls()

        /// Starts one (the server binds its port off Swift concurrency's threads).
        /// The header deadline is 10 s unless a test is about it: far past any of the others' exchanges,
        /// however busy the machine.
        static func start(bound: Int = 4_096, perMinute: Int = 0, burst: Int = 1, headerTimeout: Int = 10) async throws -> EchoServer {
            try await offThePool { try EchoServer(bound: bound, perMinute: perMinute, burst: burst, headerTimeout: headerTimeout) }
        }

        private init(bound: Int, perMinute: Int, burst: Int, headerTimeout: Int) throws {
            catalog = try TemporaryCatalog()
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.catalogPath = catalog.path
            configuration.threads = 1
            configuration.headerTimeoutSeconds = headerTimeout
            configuration.reportBodyLimitBytes = bound
            configuration.reportsPerClientPerMinute = perMinute
            configuration.reportBurst = burst
            let calls = self.calls
            configuration.reportHandler = { request in
                calls.record(request.body)
                let sum = request.body.reduce(0) { $0 + Int($1) }
                return ServerReply(status: 202, text: "\(request.body.count) \(sum)\n")
            }
            started = try CatalogServer(configuration: configuration, logger: Logger(label: "test")).start()
        }

        deinit { try? started.stop() }

        func connect() async throws -> LoopbackSocket { try await LoopbackSocket.connect(port: started.port) }
    }

    static func post(_ body: [UInt8], extra: String = "") -> String {
        "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(extra)\r\n"
    }

    static let body = (0..<1_000).map { UInt8(33 + $0 % 90) }
    static var echo: String { "1000 \(body.reduce(0) { $0 + Int($1) })\n" }

    @Test func aBodySplitAcrossManySmallWritesArrivesWhole() async throws {
        let server = try await EchoServer.start()
        let connection = try await server.connect()
        try await connection.send(Self.post(Self.body))
        // The pieces go out from one thread of their own, 0.3 ms apart, as a slow client sends them.
        try await offThePool {
            var offset = 0
            while offset < Self.body.count {
                let end = min(Self.body.count, offset + 1 + offset % 7)
                try connection.sendWaiting(Array(Self.body[offset..<end]))
                offset = end
                usleep(300)
            }
        }
        let response = try await connection.response()
        #expect(response.status == 202)
        #expect(response.text == Self.echo)
        #expect(response["connection"] == nil)
        // The connection stays open for the next request.
        try await connection.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        await #expect(try connection.response().text == "ok\n")
        #expect(server.calls.count == 1)
    }

    @Test func pipelinedPostThenGetAreAnsweredInOrder() async throws {
        let server = try await EchoServer.start()
        let connection = try await server.connect()
        try await connection.send(
            Array((Self.post(Self.body)).utf8) + Self.body + Array("GET /sandbox/products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
                + Array(Self.post([1, 2, 3]).utf8) + [1, 2, 3] + Array("HEAD /livez HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let first = try await connection.response()
        #expect(first.status == 202 && first.text == Self.echo)
        let list = try await connection.response()
        #expect(list.status == 200 && list["content-type"] == "application/json; charset=utf-8" && list.text.hasPrefix("["))
        let second = try await connection.response()
        #expect(second.status == 202 && second.text == "3 6\n")
        let probe = try await connection.response(isHead: true)
        #expect(probe.status == 200 && probe["content-length"] == "3")
        #expect(server.calls.count == 2)
    }

    @Test func aBodyPastTheBoundIs413AndIsNeverRead() async throws {
        // A server that waited for the body would answer at its 60-s timeout: well past the 30 s
        // allowed below, which a busy machine's run needs (1.75 s was seen against 1.5).
        let server = try await EchoServer.start(bound: 100, headerTimeout: 60)
        for expect in ["", "Expect: 100-continue\r\n"] {
            let connection = try await server.connect()
            // Ten megabytes announced, a little sent: answered at once, without waiting for the rest.
            try await connection.send(
                "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\(expect)\r\n{\"a\":"
            )
            let started = Date()
            let response = try await connection.response()
            #expect(response.status == 413)
            #expect(response["content-type"] == "application/problem+json")
            #expect(
                response.text
                    == #"{"type":"https://iapcat.dev/problems/content-too-large","title":"The report is too large","status":413,"#
                    + #""detail":"A report may be at most 100 bytes as sent."}"#)
            #expect(response["connection"] == "close")
            await #expect(connection.isClosedByServer())
            #expect(Date().timeIntervalSince(started) < 30)
        }
        // 101 bytes: one too many.
        let connection = try await server.connect()
        try await connection.send(Array(Self.post(Array(repeating: 32, count: 101)).utf8))
        await #expect(try connection.response().status == 413)
        #expect(server.calls.count == 0)
        let metrics = try await server.connect()
        try await metrics.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        await #expect(try metrics.response().text.contains("iapcat_http_requests_total{status=\"413\"} 3\n"))
    }

    @Test func aChunkedBodyIs411AndTheConnectionCloses() async throws {
        let server = try await EchoServer.start()
        let connection = try await server.connect()
        try await connection.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        )
        let response = try await connection.response()
        #expect(response.status == 411)
        #expect(response["content-type"] == "application/problem+json")
        #expect(response.text.hasPrefix(#"{"type":"https://iapcat.dev/problems/length-required","#))
        #expect(response["connection"] == "close")
        await #expect(connection.isClosedByServer())
        #expect(server.calls.count == 0)
    }

    @Test func expectContinueGets100OnlyWhenTheBodyWillBeRead() async throws {
        let server = try await EchoServer.start()
        let connection = try await server.connect()
        try await connection.send(Self.post(Self.body, extra: "Expect: 100-continue\r\n"))
        let interim = try await connection.response()
        #expect(interim.status == 100 && interim.headers.isEmpty && interim.wireLength == 25)
        try await connection.send(Self.body)
        await #expect(try connection.response().text == Self.echo)
        // A request refused before its body gets the final status and no 100.
        try await connection.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let refused = try await connection.response()
        #expect(refused.status == 415)
        #expect(refused["connection"] == "close")
        await #expect(connection.isClosedByServer())
    }

    @Test func aBodyThatDoesNotArriveInTimeClosesTheConnection() async throws {
        let server = try await EchoServer.start(headerTimeout: 1)
        // Timed from before the connection opens, so the deadline (1 s after it opens) is a lower
        // bound however late this test's threads run; closed at it, not never.
        let started = Date()
        let connection = try await server.connect()
        try await connection.send(Array(Self.post(Self.body).utf8) + Self.body.prefix(10))
        await #expect(connection.isClosedByServer())
        let waited = Date().timeIntervalSince(started)
        #expect(waited > 1 && waited < 10, "closed after \(waited) s")
        #expect(server.calls.count == 0)
    }

    @Test func aBodyOnARouteThatTakesNoneIsNotReadAndTheConnectionCloses() async throws {
        let server = try await EchoServer.start()
        let connection = try await server.connect()
        try await connection.send("GET /livez HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\nGET /livez HTTP/1.1\r\n")
        let response = try await connection.response()
        #expect(response.status == 200 && response["connection"] == "close")
        await #expect(connection.isClosedByServer())
    }

    @Test func pastTheRateLimitIs429WithRetryAfterAndEveryRefusalIsCounted() async throws {
        let server = try await EchoServer.start(perMinute: 1, burst: 2)
        let connection = try await server.connect()
        // The three exchanges in a row on one thread: the refill is a minute from the first, so the
        // third is told to come back in 60 s.
        let (statuses, limited) = try await offThePool {
            var statuses: [Int] = []
            for _ in 0..<2 {
                try connection.sendWaiting(Array(Self.post([1]).utf8) + [1])
                statuses.append(try connection.responseWaiting().status)
            }
            try connection.sendWaiting(Array(Self.post([1]).utf8) + [1])
            return (statuses, try connection.responseWaiting())
        }
        #expect(statuses == [202, 202])
        #expect(limited.status == 429)
        #expect(limited["retry-after"] == "60")
        // The body was not read: the connection closes.
        #expect(limited["connection"] == "close")
        await #expect(connection.isClosedByServer())
        // Without a body the connection stays open.
        let empty = try await server.connect()
        try await empty.send("POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n")
        await #expect(try empty.response().status == 429)
        try await empty.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: 0\r\n\r\n")
        let unsupported = try await empty.response()
        #expect(unsupported.status == 415 && unsupported["accept-encoding"] == "gzip" && unsupported["connection"] == nil)
        try await empty.send("GET /v1/reports HTTP/1.1\r\nHost: x\r\n\r\nGET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        let notAllowed = try await empty.response()
        #expect(notAllowed.status == 405 && notAllowed["allow"] == "POST")
        let metrics = try await empty.response().text
        for (status, count) in [(202, 2), (405, 1), (411, 0), (413, 0), (415, 1), (429, 2)] {
            #expect(metrics.contains("iapcat_http_requests_total{status=\"\(status)\"} \(count)\n"), "\(status)")
        }
        #expect(server.calls.count == 2)
    }
}
