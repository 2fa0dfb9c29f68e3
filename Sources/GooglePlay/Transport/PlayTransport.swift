import IAPCatalog

/// What the reader, applier and read-back need of the Play Developer API: one call at a time,
/// its answer as JSON. ``PlayClient`` is the real one.
package protocol PlayTransport: Sendable {
    /// Sends `request` for the app (repeating it as the retry policy allows) and returns the answer.
    func send(_ request: PlayRequest) async throws(PlayAPIError) -> JSONValue
}
