import Foundation
import IAPCatTestSupport
import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback HTTP/1.1 server that answers each request as a script says, byte for byte: what a
/// hostile or broken App Store Connect (or upload host) could send. One request per connection
/// (`Connection: close`); every request is recorded.
final class ScriptedServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        /// The request target as sent: path and query, percent-encoding untouched.
        var target: String
        var headers: [String: String]
    }

    enum Reply: Sendable {
        /// A whole answer.
        case answer(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// A 200 head promising 100,000 bytes, then one byte of body every `interval`, forever.
        case trickle(interval: useconds_t)

        /// A JSON answer.
        static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
            .answer(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(text.utf8))
        }
    }

    let port: UInt16
    var baseURL: String { "http://127.0.0.1:\(port)" }
    var requests: [Request] { recorded.withLockedValue { $0 } }

    private let descriptor: Int32
    private let running = NIOLockedValueBox(true)
    private let recorded = NIOLockedValueBox<[Request]>([])

    init(_ script: @escaping @Sendable (Request) -> Reply) throws {
        guard let (descriptor, port) = TestSockets.listenOnLoopback(backlog: 64) else { throw POSIXError(.EADDRNOTAVAIL) }
        self.descriptor = descriptor
        self.port = port
        let (listener, running, recorded) = (descriptor, running, recorded)
        Thread.detachNewThread {
            while running.withLockedValue({ $0 }) {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread {
                    defer { close(connection) }
                    guard let request = Self.readRequest(connection) else { return }
                    recorded.withLockedValue { $0.append(request) }
                    switch script(request) {
                    case .answer(let status, let headers, let body):
                        var head = "HTTP/1.1 \(status) Scripted\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
                        for (name, value) in headers { head += "\(name): \(value)\r\n" }
                        Self.send(connection, Array((head + "\r\n").utf8) + body)
                    case .trickle(let interval):
                        Self.send(
                            connection, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{".utf8))
                        while running.withLockedValue({ $0 }) {
                            usleep(interval)
                            guard TestSockets.sendBytes(connection, " ", 1) == 1 else { break }
                        }
                    }
                }
            }
        }
    }

    func stop() {
        running.withLockedValue { $0 = false }
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    /// The head (and, by Content-Length, the body, which is read and dropped) of one request.
    private static func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        while headEnd == nil {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            headEnd = bytes.indices.dropLast(3).first {
                bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
            }
        }
        let lines = String(decoding: bytes[..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var remaining = (Int(headers["content-length"] ?? "0") ?? 0) - (bytes.count - headEnd! - 4)
        while remaining > 0 {
            let count = read(connection, &buffer, min(buffer.count, remaining))
            guard count > 0 else { break }
            remaining -= count
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    private static func send(_ connection: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { TestSockets.sendBytes(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
