/// The faults a test injects: API requests to throttle, and what the n-th write from now does.
struct PlayFaults {
    /// What an injected fault does to the write it hits.
    enum WriteFault {
        /// Answer 500 INTERNAL; with `afterApplying` the write is carried out first.
        case fail(afterApplying: Bool)
        /// Close the connection without answering; with `afterApplying` the write is carried out first.
        case drop(afterApplying: Bool)
    }

    /// How many of the next API requests answer 429.
    var throttled = 0
    /// How many writes (API requests other than GET, throttled ones not counted) arrived so far.
    var writes = 0
    /// Write number (counted as ``writes``) → the fault it gets.
    var pending: [Int: WriteFault] = [:]

    /// Adds `fault` for the `n`-th write from now (1: the next one).
    mutating func add(_ fault: WriteFault, onWrite n: Int) {
        pending[writes + max(1, n)] = fault
    }

    /// 429 RESOURCE_EXHAUSTED, `Retry-After: 0`.
    static let throttledError = PlayError(
        code: 429, status: "RESOURCE_EXHAUSTED",
        message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'androidpublisher.googleapis.com'.",
        reason: "rateLimitExceeded", headers: [("Retry-After", "0")])

    /// 500 INTERNAL.
    static let internalError = PlayError(code: 500, status: "INTERNAL", message: "Internal error encountered.", reason: "backendError")
}
