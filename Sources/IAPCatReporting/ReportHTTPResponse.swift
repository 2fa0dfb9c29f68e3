/// What the server answered a report: all the client needs of it.
public struct ReportHTTPResponse: Sendable, Hashable {
    /// The HTTP status (`202`, `400`, `429`, …).
    public var status: Int
    /// The `Retry-After` header's value, as sent (seconds or an HTTP-date); nil when absent.
    public var retryAfter: String?

    /// An answer of `status`, with its `Retry-After` if any.
    public init(status: Int, retryAfter: String? = nil) {
        self.status = status
        self.retryAfter = retryAfter
    }
}
