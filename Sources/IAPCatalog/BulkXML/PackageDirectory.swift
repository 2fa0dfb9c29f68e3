#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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

    /// Refuses a `target` iapcat must not replace with a package: anything but a folder (a file,
    /// a symbolic link, a device, …), or a folder holding entries iapcat does not write there —
    /// anything but `metadata.xml` and the screenshots its `file_name`s name — unless `force`.
    /// Replacing a package removes the old one whole; what was not part of it is named first.
    static func checkReplaceable(_ target: String, force: Bool) throws(OutputError) {
        var info = stat()
        guard lstat(target, &info) == 0 else {
            if errno == ENOENT { return }
            throw OutputError(path: target, reason: AtomicFile.errnoDescription())
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a folder"
            throw OutputError(path: target, reason: "it is \(what); a package is written as a new folder or over an earlier package")
        }
        guard !force else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: target).sorted()
        } catch {
            throw OutputError(path: target, reason: "its contents cannot be listed, so iapcat cannot tell what it would delete")
        }
        // Finder's .DS_Store is no one's work.
        let written = Set(["metadata.xml", ".DS_Store"]).union(screenshotNames(inMetadataAt: target + "/metadata.xml"))
        let foreign = entries.filter { name in
            var entry = stat()
            return !written.contains(name) || lstat(target + "/" + name, &entry) != 0 || (entry.st_mode & S_IFMT) != S_IFREG
        }
        guard foreign.isEmpty else {
            let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", and \(foreign.count - 5) more" : "")
            throw OutputError(
                path: target,
                reason:
                    "it holds what iapcat does not write in a package (\(shown)); nothing was written (--force replaces the folder and all in it)"
            )
        }
    }

    /// The `file_name`s an earlier package's metadata.xml names (none when it cannot be read).
    private static func screenshotNames(inMetadataAt path: String) -> Set<String> {
        guard let bytes = try? InputFile.read(path), let root = (try? XMLTree(bytes, file: path))?.root else { return [] }
        var names: Set<String> = []
        var pending = [root]
        while let element = pending.popLast() {
            if element.name == "file_name" { names.insert(element.trimmedText) } else { pending += element.children }
        }
        return names
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
    /// complete: the two are swapped in one step (``FileCalls/exchange(_:_:)``) and the old one
    /// removed, so `target` is always a whole package, old or new.
    static func install(_ staging: String, at target: String) throws(OutputError) {
        defer { LeftoverOutputs.syncDirectory(of: target) }
        var existing = stat()
        guard stat(target, &existing) == 0 else {
            guard rename(staging, target) == 0 else { throw OutputError(path: target, reason: AtomicFile.errnoDescription()) }
            return
        }
        switch FileCalls.exchange(staging, target) {
        case .swapped:
            remove(staging)  // now the old package
            return
        case .failed: throw OutputError(path: target, reason: AtomicFile.errnoDescription())
        case .unsupported: break
        }
        // No exchange on this system or file system: move the old package aside for the moment of
        // the swap (a run killed in that moment leaves it there; the next run puts it back).
        let retired = staging + LeftoverOutputs.retiredSuffix
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
