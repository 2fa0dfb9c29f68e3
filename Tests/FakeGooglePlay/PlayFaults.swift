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
    /// How many of the next API requests answer 401 with a message quoting the bearer token they carried.
    var tokenQuoted = 0
    /// When set, every list answers pages without end, each about this many bytes.
    var endlessPageBytes: Int?
    /// How many endless pages were answered (their items' ids and page tokens are numbered by it).
    var endlessPages = 0

    /// Adds `fault` for the `n`-th write from now (1: the next one).
    mutating func add(_ fault: WriteFault, onWrite n: Int) {
        pending[writes + max(1, n)] = fault
    }

    /// 429 RESOURCE_EXHAUSTED, `Retry-After: 0`.
    static let throttledError = PlayError(
        code: 429, status: "RESOURCE_EXHAUSTED",
        message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'androidpublisher.googleapis.com'.",
        reason: "rateLimitExceeded", headers: [("Retry-After", "0")])

    /// 401 UNAUTHENTICATED quoting `token`, as a proxy or a misbehaving server might, and a Google
    /// access token of someone else's (`ya29.` and token characters).
    static func tokenQuotedError(_ token: String) -> PlayError {
        PlayError(
            code: 401, status: "UNAUTHENTICATED",
            message: "invalid credentials: token \(token) is not valid for this app; expected ya29.a0AfB_byOtherAccount-0123456789.x_Y",
            reason: "authError")
    }

    /// Page `number` of a list without end: one item under `key` (a product, or an offer of it)
    /// padded to about `bytes` bytes, and a page token never sent before.
    static func endlessPage(key: String, number: Int, bytes: Int) -> PlayJSON {
        var item: [String: PlayJSON] = [
            "productId": .string("endless.p\(number)"), "padding": .string(String(repeating: "p", count: max(0, bytes - 100))),
        ]
        if key == "subscriptionOffers" { (item["basePlanId"], item["offerId"]) = ("monthly", .string("o\(number)")) }
        return .object([key: .array([.object(item)]), "nextPageToken": .string("endless-\(number)")])
    }

    /// 500 INTERNAL.
    static let internalError = PlayError(code: 500, status: "INTERNAL", message: "Internal error encountered.", reason: "backendError")
}
