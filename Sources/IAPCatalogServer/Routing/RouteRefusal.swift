/// Why ``Router`` refused a request before its route's handler saw it. The route turns it into
/// the reply (``Route/refuse``), so an API answers every refusal in its own format — the report
/// endpoint with problem documents — while the status and the header fields a refusal needs
/// (`Allow`, `Accept-Encoding`, `Retry-After`) are decided here, once.
package enum RouteRefusal: Sendable, Equatable {
    /// 405: the method is not one the route takes; `allow` lists those it does.
    case methodNotAllowed(allow: String)
    /// 411: the body came with `Transfer-Encoding`; its length must be known before it is read.
    case lengthRequired
    /// 413: `Content-Length` is past the route's bound.
    case contentTooLarge(maximumBytes: Int)
    /// 415: the body's media type is not one of `accepted`.
    case unsupportedMediaType(accepted: [String])
    /// 415: the body's content coding is not one of `accepted` (nor identity).
    case unsupportedContentEncoding(accepted: [String])
    /// 429: past the client's rate; it may try again after `retryAfterSeconds`.
    case rateLimited(retryAfterSeconds: Int)

    package var status: Int {
        switch self {
        case .methodNotAllowed: 405
        case .lengthRequired: 411
        case .contentTooLarge: 413
        case .unsupportedMediaType, .unsupportedContentEncoding: 415
        case .rateLimited: 429
        }
    }

    /// The header fields the refusal carries whatever its body (RFC 9110 §15.5.6, §12.5.3;
    /// RFC 6585 §4).
    package var headers: [(name: String, value: String)] {
        switch self {
        case .methodNotAllowed(let allow): [("Allow", allow)]
        case .unsupportedContentEncoding(let accepted):
            [("Accept-Encoding", accepted.isEmpty ? "identity" : accepted.joined(separator: ", "))]
        case .rateLimited(let seconds): [("Retry-After", String(seconds))]
        case .lengthRequired, .contentTooLarge, .unsupportedMediaType: []
        }
    }

    /// The refusal in a sentence of plain text, ending with a newline.
    package var text: String {
        switch self {
        case .methodNotAllowed: "method not allowed\n"
        case .lengthRequired: "length required: send the body with Content-Length\n"
        case .contentTooLarge(let maximum): "content too large: at most \(maximum) bytes\n"
        case .unsupportedMediaType(let accepted): "unsupported media type: send \(accepted.joined(separator: " or "))\n"
        case .unsupportedContentEncoding: "unsupported content encoding\n"
        case .rateLimited: "too many requests\n"
        }
    }

    /// The plain-text reply: what a route answers unless it says otherwise.
    package var plainText: ServerReply { ServerReply(status: status, text: text, headers: headers) }
}
