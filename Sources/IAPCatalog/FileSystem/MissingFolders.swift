#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the folders an output needs, as `mkdir -p` does: every output iapcat writes (a file, a
/// package, a generated folder) gets the missing folders above it, each made with mode 0755 less
/// the umask. A path component that exists and is not a folder stops the write with an error that
/// names it. Links to folders are followed, as `mkdir -p` follows them.
package enum MissingFolders {
    /// Creates the folder `path` and any missing folder above it; errors name `output`.
    package static func create(_ path: String, for output: String? = nil) throws(OutputError) {
        let output = output ?? path
        guard !isFolder(path) else { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && !isFolder(prefix) {
                let error = errno
                var info = stat()
                guard lstat(prefix, &info) != 0 else {
                    throw OutputError(path: output, reason: "\(prefix) exists and is not a folder")
                }
                throw OutputError(path: output, reason: "the folder \(prefix) cannot be created (\(String(cString: strerror(error))))")
            }
            prefix += "/"
        }
    }

    /// Creates the missing folders above the file or folder `output` (none for a bare name).
    package static func createAbove(_ output: String) throws(OutputError) {
        let directory = FilePaths.directory(of: output)
        guard !directory.isEmpty else { return }
        try create(directory, for: output)
    }

    /// Whether `path` is a folder, or a link to one.
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
