#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers see the old content or the new, never a part: the bytes go to a
/// temporary file in the same directory, which is flushed to disk and then renamed over the
/// target. On any failure the temporary file is removed and the target is untouched.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(OutputError) {
        let directory = FilePaths.directory(of: path)
        var template = Array((directory.isEmpty ? "." : directory).utf8CString.dropLast())
        template += Array("/.\(FilePaths.fileName(of: path)).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputError(path: path, reason: errnoDescription()) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(OutputError) {
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
                throw OutputError(path: path, reason: errnoDescription())
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoDescription()
            unlink(temporary)
            throw OutputError(path: path, reason: reason)
        }
    }

    /// Writes all of `bytes` to an open file, retrying partial writes and interrupts.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(OutputError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: errnoDescription())
            }
            offset += written
        }
    }

    static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}

/// A file or directory that could not be written.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
