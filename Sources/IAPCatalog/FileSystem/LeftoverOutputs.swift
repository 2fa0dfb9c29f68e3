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

/// Names for the hidden files and folders an output is prepared in, and the removal of those a
/// killed iapcat left behind.
///
/// A temporary beside `catalog.json` is `.catalog.json.tmp-PID-RANDOM`; a package being staged
/// beside `App.itmsp` is `.App.itmsp.partial-PID-RANDOM`. A process that is killed (SIGKILL,
/// power loss) cannot remove them; the next write of the same output removes every one whose
/// process is gone.
enum LeftoverOutputs {
    enum Kind: String {
        case temporaryFile = "tmp"
        case stagingFolder = "partial"
    }

    /// The name prefix of this process's leftovers of `kind` beside `target` (a template for
    /// mkstemp/mkdtemp, or a name, follows it).
    static func prefix(_ kind: Kind, for target: String) -> String {
        let directory = FilePaths.directory(of: target)
        return (directory.isEmpty ? "." : directory) + "/." + FilePaths.fileName(of: target) + ".\(kind.rawValue)-\(getpid())-"
    }

    /// Creates this process's hidden file or folder of `kind` beside `target` with `make`
    /// (`mkstemp`, `mkdtemp`: it fills in the template's `XXXXXX`, and returns nil on failure).
    /// Returns its path and what `make` returned, or nil with errno set.
    static func create<Made>(
        _ kind: Kind, for target: String, with make: (UnsafeMutablePointer<CChar>) -> Made?
    ) -> (path: String, made: Made)? {
        var template = Array((prefix(kind, for: target) + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ make($0.baseAddress!) }) else { return nil }
        return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), made)
    }

    /// The suffix of an old package moved aside for the moment of a swap where the system cannot
    /// swap in one step (``PackageDirectory/install(_:at:)``).
    static let retiredSuffix = ".old"

    /// Removes the leftovers of `target` whose process no longer runs; an old package a killed run
    /// had moved aside is put back instead when nothing took its place, so `target` is a whole
    /// package again.
    static func sweep(beside target: String) {
        let directory = FilePaths.directory(of: target)
        let name = FilePaths.fileName(of: target)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return }
        for entry in entries {
            for kind in [Kind.temporaryFile, .stagingFolder] {
                let prefix = "." + name + ".\(kind.rawValue)-"
                guard entry.hasPrefix(prefix),
                    let pid = Int32(entry.dropFirst(prefix.count).prefix { $0 != "-" }),
                    kill(pid, 0) == -1 && errno == ESRCH
                else { continue }
                let path = (directory.isEmpty ? "." : directory) + "/" + entry
                var existing = stat()
                if kind == .stagingFolder, entry.hasSuffix(retiredSuffix), lstat(target, &existing) != 0, errno == ENOENT,
                    rename(path, target) == 0
                {
                    continue
                }
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Flushes a directory's entries (a rename in it) to disk.
    static func syncDirectory(of target: String) {
        let directory = FilePaths.directory(of: target)
        let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
