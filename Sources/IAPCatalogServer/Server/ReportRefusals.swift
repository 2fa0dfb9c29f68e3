import FieldReports

/// The report endpoint answers in problem documents only: a request the router refuses before
/// the intake sees it (405, 411, 413 by `Content-Length`, 415, 429) gets the same kind of
/// document as one the intake refuses, so a client reads every refusal one way.
enum ReportRefusals {
    /// `refusal` as a problem document; the router adds the header fields it needs.
    @Sendable static func reply(_ refusal: RouteRefusal) -> ServerReply {
        ServerReply(ReportOutcome(problem(refusal)))
    }

    static func problem(_ refusal: RouteRefusal) -> ReportProblem {
        switch refusal {
        case .methodNotAllowed: ReportProblem(.methodNotAllowed, detail: "Send the report with POST.")
        case .lengthRequired:
            ReportProblem(.lengthRequired, detail: "Send the report with Content-Length, not Transfer-Encoding.")
        case .contentTooLarge(let maximum):
            ReportProblem(.contentTooLarge, detail: "A report may be at most \(maximum) bytes as sent.")
        case .unsupportedMediaType: .notJSON
        case .unsupportedContentEncoding: .notGzipOrIdentity
        case .rateLimited:
            ReportProblem(.rateLimited, detail: "Too many reports from this client; send again after Retry-After seconds.")
        }
    }
}

extension ServerReply {
    /// The intake's answer as the server sends it.
    init(_ outcome: ReportOutcome) {
        self.init(status: outcome.status, headers: outcome.headers.map { ($0.name, $0.value) }, body: outcome.body)
    }
}
