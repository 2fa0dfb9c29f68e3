/// When and how long to wait before repeating a call.
///
/// 429 and 5xx answers are repeated for every method (the API did not do the work); an unanswered
/// call (dropped connection, timeout) only for reads, updates and deletes: a create that got no
/// answer may have been done, so it is not sent again blindly — the apply stops and a re-run
/// re-plans against the real state.
package struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    package var maxAttempts: Int
    /// The first back-off delay, doubled on every further attempt.
    package var baseDelay: Duration
    /// The longest wait, `Retry-After` included.
    package var maxDelay: Duration

    /// A policy.
    package init(maxAttempts: Int = 6, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(60)) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Attempts for a call that failed: when nothing answered (`unanswered` says why), a server
    /// that cannot be reached at all (connection refused, no route, name not found) is tried twice,
    /// so that it is reported in seconds; everything else up to ``maxAttempts``.
    package func maxAttempts(unanswered message: String?) -> Int {
        guard let message else { return maxAttempts }
        let unreachable = ["refused", "unreachable", "no route", "not known", "nodename", "connect timeout", "connectTimeout"]
        return unreachable.contains(where: message.contains) ? min(maxAttempts, 2) : maxAttempts
    }

    /// Statuses worth repeating.
    package static func isRetryable(status: Int) -> Bool {
        status == 429 || status == 500 || status == 502 || status == 503 || status == 504
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1): `Retry-After` when the API
    /// sent it, otherwise exponential back-off with up to 25 % jitter; never above `maxDelay`.
    package func delay(afterAttempt attempt: Int, retryAfter: Int?) -> Duration {
        if let retryAfter { return min(.seconds(max(retryAfter, 0)), maxDelay) }
        let exponent = min(attempt - 1, 20)
        let base = baseDelay * (1 << exponent)
        let jitter = base * Double.random(in: 0...0.25)
        return min(base + jitter, maxDelay)
    }
}
