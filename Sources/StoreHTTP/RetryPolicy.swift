/// When and how long to wait before repeating a call, and how long one call may take in all.
///
/// 429 and 5xx answers are repeated for every method (the API did not do the work); an unanswered
/// call (dropped connection, timeout) only for reads, updates and deletes: a create that got no
/// answer may have been done, so it is not sent again blindly — the apply stops and a re-run
/// re-plans against the real state.
///
/// However it fails, one call (a request with all its attempts and the waits between them) holds
/// the command for at most ``budget``: each attempt's deadline is what is left of it when that is
/// less than the exchange's own, and no attempt is started when its wait would use up the rest.
/// An answer that stalls (none complete within the deadline, or nothing read for the client's read
/// timeout) is tried once more at most (``stalledAttempts``): a server that trickles one answer is
/// likely to trickle the next. ``CallAttempts`` applies the policy to one call.
package struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    package var maxAttempts: Int
    /// The first back-off delay, doubled on every further attempt.
    package var baseDelay: Duration
    /// The longest wait, `Retry-After` included.
    package var maxDelay: Duration
    /// Attempts that may stall in one call: the second stall ends it.
    package var stalledAttempts: Int
    /// The longest one call may take, every attempt and every wait included.
    package var budget: Duration

    /// A policy: by default 6 attempts, back-off from 0.5 s, waits of at most 60 s, 2 stalls, 240 s per call.
    package init(
        maxAttempts: Int = 6, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(60), stalledAttempts: Int = 2,
        budget: Duration = RetryPolicy.defaultBudget
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.stalledAttempts = stalledAttempts
        self.budget = budget
    }

    /// Four minutes: two stalled exchanges of 120 s each fit, a third does not.
    package static let defaultBudget: Duration = .seconds(240)

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
