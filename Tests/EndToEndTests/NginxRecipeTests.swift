import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// docs/serving.md's nginx recipe, run as the page shows it: Debian's nginx in front of the built
/// `iapcat serve`, with the configuration read out of the page. Skipped when nginx is not
/// installed; CI installs it (`apt-get install nginx-light`).
@Suite(.serialized, .enabled(if: ExternalTool.nginx.isInstalled, ExternalTool.nginx.skipReason))
struct NginxRecipeTests {
    static let path = "/products_v2.json"

    @Test func withMaxAgeNginxStoresTheListAndRevalidatesItThroughA304() async throws {
        let directory = try NginxProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let iapcat = try await ServerProcess.start(catalog: directory + "/catalogs/example.yaml", extraArguments: ["--max-age", "10"])
        defer { iapcat.terminate() }
        let nginx = try await NginxProcess.start(directory: directory, upstreamPort: iapcat.port)
        defer { nginx.stop() }
        let direct = try await iapcat.request("GET", Self.path)
        let (before, reading) = try await IAPCatMetrics.baseline(iapcat)

        // Fresh for 10 seconds (long enough for a loaded machine to ask three times and revalidate
        // once within it): fetched once, then served from nginx's cache.
        var fresh: [HTTPResponse] = []
        for _ in 1...3 { fresh.append(try await nginx.client.request("GET", Self.path)) }
        #expect(fresh.map { $0["x-cache"] } == ["MISS", "HIT", "HIT"])
        for response in fresh {
            #expect(response.status == 200)
            #expect(response.body == direct.body)
            #expect(response["etag"] == direct["etag"])
            #expect(response["cache-control"] == "max-age=10, must-revalidate")
        }
        let afterFresh = try await IAPCatMetrics(iapcat)
        #expect(afterFresh.responses(200) - before.responses(200) == 1 + reading)
        #expect(afterFresh.responses(304) == before.responses(304))

        // Expired (nginx counts whole seconds, so 10 s of max-age can last almost 11): nginx asks
        // iapcat with the validators it stored, and iapcat answers 304.
        try await Task.sleep(for: .seconds(11.2))
        let expired = try await nginx.client.request("GET", Self.path)
        #expect(expired["x-cache"] == "REVALIDATED")
        #expect(expired.status == 200)
        #expect(expired.body == direct.body)
        let afterExpiry = try await IAPCatMetrics(iapcat)
        #expect(afterExpiry.responses(304) - afterFresh.responses(304) == 1)
        #expect(afterExpiry.responses(200) - afterFresh.responses(200) == reading)

        // A client revalidating what it holds gets a 304 from nginx's cache, without iapcat.
        let conditional = try await nginx.client.request("GET", Self.path, headers: ["If-None-Match": direct["etag"]!])
        #expect(conditional.status == 304)
        #expect(conditional["x-cache"] == "HIT")
        await #expect(try IAPCatMetrics(iapcat).responses(304) == afterExpiry.responses(304))
    }

    @Test func withTheDefaultNoCacheNginxStoresNothing() async throws {
        let directory = try NginxProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let iapcat = try await ServerProcess.start(catalog: directory + "/catalogs/example.yaml")
        defer { iapcat.terminate() }
        let nginx = try await NginxProcess.start(directory: directory, upstreamPort: iapcat.port)
        defer { nginx.stop() }
        let (before, reading) = try await IAPCatMetrics.baseline(iapcat)

        var responses: [HTTPResponse] = []
        for _ in 1...3 { responses.append(try await nginx.client.request("GET", Self.path)) }
        #expect(responses.map { $0["x-cache"] } == ["MISS", "MISS", "MISS"])
        #expect(responses.allSatisfy { $0.status == 200 && $0["cache-control"] == "no-cache" })
        await #expect(try IAPCatMetrics(iapcat).responses(200) - before.responses(200) == 3 + reading)
    }
}

/// Debian's nginx in the foreground, in one process, with docs/serving.md's configuration and
/// everything it writes (pid, logs, temporary files, the cache) in a test folder.
final class NginxProcess: @unchecked Sendable {
    /// The nginx binary, or nil when it is not installed.
    static let executable = ExternalTool.nginx.path

    let process: Process
    let port: Int
    private let errorLog: String

    /// A folder with a copy of `catalogs/`.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-nginx-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs", toPath: path + "/catalogs")
        return path
    }

    /// The first `nginx` code block of docs/serving.md.
    static func recipe() throws -> String {
        let page = try String(contentsOfFile: IAPCat.packageRoot + "/docs/serving.md", encoding: .utf8)
        guard let start = page.range(of: "```nginx\n"), let end = page.range(of: "\n```", range: start.upperBound..<page.endIndex) else {
            throw FixtureFailure("docs/serving.md has no ```nginx block")
        }
        return String(page[start.upperBound..<end.lowerBound])
    }

    /// Starts nginx with the recipe on a free loopback port, in front of iapcat on `upstreamPort`
    /// (waiting for it off Swift concurrency's threads).
    static func start(directory: String, upstreamPort: Int) async throws -> NginxProcess {
        try await offThePool { try NginxProcess(directory: directory, upstreamPort: upstreamPort) }
    }

    private init(directory: String, upstreamPort: Int) throws {
        guard let executable = Self.executable else { throw FixtureFailure("nginx is not installed") }
        errorLog = directory + "/nginx-error.log"
        var lastFailure = ""
        for _ in 0..<5 {
            let port = try Self.freePort()
            try Self.configuration(directory: directory, port: port, upstreamPort: upstreamPort)
                .write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", directory, "-c", directory + "/nginx.conf", "-e", errorLog]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let exit = try ProcessExit.launch(process)
            if Self.waitUntilListening(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            exit.wait()
            lastFailure = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        }
        throw FixtureFailure("nginx did not start: \(lastFailure)")
    }

    deinit { stop() }

    var client: LoopbackClient { LoopbackClient(port: port) }

    /// Kills nginx; Foundation reaps it, nothing waits. SIGKILL, because nginx without a master
    /// process keeps the signal mask it inherits, and the test runner's threads block SIGTERM; it
    /// has nothing to save.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
    }

    /// The recipe with the test's cache folder and ports, inside a minimal nginx.conf that keeps
    /// nginx in the foreground in one process and writes nothing outside `directory`.
    static func configuration(directory: String, port: Int, upstreamPort: Int) throws -> String {
        var recipe = try recipe()
        for (documented, local) in [
            ("/var/cache/nginx/iapcat", directory + "/cache"), ("listen 80;", "listen 127.0.0.1:\(port);"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:\(upstreamPort)"),
        ] {
            guard recipe.contains(documented) else { throw FixtureFailure("docs/serving.md's nginx block no longer has `\(documented)`") }
            recipe = recipe.replacingOccurrences(of: documented, with: local)
        }
        let temporaryPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].filter(hasModule).map {
            "    \($0)_temp_path \(directory)/\($0)_temp;\n"
        }
        return """
            daemon off;
            master_process off;
            pid \(directory)/nginx.pid;
            error_log \(directory)/nginx-error.log;
            events { worker_connections 64; }
            http {
                access_log off;
            \(temporaryPaths.joined())
            \(recipe)
            }

            """
    }

    /// Whether this nginx was built with the module that owns `<name>_temp_path`: a directive of
    /// a module left out would stop nginx from starting, and one left unset points at a system
    /// folder that only root may create.
    private static func hasModule(_ name: String) -> Bool {
        name == "client_body" || name == "proxy" || !configureArguments.contains("--without-http_\(name)_module")
    }

    /// `nginx -V`: how this nginx was built.
    private static let configureArguments: String = {
        guard let executable else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-V"]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        guard let exit = try? ProcessExit.launch(process) else { return "" }
        let text = String(decoding: output.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        exit.wait()
        return text
    }()

    /// A loopback port that was free a moment ago (nginx may still lose it to another process;
    /// the caller retries).
    private static func freePort() throws -> Int {
        let descriptor = TestSockets.stream(AF_INET)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw FixtureFailure("no free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether nginx accepts connections on `port` within 5 seconds (false when it exits first).
    private static func waitUntilListening(port: Int, process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, process.isRunning {
            if (try? HTTPConnection(port: port)) != nil { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}

/// iapcat's own counters, read from its `/metrics` (each read is itself a 200 there, counted in
/// the next read at the latest).
struct IAPCatMetrics {
    let text: String

    init(_ server: ServerProcess) async throws { text = try await server.request("GET", "/metrics").text }

    func responses(_ status: Int) -> Int {
        let prefix = "iapcat_http_requests_total{status=\"\(status)\"} "
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? -1
    }

    /// Reads the counters twice: the second reading, and how many 200s one reading adds.
    static func baseline(_ server: ServerProcess) async throws -> (metrics: IAPCatMetrics, costOfAReading: Int) {
        let first = try await IAPCatMetrics(server)
        let second = try await IAPCatMetrics(server)
        return (second, second.responses(200) - first.responses(200))
    }
}
