import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `iapcat serve` on a free loopback port, and a raw HTTP/1.1 client for it. Starting,
/// stopping and every request wait off Swift concurrency's threads (``offThePool(_:)``).
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    /// The process's end.
    let exit: ProcessExit
    let port: Int
    private let errors = Pipe()
    private(set) var log = ""

    /// Starts `iapcat serve --catalog catalog --port 0 …` and waits until it says where it listens.
    /// `environment` adds variables to the inherited ones.
    static func start(catalog: String, extraArguments: [String] = [], environment: [String: String] = [:]) async throws
        -> ServerProcess
    {
        try await offThePool { try ServerProcess(catalog: catalog, extraArguments: extraArguments, environment: environment) }
    }

    private init(catalog: String, extraArguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: IAPCat.executable)
        process.arguments = ["serve", "--catalog", catalog, "--port", "0", "--reload-interval", "100"] + extraArguments
        process.currentDirectoryURL = URL(fileURLWithPath: IAPCat.packageRoot)
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        exit = try ProcessExit.launch(process)
        var port: Int?
        let deadline = Date().addingTimeInterval(20)
        while port == nil, Date() < deadline, process.isRunning {
            let data = errors.fileHandleForReading.availableData
            log += String(decoding: data, as: UTF8.self)
            if let range = log.range(of: #"listening on (127\.0\.0\.1|0\.0\.0\.0):(\d+)"#, options: .regularExpression) {
                port = Int(log[range].split(separator: ":").last!)
            }
        }
        guard let port else {
            process.terminate()
            throw FixtureFailure("the server did not start: \(log)")
        }
        self.port = port
    }

    /// A server a test did not stop (a failed `#require`) is killed; Foundation reaps it. Nothing
    /// waits here: the last reference may go on one of Swift concurrency's threads.
    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Sends SIGTERM and returns at once (for `defer`, where nothing can be awaited); Foundation reaps it.
    func terminate() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    }

    /// Sends SIGTERM and waits for the exit; returns the status and everything it logged.
    func stop() async -> (status: Int32, log: String) {
        kill(process.processIdentifier, SIGTERM)
        await exit.exited()
        let rest = await offThePool { self.errors.fileHandleForReading.readAllRetryingInterrupts() }
        log += String(decoding: rest, as: UTF8.self)
        return (process.terminationStatus, log)
    }

    /// A client for this server (usable from any thread).
    var client: LoopbackClient { LoopbackClient(port: port) }

    func connect() async throws -> HTTPConnection { try await client.connect() }

    func request(_ method: String = "GET", _ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await client.request(method, path, headers: headers)
    }
}

/// Requests to a loopback port.
struct LoopbackClient: Sendable {
    let port: Int

    func connect() async throws -> HTTPConnection { try await offThePool { [port] in try HTTPConnection(port: port) } }

    /// One request on its own connection (`Connection: close` is added): the parsed response.
    func request(_ method: String = "GET", _ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await offThePool { try self.requestWaiting(method, path, headers: headers) }
    }

    /// ``request(_:_:headers:)`` on the calling thread, which it blocks: for a thread of the test's
    /// own (a load of clients), never for a task.
    func requestWaiting(_ method: String = "GET", _ path: String, headers: [String: String] = [:]) throws -> HTTPResponse {
        let connection = try HTTPConnection(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        try connection.sendWaiting(Array(head.utf8))
        return try HTTPResponse(try connection.readToEndWaiting(), isHead: method == "HEAD")
    }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A TCP connection with blocking reads and a timeout. Each operation runs on a thread of its own
/// (``offThePool(_:)``): the calling task suspends instead of holding one of Swift concurrency's threads.
final class HTTPConnection: @unchecked Sendable {
    private let descriptor: Int32
    /// Bytes read past the last response (pipelined responses arrive together).
    private var pending: [UInt8] = []

    init(port: Int) throws {
        descriptor = TestSockets.stream(AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                TestSockets.connectSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw FixtureFailure("connect failed: \(errno)") }
    }

    private var isOpen = true

    deinit { shut() }

    /// Closes the connection now (also what `deinit` does, once).
    func shut() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) async throws { try await offThePool { try self.sendWaiting(bytes) } }

    /// Everything until the server closes the connection (or the read times out).
    func readToEnd() async throws -> [UInt8] { try await offThePool { try self.readToEndWaiting() } }

    /// Reads one response whose length is known from its head (`Content-Length`, or none for 304/HEAD).
    func readResponse(isHead: Bool = false) async throws -> HTTPResponse {
        try await offThePool { try self.readResponseWaiting(isHead: isHead) }
    }

    /// Waits until the server has sent the first bytes of a response (kept for ``readResponse(isHead:)``),
    /// trying for up to `seconds`: a response is then in flight, however busy the machine is.
    func awaitFirstBytes(seconds: Int = 60) async throws { try await offThePool { try self.awaitFirstBytesWaiting(seconds: seconds) } }

    /// How many times `marker` occurs in everything until the server closes, read as a stream.
    func countToEnd(of marker: [UInt8]) async throws -> Int { try await offThePool { try self.countToEndWaiting(of: marker) } }

    /// Whether the server has closed the connection (a read returns end of file).
    func isClosedByServer() async -> Bool { await offThePool { self.isClosedByServerWaiting() } }

    /// ``send(_:)-(UInt8)`` on the calling thread: for a thread of the test's own.
    func sendWaiting(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { TestSockets.sendBytes(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw FixtureFailure("send failed: \(errno)") }
            offset += written
        }
    }

    /// ``readToEnd()`` on the calling thread: for a thread of the test's own.
    func readToEndWaiting() throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    private func readResponseWaiting(isHead: Bool) throws -> HTTPResponse {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let response = try? HTTPResponse(pending, isHead: isHead, requireComplete: true) {
                pending.removeFirst(response.wireLength)
                return response
            }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { throw FixtureFailure("connection closed before a whole response") }
            pending += buffer[0..<count]
        }
    }

    private func awaitFirstBytesWaiting(seconds: Int) throws {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        while pending.isEmpty {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                pending += buffer[0..<count]
            } else if count == 0 || errno != EAGAIN && errno != EWOULDBLOCK || Date() > deadline {
                throw FixtureFailure("no response began (recv \(count), errno \(errno))")
            }
        }
    }

    private func countToEndWaiting(of marker: [UInt8]) throws -> Int {
        var count = 0
        var carry: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = recv(descriptor, &buffer, buffer.count, 0)
            if read <= 0 { break }
            let chunk = carry + buffer[0..<read]
            var index = 0
            while let found = chunk[index...].firstRange(of: marker) {
                count += 1
                index = found.upperBound
            }
            carry = Array(chunk.suffix(max(0, min(marker.count - 1, chunk.count - index))))
        }
        return count
    }

    private func isClosedByServerWaiting() -> Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }
}

/// A parsed HTTP/1.1 response.
struct HTTPResponse {
    var status: Int
    /// Header names lower-cased, in order.
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    /// Bytes the response took on the wire (head and body).
    var wireLength = 0

    init(_ data: [UInt8], isHead: Bool, requireComplete: Bool = false) throws {
        guard let end = data.indices.first(where: { data[$0...].starts(with: [13, 10, 13, 10]) }) else {
            throw FixtureFailure("no response head in \(String(decoding: data, as: UTF8.self))")
        }
        let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw FixtureFailure("bad status line \(lines[0])") }
        self.status = status
        headers = lines.dropFirst().map { line in
            let colon = line.firstIndex(of: ":")!
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        body = Array(data[(end + 4)...])
        if requireComplete {
            let length = isHead || status == 304 ? 0 : Int(self["content-length"] ?? "0") ?? 0
            guard body.count >= length else { throw FixtureFailure("incomplete") }
            body = Array(body.prefix(length))
        }
        wireLength = end + 4 + body.count
    }

    subscript(name: String) -> String? { headers.first { $0.name == name }?.value }

    var text: String { String(decoding: body, as: UTF8.self) }
}
