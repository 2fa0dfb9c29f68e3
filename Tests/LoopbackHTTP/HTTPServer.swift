import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// What a loopback server does with each request: answers it, or drops the connection.
public protocol HTTPHandling: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPOutcome
}

/// What the connection should do with a request.
public enum HTTPOutcome: Sendable {
    case respond(HTTPResponse)
    /// Close the connection without answering.
    case drop
}

/// A request as the server read it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    /// The raw query string, without `?`.
    public var query: String
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(method: String, path: String, query: String, headers: [(name: String, value: String)], body: Data) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A response to write.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// An HTTP/1.1 server on 127.0.0.1 (an OS-chosen port) that hands each request to a handler, with
/// its own event loop so that shutting down closes every connection. The test fakes of the stores'
/// APIs run on it.
public final class HTTPServer: Sendable {
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    private init(port: Int, group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.port = port
        self.group = group
        self.channel = channel
    }

    public static func start(handler: any HTTPHandling) async throws -> HTTPServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(RequestHandler(handler: handler))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            guard let port = channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
            return HTTPServer(port: port, group: group, channel: channel)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    public func shutdown() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }
}

/// Collects a request (head, body, end), asks the backend, writes the answer or drops the connection.
private final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let handler: any HTTPHandling
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()

    init(handler: any HTTPHandling) {
        self.handler = handler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
            if head.headers["Expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        case .body(var chunk):
            body.writeBuffer(&chunk)
        case .end:
            guard let head else { return }
            self.head = nil
            let uri = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let request = HTTPRequest(
                method: head.method.rawValue, path: String(uri[0]), query: uri.count > 1 ? String(uri[1]) : "",
                headers: head.headers.map { ($0.name, $0.value) }, body: Data(body.readableBytesView))
            switch handler.handle(request) {
            case .drop:
                context.close(promise: nil)
            case .respond(let response):
                write(response, for: head, context: context)
            }
        }
    }

    private func write(_ response: HTTPResponse, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(response.headers)
        headers.add(name: "Content-Length", value: String(response.body.count))
        let keepAlive = request.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: request.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response.body)))), promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
