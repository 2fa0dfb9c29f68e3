import IAPCatTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client connection to a port on 127.0.0.1 with blocking reads (10 s at most each), for
/// driving the server byte by byte. Every operation that can wait runs on a thread of its own
/// (``offThePool(_:)``): the calling test suspends instead of holding one of Swift concurrency's threads.
final class LoopbackSocket: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    /// Bytes read and not yet taken as a response.
    private var pending: [UInt8] = []

    /// A connection to `port`.
    static func connect(port: Int) async throws -> LoopbackSocket {
        try await offThePool { try LoopbackSocket(port: port) }
    }

    private init(port: Int) throws {
        descriptor = TestSockets.stream(AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                TestSockets.connectSocket(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect failed: \(errno)") }
    }

    deinit { close(descriptor) }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) async throws { try await offThePool { try self.sendWaiting(bytes) } }

    /// One response: its head and the `Content-Length` bytes of body after it (none for HEAD,
    /// 1xx and 304).
    func response(isHead: Bool = false) async throws -> Response { try await offThePool { try self.responseWaiting(isHead: isHead) } }

    /// Whether the server has closed the connection with nothing more to read.
    func isClosedByServer() async -> Bool { await offThePool { self.isClosedByServerWaiting() } }

    /// ``send(_:)-(UInt8)`` on the calling thread, for a sequence of small writes made off the pool at once.
    func sendWaiting(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { TestSockets.sendBytes(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { throw Failure(description: "send failed: \(errno)") }
            offset += written
        }
    }

    /// Reads until `count` bytes are pending (or the server closes, or a read times out); the bytes.
    private func read(atLeast count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while pending.count < count {
            let read = recv(descriptor, &buffer, buffer.count, 0)
            if read <= 0 { break }
            pending += buffer[0..<read]
        }
        return pending
    }

    /// ``response(isHead:)`` on the calling thread, for an exchange made off the pool at once.
    func responseWaiting(isHead: Bool = false) throws -> Response {
        var wanted = 1
        while true {
            let bytes = read(atLeast: wanted)
            if let response = Response(bytes, isHead: isHead) {
                pending.removeFirst(response.wireLength)
                return response
            }
            guard bytes.count >= wanted else {
                throw Failure(description: "closed before a whole response: \(String(decoding: bytes, as: UTF8.self))")
            }
            wanted = bytes.count + 1
        }
    }

    private func isClosedByServerWaiting() -> Bool {
        guard pending.isEmpty else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    /// A response as received.
    struct Response {
        var status: Int
        /// Names lower-cased, in order.
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var wireLength: Int

        /// The response at the start of `bytes`, or nil while it is incomplete.
        init?(_ bytes: [UInt8], isHead: Bool) {
            guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: [13, 10, 13, 10]) }) else { return nil }
            let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusLine = lines[0].split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
            self.status = status
            headers = lines.dropFirst().map { line in
                let colon = line.firstIndex(of: ":")!
                return (line[..<colon].lowercased(), String(line[line.index(after: colon)...].drop { $0 == " " }))
            }
            let length = isHead || status < 200 || status == 304 ? 0 : Int(headers.first { $0.name == "content-length" }?.value ?? "0") ?? 0
            guard bytes.count >= end + 4 + length else { return nil }
            body = Array(bytes[(end + 4)..<(end + 4 + length)])
            wireLength = end + 4 + length
        }

        subscript(name: String) -> String? { headers.first { $0.name == name }?.value }
        var text: String { String(decoding: body, as: UTF8.self) }
    }
}
