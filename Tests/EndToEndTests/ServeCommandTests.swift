import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `iapcat serve` against domain.md's HTTP caching checklist, with a raw client on loopback.
@Suite(.serialized) struct ServeCommandTests {
    static let v1Path = IAPCat.packageRoot + "/catalogs/example/products_v1.json"
    static let artifactHeaders = ["date", "content-type", "content-length", "etag", "last-modified", "cache-control", "vary"]

    @Test func getHeadAndTheValidatorsOfEveryList() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        // 1. GET: 200 with body and every header.
        let get = try await server.request("GET", "/products_v1.json")
        #expect(get.status == 200)
        #expect(get.headers.map(\.name) == Self.artifactHeaders + ["connection"])
        #expect(get["connection"] == "close")
        #expect(get.body == Array(try Data(contentsOf: URL(fileURLWithPath: Self.v1Path))))
        #expect(get["content-type"] == "application/json; charset=utf-8")
        #expect(get["content-length"] == String(get.body.count))
        #expect(get["cache-control"] == "no-cache")
        #expect(get["vary"] == "Accept-Encoding")
        #expect(get["etag"]?.hasPrefix("\"") == true)
        #expect(HTTPDateParse.seconds(get["date"]!) != nil)
        #expect(HTTPDateParse.seconds(get["last-modified"]!)! <= HTTPDateParse.seconds(get["date"]!)!)
        // 2. HEAD: the same headers, no body.
        let head = try await server.request("HEAD", "/products_v1.json")
        #expect(head.status == 200)
        #expect(head.headers.map(\.name) == Self.artifactHeaders + ["connection"])
        #expect(head["etag"] == get["etag"])
        #expect(head["content-length"] == get["content-length"])
        #expect(head.body.isEmpty)
        // The other lists, and the sandbox ones.
        let plist = try await server.request("GET", "/product_ids.plist")
        #expect(plist.body == Array(try Data(contentsOf: URL(fileURLWithPath: IAPCat.packageRoot + "/catalogs/example/product_ids.plist"))))
        #expect(plist["content-type"] == "application/x-plist; charset=utf-8")
        let sandbox = try await server.request("GET", "/sandbox/products_v2.json")
        #expect(
            sandbox.body == Array(try Data(contentsOf: URL(fileURLWithPath: IAPCat.packageRoot + "/catalogs/example/products_v2.json"))))
        await #expect(try server.request("GET", "/products_v1.json?client=3.1")["etag"] == get["etag"])
        await #expect(server.stop().status == 0)
    }

    @Test func ifModifiedSinceInAllThreeFormsAndGarbage() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        let get = try await server.request("GET", "/products_v1.json")
        let lastModified = HTTPDateParse.seconds(get["last-modified"]!)!
        // 3. Equal → 304 with no body and the validators.
        let same = try await server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": get["last-modified"]!])
        #expect(same.status == 304)
        #expect(same.body.isEmpty)
        #expect(same.headers.map(\.name) == ["date", "etag", "last-modified", "cache-control", "vary", "connection"])
        #expect(same["etag"] == get["etag"])
        #expect(same["cache-control"] == "no-cache")
        // 4. Later → 304; earlier → 200.
        await #expect(
            try server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": HTTPDateParse.imf(lastModified + 3600)]).status
                == 304)
        await #expect(
            try server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": HTTPDateParse.imf(lastModified - 1)]).status
                == 200)
        // 5. RFC 850 and asctime forms.
        await #expect(
            try server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": HTTPDateParse.rfc850(lastModified)]).status == 304
        )
        await #expect(
            try server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": HTTPDateParse.asctime(lastModified)]).status
                == 304)
        // 6. Garbage is ignored.
        for garbage in ["yesterday", "", "Sun, 99 Foo"] {
            let response = try await server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": garbage])
            #expect(response.status == 200, "\(garbage)")
        }
        _ = await server.stop()
    }

    @Test func ifNoneMatchAndGzip() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        let get = try await server.request("GET", "/products_v2.json")
        let etag = get["etag"]!
        // 7. The current tag → 304; another tag → 200 even when If-Modified-Since says 304.
        await #expect(try server.request("GET", "/products_v2.json", headers: ["If-None-Match": etag]).status == 304)
        let other = try await server.request(
            "GET", "/products_v2.json", headers: ["If-None-Match": "\"other\"", "If-Modified-Since": get["last-modified"]!])
        #expect(other.status == 200)
        // 8. *, a list holding the tag, and the weak form.
        await #expect(try server.request("GET", "/products_v2.json", headers: ["If-None-Match": "*"]).status == 304)
        await #expect(try server.request("GET", "/products_v2.json", headers: ["If-None-Match": "\"a\", \(etag), \"b\""]).status == 304)
        await #expect(try server.request("GET", "/products_v2.json", headers: ["If-None-Match": "W/\(etag)"]).status == 304)
        // 9. gzip: its own body, encoding and tag; a 304 for it too.
        let gzip = try await server.request("GET", "/products_v2.json", headers: ["Accept-Encoding": "br, gzip"])
        #expect(gzip.status == 200)
        #expect(gzip["content-encoding"] == "gzip")
        #expect(gzip["vary"] == "Accept-Encoding")
        #expect(gzip["etag"] != etag)
        #expect(Array(gzip.body.prefix(2)) == [0x1F, 0x8B])
        #expect(gzip.body.count < get.body.count)
        let gzip304 = try await server.request(
            "GET", "/products_v2.json", headers: ["Accept-Encoding": "gzip", "If-None-Match": gzip["etag"]!])
        #expect(gzip304.status == 304)
        #expect(gzip304["etag"] == gzip["etag"])
        await #expect(try server.request("GET", "/products_v2.json", headers: ["Accept-Encoding": "gzip;q=0"])["content-encoding"] == nil)
        // If-Match fails with 412 when the tag differs.
        await #expect(try server.request("GET", "/products_v2.json", headers: ["If-Match": "\"other\""]).status == 412)
        _ = await server.stop()
    }

    @Test func methodsPathsAndMalformedRequests() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        // 11. Other methods → 405 with Allow; anything unknown → 404.
        for method in ["POST", "PUT", "DELETE"] {
            let response = try await server.request(method, "/products_v1.json")
            #expect(response.status == 405)
            #expect(response["allow"] == "GET, HEAD")
        }
        for path in ["/", "/catalog.yaml", "/../etc/passwd", "/%2e%2e/etc/passwd", "/products_v1.json/", "/sandbox/../products_v1.json"] {
            await #expect(try server.request("GET", path).status == 404, "\(path)")
        }
        // 12. An oversized head → 431; a malformed request line → 400; the server stays up.
        let big = try await server.connect()
        try await big.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n")
        await #expect(try HTTPResponse(try big.readToEnd(), isHead: false).status == 431)
        let malformed = try await server.connect()
        try await malformed.send("GARBAGE\r\n\r\n")
        await #expect(try HTTPResponse(try malformed.readToEnd(), isHead: false).status == 400)
        await #expect(try server.request("GET", "/products_v1.json").status == 200)
        // Keep-alive: two requests on one connection, answered in order.
        let connection = try await server.connect()
        try await connection.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\nHEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        await #expect(try connection.readResponse().status == 200)
        await #expect(try connection.readResponse(isHead: true)["content-type"] == "text/plain; charset=utf-8")
        let metrics = try await server.request("GET", "/metrics").text
        #expect(metrics.contains("iapcat_http_requests_total{status=\"405\"} 3\n"))
        #expect(metrics.contains("iapcat_http_requests_total{status=\"431\"} 1\n"))
        #expect(metrics.contains("iapcat_catalog_last_reload_success 1\n"))
        _ = await server.stop()
    }

    @Test func reloadGoodBrokenFixedUnderConcurrentRequests() async throws {
        let (directory, catalog) = try scratchCatalog(products: ["com.example.a"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess.start(catalog: catalog)
        let first = try await server.request("GET", "/products_v1.json")
        #expect(first.text == "[\n  \"com.example.a\"\n]\n")

        // Clients keep asking while the catalog changes; every answer must be one whole version.
        let bodies = Set(["[\n  \"com.example.a\"\n]\n", "[\n  \"com.example.a\",\n  \"com.example.b\"\n]\n"])
        let failures = LockedCounter()
        let stopClients = LockedFlag()
        let clients = DispatchGroup()
        let client = server.client
        defer { stopClients.set() }  // also when the test stops early: the clients must not outlive it
        for _ in 0..<4 {
            DispatchQueue.global().async(group: clients) {
                while !stopClients.isSet {
                    guard let response = try? client.requestWaiting("GET", "/products_v1.json"), response.status == 200,
                        bodies.contains(response.text)
                    else {
                        failures.increment()
                        continue
                    }
                }
            }
        }
        // Broken: the last good version stays; /healthz says why.
        try "format_version: 1\napp: { bundle_id: x }\nproducts:\n  - id: com.example.a\n    typo: 1\n".write(
            toFile: catalog, atomically: true, encoding: .utf8)
        let degraded = try await waitFor(server) { $0.hasPrefix("degraded") }
        #expect(degraded.contains("unknown key 'typo' in a product"))
        await #expect(try server.request("GET", "/products_v1.json").text == first.text)
        // Fixed: the new version, new validators, and the old ones no longer match.
        try catalogText(products: ["com.example.a", "com.example.b"]).write(toFile: catalog, atomically: true, encoding: .utf8)
        _ = try await waitFor(server) { $0 == "ok\n" }
        let second = try await server.request("GET", "/products_v1.json")
        #expect(second.text == "[\n  \"com.example.a\",\n  \"com.example.b\"\n]\n")
        #expect(second["etag"] != first["etag"])
        // 10. New validators, even when both edits fell in the same second; the old ones → 200.
        #expect(HTTPDateParse.seconds(second["last-modified"]!)! > HTTPDateParse.seconds(first["last-modified"]!)!)
        await #expect(try server.request("GET", "/products_v1.json", headers: ["If-None-Match": first["etag"]!]).status == 200)
        await #expect(try server.request("GET", "/products_v1.json", headers: ["If-Modified-Since": first["last-modified"]!]).status == 200)
        stopClients.set()
        await offThePool { clients.wait() }
        #expect(failures.value == 0)
        let metrics = try await server.request("GET", "/metrics").text
        #expect(metrics.contains("iapcat_catalog_reloads_total{result=\"failure\"} 1\n"))
        let stopped = await server.stop()
        #expect(stopped.log.contains("catalog not loaded; keeping the last good catalog"))
    }

    @Test func sigtermClosesIdleConnectionsAndExitsCleanly() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        let connection = try await server.connect()
        try await connection.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n")
        await #expect(try connection.readResponse().status == 200)
        let stopped = await server.stop()
        #expect(stopped.status == 0)
        await #expect(connection.isClosedByServer())
        #expect(stopped.log.contains("stopping on SIGTERM: finishing requests in flight"))
        #expect(stopped.log.contains("stopped"))
    }

    @Test func slowAndIdleClientsAreDisconnected() async throws {
        let server = try await ServerProcess.start(
            catalog: "catalogs/example.yaml", extraArguments: ["--header-timeout", "1", "--idle-timeout", "2"])
        // A request head dribbled in too slowly: closed when the header deadline passes.
        let slow = try await server.connect()
        try await slow.send("GET /products_v1.json HTTP/1.1\r\n")
        let started = Date()
        await #expect(slow.isClosedByServer())
        #expect(Date().timeIntervalSince(started) < 5)
        // A keep-alive connection that goes quiet: closed after the idle timeout, having been served.
        let idle = try await server.connect()
        try await idle.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\n\r\n")
        await #expect(try idle.readResponse().status == 200)
        await #expect(idle.isClosedByServer())
        // Meanwhile everyone else is served.
        await #expect(try server.request("GET", "/products_v1.json").status == 200)
        _ = await server.stop()
    }

    @Test func aPipeliningClientThatDoesNotReadCannotMakeTheServerBuffer() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        let connection = try await server.connect()
        let count = 300_000
        let request = Array("HEAD /products_v2.json HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let batch = Array(Array(repeating: request, count: 1_000).joined())
        let last = Array("HEAD /products_v2.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
        let sender = DispatchGroup()
        let box = ConnectionBox(connection)
        DispatchQueue.global().async(group: sender) {
            for _ in 0..<(count / 1_000 - 1) { try? box.connection.sendWaiting(batch) }
            try? box.connection.sendWaiting(Array(Array(repeating: request, count: 999).joined()) + last)
        }
        let before = residentKiB(server.process.processIdentifier)
        try await Task.sleep(for: .seconds(2))  // the client reads nothing while it keeps sending requests
        let growth = residentKiB(server.process.processIdentifier) - before
        // Measured: about 1 MB with back-pressure; over 12 MB in the same two seconds without it.
        #expect(growth < 6_000, "server memory grew by \(growth) KiB while the client did not read")
        let responses = try await connection.countToEnd(of: Array("HTTP/1.1 200 OK\r\n".utf8))
        await offThePool { sender.wait() }
        #expect(responses == count)
        _ = await server.stop()
    }

    /// Large lists go out from in-memory files (sendfile): byte for byte, pipelined, in both
    /// encodings; a reload while one is still being sent finishes it with the old bytes; and the
    /// old version's files are closed once nothing sends them any more.
    @Test func largeListsAreSentWholeAcrossAReload() async throws {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-large-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, products) in [("old", 2_000), ("new", 1_999)] {
            let generated = try await IAPCat.run([
                "generate", "--products", String(products), "--seed", "1", "--out", directory + "/" + name,
            ])
            #expect(generated.status == 0, "\(generated.stderr)")
        }
        let catalog = directory + "/old/catalog.yaml"
        // The slow client reads nothing until the reload is seen, which can take longer than the
        // 10 s a client may stall before the server drops it, on a machine busy with the whole suite.
        let server = try await ServerProcess.start(
            catalog: catalog, extraArguments: ["--threads", "1", "--header-timeout", "300", "--idle-timeout", "300"])
        let identity = try await server.request("GET", "/products_v2.json")
        let gzip = try await server.request("GET", "/products_v2.json", headers: ["Accept-Encoding": "gzip"])
        // Both bodies are past the size kept in memory with the headers (64 KiB).
        #expect(identity.body.count > 1_000_000 && gzip.body.count > 70_000)
        #expect(gzip["content-encoding"] == "gzip" && identity["content-encoding"] == nil)
        #expect(identity["content-length"] == String(identity.body.count) && gzip["content-length"] == String(gzip.body.count))
        await #expect(try server.request("HEAD", "/products_v2.json").body.isEmpty)
        #if os(Linux)
            #expect(memoryFiles(server) == 2)
        #endif

        // A client asks for the gzip body and ten times for the identity one (14 MB, more than the
        // kernel buffers of both ends hold), then reads nothing while the catalog changes.
        let slow = try await server.connect()
        let repeats = 10
        try await slow.send(
            "GET /products_v2.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"
                + String(repeating: "GET /products_v2.json HTTP/1.1\r\nHost: x\r\n\r\n", count: repeats - 1)
                + "GET /products_v2.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let replacement = directory + "/old/catalog.yaml.new"
        try FileManager.default.copyItem(atPath: directory + "/new/catalog.yaml", toPath: replacement)
        #expect(rename(replacement, catalog) == 0)
        // The server loads a changed catalog within its reload interval (0.1 s) and settle time (0.3 s).
        let deadline = Date().addingTimeInterval(30)
        var fresh = try await server.request("GET", "/products_v2.json")
        while fresh["etag"] == identity["etag"], Date() < deadline {
            try await Task.sleep(for: .microseconds(50_000))
            fresh = try await server.request("GET", "/products_v2.json")
        }
        #expect(fresh["etag"] != identity["etag"] && fresh.body != identity.body)
        await #expect(try server.request("GET", "/products_v2.json", headers: ["Accept-Encoding": "gzip"])["etag"] != gzip["etag"])
        #if os(Linux)
            // The new version's two files, and the old version's still being sent: the identity
            // body at least; the gzip one (100 KB) may already be in the socket's buffers.
            #expect(memoryFiles(server) >= 3)
        #endif

        // The old version, whole, though the catalog changed while it was being sent; requests the
        // server reads after the reload (it reads no more while a client is behind) get the new one.
        let first = try await slow.readResponse()
        #expect(first.status == 200 && first.body == gzip.body && first["etag"] == gzip["etag"])
        var versions: [String] = []
        for _ in 0..<repeats {
            let next = try await slow.readResponse()
            #expect(next.status == 200)
            if next.body == identity.body && next["etag"] == identity["etag"] {
                versions.append("old")
            } else if next.body == fresh.body && next["etag"] == fresh["etag"] {
                versions.append("new")
            } else {
                versions.append("neither")
            }
        }
        #expect(versions.first == "old" && !versions.contains("neither") && versions == versions.sorted { $0 > $1 }, "\(versions)")
        await #expect(slow.isClosedByServer())
        #if os(Linux)
            // The old files are closed once their last write is done.
            while memoryFiles(server) != 2, Date() < deadline { try await Task.sleep(for: .microseconds(50_000)) }
            #expect(memoryFiles(server) == 2)
        #endif
        await #expect(server.stop().status == 0)
    }

    /// How many in-memory body files the server holds open (Linux: `/proc/PID/fd`).
    func memoryFiles(_ server: ServerProcess) -> Int {
        let folder = "/proc/\(server.process.processIdentifier)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.count { name in
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name)) ?? "").hasPrefix("/memfd:iapcat-body")
        }
    }

    func residentKiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    @Test func aCatalogWithErrorsIsNeverServed() async throws {
        let run = try await IAPCat.run(["serve", "--catalog", IAPCat.fixture("broken/catalog.yaml"), "--port", "0"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("iapcat: error: the catalog has errors; nothing to serve:"))
        #expect(run.stderr.contains("[unknown_key]"))
    }

    @Test func aTakenPortIsOneErrorLineAndNothingIsAnnounced() async throws {
        let taken = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        let run = try await IAPCat.run(["serve", "--catalog", "catalogs/example.yaml", "--port", String(taken.port)], timeout: 60)
        #expect(run.status == 2)
        #expect(run.stderr == "iapcat: error: cannot listen on 127.0.0.1:\(taken.port): address already in use\n")
        #expect(run.stdout == "")
        await #expect(taken.stop().status == 0)
    }

    @Test func portZeroAnnouncesThePortItGotOnceItListens() async throws {
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        #expect(server.port != 0)
        // The one announcement names the bound port and what is served, and nothing was logged before it.
        let announcement = try #require(server.log.split(separator: "\n").first)
        #expect(announcement.hasSuffix("listening on 127.0.0.1:\(server.port)"))
        #expect(announcement.contains("catalog=catalogs/example.yaml"))
        #expect(announcement.contains("products=7"))
        await #expect(try server.request("GET", "/livez").status == 200)
        await #expect(server.stop().status == 0)
    }

    @Test func aMissingCatalogIsExit2AsInLint() async throws {
        let serve = try await IAPCat.run(["serve", "--catalog", "catalogs/missing.yaml", "--port", "0"], timeout: 60)
        let lint = try await IAPCat.run(["lint", "--catalog", "catalogs/missing.yaml"])
        #expect(serve.status == 2)
        #expect(lint.status == 2)
        #expect(serve.stderr == lint.stderr)
        #expect(serve.stderr.hasPrefix("iapcat: error: catalogs/missing.yaml"))
    }

    @Test func livenessStaysUpWhileReadinessSaysDegraded() async throws {
        let (directory, catalog) = try scratchCatalog(products: ["com.example.a"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess.start(catalog: catalog)
        let headers = ["date", "content-length", "content-type", "cache-control", "connection"]
        func expectProbe(_ path: String, _ status: Int, _ body: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let response = try await server.request("GET", path)
            #expect(response.status == status, "\(path)", sourceLocation: sourceLocation)
            #expect(response.headers.map(\.name) == headers, "\(path)", sourceLocation: sourceLocation)
            #expect(response["content-type"] == "text/plain; charset=utf-8", sourceLocation: sourceLocation)
            #expect(response["cache-control"] == "no-store", sourceLocation: sourceLocation)
            #expect(response["content-length"] == String(body.utf8.count), sourceLocation: sourceLocation)
            #expect(response.text == body, "\(path)", sourceLocation: sourceLocation)
            let head = try await server.request("HEAD", path)
            #expect(
                head.status == status && head.body.isEmpty && head["content-length"] == String(body.utf8.count),
                sourceLocation: sourceLocation)
        }
        for path in ["/livez", "/readyz", "/healthz"] {
            try await expectProbe(path, 200, "ok\n")
            let post = try await server.request("POST", path)
            #expect(post.status == 405 && post["allow"] == "GET, HEAD", "\(path)")
        }
        // Degraded: a catalog with one error; the last good one is still served.
        try catalogText(products: ["com.example.a", "com.example.a"]).write(toFile: catalog, atomically: true, encoding: .utf8)
        _ = try await waitFor(server) { $0.hasPrefix("degraded") }
        let degraded =
            "degraded: serving the last good catalog; the current one has errors:\n"
            + "  \(catalog):5:11: duplicate product id 'com.example.a' (first at line 4) [duplicate_product_id]\n"
        try await expectProbe("/livez", 200, "ok\n")
        try await expectProbe("/readyz", 503, degraded)
        try await expectProbe("/healthz", 200, degraded)
        await #expect(try server.request("GET", "/products_v1.json").text == "[\n  \"com.example.a\"\n]\n")
        await #expect(try server.request("GET", "/metrics").text.contains("iapcat_http_requests_total{status=\"503\"} 2\n"))
        // Gone: still degraded, saying why.
        try FileManager.default.removeItem(atPath: catalog)
        let missing = try await waitFor(server) { $0.contains("catalog.yaml: ") && !$0.contains("duplicate") }
        try await expectProbe("/readyz", 503, missing)
        // Fixed: ready again.
        try catalogText(products: ["com.example.a", "com.example.b"]).write(toFile: catalog, atomically: true, encoding: .utf8)
        _ = try await waitFor(server) { $0 == "ok\n" }
        try await expectProbe("/readyz", 200, "ok\n")
        await #expect(server.stop().status == 0)
    }

    @Test func theListsAreServedInTheEnvironmentsTheCatalogDeclares() async throws {
        // The example catalog declares product_ids.plist and products_v1.json for production,
        // products_v2.json for the sandbox; `iapcat export --all` wrote these files from it.
        let server = try await ServerProcess.start(catalog: "catalogs/example.yaml")
        for (path, file) in [
            ("/products_v2.json", "products_v2.json"), ("/sandbox/products_v2.json", "products_v2.json"),
            ("/products_v1.json", "products_v1.json"), ("/product_ids.plist", "product_ids.plist"),
        ] {
            let expected = Array(try Data(contentsOf: URL(fileURLWithPath: IAPCat.packageRoot + "/catalogs/example/" + file)))
            await #expect(try server.request("GET", path).body == expected, "\(path)")
        }
        // The example has products only the sandbox lists name: the two environments differ.
        await #expect(try server.request("GET", "/sandbox/products_v1.json").body != server.request("GET", "/products_v1.json").body)
        await #expect(server.stop().status == 0)
    }

    /// `--reload signal`: a catalog written in place, pausing after a valid prefix, is not loaded
    /// until SIGHUP says it is whole (with the default, a pause longer than the settle time after
    /// a valid prefix serves that prefix: docs/serving.md says so).
    @Test func withReloadSignalOnlySIGHUPLoadsAndAPrefixIsNeverServed() async throws {
        let (directory, catalog) = try scratchCatalog(products: ["com.example.a"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess.start(catalog: catalog, extraArguments: ["--reload", "signal"])
        let old = try await server.request("GET", "/products_v1.json").text
        #expect(old == "[\n  \"com.example.a\"\n]\n")

        let whole = catalogText(products: ["com.example.a", "com.example.b", "com.example.c", "com.example.d"])
        let prefix = catalogText(products: ["com.example.a", "com.example.b", "com.example.c"])
        #expect(whole.hasPrefix(prefix))
        let writer = try #require(FileHandle(forWritingAtPath: catalog))
        try writer.truncate(atOffset: 0)
        try writer.write(contentsOf: Data(prefix.utf8))
        try await Task.sleep(for: .microseconds(1_200_000))  // 12 reload intervals, 4 settle times
        await #expect(try server.request("GET", "/products_v1.json").text == old)
        try writer.write(contentsOf: Data(whole.utf8.dropFirst(prefix.utf8.count)))
        try writer.close()
        try await Task.sleep(for: .microseconds(500_000))
        await #expect(try server.request("GET", "/products_v1.json").text == old)

        kill(server.process.processIdentifier, SIGHUP)
        let expected = "[\n  \"com.example.a\",\n  \"com.example.b\",\n  \"com.example.c\",\n  \"com.example.d\"\n]\n"
        let deadline = Date().addingTimeInterval(10)
        var served = ""
        while Date() < deadline {
            served = try await server.request("GET", "/products_v1.json").text
            if served == expected { break }
            try await Task.sleep(for: .microseconds(50_000))
        }
        #expect(served == expected)
        await #expect(server.stop().status == 0)
    }

    /// SIGHUP in the default mode loads a changed catalog at once, without waiting for the interval.
    @Test func sighupLoadsAChangedCatalogAtOnce() async throws {
        let (directory, catalog) = try scratchCatalog(products: ["com.example.a"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try await ServerProcess.start(catalog: catalog, extraArguments: ["--reload-interval", "3600000"])
        try catalogText(products: ["com.example.a", "com.example.b"]).write(toFile: catalog, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .microseconds(400_000))  // past the settle time
        await #expect(try server.request("GET", "/products_v1.json").text == "[\n  \"com.example.a\"\n]\n")
        kill(server.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        var served = ""
        while Date() < deadline {
            served = try await server.request("GET", "/products_v1.json").text
            if served != "[\n  \"com.example.a\"\n]\n" { break }
            try await Task.sleep(for: .microseconds(50_000))
        }
        #expect(served == "[\n  \"com.example.a\",\n  \"com.example.b\"\n]\n")
        await #expect(server.stop().status == 0)
    }

    @Test func anUnknownReloadModeIsAUsageError() async throws {
        let run = try await IAPCat.run(["serve", "--catalog", "catalogs/example.yaml", "--reload", "inotify"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--reload must be watch or signal, not 'inotify'"), "\(run.stderr)")
    }

    // MARK: Helpers

    /// A scratch folder holding `catalog.yaml` with `products` and the screenshot they name.
    func scratchCatalog(products: [String]) throws -> (directory: String, catalog: String) {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-serve-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/screenshots/premium.png", toPath: directory + "/s.png")
        try catalogText(products: products).write(toFile: directory + "/catalog.yaml", atomically: true, encoding: .utf8)
        return (directory, directory + "/catalog.yaml")
    }

    func catalogText(products: [String]) -> String {
        "format_version: 1\napp: { bundle_id: com.example.app }\nproducts:\n"
            + products.map {
                "  - { id: \($0), type: consumable, reference_name: Coins \($0.suffix(1)), status: approved, price: { tier: 1 }, "
                    + "localizations: { en-US: { display_name: Coins, description: A pouch of coins } }, review: { screenshot: s.png } }\n"
            }.joined()
    }

    /// Polls /healthz until `condition` holds (10 s at most); returns the body.
    func waitFor(_ server: ServerProcess, _ condition: (String) -> Bool) async throws -> String {
        // The catalog is loaded within the reload interval (0.1 s) and settle time (0.3 s); 60 s
        // leaves room for a machine busy with every other test and the clients hammering it.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let body = try await server.request("GET", "/healthz").text
            if condition(body) { return body }
            try await Task.sleep(for: .microseconds(50_000))
        }
        throw FixtureFailure("healthz never reached the expected state")
    }
}

final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
}

/// Date forms for the tests, written independently of the server's formatter.
enum HTTPDateParse {
    static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }

    static func seconds(_ text: String) -> Int64? {
        formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'").date(from: text).map { Int64($0.timeIntervalSince1970) }
    }

    static func imf(_ seconds: Int64) -> String { formatter("EEE, dd MMM yyyy HH:mm:ss 'GMT'").string(from: date(seconds)) }
    static func rfc850(_ seconds: Int64) -> String { formatter("EEEE, dd-MMM-yy HH:mm:ss 'GMT'").string(from: date(seconds)) }
    static func asctime(_ seconds: Int64) -> String {
        let day = formatter("d").string(from: date(seconds))
        return formatter("EEE MMM").string(from: date(seconds)) + " " + (day.count == 1 ? " " + day : day) + " "
            + formatter("HH:mm:ss yyyy").string(from: date(seconds))
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}

final class ConnectionBox: @unchecked Sendable {
    let connection: HTTPConnection
    init(_ connection: HTTPConnection) { self.connection = connection }
}
