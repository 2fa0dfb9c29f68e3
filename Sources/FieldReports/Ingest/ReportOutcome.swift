/// A `POST /v1/reports` request as the server's route hands it over: the two headers that matter,
/// the body as read (bounded by the server) and when it arrived. Nothing of the connection — the
/// peer's address least of all — reaches the intake.
public struct ReportRequest: Sendable {
    /// The `Content-Type` header; nil when absent.
    public var contentType: String?
    /// The `Content-Encoding` header; nil when absent.
    public var contentEncoding: String?
    public var body: [UInt8]
    /// Seconds since 1970, UTC.
    public var receivedAt: Int64

    public init(contentType: String?, contentEncoding: String?, body: [UInt8], receivedAt: Int64) {
        self.contentType = contentType
        self.contentEncoding = contentEncoding
        self.body = body
        self.receivedAt = receivedAt
    }
}

/// The answer to a request: status, headers and body bytes, for the server to send as they are.
public struct ReportOutcome: Sendable, Equatable {
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var status: Int
    public var headers: [Header]
    public var body: [UInt8]

    public init(status: Int, headers: [Header], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// 202 with `{"status":"accepted"}`: the report is queued (or was counted before: a retry).
    public static let accepted = ReportOutcome(
        status: 202, headers: [Header("Content-Type", "application/json")], body: Array(#"{"status":"accepted"}"#.utf8))

    /// `problem`'s document, with `Retry-After` when given (429, 503) and `Accept-Encoding` when
    /// the encoding was refused (RFC 9110 §12.5.3).
    public init(_ problem: ReportProblem, retryAfterSeconds: Int? = nil) {
        var headers = [Header("Content-Type", ReportProblem.contentType)]
        if let retryAfterSeconds { headers.append(Header("Retry-After", String(retryAfterSeconds))) }
        if problem.kind == .unsupportedContentEncoding { headers.append(Header("Accept-Encoding", "gzip")) }
        self.init(status: problem.status, headers: headers, body: problem.body)
    }
}
