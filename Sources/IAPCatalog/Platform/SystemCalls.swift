#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// System calls that differ between Linux (Glibc) and macOS (Darwin), or that a caller with a
/// method of the same name could reach only as `Glibc.read` or `Darwin.read`: in one place with
/// ``FileCalls``, so everything else in iapcat uses the POSIX calls both modules spell alike.
package enum SystemCalls {
    /// read(2): at most `count` bytes into `buffer`; the count read, 0 at the end, -1 with errno.
    /// (Callers named `read` themselves reach the system's through here, as `Glibc.read` or
    /// `Darwin.read` would tie them to one system.)
    package static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        read(descriptor, buffer, count)
    }

    /// write(2): at most `count` bytes from `buffer`; the count written, or -1 with errno.
    package static func writeBytes(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        write(descriptor, buffer, count)
    }

    /// Writes all of `bytes` to `descriptor`, retrying partial writes and interrupts; false with
    /// errno set on failure.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                writeBytes(descriptor, from: buffer.baseAddress! + offset, count: buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// The TCP option that holds partial segments back until it is cleared (Linux `TCP_CORK`), so
    /// that a response's headers and the file sent after them leave in full segments; nil where
    /// there is none to rely on (macOS's `TCP_NOPUSH` does not send what it held when cleared).
    package static var tcpCorkOption: Int32? {
        #if canImport(Glibc)
            return TCP_CORK
        #else
            return nil
        #endif
    }

    /// The modification time in `info` (Linux `st_mtim`, macOS `st_mtimespec`).
    package static func modificationTime(of info: stat) -> (seconds: Int64, nanoseconds: Int64) {
        #if canImport(Glibc)
            return (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        #elseif canImport(Darwin)
            return (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        #endif
    }
}
