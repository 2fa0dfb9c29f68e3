import Foundation
import LoopbackHTTP

/// A refusal, answered as Google's error document
/// (`{"error": {"code", "message", "status", "errors": [{"message", "domain", "reason"}]}}`).
struct PlayError: Error, Sendable {
    /// The HTTP status.
    var code: Int
    /// The google.rpc.Code name (`INVALID_ARGUMENT`).
    var status: String
    var message: String
    /// `errors[0].reason` (`badRequest`).
    var reason: String
    var headers: [(name: String, value: String)] = []

    /// 400 INVALID_ARGUMENT.
    static func invalid(_ message: String) -> PlayError {
        PlayError(code: 400, status: "INVALID_ARGUMENT", message: message, reason: "badRequest")
    }

    /// 400 FAILED_PRECONDITION: the request is well formed, but the resource is not in a state that allows it.
    static func precondition(_ message: String) -> PlayError {
        PlayError(code: 400, status: "FAILED_PRECONDITION", message: message, reason: "failedPrecondition")
    }

    /// 404 NOT_FOUND.
    static func notFound(_ message: String = "Requested entity was not found.") -> PlayError {
        PlayError(code: 404, status: "NOT_FOUND", message: message, reason: "notFound")
    }

    /// 409 ALREADY_EXISTS.
    static func alreadyExists(_ message: String) -> PlayError {
        PlayError(code: 409, status: "ALREADY_EXISTS", message: message, reason: "alreadyExists")
    }

    /// A body that is not a JSON object.
    static let invalidJSON = PlayError.invalid("Invalid JSON payload received.")

    /// `field` of the wrong JSON type.
    static func invalidValue(_ field: String, expected: String) -> PlayError {
        .invalid("Invalid JSON payload received. Invalid value at '\(field)': expected \(expected).")
    }

    /// The error document.
    var response: HTTPResponse {
        var response = PlayBackend.json(
            code,
            .object([
                "error": .object([
                    "code": .int(code), "message": .string(message), "status": .string(status),
                    "errors": .array([.object(["message": .string(message), "domain": "global", "reason": .string(reason)])]),
                ])
            ]))
        response.headers += headers
        return response
    }
}
