internal import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes held in a file with no name, for a server to send with sendfile(2): from the kernel's
/// pages to a socket, never copied through the process (as nginx sends the files it serves).
/// Linux: a memory file (memfd), sealed so that nothing can change its bytes. Elsewhere, or where
/// a kernel refuses memory files: a temporary file in `TMPDIR` (else /tmp), unlinked before it is
/// written, so nothing is left behind even by a crash.
package enum MemoryFile {
    /// A close-on-exec descriptor of a new file holding exactly `bytes`, or nil when the system
    /// cannot make one (the caller then keeps the bytes in its own memory). The caller closes it.
    package static func make(holding bytes: [UInt8]) -> Int32? {
        var descriptor = iapcat_memory_file("iapcat-body")
        let sealed = descriptor >= 0
        if descriptor < 0 {
            guard let temporary = unlinkedTemporaryFile() else { return nil }
            descriptor = temporary
        }
        if !SystemCalls.writeAll(bytes, to: descriptor) || (sealed && iapcat_seal(descriptor) != 0) {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func unlinkedTemporaryFile() -> Int32? {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/iapcat-body.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
