/// A file that could not be read.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// Whether the file does not exist (as opposed to existing but being unreadable).
    public var isMissing = false

    public var description: String { "\(path): \(reason)" }
}
