#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that readers see the old content or the new, never a part, even when the
/// process is killed midway: the bytes go to an unnamed file (O_TMPFILE on Linux) in the same
/// directory, which is flushed to disk, given a hidden name and renamed over the target. Where the
/// system or file system has no unnamed files (macOS; see ``FileCalls``), a hidden temporary file
/// is used instead; one a killed process left behind is removed by the next write (``LeftoverOutputs``).
/// Missing folders above the path are created first (``MissingFolders``). On any failure the target is
/// untouched and nothing is left. What is at the path decides what is replaced (``OutputTarget``):
/// a symbolic link is written through to its target; a directory, device, FIFO or socket is refused.
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to output: String, mode: mode_t = 0o644) throws(OutputError) {
        try MissingFolders.createAbove(output)
        // A link is written through: its final target is what gets replaced.
        let path = try OutputTarget.resolve(output)
        do throws(OutputError) {
            try write(bytes, replacing: path, mode: mode)
        } catch {
            throw OutputError(path: output, reason: error.reason)
        }
    }

    private static func write(_ bytes: [UInt8], replacing path: String, mode: mode_t) throws(OutputError) {
        LeftoverOutputs.sweep(beside: path)
        let directory = FilePaths.directory(of: path)
        if let unnamed = FileCalls.openUnnamedFile(in: directory.isEmpty ? "." : directory, mode: UInt32(mode)) {
            try writeUnnamed(bytes, descriptor: unnamed, to: path, mode: mode)
        } else {
            try writeThroughTemporary(bytes, to: path, mode: mode)
        }
        LeftoverOutputs.syncDirectory(of: path)
    }

    private static func writeUnnamed(_ bytes: [UInt8], descriptor: Int32, to path: String, mode: mode_t) throws(OutputError) {
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else { throw OutputError(path: path, reason: errnoDescription()) }
        // The file gets a name only now, complete; the name lives for one rename.
        let temporary = LeftoverOutputs.prefix(.temporaryFile, for: path) + String(UInt32.random(in: .min ... .max), radix: 36)
        guard FileCalls.linkUnnamedFile(descriptor, as: temporary) else {
            throw OutputError(path: path, reason: errnoDescription())
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoDescription()
            unlink(temporary)
            throw OutputError(path: path, reason: reason)
        }
    }

    private static func writeThroughTemporary(_ bytes: [UInt8], to path: String, mode: mode_t) throws(OutputError) {
        let created = LeftoverOutputs.create(.temporaryFile, for: path) { template -> Int32? in
            let descriptor = mkstemp(template)
            return descriptor >= 0 ? descriptor : nil
        }
        guard let (temporary, descriptor) = created else { throw OutputError(path: path, reason: errnoDescription()) }
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
        guard SystemCalls.writeAll(bytes, to: descriptor) else { throw OutputError(path: path, reason: errnoDescription()) }
    }

    static func errnoDescription() -> String {
        String(cString: strerror(errno))
    }
}
