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
    /// A new, empty, hidden folder beside `target` (same file system, so the final rename is
    /// atomic). Folders that killed runs left for `target` are removed first.
    static func makeStaging(beside target: String) throws(BulkXMLPackager.Failure) -> String {
        LeftoverOutputs.sweep(beside: target)
        guard let (path, _) = LeftoverOutputs.create(.stagingFolder, for: target, with: { mkdtemp($0) }) else {
            throw .output(OutputError(path: target, reason: AtomicFile.errnoDescription()))
        }
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

    /// Puts `staging` at `target`, replacing an existing package only once the new one is
    /// complete: the two are swapped in one step (RENAME_EXCHANGE) and the old one removed, so
    /// `target` is always a whole package, old or new.
    static func install(_ staging: String, at target: String) throws(OutputError) {
        defer { LeftoverOutputs.syncDirectory(of: target) }
        var existing = stat()
        guard stat(target, &existing) == 0 else {
            guard rename(staging, target) == 0 else { throw OutputError(path: target, reason: AtomicFile.errnoDescription()) }
            return
        }
        if LinuxFileCalls.exchange(staging, target) {
            remove(staging)  // now the old package
            return
        }
        guard errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP else {
            throw OutputError(path: target, reason: AtomicFile.errnoDescription())
        }
        // No exchange on this file system: move the old package aside for the moment of the swap.
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
