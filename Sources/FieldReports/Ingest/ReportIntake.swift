/// `POST /v1/reports`, without the connection: a ``ReportRequest`` → the ``ReportOutcome`` to send.
/// `Content-Type` must be `application/json` (a `charset` parameter, if any, `utf-8`) and
/// `Content-Encoding` absent, `identity` or `gzip`, else 415; then the body is decoded (400, 413),
/// checked against the served catalog (400) and offered to the sink: 202 when it takes the
/// record, 503 with `Retry-After` when it is full. Never blocks; keeps nothing of the request.
public struct ReportIntake: Sendable {
    public let normalizer: ReportNormalizer
    public let sink: any ReportSink
    /// The `Retry-After` of a 503.
    public let retryAfterSeconds: Int
    private let decoder = ReportDecoder()

    public init(normalizer: ReportNormalizer = ReportNormalizer(), sink: any ReportSink, retryAfterSeconds: Int = 5) {
        self.normalizer = normalizer
        self.sink = sink
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The answer to `request`, checked against `facts` (the catalog being served).
    public func handle(_ request: ReportRequest, facts: CatalogFacts) -> ReportOutcome {
        guard Self.isJSON(request.contentType) else {
            return ReportOutcome(.notJSON)
        }
        guard let gzip = Self.isGzip(request.contentEncoding) else {
            return ReportOutcome(.notGzipOrIdentity)
        }
        let record: ReportRecord
        do throws(ReportProblem) {
            let report = try decoder.decode(request.body, gzip: gzip)
            record = try normalizer.normalize(report, facts: facts, receivedAt: request.receivedAt)
        } catch {
            return ReportOutcome(error)
        }
        guard sink.offer(record) else {
            let problem = ReportProblem(.storageUnavailable, detail: "The report queue is full; send the report again later.")
            return ReportOutcome(problem, retryAfterSeconds: retryAfterSeconds)
        }
        return .accepted
    }

    /// `application/json`, any case, with parameters; a `charset` parameter must say `utf-8`.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        var parts = contentType.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let mediaType = parts.next(), trimmed(mediaType).lowercased() == "application/json" else { return false }
        while let parameter = parts.next() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, trimmed(pair[0]).lowercased() == "charset" else { continue }
            var value = trimmed(pair[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            guard value.lowercased() == "utf-8" else { return false }
        }
        return true
    }

    /// Whether the body is gzip-encoded: false without an encoding or with `identity`, true with
    /// `gzip` (or its old name `x-gzip`, RFC 9110 §8.4.1.3); nil for anything else.
    static func isGzip(_ contentEncoding: String?) -> Bool? {
        guard let contentEncoding else { return false }
        switch trimmed(Substring(contentEncoding)).lowercased() {
        case "", "identity": return false
        case "gzip", "x-gzip": return true
        default: return nil
        }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
