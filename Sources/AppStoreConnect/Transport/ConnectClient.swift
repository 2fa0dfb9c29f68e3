import AsyncHTTPClient
import Foundation
import IAPCatalog
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StoreHTTP

/// The App Store Connect API over HTTPS with async-http-client: bearer tokens, JSON:API bodies,
/// retries with back-off, and a record of every exchange for verbose output and benchmarks.
package final class ConnectClient: ConnectTransport {
    /// Apple's API.
    package static let defaultBaseURL = "https://api.appstoreconnect.apple.com"
    /// The largest response body read (a page of 8,000 price points is about 3 MB).
    package static let responseLimit = 64 << 20
    /// The most one client reads in all (a pull of 10,000 products reads about 0.5 GB): past it,
    /// every answer is an error, so no server can keep a run going by answering forever.
    package static let totalLimit = 4 << 30

    /// One exchange, as verbose output shows it (never a token or body).
    package typealias Exchange = StoreExchange

    /// How long one exchange may take, the whole body included: a server that trickles its
    /// answer is abandoned then, and tried once more at most, within the call's budget
    /// (``RetryPolicy/stalledAttempts``, ``RetryPolicy/budget``).
    package static let defaultDeadline: Duration = .seconds(120)

    private let baseURL: String
    private let tokens: TokenProvider
    private let retry: RetryPolicy
    private let client: StoreHTTPClient<ConnectDialect>

    /// A client for `baseURL` (no trailing slash needed) signing with `tokens`.
    package init(
        baseURL: String = ConnectClient.defaultBaseURL, tokens: TokenProvider, retry: RetryPolicy = RetryPolicy(),
        deadline: Duration = ConnectClient.defaultDeadline, totalLimit: Int = ConnectClient.totalLimit,
        observer: (@Sendable (Exchange) -> Void)? = nil
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.tokens = tokens
        self.retry = retry
        client = StoreHTTPClient(
            retry: retry, deadline: deadline, responseLimit: Self.responseLimit, totalLimit: totalLimit, observer: observer)
    }

    /// How many requests were sent (attempts included).
    package var requestCount: Int { client.requestCount }

    /// Closes the connections. Call once, when done.
    package func shutdown() async {
        await client.shutdown()
    }

    /// Sends `request`, repeating it as the ``RetryPolicy`` allows.
    package func send(_ request: ConnectRequest) async throws(ConnectAPIError) -> APIDocument {
        let summary = request.summary
        return try await client.send(try call(request), bearer: { [tokens] in tokens.token() }) { status, bytes in
            if status == 204 || bytes.isEmpty { return .success(APIDocument()) }
            guard let document = APIDocument.parse(bytes) else {
                return .failure(.malformedResponse(request: summary, message: "HTTP \(status), \(Plural.count(bytes.count, "byte"))"))
            }
            return .success(document)
        }
    }

    /// The bytes of an answer that is not JSON (`GET …/values`: `text/csv`), under the same
    /// retries and limits as ``send(_:)``.
    package func bytes(_ request: ConnectRequest) async throws(ConnectAPIError) -> [UInt8] {
        try await client.send(try call(request), bearer: { [tokens] in tokens.token() }) { _, bytes in .success(bytes) }
    }

    /// The call that sends `request`: its path under the base URL, or a link the API gave.
    private func call(_ request: ConnectRequest) throws(ConnectAPIError) -> StoreHTTPClient<ConnectDialect>.Call {
        let summary = request.summary
        let url: String
        if request.path.hasPrefix("/") {
            // Ids go into paths percent-encoded; what cannot be one segment (empty, `.`, `..`) is not sent.
            guard request.hasSinglePathSegments else {
                throw .malformedResponse(request: summary, message: "an id cannot be one path segment (empty, '.' or '..'); not sent")
            }
            url = baseURL + request.target
        } else if request.path.hasPrefix(baseURL + "/") {
            url = request.target
        } else {
            throw .foreignLink(request: summary)
        }
        let body = request.bodyBytes()
        return StoreHTTPClient<ConnectDialect>.Call(
            summary: summary, method: HTTPMethod(rawValue: request.method.rawValue), url: url, idempotent: request.method.isIdempotent,
            body: body, headers: body == nil ? [] : [("Content-Type", "application/json")])
    }

    /// Uploads one part of a reserved file, without the bearer token. A part is one call under the
    /// ``RetryPolicy`` like any other, with one difference: a part may take longer than an API
    /// answer, so an attempt's deadline is what is left of the call's budget (240 s for the first)
    /// rather than the exchange's 120 s. A trickled part therefore ends the call at the budget; a
    /// part cut short by the read timeout, a dropped connection or a 5xx is repeated while it lasts.
    package func upload(_ operation: UploadOperation, bytes: ArraySlice<UInt8>) async throws(ConnectAPIError) {
        // An upload part is idempotent: the same bytes at the same place.
        let call = StoreHTTPClient<ConnectDialect>.Call(
            summary: "\(operation.method) \(ConnectRequest.pathOnly(operation.url))", method: HTTPMethod(rawValue: operation.method),
            url: operation.url, idempotent: true, body: Array(bytes), headers: operation.headers)
        try await client.send(call, bearer: { nil }, attemptDeadline: retry.budget) { _, _ in .success(()) }
    }
}

/// How App Store Connect spells errors: JSON:API `errors`; its rate limit is `X-Rate-Limit`.
package enum ConnectDialect: StoreDialect {
    package static let rateLimitHeader: String? = "X-Rate-Limit"

    package static func transportFailure(request: String, message: String) -> ConnectAPIError {
        .transport(request: request, message: message)
    }

    package static func refusal(request: String, status: Int, bytes: [UInt8]) -> ConnectAPIError {
        .response(request: request, status: status, errors: APIErrorObject.parse(bytes))
    }

    package static func status(of failure: ConnectAPIError) -> Int? { failure.status }
}

extension StoreExchange {
    /// The rate limit App Store Connect reported with the answer.
    package var rateLimit: RateLimit? { rateLimitHeader.flatMap(RateLimit.init(header:)) }
}
