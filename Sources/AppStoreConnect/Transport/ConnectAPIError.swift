import Foundation
import IAPCatalog

/// One entry of a JSON:API `errors` array.
package struct APIErrorObject: Sendable, Equatable {
    /// The HTTP status, as the API repeats it.
    package var status: String?
    /// The hierarchical error code (`ENTITY_ERROR.ATTRIBUTE.REQUIRED`, `STATE_ERROR`, …).
    package var code: String
    /// A short title.
    package var title: String?
    /// The detail the API gives.
    package var detail: String?
    /// `source.pointer`: the JSON pointer into the request body (`/data/attributes/name`).
    package var pointer: String?
    /// `source.parameter`: the query parameter at fault.
    package var parameter: String?

    /// An error object.
    package init(
        status: String? = nil, code: String, title: String? = nil, detail: String? = nil, pointer: String? = nil, parameter: String? = nil
    ) {
        self.status = status
        self.code = code
        self.title = title
        self.detail = detail
        self.pointer = pointer
        self.parameter = parameter
    }

    /// Error objects kept of one answer at most; the rest are counted in the last one's detail.
    static let maximumKept = 20

    /// The errors of an error answer, their text made safe to print (``ServerText``): escaped,
    /// redacted, capped; at most ``maximumKept`` of them.
    static func parse(_ bytes: [UInt8]) -> [APIErrorObject] {
        guard let root = APIValue.read(bytes) else { return [] }
        let all = root["errors"]?.array ?? []
        var kept = all.prefix(maximumKept).map { error in
            APIErrorObject(
                status: error["status"]?.string.map { ServerText.shown($0, limit: 10) },
                code: error["code"]?.string.map { ServerText.shown($0, limit: 100) } ?? "UNKNOWN",
                title: error["title"]?.string.map { ServerText.shown($0, limit: 200) },
                detail: error["detail"]?.string.map { ServerText.shown($0) },
                pointer: error["source"]?["pointer"]?.string.map { ServerText.shown($0, limit: 200) },
                parameter: error["source"]?["parameter"]?.string.map { ServerText.shown($0, limit: 200) })
        }
        if all.count > maximumKept {
            kept.append(APIErrorObject(code: "IAPCAT.MORE_ERRORS", detail: "\(all.count - maximumKept) more errors not shown"))
        }
        return kept
    }
}

/// Why a call of the API failed. No case holds a token, a key or a request body.
package enum ConnectAPIError: Error, Sendable, Equatable {
    /// The API answered with an error status and (usually) a list of errors.
    case response(request: String, status: Int, errors: [APIErrorObject])
    /// No answer: connection refused or dropped, timeout, TLS failure. For a create (`POST`) the
    /// work may or may not have been done; re-planning against the real state tells.
    case transport(request: String, message: String)
    /// An answer that is not the JSON:API the spec promises.
    case malformedResponse(request: String, message: String)
    /// A `links.next` that leaves the API's server (the token is never sent elsewhere).
    case foreignLink(request: String)

    /// One line for a diagnostic.
    package var message: String {
        switch self {
        case .response(let request, let status, let errors):
            guard let first = errors.first else { return "\(request) answered HTTP \(status)" }
            let detail = first.detail ?? first.title ?? ""
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            return "\(request) answered HTTP \(status) \(first.code)\(detail.isEmpty ? "" : ": " + detail)\(more)"
        case .transport(let request, let message): return "\(request) got no answer: \(message)"
        case .malformedResponse(let request, let message): return "\(request) answered something that is not JSON:API: \(message)"
        case .foreignLink(let request): return "\(request) answered a next-page link to another server; not followed"
        }
    }

    /// The HTTP status, for an error answer.
    package var status: Int? { if case .response(_, let status, _) = self { status } else { nil } }

    /// Whether the same request sent again may succeed: no answer, or a busy or failing server
    /// (429, 5xx), rather than a refusal of what was asked.
    package var mayPass: Bool {
        switch self {
        case .transport: true
        case .response(_, let status, _): status == 429 || status >= 500
        case .malformedResponse, .foreignLink: false
        }
    }

    /// The error objects of an error answer.
    package var errors: [APIErrorObject] { if case .response(_, _, let errors) = self { errors } else { [] } }

    /// The error as a diagnostic: the request, the status, `code` and `detail` of each error
    /// object, and the `source.pointer` of the first.
    package var diagnostic: String {
        var text = "App Store Connect: " + message
        for object in errors.dropFirst() { text += "\n  \(object.code): \(object.detail ?? object.title ?? "")" }
        if let pointer = errors.first?.pointer { text += " (at \(pointer))" }
        return text
    }
}
