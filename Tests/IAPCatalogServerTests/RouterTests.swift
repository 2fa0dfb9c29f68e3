import Testing

@testable import IAPCatalogServer

/// Request → reply with no socket: the lists, the routes as data, and every refusal a body route
/// makes before its handler runs, with their exact statuses and header fields.
@Suite struct RouterTests {
    static func request(
        _ method: String, _ path: String, _ headers: [(name: String, value: String)] = [], body: [UInt8] = [],
        client: ClientAddress? = ClientAddress(ipv4: 0x0A00_0001)
    ) throws -> ServerRequest {
        try #require(ServerRequest(method: method, path: path, headers: headers, body: body, client: client))
    }

    /// `POST /echo`: JSON, identity or gzip, at most 10 bytes; answers 202 with the body's length.
    static let echo = Route(
        path: "/echo", methods: [.post], maximumBodyBytes: 10, contentTypes: ["application/json"], contentEncodings: ["gzip"]
    ) { request in
        ServerReply(status: 202, text: "\(request.body.count) bytes\n", headers: [("Content-Type", "text/plain")])
    }

    @Test func unknownPathsAre404AndNeverAFile() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        for path in ["/", "/catalog.yaml", "/../etc/passwd", "/%2e%2e/etc/passwd", "/echo/", "/v1/reports", "/sandbox/../products_v1.json"]
        {
            let reply = router.reply(to: try Self.request("GET", path), now: 0)
            #expect(reply.status == 404, "\(path)")
            #expect(reply.text == "not found\n")
            #expect(reply.headers.isEmpty)
        }
        #expect(router.reply(to: try Self.request("POST", "/v1/reports", body: [1]), now: 0).status == 404)
    }

    @Test func otherMethodsAre405WithTheRoutesAllow() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let reply = router.reply(to: try Self.request(method, "/sandbox/products_v1.json"), now: 0)
            #expect(reply.status == 405)
            #expect(reply.headers.map { "\($0.name): \($0.value)" } == ["Allow: GET, HEAD"])
            #expect(reply.text == "method not allowed\n")
        }
        for method in ["GET", "HEAD", "PUT"] {
            let reply = router.reply(to: try Self.request(method, "/echo"), now: 0)
            #expect(reply.status == 405)
            #expect(reply.header("Allow") == "POST")
        }
    }

    @Test func listsAreAnsweredFromThePreparedResponses() throws {
        let catalog = try TemporaryCatalog()
        let store = catalog.store()
        let router = catalog.router([], store: store)
        let get = router.reply(to: try Self.request("GET", "/sandbox/products_v1.json?build=1"), now: 0)
        #expect(get.status == 200)
        #expect(get.prepared == .init(index: get.prepared!.index, gzip: false, kind: .ok))
        let head = router.reply(to: try Self.request("HEAD", "/sandbox/products_v1.json", [("Accept-Encoding", "gzip")]), now: 0)
        #expect(head.prepared?.kind == .head && head.prepared?.gzip == true)
        let etag = try #require(store.artifacts?.artifacts["/sandbox/products_v1.json"]?.identity.etag)
        let notModified = router.reply(to: try Self.request("GET", "/sandbox/products_v1.json", [("If-None-Match", "\(etag)")]), now: 0)
        #expect(notModified.status == 304 && notModified.prepared?.kind == .notModified)
        let failed = router.reply(to: try Self.request("GET", "/sandbox/products_v1.json", [("If-Match", "\"other\"")]), now: 0)
        #expect(failed.status == 412 && failed.prepared?.kind == .preconditionFailed)
    }

    @Test func aBodyRouteGetsTheBodyWithinItsBound() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        let json = [("Content-Type", "application/json")]
        let request = try Self.request("POST", "/echo", json, body: Array("[1,2,3,4]".utf8))
        guard case .readBody(let route, let length) = router.decide(request, now: 0) else {
            Issue.record("the body is not read")
            return
        }
        #expect(route == 0 && length == 9)
        let reply = router.reply(to: request, now: 0)
        #expect(reply.status == 202)
        #expect(reply.text == "9 bytes\n")
        #expect(reply.headers.map { "\($0.name): \($0.value)" } == ["Content-Type: text/plain"])
        // Exactly the bound is taken; an empty body too (the handler decides what it means).
        #expect(
            router.reply(to: try Self.request("POST", "/echo", json, body: Array(repeating: 32, count: 10)), now: 0).text == "10 bytes\n")
        #expect(router.reply(to: try Self.request("POST", "/echo", json), now: 0).text == "0 bytes\n")
    }

    @Test func aBodyPastTheBoundIs413BeforeItIsRead() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        for length in ["11", "99999999999999999999999"] {
            let request = try Self.request("POST", "/echo", [("Content-Type", "application/json"), ("Content-Length", length)])
            guard case .reply(let reply) = router.decide(request, now: 0) else {
                Issue.record("a body of \(length) bytes would be read")
                continue
            }
            #expect(reply.status == 413)
            #expect(reply.text == "content too large: at most 10 bytes\n")
            #expect(reply.headers.isEmpty)
        }
    }

    @Test func aChunkedBodyIs411() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        for coding in ["chunked", "gzip, chunked"] {
            let request = try Self.request("POST", "/echo", [("Content-Type", "application/json"), ("Transfer-Encoding", coding)])
            guard case .reply(let reply) = router.decide(request, now: 0) else {
                Issue.record("a \(coding) body would be read")
                continue
            }
            #expect(reply.status == 411)
            #expect(reply.text == "length required: send the body with Content-Length\n")
        }
    }

    @Test func mediaTypesAndCodingsTheRouteDoesNotTakeAre415() throws {
        let catalog = try TemporaryCatalog()
        let router = catalog.router([Self.echo])
        let body = Array("{}".utf8)
        for type in ["text/plain", "application/jsonx", "application/x-www-form-urlencoded", nil] {
            let headers = type.map { [(name: "Content-Type", value: $0)] } ?? []
            let reply = router.reply(to: try Self.request("POST", "/echo", headers, body: body), now: 0)
            #expect(reply.status == 415, "\(type ?? "no type")")
            #expect(reply.text == "unsupported media type: send application/json\n")
        }
        for type in ["application/json", "Application/JSON; charset=utf-8", "application/json ;charset=UTF-8"] {
            #expect(
                router.reply(to: try Self.request("POST", "/echo", [("Content-Type", type)], body: body), now: 0).status == 202, "\(type)")
        }
        for coding in ["br", "deflate", "gzip, gzip", "zstd"] {
            let reply = router.reply(
                to: try Self.request("POST", "/echo", [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: body),
                now: 0)
            #expect(reply.status == 415, "\(coding)")
            #expect(reply.headers.map { "\($0.name): \($0.value)" } == ["Accept-Encoding: gzip"])
        }
        for coding in ["gzip", "GZIP", "identity"] {
            let reply = router.reply(
                to: try Self.request("POST", "/echo", [("Content-Type", "application/json"), ("Content-Encoding", coding)], body: body),
                now: 0)
            #expect(reply.status == 202, "\(coding)")
        }
    }

    @Test func aHandlersOwnRefusalPassesThroughUnchanged() throws {
        let catalog = try TemporaryCatalog()
        let picky = Route(path: "/picky", methods: [.post], maximumBodyBytes: 100) { request in
            request.contentType == "application/cbor"
                ? ServerReply(status: 202)
                : ServerReply(
                    status: 415, text: "{\"title\":\"send CBOR\"}",
                    headers: [("Content-Type", "application/problem+json"), ("Accept-Post", "application/cbor")])
        }
        let router = catalog.router([picky])
        let reply = router.reply(to: try Self.request("POST", "/picky", [("Content-Type", "application/json")], body: [1]), now: 0)
        #expect(reply.status == 415)
        #expect(reply.text == "{\"title\":\"send CBOR\"}")
        #expect(
            reply.headers.map { "\($0.name): \($0.value)" } == ["Content-Type: application/problem+json", "Accept-Post: application/cbor"])
        #expect(
            router.reply(to: try Self.request("POST", "/picky", [("Content-Type", "application/cbor")], body: [1]), now: 0).status == 202)
    }

    @Test func pastTheRateLimitIs429WithRetryAfterPerClient() throws {
        let catalog = try TemporaryCatalog()
        var limited = Self.echo
        limited.rateLimit = RateLimit(perMinute: 6, burst: 2)  // one token every 10 s
        let router = catalog.router([limited])
        let first = ClientAddress(ipv4: 0x0A00_0001)
        let second = ClientAddress(ipv4: 0x0A00_0002)
        func post(_ client: ClientAddress, at seconds: Double) throws -> ServerReply {
            router.reply(
                to: try Self.request("POST", "/echo", [("Content-Type", "application/json")], body: [49], client: client),
                now: UInt64(seconds * 1e9))
        }
        #expect(try post(first, at: 100).status == 202)
        #expect(try post(first, at: 100).status == 202)
        let refused = try post(first, at: 100)
        #expect(refused.status == 429)
        #expect(refused.headers.map { "\($0.name): \($0.value)" } == ["Retry-After: 10"])
        #expect(refused.text == "too many requests\n")
        #expect(try post(first, at: 104).header("Retry-After") == "6")
        #expect(try post(first, at: 109.5).header("Retry-After") == "1")
        // Another client has its own bucket.
        #expect(try post(second, at: 109.5).status == 202)
        #expect(try post(first, at: 110).status == 202)
        #expect(try post(first, at: 110).status == 429)
        // A refused request is refused before anything about its body is read or checked.
        let unread = try Self.request("POST", "/echo", [("Content-Type", "application/json"), ("Content-Length", "5")], client: first)
        guard case .reply(let reply) = router.decide(unread, now: UInt64(110e9)) else {
            Issue.record("the body of a limited request would be read")
            return
        }
        #expect(reply.status == 429)
    }

    @Test func theServersRoutesAreTheProbesMetricsAndTheReportsWhenRegistered() throws {
        let catalog = try TemporaryCatalog()
        let store = catalog.store()
        var configuration = ServerConfiguration()
        configuration.metricsAppendix = { "# TYPE iapcat_reports_total counter\niapcat_reports_total 7\n" }
        let without = catalog.router(ServerRoutes.make(configuration: configuration, store: store), store: store)
        #expect(
            without.reply(to: try Self.request("POST", "/v1/reports", [("Content-Type", "application/json")], body: [1]), now: 0).status
                == 404)
        for path in ["/livez", "/readyz", "/healthz"] {
            let reply = without.reply(to: try Self.request("GET", path), now: 0)
            #expect(reply.status == 200 && reply.text == "ok\n", "\(path)")
            #expect(reply.headers.map { "\($0.name): \($0.value)" } == ["Cache-Control: no-store"])
        }
        let metrics = without.reply(to: try Self.request("GET", "/metrics"), now: 0)
        #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(metrics.text.hasPrefix("# HELP iapcat_http_requests_total"))
        #expect(
            metrics.text.hasSuffix(
                "iapcat_catalog_last_modified_seconds \(store.health.lastModified)\n# TYPE iapcat_reports_total counter\niapcat_reports_total 7\n"
            ))

        configuration.reportHandler = { request in ServerReply(status: 202, text: "\(request.body.count)") }
        configuration.reportBodyLimitBytes = 4
        configuration.reportsPerClientPerMinute = 60
        configuration.reportBurst = 1
        let routes = ServerRoutes.make(configuration: configuration, store: store)
        let reports = try #require(routes.first { $0.path == "/v1/reports" })
        #expect(reports.methods == [.post] && reports.maximumBodyBytes == 4)
        #expect(reports.contentTypes == ["application/json"] && reports.contentEncodings == ["gzip", "x-gzip"])
        #expect(reports.rateLimit == RateLimit(perMinute: 60, burst: 1))
        let with = catalog.router(routes, store: store)
        let json = [(name: "Content-Type", value: "application/json")]
        #expect(with.reply(to: try Self.request("POST", "/v1/reports", json, body: [1, 2, 3]), now: 0).text == "3")
        func expectProblem(_ reply: ServerReply, _ status: Int, _ document: String, _ headers: [String], line: Int = #line) {
            #expect(reply.status == status, "line \(line)")
            #expect(reply.text == document, "line \(line)")
            #expect(reply.headers.map { "\($0.name): \($0.value)" } == ["Content-Type: application/problem+json"] + headers, "line \(line)")
        }
        let type = "{\"type\":\"https://iapcat.dev/problems/"
        expectProblem(
            with.reply(to: try Self.request("POST", "/v1/reports", json, body: [1, 2, 3]), now: 0), 429,
            type + #"rate-limited","title":"Too many reports","status":429,"#
                + #""detail":"Too many reports from this client; send again after Retry-After seconds."}"#, ["Retry-After: 1"])
        expectProblem(
            with.reply(to: try Self.request("POST", "/v1/reports", json, body: [1, 2, 3, 4, 5]), now: UInt64(60e9)), 413,
            type + #"content-too-large","title":"The report is too large","status":413,"#
                + #""detail":"A report may be at most 4 bytes as sent."}"#, [])
        expectProblem(
            with.reply(to: try Self.request("GET", "/v1/reports"), now: 0), 405,
            type + #"method-not-allowed","title":"Reports are sent with POST","status":405,"detail":"Send the report with POST."}"#,
            ["Allow: POST"])
        expectProblem(
            with.reply(to: try Self.request("POST", "/v1/reports", json + [("Transfer-Encoding", "chunked")]), now: UInt64(120e9)), 411,
            type + #"length-required","title":"The report must be sent with Content-Length","status":411,"#
                + #""detail":"Send the report with Content-Length, not Transfer-Encoding."}"#, [])
        expectProblem(
            with.reply(to: try Self.request("POST", "/v1/reports", [("Content-Type", "text/plain")], body: [1]), now: UInt64(180e9)), 415,
            type + #"unsupported-media-type","title":"The report must be application/json","status":415,"#
                + #""detail":"Content-Type must be application/json (charset, if given, utf-8)."}"#, [])
        expectProblem(
            with.reply(to: try Self.request("POST", "/v1/reports", json + [("Content-Encoding", "br")], body: [1]), now: UInt64(240e9)),
            415,
            type + #"unsupported-content-encoding","title":"The report must be sent as it is or gzip-encoded","status":415,"#
                + #""detail":"Content-Encoding must be gzip or identity, or be absent."}"#, ["Accept-Encoding: gzip"])
        #expect(
            with.reply(to: try Self.request("POST", "/v1/reports", json + [("Content-Encoding", "x-gzip")], body: [1]), now: UInt64(300e9))
                .text == "1")
        configuration.reportsPerClientPerMinute = 0
        #expect(ServerRoutes.make(configuration: configuration, store: store).first { $0.path == "/v1/reports" }?.rateLimit == nil)
    }
}
