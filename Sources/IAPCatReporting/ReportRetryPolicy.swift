/// How a report is sent again: which answers are worth repeating, how long to wait, how often.
///
/// - A `2xx` is sent (the server answers a repeated report id with success too).
/// - `429`, `502`, `503`, `504` and network errors are tried again: after `Retry-After` (seconds or
///   an HTTP-date) plus up to ``baseDelay`` of jitter when the answer gives one, else after a
///   full-jitter wait (random between 0 and `min(maximumDelay, baseDelay × 2^(n−1))` after the
///   n-th failure). A `Retry-After` past ``maximumRetryAfter`` ends the sending for now, rather
///   than coming back sooner than the server asked.
/// - Anything else (`400`, `413`, `415`, …) is final: the report will not change, so it is never repeated.
/// - At most ``maximumAttempts`` sends, the first included.
public struct ReportRetryPolicy: Sendable, Hashable {
    /// Sends at most, the first included (default 4).
    public var maximumAttempts: Int
    /// Seconds: the first back-off's cap, and the jitter added to a `Retry-After`.
    public var baseDelay: Double
    /// Seconds: the longest back-off without `Retry-After`.
    public var maximumDelay: Double
    /// Seconds: the longest `Retry-After` waited for.
    public var maximumRetryAfter: Double

    /// The defaults: 4 sends, back-off from 2 s up to 60 s, `Retry-After` waited for up to 300 s.
    public init(maximumAttempts: Int = 4, baseDelay: Double = 2, maximumDelay: Double = 60, maximumRetryAfter: Double = 300) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// What an HTTP status means for the report.
    package enum Verdict: Sendable, Equatable {
        case sent
        case retry
        case final
    }

    package static func verdict(status: Int) -> Verdict {
        switch status {
        case 200..<300: .sent
        case 429, 502, 503, 504: .retry
        default: .final
        }
    }

    /// How long to wait after `attempts` sends, the last of which failed in a way worth repeating;
    /// nil to stop. `retryAfter` is the answer's `Retry-After` in seconds, `fraction` a random
    /// number in 0 ..< 1.
    package func delay(afterAttempts attempts: Int, retryAfter: Double?, fraction: Double) -> Double? {
        guard attempts < maximumAttempts else { return nil }
        if let retryAfter {
            guard retryAfter <= maximumRetryAfter else { return nil }
            return retryAfter + fraction * baseDelay
        }
        let cap = min(maximumDelay, baseDelay * Double(UInt64(1) << UInt64(min(max(attempts - 1, 0), 40))))
        return fraction * cap
    }
}
