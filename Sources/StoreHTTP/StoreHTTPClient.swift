import AsyncHTTPClient
import IAPCatalog
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// The one exchange-and-retry loop both stores' API clients run: a deadline per exchange, the
/// ``RetryPolicy`` over a call's attempts (429 and 5xx repeated for every method, a call without an
/// answer only when it is idempotent), caps on what one answer and one run may read, no redirects,
/// a count of requests and a record of every exchange. What differs between stores — how an error
/// is spelled, which header reports the rate limit — is the ``StoreDialect``; what an answer means
/// is the caller's.
package final class StoreHTTPClient<Dialect: StoreDialect>: Sendable {
    /// One request of a call, as sent on every attempt.
    package struct Call: Sendable {
        /// `GET /v1/apps/123`: what errors and verbose output name (never a query or a token).
        package var summary: String
        /// The method.
        package var method: HTTPMethod
        /// The whole URL.
        package var url: String
        /// Whether a call that got no answer may be sent again (reads, updates, deletes; not a create).
        package var idempotent: Bool
        /// The body.
        package var body: [UInt8]?
        /// Headers besides the bearer token's (`Content-Type`).
        package var headers: [(name: String, value: String)]

        /// A call.
        package init(
            summary: String, method: HTTPMethod, url: String, idempotent: Bool, body: [UInt8]? = nil,
            headers: [(name: String, value: String)] = []
        ) {
            self.summary = summary
            self.method = method
            self.url = url
            self.idempotent = idempotent
            self.body = body
            self.headers = headers
        }
    }

    /// The HTTP client, for anything else that talks to the same servers (Google's token endpoint).
    package let http: HTTPClient
    private let retry: RetryPolicy
    private let deadline: Duration
    private let responseLimit: Int
    private let totalLimit: Int
    private let observer: (@Sendable (StoreExchange) -> Void)?
    private let counter = NIOLockedValueBox(0)
    private let bytesRead = NIOLockedValueBox(0)

    /// A client: each exchange abandoned after `deadline`, one answer read up to `responseLimit`
    /// bytes and `totalLimit` in all, `observer` told of every exchange.
    package init(
        retry: RetryPolicy, deadline: Duration, responseLimit: Int, totalLimit: Int, observer: (@Sendable (StoreExchange) -> Void)?
    ) {
        self.retry = retry
        self.deadline = deadline
        self.responseLimit = responseLimit
        self.totalLimit = totalLimit
        self.observer = observer
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .storeAPI)
    }

    /// How many requests were sent (attempts included).
    package var requestCount: Int { counter.withLockedValue { $0 } }

    /// Closes the connections. Call once, when done.
    package func shutdown() async {
        try? await http.shutdown()
    }

    /// Sends `call` until it succeeds or the ``RetryPolicy`` ends it, and returns what `answer`
    /// makes of the 2xx answer (its status and body; a failure there is not repeated).
    /// `bearer` gives the token for each attempt (nil: none, as for a signed upload URL);
    /// `attemptDeadline` replaces the client's deadline for each attempt (what is left of the call's
    /// budget still bounds it).
    package func send<Answer: Sendable>(
        _ call: Call, bearer: @Sendable () async throws(Dialect.Failure) -> String?, attemptDeadline: Duration? = nil,
        answer: (_ status: Int, _ bytes: [UInt8]) -> Result<Answer, Dialect.Failure>
    ) async throws(Dialect.Failure) -> Answer {
        var attempts = CallAttempts(retry)
        while true {
            let deadline = attempts.begin(deadline: attemptDeadline ?? self.deadline)
            let attempt = attempts.attempt
            var request = HTTPClientRequest(url: call.url)
            request.method = call.method
            if let token = try await bearer() {
                request.headers.add(name: "Authorization", value: "Bearer " + token)
                request.headers.add(name: "Accept", value: "application/json")
            }
            for header in call.headers { request.headers.add(name: header.name, value: header.value) }
            if let body = call.body { request.body = .bytes(ByteBuffer(bytes: body)) }
            let failure: Dialect.Failure
            let kind: AttemptFailure
            var retryAfter: Int?
            switch await exchange(request, summary: call.summary, attempt: attempt, deadline: deadline) {
            case .answered(let status, let headers, let bytes):
                if (200..<300).contains(status) {
                    return try answer(status, bytes).get()
                }
                failure = Dialect.refusal(request: call.summary, status: status, bytes: bytes)
                guard RetryPolicy.isRetryable(status: status) else { throw failure }
                kind = .answered
                retryAfter = headers.first(name: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            case .overRead(let message):
                throw Dialect.transportFailure(request: call.summary, message: message)
            case .unanswered(let error, let message):
                failure = Dialect.transportFailure(request: call.summary, message: message)
                guard call.idempotent, TransportFailure.isTransient(error) else { throw failure }
                kind = TransportFailure.attemptFailure(error, description: message)
            }
            guard let wait = attempts.wait(after: kind, retryAfter: retryAfter) else { throw failure }
            let status = Dialect.status(of: failure)
            observer?(
                StoreExchange(
                    request: call.summary, status: status ?? 0, attempt: attempt, retry: (wait, status.map { "HTTP \($0)" } ?? "no answer"))
            )
            try? await Task.sleep(for: wait)
        }
    }

    private enum Outcome {
        case answered(status: Int, headers: HTTPHeaders, bytes: [UInt8])
        case overRead(String)
        case unanswered(any Error, String)
    }

    /// One attempt, abandoned after `deadline`; every attempt is counted and reported.
    private func exchange(_ request: HTTPClientRequest, summary: String, attempt: Int, deadline: Duration) async -> Outcome {
        counter.withLockedValue { $0 += 1 }
        let response: HTTPClientResponse
        let bytes: [UInt8]
        do {
            let timeout = TimeAmount.nanoseconds(deadline.nanoseconds)
            (response, bytes) = try await within(deadline) { [http, responseLimit] in
                let response = try await http.execute(request, timeout: timeout)
                return (response, Array(buffer: try await response.body.collect(upTo: responseLimit)))
            }
        } catch {
            observer?(StoreExchange(request: summary, status: 0, attempt: attempt))
            return .unanswered(error, TransportFailure.describe(error, responseLimit: responseLimit))
        }
        let total = bytesRead.withLockedValue { total -> Int in
            total += bytes.count
            return total
        }
        let status = Int(response.status.code)
        let rateLimit = Dialect.rateLimitHeader.flatMap { response.headers.first(name: $0) }
        observer?(StoreExchange(request: summary, status: status, attempt: attempt, rateLimitHeader: rateLimit))
        guard total <= totalLimit else {
            return .overRead("more than \(InputFile.describe(bytes: totalLimit)) read from the server in this run")
        }
        return .answered(status: status, headers: response.headers, bytes: bytes)
    }
}
