/// How an attempt failed, as far as repeating it goes.
package enum AttemptFailure: Sendable, Equatable {
    /// An answer came, with a status worth repeating (429, 5xx).
    case answered
    /// The server took the call but no complete answer came in time (see ``TransportFailure/isStalled(_:)``).
    case stalled
    /// No answer for another reason; the message says which (see ``RetryPolicy/maxAttempts(unanswered:)``).
    case unanswered(String)
}
