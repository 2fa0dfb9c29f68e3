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

    /// The header values of `request` as bytes, for the evaluation that reads them in place.
    func evaluateInPlace(_ request: ConditionalRequest, _ representation: Representation, lastModified: Int64) -> ConditionalRequest.Outcome
    {
        func withBytes<R>(_ text: String?, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
            guard let text else { return body(nil) }
            return Array(text.utf8).withUnsafeBytes { body($0) }
        }
        return withBytes(request.ifMatch) { ifMatch in
            withBytes(request.ifUnmodifiedSince) { ifUnmodifiedSince in
                withBytes(request.ifNoneMatch) { ifNoneMatch in
                    withBytes(request.ifModifiedSince) { ifModifiedSince in
                        ConditionalRequest.evaluate(
                            ifMatch: ifMatch, ifUnmodifiedSince: ifUnmodifiedSince, ifNoneMatch: ifNoneMatch,
                            ifModifiedSince: ifModifiedSince,
                            etag: representation.etag, etagOpaque: representation.etagOpaque, lastModified: lastModified,
                            lastModifiedText: Array(HTTPDate.format(lastModified).utf8))
                    }
                }
            }
        }
    }

    @Test func theEvaluationOnBytesAgreesWithTheEvaluationOnText() {
        let representation = Representation(body: Array("[1]".utf8), contentEncoding: nil)
        let tag = representation.etag.description
        let opaque = representation.etag.opaque
        let lastModifiedText = HTTPDate.format(Self.lastModified)
        let tags = [
            tag, "W/\(tag)", "\"zzz\"", "*", " * ", "*,", "\"a\", \(tag)", "\"a\",,\t\(tag) ,", "\"a\" \(tag)", "\(tag)x", "W/ \(tag)",
            "w/\(tag)", "\"\(opaque)", "\"\(opaque) \"", "\"a\u{7F}\", \(tag)", "", " ", ",", "\"\u{E9}\", \(tag)", "\"\u{301}\(opaque)\"",
        ]
        let dates = [
            lastModifiedText, "Sun, 06 Nov 1994 08:49:36 GMT", "Mon, 07 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994", "garbage", "", " \(lastModifiedText)",
        ]
        var requests: [ConditionalRequest] = [.init()]
        for value in tags {
            requests += [.init(ifNoneMatch: value), .init(ifMatch: value), .init(ifMatch: value, ifNoneMatch: tag)]
            requests += dates.map { .init(ifNoneMatch: value, ifModifiedSince: $0) }
        }
        for date in dates {
            requests += [
                .init(ifModifiedSince: date), .init(ifUnmodifiedSince: date),
                .init(ifUnmodifiedSince: date, ifModifiedSince: lastModifiedText),
            ]
        }
        for request in requests {
            let expected = request.evaluate(etag: representation.etag, lastModified: Self.lastModified)
            #expect(evaluateInPlace(request, representation, lastModified: Self.lastModified) == expected, "\(request)")
        }
    }

    @Test func entityTagListsMatchInPlaceAsTheyParse() {
        let opaque = "abc"
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\"abc\"", "W/", "\"", "abc", ",", " ", "\t", "*", "\"x\"", "W", "/", "!", "\u{7F}", "\"\"", "a"]
        var values = ["*", " *\t", "\"abc\"", "W/\"abc\"", "\"x\", W/\"abc\"", "", "\"abc", "W/\"\""]
        for _ in 0..<20_000 {
            values.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for value in values {
            let parsed = EntityTagCondition.parse(value)
            let expected: EntityTagCondition.Match =
                switch parsed {
                case .any?: .any
                case .tags(let tags)?:
                    .tags(
                        matchesWeakly: tags.contains { $0.matchesWeakly(EntityTag(opaque)) },
                        matchesStrongly: tags.contains { $0.matchesStrongly(EntityTag(opaque)) })
                case nil: .malformed
                }
            let matched = Array(value.utf8).withUnsafeBytes { EntityTagCondition.match($0, opaque: Array(opaque.utf8)) }
            #expect(matched == expected, "\(value.debugDescription)")
        }
    }

    @Test func acceptEncodingReadInPlaceAgreesWithTheRulesOnText() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "gzip", "GZip", "x-gzip", "*", "br", ",", ";", " ", "\t", "q=0", "q=1", "q=0.5", "Q = 0", "q=", "=", "q", "0", "x", "identity",
        ]
        var values = [
            "gzip;q=0, gzip", "*;q=0, x-gzip", "br;q=1.0, gzip;q=0.9, deflate;q=0.8", "gzip;foo=1;q=0", "gzip;q=abc;q=0", ";gzip",
        ]
        for _ in 0..<20_000 {
            values.append((0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for value in values {
            #expect(AcceptEncoding.acceptsGzip(value) == AcceptEncoding.acceptsGzip(text: value), "\(value.debugDescription)")
        }
        // Not ASCII: decided as text.
        #expect(!AcceptEncoding.acceptsGzip("gz\u{130}p"))
        #expect(AcceptEncoding.acceptsGzip("\u{E9}, gzip"))
    }
}
