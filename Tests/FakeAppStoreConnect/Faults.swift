/// What an injected fault does to the request it hits (``FakeAppStoreConnect/inject(_:onRequest:matching:)``).
public enum FakeFault: Sendable, Equatable {
    /// Answer `status` (429, 409, 500, 503…) with a realistic JSON:API errors body instead of handling the
    /// request; nothing changes. `retryAfter` sets `Retry-After` (seconds).
    case status(Int, retryAfter: Int? = nil)
    /// Close the connection without answering and without handling the request: nothing changes.
    case dropConnection
    /// Handle the request (a write is applied), then close the connection without answering: the
    /// client cannot know that it succeeded.
    case dropConnectionAfterHandling
}

/// Which requests an injected fault counts.
public enum FakeRequestMatcher: Sendable, Equatable {
    /// Every request.
    case any
    /// POST, PATCH, DELETE and PUT requests.
    case writes
    /// Requests with this HTTP method (`"POST"`; case-insensitive).
    case method(String)
    /// Requests whose path starts with this prefix (`"/v2/inAppPurchases"`).
    case pathPrefix(String)

    func matches(method: String, path: String) -> Bool {
        switch self {
        case .any: true
        case .writes: ["POST", "PATCH", "DELETE", "PUT"].contains(method)
        case .method(let wanted): wanted.uppercased() == method
        case .pathPrefix(let prefix): path.hasPrefix(prefix)
        }
    }
}

/// The pending faults, each counting down the matching requests until it fires.
struct FaultQueue {
    private struct Pending {
        var fault: FakeFault
        var remaining: Int
        var matcher: FakeRequestMatcher
    }

    private var pending: [Pending] = []

    mutating func add(_ fault: FakeFault, onRequest n: Int, matching matcher: FakeRequestMatcher) {
        pending.append(Pending(fault: fault, remaining: max(1, n), matcher: matcher))
    }

    /// Counts the request against every pending fault it matches; returns the first fault that
    /// fires on it (the others that reach zero on the same request fire too, but only one applies).
    mutating func fault(method: String, path: String) -> FakeFault? {
        var fired: FakeFault?
        for index in pending.indices where pending[index].matcher.matches(method: method, path: path) {
            pending[index].remaining -= 1
            if pending[index].remaining == 0, fired == nil { fired = pending[index].fault }
        }
        pending.removeAll { $0.remaining <= 0 }
        return fired
    }
}
