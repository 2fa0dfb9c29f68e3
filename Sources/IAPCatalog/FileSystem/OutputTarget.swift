#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an output named by the user is written: a regular file or a new one is replaced
/// atomically; a symbolic link is followed to its final target, which is replaced (the link stays
/// a link); anything else at the path (a directory, a device such as `/dev/null` or `/dev/stdout`,
/// a FIFO, a socket) is refused, so that iapcat never replaces what is not a file. Standard output
/// is asked for as `-o -`.
package enum OutputTarget {
    /// Links followed at most, as the kernel does (ELOOP).
    static let maximumLinks = 40

    /// The path to replace for `path`: `path` itself, or the final target of the links at it.
    package static func resolve(_ path: String) throws(OutputError) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return current }
                throw OutputError(path: path, reason: AtomicFile.errnoDescription())
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return current
            case S_IFLNK: current = try linkTarget(of: current, output: path)
            default: throw OutputError(path: path, reason: refusal(info.st_mode & S_IFMT, at: current == path ? nil : current))
            }
        }
        throw OutputError(path: path, reason: "too many symbolic links")
    }

    /// Refuses the first of `paths` that a write would refuse for what is at it (``resolve(_:)``), so a command that
    /// writes several files can check them all before it writes the first. A path where nothing is, or under a folder
    /// that is missing or not a folder, passes: creating the folders says what is in the way (``MissingFolders``).
    package static func check(_ paths: [String]) throws(OutputError) {
        for path in paths {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            _ = try resolve(path)
        }
    }

    /// Where the link at `link` points, relative targets taken against the link's directory.
    private static func linkTarget(of link: String, output: String) throws(OutputError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(link, &buffer, buffer.count - 1)
        guard length >= 0 else { throw OutputError(path: output, reason: AtomicFile.errnoDescription()) }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return FilePaths.join(FilePaths.directory(of: link), target)
    }

    private static func refusal(_ type: mode_t, at target: String?) -> String {
        let what =
            switch type {
            case S_IFDIR: "a directory"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFIFO: "a FIFO"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
        let via = target.map { " (through a symbolic link to \($0))" } ?? ""
        return "it is \(what)\(via); iapcat writes regular files only (use -o - for standard output)"
    }
}
