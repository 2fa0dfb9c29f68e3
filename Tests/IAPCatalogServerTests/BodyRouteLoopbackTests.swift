import Foundation
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
    final class EchoServer {
        let catalog: TemporaryCatalog
        let started: CatalogServer.Started
        let calls = Calls()

        init(bound: Int = 4_096, perMinute: Int = 0, burst: Int = 1, headerTimeout: Int = 2) throws {
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

        func connect() throws -> LoopbackSocket { try LoopbackSocket(port: started.port) }
    }

    static func post(_ body: [UInt8], extra: String = "") -> String {
        "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(extra)\r\n"
    }

    static let body = (0..<1_000).map { UInt8(33 + $0 % 90) }
    static var echo: String { "1000 \(body.reduce(0) { $0 + Int($1) })\n" }

    @Test func aBodySplitAcrossManySmallWritesArrivesWhole() throws {
        let server = try EchoServer()
        let connection = try server.connect()
        try connection.send(Self.post(Self.body))
        var offset = 0
        while offset < Self.body.count {
            let end = min(Self.body.count, offset + 1 + offset % 7)
            try connection.send(Array(Self.body[offset..<end]))
            offset = end
            usleep(300)
        }
        let response = try connection.response()
        #expect(response.status == 202)
        #expect(response.text == Self.echo)
        #expect(response["connection"] == nil)
        // The connection stays open for the next request.
        try connection.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.response().text == "ok\n")
        #expect(server.calls.count == 1)
    }

    @Test func pipelinedPostThenGetAreAnsweredInOrder() throws {
        let server = try EchoServer()
        let connection = try server.connect()
        try connection.send(
            Array((Self.post(Self.body)).utf8) + Self.body + Array("GET /sandbox/products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
                + Array(Self.post([1, 2, 3]).utf8) + [1, 2, 3] + Array("HEAD /livez HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let first = try connection.response()
        #expect(first.status == 202 && first.text == Self.echo)
        let list = try connection.response()
        #expect(list.status == 200 && list["content-type"] == "application/json; charset=utf-8" && list.text.hasPrefix("["))
        let second = try connection.response()
        #expect(second.status == 202 && second.text == "3 6\n")
        let probe = try connection.response(isHead: true)
        #expect(probe.status == 200 && probe["content-length"] == "3")
        #expect(server.calls.count == 2)
    }

    @Test func aBodyPastTheBoundIs413AndIsNeverRead() throws {
        let server = try EchoServer(bound: 100)
        for expect in ["", "Expect: 100-continue\r\n"] {
            let connection = try server.connect()
            // Ten megabytes announced, a little sent: answered at once, without waiting for the rest.
            try connection.send(
                "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\(expect)\r\n{\"a\":"
            )
            let started = Date()
            let response = try connection.response()
            #expect(response.status == 413)
            #expect(response["content-type"] == "application/problem+json")
            #expect(
                response.text
                    == #"{"type":"https://iapcat.dev/problems/content-too-large","title":"The report is too large","status":413,"#
                    + #""detail":"A report may be at most 100 bytes as sent."}"#)
            #expect(response["connection"] == "close")
            #expect(connection.isClosedByServer())
            #expect(Date().timeIntervalSince(started) < 1.5)
        }
        // 101 bytes: one too many.
        let connection = try server.connect()
        try connection.send(Array(Self.post(Array(repeating: 32, count: 101)).utf8))
        #expect(try connection.response().status == 413)
        #expect(server.calls.count == 0)
        let metrics = try server.connect()
        try metrics.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try metrics.response().text.contains("iapcat_http_requests_total{status=\"413\"} 3\n"))
    }

    @Test func aChunkedBodyIs411AndTheConnectionCloses() throws {
        let server = try EchoServer()
        let connection = try server.connect()
        try connection.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        )
        let response = try connection.response()
        #expect(response.status == 411)
        #expect(response["content-type"] == "application/problem+json")
        #expect(response.text.hasPrefix(#"{"type":"https://iapcat.dev/problems/length-required","#))
        #expect(response["connection"] == "close")
        #expect(connection.isClosedByServer())
        #expect(server.calls.count == 0)
    }

    @Test func expectContinueGets100OnlyWhenTheBodyWillBeRead() throws {
        let server = try EchoServer()
        let connection = try server.connect()
        try connection.send(Self.post(Self.body, extra: "Expect: 100-continue\r\n"))
        let interim = try connection.response()
        #expect(interim.status == 100 && interim.headers.isEmpty && interim.wireLength == 25)
        try connection.send(Self.body)
        #expect(try connection.response().text == Self.echo)
        // A request refused before its body gets the final status and no 100.
        try connection.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let refused = try connection.response()
        #expect(refused.status == 415)
        #expect(refused["connection"] == "close")
        #expect(connection.isClosedByServer())
    }

    @Test func aBodyThatDoesNotArriveInTimeClosesTheConnection() throws {
        let server = try EchoServer(headerTimeout: 1)
        let connection = try server.connect()
        try connection.send(Array(Self.post(Self.body).utf8) + Self.body.prefix(10))
        let started = Date()
        #expect(connection.isClosedByServer())
        let waited = Date().timeIntervalSince(started)
        #expect(waited > 0.5 && waited < 3, "closed after \(waited) s")
        #expect(server.calls.count == 0)
    }

    @Test func aBodyOnARouteThatTakesNoneIsNotReadAndTheConnectionCloses() throws {
        let server = try EchoServer()
        let connection = try server.connect()
        try connection.send("GET /livez HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\nGET /livez HTTP/1.1\r\n")
        let response = try connection.response()
        #expect(response.status == 200 && response["connection"] == "close")
        #expect(connection.isClosedByServer())
    }

    @Test func pastTheRateLimitIs429WithRetryAfterAndEveryRefusalIsCounted() throws {
        let server = try EchoServer(perMinute: 1, burst: 2)
        let connection = try server.connect()
        for _ in 0..<2 {
            try connection.send(Array(Self.post([1]).utf8) + [1])
            #expect(try connection.response().status == 202)
        }
        try connection.send(Array(Self.post([1]).utf8) + [1])
        let limited = try connection.response()
        #expect(limited.status == 429)
        #expect(limited["retry-after"] == "60")
        // The body was not read: the connection closes.
        #expect(limited["connection"] == "close")
        #expect(connection.isClosedByServer())
        // Without a body the connection stays open.
        let empty = try server.connect()
        try empty.send("POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n")
        #expect(try empty.response().status == 429)
        try empty.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: 0\r\n\r\n")
        let unsupported = try empty.response()
        #expect(unsupported.status == 415 && unsupported["accept-encoding"] == "gzip" && unsupported["connection"] == nil)
        try empty.send("GET /v1/reports HTTP/1.1\r\nHost: x\r\n\r\nGET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        let notAllowed = try empty.response()
        #expect(notAllowed.status == 405 && notAllowed["allow"] == "POST")
        let metrics = try empty.response().text
        for (status, count) in [(202, 2), (405, 1), (411, 0), (413, 0), (415, 1), (429, 2)] {
            #expect(metrics.contains("iapcat_http_requests_total{status=\"\(status)\"} \(count)\n"), "\(status)")
        }
        #expect(server.calls.count == 2)
    }
}
