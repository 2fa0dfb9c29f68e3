/// One call's attempts under a ``RetryPolicy``: made when the call starts, it gives each attempt
/// its deadline and says, after a failure, whether to try again and after what wait.
package struct CallAttempts: Sendable {
    /// The policy.
    package let policy: RetryPolicy
    /// When the call started.
    package let start: ContinuousClock.Instant
    /// The attempt under way (1 = the first; 0 before it).
    package private(set) var attempt = 0
    private var stalls = 0

    /// The attempts of a call starting at `start`.
    package init(_ policy: RetryPolicy, start: ContinuousClock.Instant = .now) {
        self.policy = policy
        self.start = start
    }

    /// What is left of the budget at `now`.
    package func remaining(at now: ContinuousClock.Instant = .now) -> Duration {
        max(policy.budget - (now - start), .zero)
    }

    /// Starts the next attempt and returns its deadline: `deadline`, or what is left of the
    /// budget when that is less.
    package mutating func begin(deadline: Duration, at now: ContinuousClock.Instant = .now) -> Duration {
        attempt += 1
        return min(deadline, remaining(at: now))
    }

    /// After the attempt under way failed as `failure` (`retryAfter`: the answer's `Retry-After`,
    /// in seconds): the wait before the next attempt, or nil when the call ends here — attempts
    /// used up, a second stall, or a wait that would reach the end of the budget.
    package mutating func wait(after failure: AttemptFailure, retryAfter: Int? = nil, at now: ContinuousClock.Instant = .now)
        -> Duration?
    {
        let allowed: Int
        switch failure {
        case .answered:
            allowed = policy.maxAttempts
        case .stalled:
            stalls += 1
            guard stalls < policy.stalledAttempts else { return nil }
            allowed = policy.maxAttempts
        case .unanswered(let message):
            allowed = policy.maxAttempts(unanswered: message)
        }
        guard attempt < allowed else { return nil }
        let wait = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
        guard wait < remaining(at: now) else { return nil }
        return wait
    }
}
