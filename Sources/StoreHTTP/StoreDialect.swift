/// How one store's API spells what the shared ``StoreHTTPClient`` cannot know: its error for a
/// failed exchange and for an error answer, and the header that reports its rate limit. App Store
/// Connect's is JSON:API `errors` and `X-Rate-Limit`; Google Play's is Google's error document.
package protocol StoreDialect: Sendable {
    /// The store's error.
    associatedtype Failure: Error

    /// The answer header that reports the rate limit, kept in ``StoreExchange/rateLimit`` (nil: none).
    static var rateLimitHeader: String? { get }

    /// The error of a call that got no usable answer (`message`: unreachable, timed out, too large).
    static func transportFailure(request: String, message: String) -> Failure

    /// The error of an answer with a status outside 2xx and body `bytes`.
    static func refusal(request: String, status: Int, bytes: [UInt8]) -> Failure

    /// The HTTP status an error carries, when the API answered.
    static func status(of failure: Failure) -> Int?
}
