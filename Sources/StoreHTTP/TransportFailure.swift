import AsyncHTTPClient
import NIOCore

/// What went wrong when no usable answer came: whether repeating the call may help, and how to say it.
package enum TransportFailure {
    /// Whether repeating the call may help: not for a URL the client cannot use at all, nor for an
    /// answer too large to read (the same answer again would be as large).
    package static func isTransient(_ error: any Error) -> Bool {
        if error is NIOTooManyBytesError { return false }
        guard let error = error as? HTTPClientError else { return true }
        let permanent: [HTTPClientError] = [
            .invalidURL, .emptyHost, .missingSocketPath, .emptyScheme, .bodyLengthMismatch, .redirectLimitReached, .redirectCycleDetected,
        ]
        return !permanent.contains(error) && !String(describing: error).contains("unsupportedScheme")
    }

    /// Whether the server took the call but sent no complete answer in time: the exchange's
    /// deadline passed (a trickled answer), or nothing came for the client's read timeout. Such a
    /// call is tried once more at most (``RetryPolicy/stalledAttempts``).
    package static func isStalled(_ error: any Error) -> Bool {
        if error is DeadlineExceeded { return true }
        guard let error = error as? HTTPClientError else { return false }
        return error == .deadlineExceeded || error == .readTimeout
    }

    /// How a failure without a usable answer counts for ``CallAttempts``: stalled, or unanswered
    /// with its description (`describe`'s words).
    package static func attemptFailure(_ error: any Error, description: String) -> AttemptFailure {
        isStalled(error) ? .stalled : .unanswered(description)
    }

    /// The failure in a few words (`timed out`, `the server closed the connection`); never a URL's
    /// query or a header. `responseLimit` is the largest answer read, in bytes.
    package static func describe(_ error: any Error, responseLimit: Int) -> String {
        if error is DeadlineExceeded { return "no complete answer within the deadline" }
        if error is NIOTooManyBytesError { return "the answer is larger than the \(responseLimit >> 20) MiB iapcat reads" }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: return String(describing: error)
            }
        }
        return String(describing: error)
    }
}
