import AsyncHTTPClient
import Foundation
import IAPCatalog
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import StoreHTTP

/// The App Store Connect API over HTTPS with async-http-client: bearer tokens, JSON:API bodies,
/// retries with back-off, and a record of every exchange for verbose output and benchmarks.
package final class ConnectClient: APITransport {
    /// Apple's API.
    package static let defaultBaseURL = "https://api.appstoreconnect.apple.com"
    /// The largest response body read (a page of 8,000 price points is about 3 MB).
    package static let responseLimit = 64 << 20
    /// The most one client reads in all (a pull of 10,000 products reads about 0.5 GB): past it,
    /// every answer is an error, so no server can keep a run going by answering forever.
    package static let totalLimit = 4 << 30

    /// One exchange, as verbose output shows it (never a token or body).
    package struct Exchange: Sendable {
        /// `GET /v1/apps/123/inAppPurchasesV2`.
        package var request: String
        /// The HTTP status (0 when there was no answer).
        package var status: Int
        /// Which attempt this was (1 = the first).
        package var attempt: Int
        /// The rate limit the answer reported.
        package var rateLimit: RateLimit?
        /// When the call is repeated: how long iapcat waits first, and why (`HTTP 429`, `no answer`).
        package var retry: (wait: Duration, reason: String)? = nil
    }

    /// How long one exchange may take, the whole body included: a server that trickles its
    /// answer is abandoned then, and tried once more at most, within the call's budget
    /// (``RetryPolicy/stalledAttempts``, ``RetryPolicy/budget``).
    package static let defaultDeadline: Duration = .seconds(120)

    private let baseURL: String
    private let tokens: TokenProvider
    private let retry: RetryPolicy
    private let http: HTTPClient
    private let observer: (@Sendable (Exchange) -> Void)?
    private let deadline: Duration
    private let totalLimit: Int
    private let counter = NIOLockedValueBox(0)
    private let bytesRead = NIOLockedValueBox(0)

    /// A client for `baseURL` (no trailing slash needed) signing with `tokens`.
    package init(
        baseURL: String = ConnectClient.defaultBaseURL, tokens: TokenProvider, retry: RetryPolicy = RetryPolicy(),
        deadline: Duration = ConnectClient.defaultDeadline, totalLimit: Int = ConnectClient.totalLimit,
        observer: (@Sendable (Exchange) -> Void)? = nil
    ) {
        self.totalLimit = totalLimit
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.tokens = tokens
        self.retry = retry
        self.deadline = deadline
        self.observer = observer
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .storeAPI)
    }

    /// How many requests were sent (attempts included).
    package var requestCount: Int { counter.withLockedValue { $0 } }

    /// Closes the connections. Call once, when done.
    package func shutdown() async {
        try? await http.shutdown()
    }

    /// Sends `request`, repeating it as the ``RetryPolicy`` allows.
    package func send(_ request: APIRequest) async throws(APIError) -> APIDocument {
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
        var attempts = CallAttempts(retry)
        while true {
            let deadline = attempts.begin(deadline: self.deadline)
            let outcome = await exchange(request, url: url, attempt: attempts.attempt, deadline: deadline)
            switch outcome {
            case .success(let document):
                return document
            case .failure(let error, let retryAfter, let retryable, let failure):
                guard retryable, let wait = attempts.wait(after: failure, retryAfter: retryAfter) else { throw error }
                observer?(
                    Exchange(
                        request: summary, status: error.status ?? 0, attempt: attempts.attempt, rateLimit: nil,
                        retry: (wait, error.status.map { "HTTP \($0)" } ?? "no answer")))
                try? await Task.sleep(for: wait)
            }
        }
    }

    /// Uploads one part of a reserved file, without the bearer token. A part is one call under the
    /// ``RetryPolicy`` like any other, with one difference: a part may take longer than an API
    /// answer, so an attempt's deadline is what is left of the call's budget (240 s for the first)
    /// rather than the exchange's 120 s. A trickled part therefore ends the call at the budget; a
    /// part cut short by the read timeout, a dropped connection or a 5xx is repeated while it lasts.
    package func upload(_ operation: UploadOperation, bytes: ArraySlice<UInt8>) async throws(APIError) {
        let summary = "\(operation.method) \(APIRequest.pathOnly(operation.url))"
        var request = HTTPClientRequest(url: operation.url)
        request.method = HTTPMethod(rawValue: operation.method)
        for header in operation.headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(bytes: bytes))
        var attempts = CallAttempts(retry)
        while true {
            let deadline = attempts.begin(deadline: retry.budget)
            let attempt = attempts.attempt
            counter.withLockedValue { $0 += 1 }
            let failure: APIError
            let retryable: Bool
            let kind: AttemptFailure
            do {
                let timeout = TimeAmount.nanoseconds(deadline.nanoseconds)
                let status = try await within(deadline) { [http, request] in
                    let response = try await http.execute(request, timeout: timeout)
                    _ = try? await response.body.collect(upTo: 1 << 20)
                    return Int(response.status.code)
                }
                if (200..<300).contains(status) {
                    observer?(Exchange(request: summary, status: status, attempt: attempt, rateLimit: nil))
                    return
                }
                (failure, retryable) = (.response(request: summary, status: status, errors: []), RetryPolicy.isRetryable(status: status))
                kind = .answered
            } catch {
                // An upload part is idempotent: the same bytes at the same place.
                let message = Self.describe(error)
                (failure, retryable) = (.transport(request: summary, message: message), Self.isTransient(error))
                kind = TransportFailure.attemptFailure(error, description: message)
            }
            guard retryable, let wait = attempts.wait(after: kind) else {
                observer?(Exchange(request: summary, status: failure.status ?? 0, attempt: attempt, rateLimit: nil))
                throw failure
            }
            // Each wait is reported, as for API calls.
            observer?(
                Exchange(
                    request: summary, status: failure.status ?? 0, attempt: attempt, rateLimit: nil,
                    retry: (wait, failure.status.map { "HTTP \($0)" } ?? "no answer")))
            try? await Task.sleep(for: wait)
        }
    }

    private enum Outcome {
        case success(APIDocument)
        case failure(APIError, retryAfter: Int?, retryable: Bool, AttemptFailure)
    }

    /// One attempt at `request`, abandoned after `deadline`.
    private func exchange(_ request: APIRequest, url: String, attempt: Int, deadline: Duration) async -> Outcome {
        let summary = request.summary
        var http = HTTPClientRequest(url: url)
        http.method = HTTPMethod(rawValue: request.method.rawValue)
        http.headers.add(name: "Authorization", value: "Bearer " + tokens.token())
        http.headers.add(name: "Accept", value: "application/json")
        if let body = request.bodyBytes() {
            http.headers.add(name: "Content-Type", value: "application/json")
            http.body = .bytes(ByteBuffer(bytes: body))
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
            observer?(Exchange(request: summary, status: 0, attempt: attempt, rateLimit: nil))
            let message = Self.describe(error)
            return .failure(
                .transport(request: summary, message: message), retryAfter: nil,
                retryable: request.method.isIdempotent && Self.isTransient(error),
                TransportFailure.attemptFailure(error, description: message))
        }
        let total = bytesRead.withLockedValue { total -> Int in
            total += bytes.count
            return total
        }
        guard total <= totalLimit else {
            observer?(Exchange(request: summary, status: Int(response.status.code), attempt: attempt, rateLimit: nil))
            return .failure(
                .transport(
                    request: summary, message: "more than \(InputFile.describe(bytes: totalLimit)) read from the server in this run"),
                retryAfter: nil,
                retryable: false, .answered)
        }
        let status = Int(response.status.code)
        let rateLimit = response.headers.first(name: "X-Rate-Limit").flatMap(RateLimit.init(header:))
        observer?(Exchange(request: summary, status: status, attempt: attempt, rateLimit: rateLimit))
        guard (200..<300).contains(status) else {
            let retryAfter = response.headers.first(name: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            let error = APIError.response(request: summary, status: status, errors: APIErrorObject.parse(bytes))
            return .failure(error, retryAfter: retryAfter, retryable: RetryPolicy.isRetryable(status: status), .answered)
        }
        if status == 204 || bytes.isEmpty { return .success(APIDocument()) }
        guard let document = APIDocument.parse(bytes) else {
            return .failure(
                .malformedResponse(request: summary, message: "HTTP \(status), \(Plural.count(bytes.count, "byte"))"), retryAfter: nil,
                retryable: false, .answered)
        }
        return .success(document)
    }

    /// Whether repeating the call may help.
    static func isTransient(_ error: any Error) -> Bool { TransportFailure.isTransient(error) }

    private static func describe(_ error: any Error) -> String { TransportFailure.describe(error, responseLimit: responseLimit) }
}
