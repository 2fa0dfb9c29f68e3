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

    /// The text of a field of a head parsed from `text` (nil when absent).
    func field(_ range: Range<Int>?, of text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { bytes in RequestHead.field(range, in: bytes).map { String(decoding: $0, as: UTF8.self) } }
    }

    struct ParseFailure: Error { var text: String }

    @Test func aTypicalRequest() throws {
        let text =
            "GET /products_v2.json?build=42 HTTP/1.1\r\nHost: api\r\nACCEPT-encoding:  gzip, br \r\nIf-None-Match: \"abc\"\r\n"
            + "if-modified-since: Sun, 06 Nov 1994 08:49:37 GMT\r\nIf-Match:\t\"x\"\t\r\nIf-Unmodified-Since: 1\r\n\r\n"
        let request = try head(text)
        #expect(request.method == .get)
        #expect(field(request.path, of: text) == "/products_v2.json")
        #expect(field(request.query, of: text) == "build=42")
        #expect(request.isHTTP11 && request.keepAlive && !request.hasBody)
        #expect(field(request.acceptEncoding, of: text) == "gzip, br")
        #expect(field(request.ifNoneMatch, of: text) == "\"abc\"")
        #expect(field(request.ifModifiedSince, of: text) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(field(request.ifMatch, of: text) == "\"x\"")
        #expect(field(request.ifUnmodifiedSince, of: text) == "1")
        let bare = try head("GET / HTTP/1.1\r\nHost: a\r\nAccept-Encoding:\r\n\r\n")
        #expect(field(bare.acceptEncoding, of: "GET / HTTP/1.1\r\nHost: a\r\nAccept-Encoding:\r\n\r\n") == "")
        #expect(field(try head("GET /a?b?c HTTP/1.1\r\nHost: a\r\n\r\n").query, of: "GET /a?b?c HTTP/1.1\r\nHost: a\r\n\r\n") == "b?c")
        #expect(field(try head("GET /a? HTTP/1.1\r\nHost: a\r\n\r\n").query, of: "GET /a? HTTP/1.1\r\nHost: a\r\n\r\n") == "")
        #expect(
            bare.query == nil && bare.ifNoneMatch == nil && bare.ifModifiedSince == nil && bare.ifMatch == nil
                && bare.ifUnmodifiedSince == nil)
    }

    @Test func methodsVersionsAndConnections() throws {
        #expect(try head("HEAD / HTTP/1.1\r\nHost: a\r\n\r\n").method == .head)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\n\r\n").method == .post)
        #expect(try head("PUT / HTTP/1.1\r\nHost: a\r\n\r\n").method == .other)
        #expect(try head("get / HTTP/1.1\r\nHost: a\r\n\r\n").method == .other)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.0\r\nConnection: foo,\t KEEP-ALIVE ,bar\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Close\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\nConnection: closed, upgrade\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.0\r\nConnection: keep-alive2\r\n\r\n").keepAlive)
        // Not ASCII: read as text, with Unicode's case folding (the Kelvin sign folds to "k").
        #expect(try head("GET / HTTP/1.0\r\nConnection: \u{212A}eep-alive\r\n\r\n").keepAlive)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nConnection: \u{E9}, close\r\n\r\n").keepAlive)
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n").hasBody)
        #expect(try !head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n").hasBody)
        #expect(try head("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n").hasBody)
    }

    @Test func theFieldsABodyRouteReads() throws {
        let text =
            "POST /v1/reports HTTP/1.1\r\nHost: a\r\nContent-Type: application/json; charset=utf-8\r\nContent-Encoding:  gzip \r\n"
            + "Authorization: Bearer abc\r\nContent-Length: 0042\r\nExpect: 100-Continue\r\n\r\n"
        let request = try head(text)
        #expect(request.method == .post && request.contentLength == 42 && request.hasBody && !request.hasTransferEncoding)
        #expect(request.expectsContinue)
        #expect(field(request.contentType, of: text) == "application/json; charset=utf-8")
        #expect(field(request.contentEncoding, of: text) == "gzip")
        #expect(field(request.authorization, of: text) == "Bearer abc")
        let bare = try head("POST / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(bare.contentLength == nil && !bare.hasBody && !bare.expectsContinue)
        #expect(bare.contentType == nil && bare.contentEncoding == nil && bare.authorization == nil)
        // The same length twice is one length; a length too large for Int reads as Int.max.
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\ncontent-length: 005\r\n\r\n").contentLength == 5)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999999\r\n\r\n").contentLength == Int.max)
        #expect(try head("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n").hasTransferEncoding)
        // Only 100-continue is an expectation the server knows, and HTTP/1.0 has none (RFC 9110 §10.1.1).
        #expect(try !head("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue-please\r\n\r\n").expectsContinue)
        #expect(try !head("POST / HTTP/1.0\r\nExpect: 100-continue\r\n\r\n").expectsContinue)
    }

    @Test(arguments: [
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n",
    ])
    func lengthsThatFrameABodyTwoWaysAreBadRequests(text: String) {
        #expect(parse(text) == .invalid(status: 400))
    }

    @Test func pipelinedRequestsAreParsedOneAtATime() {
        let text = "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        guard case .request(let first, let consumed) = parse(text) else { Issue.record("not parsed"); return }
        #expect(first.path == 4..<6)
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

    @Test func tokenBytesAreExactlyTheTchars() {
        let tchars = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(RequestHead.isTokenByte(byte) == tchars.contains(byte), "\(byte)")
        }
    }

    @Test func theHeadEndsAtTheFirstBlankLine() {
        // Line feeds that do not end a CRLF CRLF are passed over; a head is complete only with one.
        for incomplete in ["\n", "\r\n\r", "GET / HTTP/1.1\r\nHost: a\r\n\r", "GET / HTTP/1.1\r\nHost: a\n\r\n", "\n\n\r\n\n"] {
            #expect(parse(incomplete) == .incomplete, "\(incomplete.debugDescription)")
        }
        let text = "GET / HTTP/1.1\r\nHost: a\r\n\r\n\r\n\r\n"
        guard case .request(_, let consumed) = parse(text) else { Issue.record("not parsed"); return }
        #expect(consumed == text.utf8.count - 4)
        #expect(parse("\r\n\r\n") == .invalid(status: 400))
    }
}
