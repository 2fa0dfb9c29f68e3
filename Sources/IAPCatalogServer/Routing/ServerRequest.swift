import NIOCore

/// One request as a route sees it: the method, the path, the header fields routes read, the body
/// (only for a route that takes one, whole and within the route's bound) and the client's address
/// (for a rate limit, nothing else). The head's bytes are kept as received and read in place; the
/// text accessors make a `String` only when called.
package struct ServerRequest: Sendable {
    /// The parsed head; its ranges index `headBytes`.
    let head: RequestHead
    /// The request head's bytes, as received.
    let headBytes: ByteBuffer
    /// The body: empty unless the route takes one.
    package var body: [UInt8]
    /// Who sent it, for rate limits only; nil when not known (a Unix socket).
    package var client: ClientAddress?

    init(head: RequestHead, headBytes: ByteBuffer, body: [UInt8] = [], client: ClientAddress?) {
        self.head = head
        self.headBytes = headBytes
        self.body = body
        self.client = client
    }

    /// A request made from its parts, as a client would send it, parsed as the connection parses
    /// one (so it holds to the same rules); nil when the parts do not make a valid request head.
    /// `Host` is added when `headers` has none, and `Content-Length` when the body is not empty
    /// and `headers` has neither it nor `Transfer-Encoding`.
    package init?(
        method: String, path: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [], client: ClientAddress? = nil
    ) {
        var text = "\(method) \(path) HTTP/1.1\r\n"
        let names = Set(headers.map { $0.name.lowercased() })
        if !names.contains("host") { text += "Host: localhost\r\n" }
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !body.isEmpty, !names.contains("content-length"), !names.contains("transfer-encoding") {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "\r\n"
        let bytes = ByteBuffer(string: text)
        let parsed = bytes.withUnsafeReadableBytes { RequestHead.parse($0, maximumHeadBytes: bytes.readableBytes) }
        guard case .request(let head, _) = parsed else { return nil }
        self.init(head: head, headBytes: bytes, body: body, client: client)
    }

    package var method: HTTPMethod { head.method }
    /// The path, without the query.
    package var path: String { text(head.path)! }
    /// The query, as sent (percent-encoded), without its `?`; nil when the target has none.
    package var query: String? { text(head.query) }
    /// `Content-Type`, as sent.
    package var contentType: String? { text(head.contentType) }
    /// `Content-Encoding`, as sent.
    package var contentEncoding: String? { text(head.contentEncoding) }
    /// `Content-Length`, when sent.
    package var contentLength: Int? { head.contentLength }
    /// `Authorization`, as sent.
    package var authorization: String? { text(head.authorization) }
    /// Whether any `Transfer-Encoding` was sent.
    package var hasTransferEncoding: Bool { head.hasTransferEncoding }
    /// Whether the client waits for `100 Continue` before it sends the body.
    package var expectsContinue: Bool { head.expectsContinue }

    /// The bytes of a field of the head, in place.
    @inline(__always)
    func withField<Result>(_ range: Range<Int>?, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        headBytes.withUnsafeReadableBytes { bytes in body(RequestHead.field(range, in: bytes)) }
    }

    private func text(_ range: Range<Int>?) -> String? {
        withField(range) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }
}
