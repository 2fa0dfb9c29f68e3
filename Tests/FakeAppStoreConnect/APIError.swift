import Foundation

/// An error answer in App Store Connect's shape: an HTTP status and `{"errors": [...]}`, each error
/// with `status`, `code`, `title`, `detail` and, where it applies, `source.pointer` (a body member)
/// or `source.parameter` (a query parameter).
struct APIError: Error, Sendable {
    /// One entry of `errors`.
    struct Entry: Sendable {
        enum Source: Sendable {
            case pointer(String)
            case parameter(String)
        }

        var code: String
        var title: String
        var detail: String
        var source: Source?
    }

    var status: Int
    var entries: [Entry]
    /// Extra response headers (`Retry-After`).
    var headers: [(String, String)] = []

    init(status: Int, code: String, title: String, detail: String, source: Entry.Source? = nil) {
        self.status = status
        self.entries = [Entry(code: code, title: title, detail: detail, source: source)]
    }

    init(status: Int, entries: [Entry]) {
        self.status = status
        self.entries = entries
    }

    /// The response document.
    var document: JSON {
        .object([
            "errors": .array(
                entries.map { entry in
                    var object: [String: JSON] = [
                        "id": .string(UUID().uuidString.lowercased()), "status": .string(String(status)), "code": .string(entry.code),
                        "title": .string(entry.title), "detail": .string(entry.detail),
                    ]
                    switch entry.source {
                    case .pointer(let pointer): object["source"] = ["pointer": .string(pointer)]
                    case .parameter(let parameter): object["source"] = ["parameter": .string(parameter)]
                    case nil: break
                    }
                    return .object(object)
                })
        ])
    }
}

// MARK: The errors the fake answers

extension APIError {
    static func notAuthorized(_ detail: String) -> APIError {
        APIError(
            status: 401, code: "NOT_AUTHORIZED", title: "Authentication credentials are missing or invalid.",
            detail: "Provide a properly configured and signed bearer token, and make sure that it has not expired. " + detail)
    }

    static func rateLimitExceeded(retryAfter: Int) -> APIError {
        var error = APIError(
            status: 429, code: "RATE_LIMIT_EXCEEDED", title: "The request rate limit has been reached.",
            detail: "We've received too many requests for this API. Please wait and try again or slow down your request rate.")
        error.headers = [("Retry-After", String(retryAfter))]
        return error
    }

    static func notFound(_ detail: String) -> APIError {
        APIError(status: 404, code: "NOT_FOUND", title: "The specified resource does not exist", detail: detail)
    }

    static func resourceNotFound(_ type: String, _ id: String) -> APIError {
        notFound("There is no resource of type '\(type)' with id '\(id)'")
    }

    static func methodNotAllowed(_ method: String, _ path: String) -> APIError {
        APIError(
            status: 405, code: "METHOD_NOT_ALLOWED", title: "The request method is not valid for the resource path.",
            detail: "The request method '\(method)' is not allowed for the resource '\(path)'.")
    }

    static func parameterInvalid(_ parameter: String, _ detail: String) -> APIError {
        APIError(
            status: 400, code: "PARAMETER_ERROR.INVALID", title: "A parameter has an invalid value", detail: detail,
            source: .parameter(parameter))
    }

    static func parameterIllegal(_ parameter: String) -> APIError {
        APIError(
            status: 400, code: "PARAMETER_ERROR.ILLEGAL", title: "A parameter was provided that is not allowed for this request",
            detail: "The parameter '\(parameter)' can not be used with this request", source: .parameter(parameter))
    }

    static func parameterRequired(_ parameter: String) -> APIError {
        APIError(
            status: 400, code: "PARAMETER_ERROR.REQUIRED", title: "A required parameter is missing",
            detail: "The parameter '\(parameter)' is required for this request", source: .parameter(parameter))
    }

    static func unsupportedMediaType(_ contentType: String?) -> APIError {
        APIError(
            status: 415, code: "UNSUPPORTED_MEDIA_TYPE", title: "The request entity has an unsupported media type",
            detail: "Send the request entity as 'application/json', not '\(contentType ?? "nothing")'.")
    }

    static func unprocessable(_ detail: String) -> APIError {
        APIError(status: 422, code: "ENTITY_UNPROCESSABLE", title: "The request entity could not be processed", detail: detail)
    }

    static func stateError(_ detail: String) -> APIError {
        APIError(
            status: 409, code: "STATE_ERROR", title: "The request cannot be fulfilled because of the state of another resource.",
            detail: detail)
    }

    /// A 409 about the request entity: `code` is one of the `ENTITY_ERROR…` codes, `pointer` the member at fault.
    static func entity(_ code: String, _ pointer: String, _ detail: String) -> APIError {
        APIError(status: 409, entries: [entityEntry(code, pointer, detail)])
    }

    static func entityEntry(_ code: String, _ pointer: String, _ detail: String) -> Entry {
        Entry(
            code: code, title: entityTitles[code] ?? "There is a problem with the request entity", detail: detail, source: .pointer(pointer)
        )
    }

    private static let entityTitles: [String: String] = [
        "ENTITY_ERROR.ATTRIBUTE.REQUIRED": "The provided entity is missing a required attribute",
        "ENTITY_ERROR.ATTRIBUTE.INVALID": "An attribute in the provided entity has invalid value",
        "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE": "The provided entity includes an attribute with a value that has already been used",
        "ENTITY_ERROR.ATTRIBUTE.INVALID.TOO_LONG": "The provided entity contains a field whose value is too long",
        "ENTITY_ERROR.ATTRIBUTE.UNKNOWN": "The provided entity includes an unknown attribute",
        "ENTITY_ERROR.RELATIONSHIP.REQUIRED": "The provided entity is missing a required relationship",
        "ENTITY_ERROR.RELATIONSHIP.INVALID": "The provided entity includes a relationship with an invalid value",
        "ENTITY_ERROR.RELATIONSHIP.UNKNOWN": "The provided entity includes an unknown relationship",
        "ENTITY_ERROR.INCLUDED.INVALID_ID": "The provided entity id is invalid",
        "ENTITY_ERROR.INCLUDED.INVALID": "The provided included entity is invalid",
    ]

    /// The error an injected `status(code)` fault answers: a realistic body for that status.
    static func injected(status: Int, retryAfter: Int?) -> APIError {
        var error: APIError
        switch status {
        case 400: error = parameterInvalid("filter", "An injected fault: the request was rejected.")
        case 401: error = notAuthorized("An injected fault.")
        case 403:
            error = APIError(
                status: 403, code: "FORBIDDEN_ERROR", title: "This request is forbidden for security reasons",
                detail: "The API key in use does not allow this request")
        case 404: error = notFound("An injected fault: the resource does not exist.")
        case 409: error = stateError("Another change to this resource is being processed (an injected fault). Try again later.")
        case 422: error = unprocessable("An injected fault: the request entity could not be processed.")
        case 429: error = rateLimitExceeded(retryAfter: retryAfter ?? 60)
        case 503:
            error = APIError(
                status: 503, code: "SERVICE_UNAVAILABLE", title: "The service is temporarily unavailable",
                detail: "The service is temporarily unavailable (an injected fault). Try again later.")
        default:
            error = APIError(
                status: status, code: "UNEXPECTED_ERROR", title: "An unexpected error occurred.",
                detail: "An unexpected error occurred on the server side (an injected fault). If this issue continues, contact us.")
        }
        if let retryAfter {
            error.headers = [("Retry-After", String(retryAfter))]
        }
        return error
    }
}
