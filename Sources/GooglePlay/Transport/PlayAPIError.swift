import IAPCatalog

/// Why a call of the Play Developer API failed: Google's error document (`{"error": {"code",
/// "message", "status", "errors": [{"reason"}]}}`), no usable answer, or no token. Every text
/// from the server is made safe to print (``ServerText``); no token or key ever appears.
package enum PlayAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The API answered with an error status.
    case response(request: String, status: Int, code: String, message: String)
    /// No usable answer: unreachable, timed out, too large.
    case transport(request: String, message: String)
    /// An answer iapcat cannot read, or a request it would not send.
    case malformed(request: String, message: String)
    /// Google gave no access token.
    case unauthorized(String)

    /// The HTTP status, when the API answered.
    package var status: Int? {
        if case .response(_, let status, _, _) = self { return status }
        return nil
    }

    /// Whether the same request sent again may succeed: no answer, or a busy or failing server
    /// (429, 5xx), rather than a refusal of what was asked.
    package var mayPass: Bool {
        switch self {
        case .transport: true
        case .response(_, let status, _, _): status == 429 || status >= 500
        case .malformed, .unauthorized: false
        }
    }

    /// One line: `PATCH onetimeproducts/coins: HTTP 400 INVALID_ARGUMENT: Regions Version must be specified.`
    package var description: String {
        switch self {
        case .response(let request, let status, let code, let message):
            "\(request): HTTP \(status)" + (code.isEmpty ? "" : " \(code)") + (message.isEmpty ? "" : ": \(message)")
        case .transport(let request, let message): "\(request): \(message)"
        case .malformed(let request, let message): "\(request): \(message)"
        case .unauthorized(let message): message
        }
    }

    /// The error as a diagnostic: `Google Play: PATCH onetimeproducts/coins: HTTP 400 …`.
    package var diagnostic: String { "Google Play: \(self)" }

    /// The error of an answer with `status` and body `bytes` (Google's error document when it is one).
    static func answer(request: String, status: Int, bytes: [UInt8]) -> PlayAPIError {
        let document = try? JSONValueReader.read(bytes)
        let error = document?["error"]
        let code = error?["status"]?.string ?? error?["errors"]?.items.first?["reason"]?.string ?? ""
        let message = error?["message"]?.string ?? ""
        return .response(
            request: request, status: status, code: ServerText.shown(code, limit: 60), message: ServerText.shown(message, limit: 300))
    }
}
