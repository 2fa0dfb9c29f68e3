/// What a request gets: a status, header fields and a body; or, for a list, one of the responses
/// prepared in advance (``PreparedResponses``), which the connection writes as it is.
///
/// The connection adds `Date`, `Content-Length`, `Connection: close` when it closes, and
/// `Content-Type: text/plain; charset=utf-8` when the reply names none; it drops any of those the
/// reply sets itself, and any field whose name is not a token or whose value holds a control
/// character, so a reply cannot split the response. A reply to HEAD is sent without its body.
package struct ServerReply: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
    /// Set for a list: the prepared response to write instead of `headers` and `body`.
    let prepared: Prepared?

    /// A prepared response of a list.
    struct Prepared: Equatable {
        var index: Int
        var gzip: Bool
        var kind: PreparedResponses.Kind
    }

    package init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.prepared = nil
    }

    /// A plain-text reply.
    package init(status: Int, text: String, headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: headers, body: Array(text.utf8))
    }

    init(prepared: Prepared) {
        switch prepared.kind {
        case .ok, .head: status = 200
        case .notModified: status = 304
        case .preconditionFailed: status = 412
        }
        headers = []
        body = []
        self.prepared = prepared
    }

    /// The value of the first header field named `name` (without case).
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The body as text.
    package var text: String { String(decoding: body, as: UTF8.self) }
}
