import Testing

@testable import IAPCatalogServer

@Suite struct ConditionalRequestTests {
    static let etag = EntityTag("abc")
    static let lastModified: Int64 = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

    func outcome(_ request: ConditionalRequest) -> ConditionalRequest.Outcome {
        request.evaluate(etag: Self.etag, lastModified: Self.lastModified)
    }

    @Test func entityTagListsParse() {
        #expect(EntityTagCondition.parse("*") == .any)
        #expect(EntityTagCondition.parse(#""a", W/"b" ,"c""#) == .tags([EntityTag("a"), EntityTag("b", weak: true), EntityTag("c")]))
        #expect(EntityTagCondition.parse(#"W/"""#) == .tags([EntityTag("", weak: true)]))
        for malformed in ["", "abc", #""a" "b""#, #""a"#, "*, \"a\"", #""a b""#] {
            #expect(EntityTagCondition.parse(malformed) == nil, "\(malformed)")
        }
    }

    @Test func ifNoneMatchComparesWeakly() {
        #expect(outcome(.init(ifNoneMatch: #""abc""#)) == .notModified)
        #expect(outcome(.init(ifNoneMatch: #"W/"abc""#)) == .notModified)
        #expect(outcome(.init(ifNoneMatch: #""x", "abc""#)) == .notModified)
        #expect(outcome(.init(ifNoneMatch: "*")) == .notModified)
        #expect(outcome(.init(ifNoneMatch: #""other""#)) == .proceed)
    }

    @Test func ifNoneMatchTakesPrecedenceOverIfModifiedSince() {
        let later = "Mon, 07 Nov 1994 08:49:37 GMT"
        #expect(outcome(.init(ifModifiedSince: later)) == .notModified)
        #expect(outcome(.init(ifNoneMatch: #""other""#, ifModifiedSince: later)) == .proceed)
        #expect(outcome(.init(ifNoneMatch: "garbage", ifModifiedSince: later)) == .proceed)
    }

    @Test func ifModifiedSinceMeansNotModifiedSinceThatTime() {
        #expect(outcome(.init(ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT")) == .notModified)
        #expect(outcome(.init(ifModifiedSince: "Sunday, 06-Nov-94 08:49:37 GMT")) == .notModified)
        #expect(outcome(.init(ifModifiedSince: "Sun Nov  6 08:49:37 1994")) == .notModified)
        #expect(outcome(.init(ifModifiedSince: "Sun, 06 Nov 1994 08:49:38 GMT")) == .notModified)
        #expect(outcome(.init(ifModifiedSince: "Sun, 06 Nov 1994 08:49:36 GMT")) == .proceed)
        for garbage in ["yesterday", "", "Sun, 99 Foo"] {
            #expect(outcome(.init(ifModifiedSince: garbage)) == .proceed)
        }
    }

    @Test func ifMatchAndIfUnmodifiedSinceComeFirst() {
        #expect(outcome(.init(ifMatch: #""abc""#)) == .proceed)
        #expect(outcome(.init(ifMatch: #"W/"abc""#)) == .preconditionFailed)
        #expect(outcome(.init(ifMatch: #""other""#, ifNoneMatch: "*")) == .preconditionFailed)
        #expect(outcome(.init(ifMatch: "*", ifNoneMatch: #""abc""#)) == .notModified)
        #expect(outcome(.init(ifUnmodifiedSince: "Sat, 05 Nov 1994 08:49:37 GMT")) == .preconditionFailed)
        #expect(outcome(.init(ifUnmodifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT")) == .proceed)
        #expect(outcome(.init(ifMatch: #""abc""#, ifUnmodifiedSince: "Sat, 05 Nov 1994 08:49:37 GMT")) == .proceed)
    }

    @Test func acceptEncodingNegotiatesGzip() {
        #expect(AcceptEncoding.acceptsGzip("gzip"))
        #expect(AcceptEncoding.acceptsGzip("br, gzip"))
        #expect(AcceptEncoding.acceptsGzip("deflate, gzip;q=0.5"))
        #expect(AcceptEncoding.acceptsGzip("*"))
        #expect(AcceptEncoding.acceptsGzip("X-GZIP"))
        #expect(!AcceptEncoding.acceptsGzip(nil))
        #expect(!AcceptEncoding.acceptsGzip("identity"))
        #expect(!AcceptEncoding.acceptsGzip("gzip;q=0"))
        #expect(!AcceptEncoding.acceptsGzip("*, gzip;q=0"))
        #expect(!AcceptEncoding.acceptsGzip("br"))
    }

    @Test func gzipIsDeterministicAndDecompresses() throws {
        let input = Array(String(repeating: "com.example.product\n", count: 100).utf8)
        let first = Gzip.compress(input), second = Gzip.compress(input)
        #expect(first == second)
        #expect(Array(first.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 3])
        #expect(first.count < input.count / 10)
    }

    @Test func theExactMatchFastPathAgreesWithFullEvaluation() {
        let lastModifiedText = HTTPDate.format(Self.lastModified)
        let requests: [ConditionalRequest] = [
            .init(ifNoneMatch: #""abc""#), .init(ifNoneMatch: #""zzz""#), .init(ifModifiedSince: lastModifiedText),
            .init(ifModifiedSince: "Sun, 06 Nov 1994 08:49:36 GMT"), .init(ifMatch: #""zzz""#, ifNoneMatch: #""abc""#),
            .init(ifUnmodifiedSince: "Sat, 05 Nov 1994 08:49:37 GMT", ifModifiedSince: lastModifiedText),
            .init(ifNoneMatch: #""zzz""#, ifModifiedSince: lastModifiedText),
        ]
        for request in requests {
            let fast = request.evaluate(
                etag: Self.etag, etagText: #""abc""#, lastModified: Self.lastModified, lastModifiedText: lastModifiedText)
            #expect(fast == outcome(request), "\(request)")
        }
    }
}
