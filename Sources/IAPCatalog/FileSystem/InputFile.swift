#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input file whole, refusing what is not a regular file or is larger than a limit, so
/// a FIFO, a device or a huge file gives a clear message rather than a hang.
package enum InputFile {
    /// The largest input iapcat reads: 256 MiB, far beyond any real catalog (50,000 products ≈ 14 MB).
    package static let defaultSizeLimit = 256 << 20

    package static func read(_ path: String, sizeLimit: Int = defaultSizeLimit) throws(InputError) -> [UInt8] {
        let (descriptor, size) = try openForReading(path, sizeLimit: sizeLimit)
        defer { close(descriptor) }
        return try read(descriptor, count: size, path: path)
    }

    /// The first `count` bytes of the file at `path` (all of it when shorter), with the same
    /// checks as ``read(_:sizeLimit:)`` but no size limit.
    package static func readPrefix(_ path: String, count: Int) throws(InputError) -> [UInt8] {
        let (descriptor, size) = try openForReading(path, sizeLimit: .max)
        defer { close(descriptor) }
        return try read(descriptor, count: min(size, count), path: path)
    }

    /// The size of the file at `path` and, when `wanted` says so for that size, its bytes: with the checks of
    /// ``read(_:sizeLimit:)`` but no size limit, and nothing read of a file the caller has no use for (a stale file
    /// whose size alone tells it differs).
    package static func read(_ path: String, when wanted: (Int) -> Bool) throws(InputError) -> (size: Int, bytes: [UInt8]?) {
        let (descriptor, size) = try openForReading(path, sizeLimit: .max)
        defer { close(descriptor) }
        guard wanted(size) else { return (size, nil) }
        return (size, try read(descriptor, count: size, path: path))
    }

    private static func read(_ descriptor: Int32, count: Int, path: String) throws(InputError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                SystemCalls.readBytes(descriptor, into: buffer.baseAddress! + total, count: buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path, reason: errnoReason())
            }
            if count == 0 { break }
            total += count
        }
        if total < bytes.count { bytes.removeSubrange(total...) }
        return bytes
    }

    /// Opens `path` for reading after the same checks as ``read(_:sizeLimit:)``; returns the
    /// descriptor (the caller closes it) and the size.
    static func openForReading(_ path: String, sizeLimit: Int = defaultSizeLimit) throws(InputError) -> (descriptor: Int32, size: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw InputError(path: path, reason: errnoReason(), isMissing: errno == ENOENT) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let kind = (info.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file"
            throw InputError(path: path, reason: "is \(kind)")
        }
        guard info.st_size <= sizeLimit else {
            throw InputError(path: path, reason: "is \(info.st_size) bytes, more than the \(Self.describe(bytes: sizeLimit)) iapcat reads")
        }
        // Non-blocking, and checked again once open: what was swapped in after the check (a FIFO
        // that would block the open, a bigger file) is refused all the same.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw InputError(path: path, reason: errnoReason()) }
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= sizeLimit else {
            close(descriptor)
            throw InputError(path: path, reason: "changed while it was opened")
        }
        return (descriptor, Int(info.st_size))
    }

    /// Whether anything (a file, a folder, a link, even a dangling one) is at `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` names an existing regular file.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `4 GiB`, `64 MiB`, `64 KiB`, `100 bytes`: a size limit as people say it.
    package static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return Plural.count(bytes, "byte")
    }

    private static func errnoReason() -> String {
        switch errno {
        case ENOENT: "does not exist"
        case EACCES: "is not readable (permission denied)"
        case ENOTDIR: "has a path component that is not a directory"
        default: String(cString: strerror(errno))
        }
    }
}
