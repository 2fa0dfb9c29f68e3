#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Folder operations for building a package out of sight and then putting it in place whole.
enum PackageDirectory {
    /// A new, empty folder beside `target` (same file system, so the final rename is atomic).
    static func makeStaging(beside target: String) throws(BulkXMLPackager.Failure) -> String {
        let directory = FilePaths.directory(of: target)
        var template = Array(
            ((directory.isEmpty ? "." : directory) + "/." + FilePaths.fileName(of: target) + ".partial-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .output(OutputError(path: target, reason: AtomicFile.errnoDescription()))
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        chmod(path, 0o755)  // mkdtemp makes it private; a package is an ordinary folder
        return path
    }

    /// Writes and flushes a new file (inside a staging folder, so no temporary is needed).
    static func writeFile(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: AtomicFile.errnoDescription()) }
        defer { close(descriptor) }
        try AtomicFile.writeAll(bytes, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw OutputError(path: path, reason: AtomicFile.errnoDescription()) }
    }

    /// Puts `staging` at `target`, replacing an existing package only once the new one is complete.
    static func install(_ staging: String, at target: String) throws(OutputError) {
        var existing = stat()
        guard stat(target, &existing) == 0 else {
            guard rename(staging, target) == 0 else { throw OutputError(path: target, reason: AtomicFile.errnoDescription()) }
            return
        }
        let retired = staging + ".old"
        guard rename(target, retired) == 0 else { throw OutputError(path: target, reason: AtomicFile.errnoDescription()) }
        guard rename(staging, target) == 0 else {
            let reason = AtomicFile.errnoDescription()
            rename(retired, target)
            throw OutputError(path: target, reason: reason)
        }
        remove(retired)
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
