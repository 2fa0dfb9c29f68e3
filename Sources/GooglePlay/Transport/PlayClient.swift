import AsyncHTTPClient
import Foundation
import IAPCatalog
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StoreHTTP

/// The Play Developer API over HTTPS for one app: bearer tokens from a service account, JSON
/// bodies, 429 and 5xx repeated with back-off (``RetryPolicy``, shared with App Store Connect),
/// a deadline per exchange, no redirects (the token's bearer never follows one), and caps on
/// what one answer and one run may read.
package final class PlayClient: PlayTransport {
    /// Google's API.
    package static let defaultBaseURL = "https://androidpublisher.googleapis.com"
    /// The largest answer read (a page of 1,000 products with 170 regions each is about 20 MB).
    package static let responseLimit = 64 << 20
    /// The most one client reads in all.
    package static let totalLimit = 4 << 30
    /// How long one exchange may take, the whole body included: a trickled answer is abandoned
    /// then, and tried once more at most, within the call's budget (``RetryPolicy/budget``).
    package static let defaultDeadline: Duration = .seconds(120)

    /// One exchange, as verbose output shows it (never a token, a body or a query).
    package typealias Exchange = StoreExchange

    private let baseURL: String
    private let packageName: String
    private let tokens: AccessTokenProvider
    private let client: StoreHTTPClient<PlayDialect>

    /// A client of the app `packageName` at `baseURL`, authorized by `key`.
    package init(
        baseURL: String = PlayClient.defaultBaseURL, packageName: String, key: ServiceAccountKey, retry: RetryPolicy = RetryPolicy(),
        deadline: Duration = PlayClient.defaultDeadline, observer: (@Sendable (Exchange) -> Void)? = nil
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.packageName = packageName
        client = StoreHTTPClient(
            retry: retry, deadline: deadline, responseLimit: Self.responseLimit, totalLimit: Self.totalLimit, observer: observer)
        // The token requests go through the same HTTP client, which follows no redirect either.
        tokens = AccessTokenProvider(key: key, http: client.http)
    }

    /// How many requests were sent (attempts included, token requests not).
    package var requestCount: Int { client.requestCount }

    /// Closes the connections. Call once, when done.
    package func shutdown() async {
        await client.shutdown()
    }

    /// Sends `request`, repeating it as the ``RetryPolicy`` allows.
    package func send(_ request: PlayRequest) async throws(PlayAPIError) -> JSONValue {
        let summary = request.summary
        guard request.hasSinglePathSegments, !packageName.isEmpty, packageName != ".", packageName != ".." else {
            throw .malformed(request: summary, message: "an id cannot be one path segment (empty, '.' or '..'); not sent")
        }
        let body = request.body.map { JSONWriter.bytes($0, pretty: false) }
        let call = StoreHTTPClient<PlayDialect>.Call(
            summary: summary, method: HTTPMethod(rawValue: request.method.rawValue),
            url: baseURL + request.target(packageName: packageName),
            idempotent: request.method.isIdempotent, body: body,
            headers: body == nil ? [] : [("Content-Type", "application/json; charset=utf-8")])
        return try await client.send(
            call,
            bearer: { [tokens] () async throws(PlayAPIError) -> String? in
                do throws(AccessTokenProvider.Failure) {
                    return try await tokens.token()
                } catch {
                    throw .unauthorized(error.description)
                }
            }
        ) { status, bytes in
            if bytes.isEmpty { return .success(.object([])) }
            guard let value = try? JSONValueReader.read(bytes), case .object = value else {
                return .failure(
                    .malformed(request: summary, message: "HTTP \(status): not a JSON object (\(Plural.count(bytes.count, "byte")))"))
            }
            return .success(value)
        }
    }
}

/// How Google Play spells errors: Google's error document; no rate-limit header.
package enum PlayDialect: StoreDialect {
    package static let rateLimitHeader: String? = nil

    package static func transportFailure(request: String, message: String) -> PlayAPIError {
        .transport(request: request, message: message)
    }

    package static func refusal(request: String, status: Int, bytes: [UInt8]) -> PlayAPIError {
        .answer(request: request, status: status, bytes: bytes)
    }

    package static func status(of failure: PlayAPIError) -> Int? { failure.status }
}
