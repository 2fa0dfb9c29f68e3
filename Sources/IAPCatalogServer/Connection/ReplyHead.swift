/// The status line and header fields of a ``ServerReply``, as the connection writes them.
enum ReplyHead {
    /// The head of `reply`: its status line, `date` (a whole `Date:` line), `Content-Length`,
    /// `Content-Type` (text when the reply names none), the reply's own fields (see
    /// ``ServerReply`` for those dropped) and `Connection: close` when `close`.
    static func text(_ reply: ServerReply, date: String, close: Bool) -> String {
        var text = "HTTP/1.1 \(reply.status) \(HTTPStatus.reason(reply.status))\r\n\(date)"
        // A 1xx, 204 or 304 has no body, and says no Content-Length (RFC 9110 §8.6).
        if reply.status >= 200 && reply.status != 204 && reply.status != 304 { text += "Content-Length: \(reply.body.count)\r\n" }
        if !reply.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            text += "Content-Type: text/plain; charset=utf-8\r\n"
        }
        for (name, value) in reply.headers where isSendable(name: name, value: value) {
            text += "\(name): \(value)\r\n"
        }
        if close { text += "Connection: close\r\n" }
        return text + "\r\n"
    }

    /// Fields the connection writes itself, which a reply may not set.
    private static let reserved: Set<String> = ["date", "content-length", "connection", "transfer-encoding", "keep-alive", "upgrade"]

    /// A name that is a token and not reserved, and a value of visible characters, spaces and tabs.
    private static func isSendable(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(RequestHead.isTokenByte) && !reserved.contains(name.lowercased())
            && value.utf8.allSatisfy { ($0 >= 32 || $0 == 9) && $0 != 127 }
    }
}
