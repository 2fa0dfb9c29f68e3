import Foundation
import IAPCatTestSupport
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import IAPCatalogServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``HTTPConnection`` in process: the handler on an `EmbeddedChannel`, fed bytes and read back
/// byte for byte, its event loop's clock advanced by hand. No socket, no sleep.
@Suite struct HTTPConnectionTests {
    // MARK: The lists

    @Test func aListIsServedWithEveryHeaderInTheEndToEndOrderAndHeadHasNoBody() throws {
        let client = try Client()
        let artifact = try Self.artifact("/products_v1.json")
        let body = try String(contentsOfFile: packageRoot + "/catalogs/example/products_v1.json", encoding: .utf8)
        let head =
            "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nETag: \(artifact.identity.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n"
            + "Cache-Control: no-cache\r\nVary: Accept-Encoding\r\n\r\n"
        // The validators as the e2e test sees them: a strong tag of the body's MD5, an HTTP date.
        #expect("\(artifact.identity.etag)".wholeMatch(of: try Regex(#""[0-9a-f]{32}""#)) != nil)
        #expect("\(artifact.gzip.etag)".wholeMatch(of: try Regex(#""[0-9a-f]{32}-gzip""#)) != nil)
        #expect(artifact.lastModifiedText == HTTPDate.format(artifact.lastModified))

        try client.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n")
        let get = try client.received()
        #expect(get == head + body)
        #expect(Self.headerNames(get) == Self.artifactHeaders)
        // HEAD: the same head, byte for byte, and nothing after it.
        try client.send("HEAD /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.received() == head)
        // gzip: its own length, coding and tag, the coding right after the length.
        try client.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br, gzip\r\n\r\n")
        let gzip = try client.receivedBytes()
        let gzipHead =
            "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(artifact.gzip.body.count)\r\nContent-Encoding: gzip\r\nETag: \(artifact.gzip.etag)\r\n"
            + "Last-Modified: \(artifact.lastModifiedText)\r\nCache-Control: no-cache\r\nVary: Accept-Encoding\r\n\r\n"
        #expect(gzip == Array(gzipHead.utf8) + artifact.gzip.body)
        // Keep-alive throughout: open, nothing more written.
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func theValidatorsGet304WithTheValidatorsAndNoBody() throws {
        let client = try Client()
        let artifact = try Self.artifact("/sandbox/products_v2.json")
        let etag = "\(artifact.identity.etag)"
        let notModified =
            "HTTP/1.1 304 Not Modified\r\nDate: <date>\r\nETag: \(etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n"
            + "Cache-Control: no-cache\r\nVary: Accept-Encoding\r\n\r\n"
        let get = "GET /sandbox/products_v2.json HTTP/1.1\r\nHost: x\r\n"
        for condition in [
            "If-None-Match: \(etag)", "If-None-Match: \"a\", W/\(etag)", "If-None-Match: *",
            "If-Modified-Since: \(artifact.lastModifiedText)",
            "If-Modified-Since: \(HTTPDate.format(artifact.lastModified + 3_600))",
        ] {
            try client.send(get + condition + "\r\n\r\n")
            let response = try client.received()
            #expect(response == notModified, "\(condition)")
            #expect(Self.headerNames(response) == ["date", "etag", "last-modified", "cache-control", "vary"])
        }
        // Modified since, or another tag (which outranks If-Modified-Since): the whole list.
        for condition in [
            "If-Modified-Since: \(HTTPDate.format(artifact.lastModified - 1))",
            "If-None-Match: \"other\"\r\nIf-Modified-Since: \(artifact.lastModifiedText)",
        ] {
            try client.send(get + condition + "\r\n\r\n")
            #expect(try client.receivedBytes() == Array(try Self.listHead(artifact).utf8) + artifact.identity.body, "\(condition)")
        }
        // If-Match with another tag: 412, the validators and no body; the connection stays open.
        try client.send(get + "If-Match: \"other\"\r\n\r\n")
        #expect(
            try client.received()
                == "HTTP/1.1 412 Precondition Failed\r\nDate: <date>\r\nContent-Length: 0\r\nETag: \(etag)\r\n"
                + "Last-Modified: \(artifact.lastModifiedText)\r\n\r\n")
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func aLargeBodyIsAFileRegionAfterItsHeadHoldingTheListsBytes() throws {
        let catalog = try TemporaryCatalog(products: 350)
        let store = catalog.store()
        let artifact = try #require(store.artifacts?.artifacts.values.max { $0.identity.body.count < $1.identity.body.count })
        try #require(artifact.identity.body.count > PreparedResponses.inlineBodyLimit)
        let client = try Client(store: store)
        for round in 0..<2 {
            try client.send("GET \(artifact.path) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.wire.kinds == ["buffer", "file"], "round \(round)")
            client.wire.kinds = []
            #expect(
                try client.receivedBytes()
                    == Array(
                        ("HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Type: \(artifact.contentType)\r\n"
                            + "Content-Length: \(artifact.identity.body.count)\r\nETag: \(artifact.identity.etag)\r\n"
                            + "Last-Modified: \(artifact.lastModifiedText)\r\nCache-Control: no-cache\r\nVary: Accept-Encoding\r\n\r\n")
                            .utf8)
                    + artifact.identity.body, "round \(round)")
        }
        #if os(Linux)
            // The socket is corked while the file goes out after its head, and uncorked once it is sent.
            #expect(client.wire.corkedAtFileWrite == [1, 1])
            #expect(client.cork == 0)
        #endif
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    // MARK: Pipelining

    @Test func pipelinedRequestsInOneReadAreAnsweredInOrderWholeInOneFlush() throws {
        let client = try Client()
        let artifact = try Self.artifact("/products_v1.json")
        try client.send(
            "GET /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\nHEAD /livez HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.wire.writes == 3)
        #expect(client.wire.flushes == 1)
        #expect(
            try client.receivedBytes()
                == Array(try Self.listHead(artifact).utf8) + artifact.identity.body + Array((Self.livezHead + Self.notFound).utf8))
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func aRequestSplitAcrossReadsIsAnsweredOnlyOnceWhole() throws {
        let client = try Client()
        let request = "GET /livez HTTP/1.1\r\nHost: x\r\n\r\n"
        // One whole request and the start of the next: only the first is answered.
        try client.send(request + "GET /livez HTTP/1.1\r\nHo")
        #expect(try client.received() == Self.livez)
        for piece in ["st: x\r", "\n", "\r"] {
            try client.send(piece)
            #expect(try client.received() == "", "after \(piece.debugDescription)")
        }
        try client.send("\n" + request)
        #expect(try client.received() == Self.livez + Self.livez)
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func requestsPipelinedAfterConnectionCloseAreNotProcessed() throws {
        let client = try Client()
        try client.send(
            "GET /livez HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        let output = try client.received()
        #expect(output.hasPrefix(Self.livezClosing))
        #expect(!client.isOpen)
        // RFC 9112 §9.6: a server that sent close processes no further request — no 404 after it,
        // and the report handler is never called with the pipelined body.
        #expect(output == Self.livezClosing)
        #expect(client.calls.count == 0)
        _ = try client.finish()
    }

    // MARK: Closing

    @Test func connectionCloseAndHTTP10CloseAfterTheResponse() throws {
        let artifact = try Self.artifact("/products_v1.json")
        for request in [
            "GET /products_v1.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "GET /products_v1.json HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, Close\r\n\r\n",
            "GET /products_v1.json HTTP/1.0\r\n\r\n",
        ] {
            let client = try Client()
            try client.send(request)
            let response = try client.receivedBytes()
            // The e2e order, with Connection: close last.
            #expect(response == Array(try Self.listHead(artifact, close: true).utf8) + artifact.identity.body, "\(request)")
            #expect(Self.headerNames(String(decoding: response, as: UTF8.self)) == Self.artifactHeaders + ["connection"])
            #expect(!client.isOpen, "\(request)")
            #expect(try client.finish(), "\(request)")
        }
        // HTTP/1.0 that asks to be kept alive is.
        let client = try Client()
        try client.send("GET /livez HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try client.received() == Self.livez)
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func malformedRequestsGet400AndTheConnectionCloses() throws {
        let badRequest =
            "HTTP/1.1 400 Bad Request\r\nDate: <date>\r\nContent-Length: 12\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Connection: close\r\n\r\nBad Request\n"
        for request in [
            "GET /livez HTTP/2.0\r\nHost: x\r\n\r\n",  // not HTTP/1.x
            "GET  /livez HTTP/1.1\r\nHost: x\r\n\r\n",  // two spaces
            "GET /livez\r\nHost: x\r\n\r\n",  // no version
            "HELLO\r\n\r\n",
            "GET /livez HTTP/1.1\r\n\r\n",  // HTTP/1.1 without Host
            "GET /livez HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
            "GET /livez HTTP/1.1\r\nHost: x\r\nNo colon\r\n\r\n",
            "GET /livez HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
            "GET /livez HTTP/1.1\nHost: x\r\n\r\n",  // bare LF
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        ] {
            let client = try Client()
            // A valid request pipelined after the bad one is not answered.
            try client.send(request + "GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.received() == badRequest, "\(request.debugDescription)")
            #expect(!client.isOpen, "\(request.debugDescription)")
            // Anything sent after is ignored.
            try client.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.received() == "", "\(request.debugDescription)")
            #expect(try client.finish(), "\(request.debugDescription)")
        }
    }

    @Test func aHeadLongerThanTheLimitGets431AndOneAtTheLimitIsServed() throws {
        let limit = HTTPConnection.maximumHeadBytes
        let tooLarge =
            "HTTP/1.1 431 Request Header Fields Too Large\r\nDate: <date>\r\nContent-Length: 32\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\nRequest Header Fields Too Large\n"
        func head(bytes: Int) -> String {
            let start = "GET /livez HTTP/1.1\r\nHost: x\r\nX-Pad: "
            return start + String(repeating: "a", count: bytes - start.utf8.count - 4) + "\r\n\r\n"
        }
        // Exactly the limit, blank line included: served.
        let atLimit = try Client()
        try atLimit.send(head(bytes: limit))
        #expect(try atLimit.received() == Self.livez)
        #expect(atLimit.isOpen)
        #expect(try atLimit.finish())
        // One byte more: 431, and closed.
        let over = try Client()
        try over.send(head(bytes: limit + 1))
        #expect(try over.received() == tooLarge)
        #expect(!over.isOpen)
        #expect(try over.finish())
        // A head that has not ended: waited for up to the limit, refused on the byte past it.
        let unended = try Client()
        try unended.send("GET /livez HTTP/1.1\r\nHost: x\r\nX-Pad: ")
        try unended.send(String(repeating: "a", count: limit - 37))
        #expect(try unended.received() == "")
        #expect(unended.isOpen)
        try unended.send("a")
        #expect(try unended.received() == tooLarge)
        #expect(!unended.isOpen)
        #expect(try unended.finish())
    }

    // MARK: Deadlines

    @Test func aHeadDribbledInIsClosedAtTheHeaderDeadlineWithNothingWritten() throws {
        // Checked every quarter of the shorter timeout: at 0.5 s, 1 s, 1.5 s, ...
        let client = try Client(headerTimeout: .seconds(2), idleTimeout: .seconds(60))
        for piece in ["GET /products_v1.json HTTP/1.1\r\n", "Host: x\r\n", "X-Slow: a", "a"] {
            try client.send(piece)
            client.advance(by: .milliseconds(500))
        }
        // 2 s since it opened: at the deadline, not past it.
        #expect(client.isOpen)
        client.advance(by: .milliseconds(499))
        #expect(client.isOpen)
        // The first check past the deadline closes it, without a response (no 408).
        client.advance(by: .milliseconds(1))
        #expect(!client.isOpen)
        #expect(try client.received() == "")
        _ = try client.finish(acceptAlreadyClosed: true)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleTimeoutNotBefore() throws {
        // Checked every second (a quarter of 4 s).
        let client = try Client(headerTimeout: .seconds(60), idleTimeout: .seconds(4))
        client.advance(by: .seconds(2))
        try client.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.received() == Self.livez)
        // Counted from the last read (at 2 s), not from when the connection opened.
        client.advance(by: .seconds(3))
        #expect(client.isOpen)
        client.advance(by: .milliseconds(999))
        #expect(client.isOpen)
        client.advance(by: .milliseconds(1))
        #expect(!client.isOpen)
        #expect(try client.received() == "")
        _ = try client.finish(acceptAlreadyClosed: true)
    }

    @Test func theDeadlineCheckRunsOnTheConnectionsLoopAndClosesWithoutAResponse() throws {
        // An idle timeout of zero is past at every check, whatever the wall clock says: what is
        // shown is when the check runs (never more often than every 100 ms) and what it does.
        let client = try Client(headerTimeout: .seconds(60), idleTimeout: .zero)
        try client.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\nGET /livez HTTP/1.1\r\n")
        #expect(try client.received() == Self.livez)
        client.advance(by: .milliseconds(99))
        #expect(client.isOpen)
        client.advance(by: .milliseconds(1))
        #expect(!client.isOpen)
        #expect(try client.received() == "")
        #expect(try client.finish(acceptAlreadyClosed: true))
    }

    // MARK: Back-pressure

    @Test func noRequestIsAnsweredWhileTheChannelIsNotWritable() throws {
        let client = try Client()
        client.channel.isWritable = false
        try client.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.wire.writes == 0)
        #expect(try client.received() == "")
        #expect(client.autoRead == false)
        // Writable again: reading resumes and both are answered, in order, in one flush.
        client.channel.isWritable = true
        client.channel.pipeline.fireChannelWritabilityChanged()
        #expect(client.autoRead == true)
        #expect(client.wire.flushes == 1)
        #expect(try client.received() == Self.livez + Self.notFound)
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func answeringStopsWhenTheChannelBecomesUnwritableMidBatchAndResumesInOrder() throws {
        let client = try Client()
        // The first response fills the channel past its high watermark, as a client that does not
        // read would make a socket's.
        client.wire.unwritableAfterWrite = 1
        try client.send(
            "GET /livez HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\nHEAD /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        // What was answered goes out (so that the channel can drain); the rest waits, unread.
        #expect(client.wire.writes == 1)
        #expect(client.wire.flushes == 1)
        #expect(try client.received() == Self.livez)
        #expect(client.autoRead == false)
        // More bytes read while paused are not answered either.
        try client.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.received() == "")
        // Drained: the rest, in order.
        client.channel.isWritable = true
        client.channel.pipeline.fireChannelWritabilityChanged()
        #expect(client.autoRead == true)
        #expect(client.wire.writes == 4)
        #expect(client.wire.flushes == 2)
        #expect(try client.received() == Self.notFound + Self.livezHead + Self.livez)
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    // MARK: Bodies and shutdown

    @Test func aBodyIsReadWholeAcrossReadsAndExpectContinueGets100First() throws {
        let client = try Client()
        let body = Array("{\"a\":[1,2,3]}".utf8)
        try client.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
                + "Expect: 100-continue\r\n\r\n{\"a\"")
        #expect(try client.received() == "HTTP/1.1 100 Continue\r\n\r\n")
        try client.send(Array(body[4...]) + Array("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        // The handler saw the 13 bytes, whose sum is 893; then the next request is answered.
        #expect(body.reduce(0) { $0 + Int($1) } == 893)
        let output = try client.received()
        #expect(
            output
                == "HTTP/1.1 202 Accepted\r\nDate: <date>\r\nContent-Length: 7\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                + "13 893\n" + Self.livez)
        #expect(client.calls.count == 1)
        #expect(client.isOpen)
        #expect(try client.finish())
    }

    @Test func aBodyOnARouteThatTakesNoneIsNotReadAndTheConnectionCloses() throws {
        let client = try Client()
        try client.send("GET /livez HTTP/1.1\r\nHost: x\r\nContent-Length: 33\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.received() == Self.livezClosing)
        #expect(!client.isOpen)
        #expect(try client.finish())
    }

    @Test func quiescingClosesAnIdleConnectionAndLetsARequestInFlightFinish() throws {
        let idle = try Client()
        try idle.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.received() == Self.livez)
        idle.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(try idle.received() == "")
        #expect(!idle.isOpen)
        #expect(try idle.finish())
        // Half a head has arrived: it is answered, with Connection: close, and then closed.
        let busy = try Client()
        try busy.send("GET /livez HTTP/1.1\r\nHo")
        busy.channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(busy.isOpen)
        try busy.send("st: x\r\n\r\n")
        #expect(try busy.received() == Self.livezClosing)
        #expect(!busy.isOpen)
        #expect(try busy.finish())
    }

    // MARK: Helpers

    /// The header names `getHeadAndTheValidatorsOfEveryList` (ServeCommandTests) expects, in order.
    static let artifactHeaders = ["date", "content-type", "content-length", "etag", "last-modified", "cache-control", "vary"]

    static let livezHead =
        "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Length: 3\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n\r\n"
    static let livez = livezHead + "ok\n"
    static let livezClosing =
        "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Length: 3\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n"
        + "Connection: close\r\n\r\nok\n"
    static let notFound =
        "HTTP/1.1 404 Not Found\r\nDate: <date>\r\nContent-Length: 10\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nnot found\n"

    /// The example catalog (catalogs/example.yaml), loaded once from a copy outside the repository:
    /// in it, Last-Modified would come from git, and this tier starts no process.
    static let example: CatalogStore = {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-connection-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for item in ["example.yaml", "example", "screenshots"] {
            try! FileManager.default.copyItem(atPath: packageRoot + "/catalogs/" + item, toPath: folder + "/" + item)
        }
        let store = CatalogStore(
            catalogPath: folder + "/example.yaml", logger: Logger(label: "test"), metrics: ServerMetrics(), settle: 0, pause: { _ in })
        store.reloadIfChanged()
        return store
    }()

    static func artifact(_ path: String) throws -> Artifact {
        try #require(example.artifacts?.artifacts[path])
    }

    /// The head of a 200 for `artifact` in identity.
    static func listHead(_ artifact: Artifact, close: Bool = false) throws -> String {
        "HTTP/1.1 200 OK\r\nDate: <date>\r\nContent-Type: \(artifact.contentType)\r\nContent-Length: \(artifact.identity.body.count)\r\n"
            + "ETag: \(artifact.identity.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\nCache-Control: no-cache\r\n"
            + "Vary: Accept-Encoding\r\n" + (close ? "Connection: close\r\n" : "") + "\r\n"
    }

    /// The header names of the first response in `text`, lower-cased, in order.
    static func headerNames(_ text: String) -> [String] {
        guard let end = text.range(of: "\r\n\r\n") else { return [] }
        return text[..<end.lowerBound].components(separatedBy: "\r\n").dropFirst().map {
            String($0.prefix { $0 != ":" }).lowercased()
        }
    }

    /// An `HTTPConnection` on an `EmbeddedChannel` as the server makes it: for the example catalog's
    /// lists and the server's routes, with `POST /v1/reports` answering with the body's length and
    /// byte sum, and `extraRoutes`; active, from 192.0.2.7.
    final class Client {
        let channel = EmbeddedChannel()
        let wire = Wire()
        /// The bodies `POST /v1/reports` was called with.
        let calls = Calls()
        /// The wall clock's second when the connection opened: no `Date` may be earlier.
        private let opened = time(nil)

        init(
            store: CatalogStore = HTTPConnectionTests.example, headerTimeout: TimeAmount = .seconds(10),
            idleTimeout: TimeAmount = .seconds(60), extraRoutes: [Route] = []
        )
            throws
        {
            var configuration = ServerConfiguration()
            configuration.extraRoutes = extraRoutes
            let calls = self.calls
            configuration.reportHandler = { request in
                calls.record(request.body)
                return ServerReply(status: 202, text: "\(request.body.count) \(request.body.reduce(0) { $0 + Int($1) })\n")
            }
            let router = Router(
                table: RouteTable(ServerRoutes.make(configuration: configuration, store: store)),
                prepared: PreparedResponses(cacheControl: configuration.cacheControl), store: store)
            wire.channel = channel
            try channel.pipeline.syncOperations.addHandlers([
                wire, HTTPConnection(router: router, headerTimeout: headerTimeout, idleTimeout: idleTimeout),
            ])
            try channel.connect(to: SocketAddress(ipAddress: "192.0.2.7", port: 40_000)).wait()
        }

        func send(_ text: String) throws { try send(Array(text.utf8)) }

        func send(_ bytes: [UInt8]) throws {
            try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
        }

        /// Everything flushed since the last call, as text, each `Date` value checked (a second
        /// since the connection opened) and replaced by `<date>`.
        func received(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            String(decoding: try receivedBytes(sourceLocation: sourceLocation), as: UTF8.self)
        }

        /// Everything flushed since the last call; a file region's bytes read from its file.
        /// `Date` values as in ``received()``.
        func receivedBytes(sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
            var bytes: [UInt8] = []
            while let data = try channel.readOutbound(as: IOData.self) {
                switch data {
                case .byteBuffer(let buffer): bytes += buffer.readableBytesView
                case .fileRegion(let region): bytes += try Self.read(region)
                }
            }
            return masked(bytes, sourceLocation: sourceLocation)
        }

        /// `bytes` with each `Date: ` value, if it is a second from `opened` to now, as `<date>`.
        private func masked(_ bytes: [UInt8], sourceLocation: SourceLocation) -> [UInt8] {
            // `time` reads the kernel's coarse clock, a few milliseconds behind the precise one the
            // server dates with: just past a second's turn, the server's second is one ahead.
            let seconds = Set((Int64(opened)...Int64(time(nil)) + 1).map { Array(HTTPDate.format($0).utf8) })
            let label = Array("\r\nDate: ".utf8)
            var result: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index...].starts(with: label), index + label.count + 29 <= bytes.count {
                    let value = Array(bytes[(index + label.count)..<(index + label.count + 29)])
                    if seconds.contains(value) {
                        result += label + Array("<date>".utf8)
                        index += label.count + 29
                        continue
                    }
                    Issue.record("Date: \(String(decoding: value, as: UTF8.self)) is not now", sourceLocation: sourceLocation)
                }
                result.append(bytes[index])
                index += 1
            }
            return result
        }

        private static func read(_ region: FileRegion) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: region.readableBytes)
            let read = try region.fileHandle.withUnsafeFileDescriptor { descriptor in
                bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(region.readerIndex)) }
            }
            #expect(read == bytes.count)
            return bytes
        }

        var isOpen: Bool { channel.isActive }

        func advance(by amount: TimeAmount) {
            channel.embeddedEventLoop.advanceTime(by: amount)
        }

        /// The last `autoRead` the handler set, if any.
        var autoRead: Bool? {
            channel.options.last { $0.option is ChannelOptions.Types.AutoReadOption }?.value as? Bool
        }

        /// The last value the handler gave a socket option (only `TCP_CORK` is set).
        var cork: ChannelOptions.Types.SocketOption.Value? {
            channel.options.last { $0.option is ChannelOptions.Types.SocketOption }?.value as? ChannelOptions.Types.SocketOption.Value
        }

        /// Closes the channel (unless closed already) and says whether nothing was left unread,
        /// unflushed or caught.
        func finish(acceptAlreadyClosed: Bool = true) throws -> Bool {
            try channel.finish(acceptAlreadyClosed: acceptAlreadyClosed).isClean
        }
    }

    /// How many times the report handler was called (it runs on the test's thread, but is `@Sendable`).
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0

        func record(_ body: [UInt8]) { lock.withLock { calls += 1 } }

        var count: Int { lock.withLock { calls } }
    }

    /// The end of the pipeline nearest the socket: counts writes and flushes, notes their kinds,
    /// and can make the channel unwritable after a write, as passing a socket's high watermark does.
    final class Wire: ChannelOutboundHandler {
        typealias OutboundIn = IOData
        typealias OutboundOut = IOData

        weak var channel: EmbeddedChannel?
        var writes = 0
        var flushes = 0
        var kinds: [String] = []
        /// The socket option's value (the cork) when each file region was written.
        var corkedAtFileWrite: [ChannelOptions.Types.SocketOption.Value?] = []
        var unwritableAfterWrite: Int?

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            writes += 1
            switch unwrapOutboundIn(data) {
            case .byteBuffer: kinds.append("buffer")
            case .fileRegion:
                kinds.append("file")
                corkedAtFileWrite.append(
                    channel?.options.last { $0.option is ChannelOptions.Types.SocketOption }?.value
                        as? ChannelOptions.Types.SocketOption.Value)
            }
            context.write(data, promise: promise)
            if writes == unwritableAfterWrite, let channel {
                channel.isWritable = false
                context.fireChannelWritabilityChanged()
            }
        }

        func flush(context: ChannelHandlerContext) {
            flushes += 1
            context.flush()
        }
    }
}
