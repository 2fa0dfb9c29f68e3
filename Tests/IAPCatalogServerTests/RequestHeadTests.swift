import Testing

@testable import IAPCatalogServer

@Suite struct RequestHeadTests {
    func parse(_ text: String, limit: Int = 16 * 1024) -> RequestHead.ParseResult {
        Array(text.utf8).withUnsafeBytes { RequestHead.parse($0, maximumHeadBytes: limit) }
    }

    func head(_ text: String) throws -> RequestHead {
        guard case .request(let head, let consumed) = parse(text) else { throw ParseFailure(text: text) }
        #expect(consumed == text.utf8.count)
        return head
    }

    struct ParseFailure: Error { var text: String }

    @Test func aTypicalRequest() throws {
        let request = try head(
            "GET /products_v2.json?build=42 HTTP/1.1\r\nHost: api\r\nACCEPT-encoding:  gzip, br \r\nIf-None-Match: \"abc\"\r\n"
                + "if-modified-since: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n")
        #expect(request.method == .get)
        #expect(request.path == Array("/products_v2.json".utf8))
        #expect(request.isHTTP11 && request.keepAlive && !request.hasBody)
        #expect(request.acceptEncoding == "gzip, br")
        #expect(request.ifNoneMatch == "\"abc\"")
        #expect(request.ifModifiedSince == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func methodsVersionsAndConnections() throws {
        #expect(try head("HEAD / HTTP/1.1\r\nHost: a\r\n\r\n").method == .head)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\n\r\n").method == .other)
        #expect(try head("get / HTTP/1.1\r\nHost: a\r\n\r\n").method == .other)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n").hasBody)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").hasBody)
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n").hasBody)
    }

    @Test func pipelinedRequestsAreParsedOneAtATime() {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        guard case .request(let first, let consumed) = parse(text) else { Issue.record("not parsed"); return }
        #expect(first.path == Array("/a".utf8))
        #expect(consumed == 28)
    }

    @Test func incompleteHeadsWaitAndOversizedOnesAreRefused() {
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\n") == .incomplete)
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 100), limit: 64) == .invalid(status: 431))
        #expect(
            parse("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 100) + "\r\n\r\n", limit: 64) == .invalid(status: 431))
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", "GET /\u{1}x HTTP/1.1\r\nHost: a\r\n\r\n",
    ])
    func malformedHeadsAreBadRequests(text: String) {
        #expect(parse(text) == .invalid(status: 400))
    }
}
