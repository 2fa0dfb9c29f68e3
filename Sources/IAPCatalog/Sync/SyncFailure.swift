/// Why a sync command stops: one message, already saying which store and request (the store's
/// text made safe to print). The CLI exits 1 with it.
package struct SyncFailure: Error, Sendable, Equatable {
    /// The message.
    package var message: String

    /// A failure saying `message`.
    package init(_ message: String) {
        self.message = message
    }
}

/// The step of a plan that failed during apply, and why.
package struct SyncStepFailure: Error, Sendable {
    /// Its index in the plan (0-based).
    package var index: Int
    /// The step's summary.
    package var step: String
    /// Why, naming the store (`App Store Connect: POST /v1/… answered HTTP 409 …`).
    package var reason: String
    /// Where the catalog holds what the store refused, when the store says which value.
    package var position: SourcePosition?
    /// Whether the same request sent again may succeed: the store did not answer, or answered
    /// that it was busy or failing (429, 5xx), rather than refusing what was asked.
    package var mayPass: Bool

    /// A failed step.
    package init(index: Int, step: String, reason: String, position: SourcePosition? = nil, mayPass: Bool = false) {
        self.index = index
        self.step = step
        self.reason = reason
        self.position = position
        self.mayPass = mayPass
    }
}
