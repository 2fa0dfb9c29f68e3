/// One exchange with a store's API, as verbose output and benchmarks see it: never a token, a
/// body or a query.
package struct StoreExchange: Sendable {
    /// `GET /v1/apps/123/inAppPurchasesV2`, `GET oneTimeProducts`.
    package var request: String
    /// The HTTP status (0 when there was no answer).
    package var status: Int
    /// Which attempt this was (1 = the first).
    package var attempt: Int
    /// The answer's rate-limit header, as sent (``StoreDialect/rateLimitHeader``).
    package var rateLimitHeader: String?
    /// When the call is repeated: how long the client waits first, and why (`HTTP 429`, `no answer`).
    package var retry: (wait: Duration, reason: String)?

    /// An exchange.
    package init(
        request: String, status: Int, attempt: Int, rateLimitHeader: String? = nil, retry: (wait: Duration, reason: String)? = nil
    ) {
        self.request = request
        self.status = status
        self.attempt = attempt
        self.rateLimitHeader = rateLimitHeader
        self.retry = retry
    }
}
