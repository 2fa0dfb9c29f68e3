/// A file that `iapcat export` writes: where it goes and its exact bytes.
public struct ExportedFile: Sendable, Equatable {
    /// The path as the user's inputs spell it (relative paths stay relative).
    public var path: String
    /// The exact contents to write.
    public var bytes: [UInt8]

    /// Creates a file to write at `path` with `bytes`.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Whether the file on disk is missing or holds other bytes than these; one of another size is not read.
    public var isStale: Bool {
        guard let onDisk = try? InputFile.read(path, when: { $0 == bytes.count }) else { return true }
        return onDisk.bytes != bytes
    }
}
