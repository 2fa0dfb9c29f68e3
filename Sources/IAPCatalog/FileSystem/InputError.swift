/// A file that could not be read.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the caller named it.
    public var path: String
    /// Why it could not be read: the system's error text, or what is wrong with it (a directory, too large).
    public var reason: String
    /// Whether the file does not exist (as opposed to existing but being unreadable).
    public var isMissing = false

    /// The path and reason, as `PATH: REASON`.
    public var description: String { "\(path): \(reason)" }
}
