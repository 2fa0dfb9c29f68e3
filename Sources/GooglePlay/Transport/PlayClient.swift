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
    package struct Exchange: Sendable {
        /// `GET oneTimeProducts`.
        package var request: String
        /// The HTTP status (0 when there was no answer).
        package var status: Int
        /// Which attempt this was (1 = the first).
        package var attempt: Int
        /// When the call is repeated: how long iapcat waits first, and why.
        package var retry: (wait: Duration, reason: String)? = nil
    }

    private let baseURL: String
    private let packageName: String
    private let tokens: AccessTokenProvider
    private let retry: RetryPolicy
    private let http: HTTPClient
    private let deadline: Duration
    private let observer: (@Sendable (Exchange) -> Void)?
    private let counter = NIOLockedValueBox(0)
    private let bytesRead = NIOLockedValueBox(0)

    /// A client of the app `packageName` at `baseURL`, authorized by `key`.
    package init(
        baseURL: String = PlayClient.defaultBaseURL, packageName: String, key: ServiceAccountKey, retry: RetryPolicy = RetryPolicy(),
        deadline: Duration = PlayClient.defaultDeadline, observer: (@Sendable (Exchange) -> Void)? = nil
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.packageName = packageName
        self.retry = retry
        self.deadline = deadline
        self.observer = observer
        // Neither the token request nor an API call follows a redirect.
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .storeAPI)
        tokens = AccessTokenProvider(key: key, http: http)
    }

    /// How many requests were sent (attempts included, token requests not).
    package var requestCount: Int { counter.withLockedValue { $0 } }

    /// Closes the connections. Call once, when done.
    package func shutdown() async {
        try? await http.shutdown()
    }

    /// Sends `request`, repeating it as the ``RetryPolicy`` allows.
    package func send(_ request: PlayRequest) async throws(PlayAPIError) -> JSONValue {
        guard request.hasSinglePathSegments, !packageName.isEmpty, packageName != ".", packageName != ".." else {
            throw .malformed(request: request.summary, message: "an id cannot be one path segment (empty, '.' or '..'); not sent")
        }
        let url = baseURL + request.target(packageName: packageName)
        var attempts = CallAttempts(retry)
        while true {
            let deadline = attempts.begin(deadline: self.deadline)
            let attempt = attempts.attempt
            let token: String
            do {
                token = try await tokens.token()
            } catch {
                throw .unauthorized(error.description)
            }
            let (outcome, retryAfter, retryable, failure) = await exchange(
                request, url: url, token: token, attempt: attempt, deadline: min(deadline, attempts.remaining()))
            switch outcome {
            case .success(let value): return value
            case .failure(let error):
                guard retryable, let wait = attempts.wait(after: failure, retryAfter: retryAfter) else { throw error }
                observer?(
                    Exchange(
                        request: request.summary, status: error.status ?? 0, attempt: attempt,
                        retry: (wait, error.status.map { "HTTP \($0)" } ?? "no answer")))
                try? await Task.sleep(for: wait)
            }
        }
    }

    /// One attempt at `request`, abandoned after `deadline`.
    private func exchange(_ request: PlayRequest, url: String, token: String, attempt: Int, deadline: Duration) async -> (
        Result<JSONValue, PlayAPIError>, retryAfter: Int?, retryable: Bool, AttemptFailure
    ) {
        let summary = request.summary
        var http = HTTPClientRequest(url: url)
        http.method = HTTPMethod(rawValue: request.method.rawValue)
        http.headers.add(name: "Authorization", value: "Bearer " + token)
        http.headers.add(name: "Accept", value: "application/json")
        if let body = request.body {
            http.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            http.body = .bytes(ByteBuffer(bytes: JSONWriter.bytes(body, pretty: false)))
        }
        counter.withLockedValue { $0 += 1 }
        let response: HTTPClientResponse
        let bytes: [UInt8]
        do {
            let timeout = TimeAmount.nanoseconds(deadline.nanoseconds)
            (response, bytes) = try await within(deadline) { [client = self.http, http] in
                let response = try await client.execute(http, timeout: timeout)
                return (response, Array(buffer: try await response.body.collect(upTo: Self.responseLimit)))
            }
        } catch {
            observer?(Exchange(request: summary, status: 0, attempt: attempt))
            let message = TransportFailure.describe(error, responseLimit: Self.responseLimit)
            return (
                .failure(.transport(request: summary, message: message)), nil,
                request.method.isIdempotent && TransportFailure.isTransient(error),
                TransportFailure.attemptFailure(error, description: message)
            )
        }
        let total = bytesRead.withLockedValue { total -> Int in
            total += bytes.count
            return total
        }
        let status = Int(response.status.code)
        observer?(Exchange(request: summary, status: status, attempt: attempt))
        guard total <= Self.totalLimit else {
            let message = "more than \(InputFile.describe(bytes: Self.totalLimit)) read from the server in this run"
            return (.failure(.transport(request: summary, message: message)), nil, false, .answered)
        }
        guard (200..<300).contains(status) else {
            let retryAfter = response.headers.first(name: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return (
                .failure(.answer(request: summary, status: status, bytes: bytes)), retryAfter, RetryPolicy.isRetryable(status: status),
                .answered
            )
        }
        if bytes.isEmpty { return (.success(.object([])), nil, false, .answered) }
        guard let value = try? JSONValueReader.read(bytes), case .object = value else {
            return (
                .failure(.malformed(request: summary, message: "HTTP \(status): not a JSON object (\(Plural.count(bytes.count, "byte")))")),
                nil, false, .answered
            )
        }
        return (.success(value), nil, false, .answered)
    }
}
