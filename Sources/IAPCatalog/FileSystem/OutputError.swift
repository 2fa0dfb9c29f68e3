/// A file or directory that could not be written.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory as the caller named it.
    public var path: String
    /// Why it could not be written: the system's error text, or what is in the way.
    public var reason: String

    /// Creates an error for `path` failing because of `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error as `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}
