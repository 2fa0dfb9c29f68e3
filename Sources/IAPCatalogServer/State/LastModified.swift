import Foundation
import IAPCatalog

/// Where a catalog's `Last-Modified` comes from. It must be the same on every replica serving the
/// same catalog and must not move when a process restarts, so it comes from the catalog's content
/// history: the time of the last commit that changed the file when the file is committed and
/// unchanged in a git work tree; otherwise the file's modification time (keep it when deploying,
/// e.g. `rsync -t`, `cp -p`). Never later than now.
///
/// The repository is someone else's data, and git obeys a repository's own configuration, which
/// can start programs (`core.fsmonitor`, filters, `gpg.program`, a promisor remote's transport):
/// so git never reads it. iapcat runs git on a private git folder of its own making, whose
/// configuration is empty and whose `HEAD`, `refs`, `packed-refs` and `objects` are the
/// repository's (a copy of `HEAD`, links to the rest), with no system or global configuration and
/// no work tree. The file counts as unchanged when its bytes hash to the blob the commit holds
/// (`hash-object --no-filters`); anything git cannot answer that way (a SHA-256 or reftable
/// repository, a partial clone missing the objects, git missing, git taking more than 10 s) falls
/// back to the modification time.
enum LastModified {
    static func determine(for path: String, now: Int64) -> (seconds: Int64, source: String) {
        if let commit = gitCommitTime(path) { return (min(commit, now), "git") }
        var info = stat()
        guard stat(path, &info) == 0 else { return (now, "clock") }
        return (min(SystemCalls.modificationTime(of: info).seconds, now), "mtime")
    }

    /// How long one git command may take.
    static let gitTimeout: TimeInterval = 10

    private static func gitCommitTime(_ path: String) -> Int64? {
        guard let file = realPath(path), let repository = Repository.enclosing(file) else { return nil }
        let relative = String(file.dropFirst(repository.top.count + 1))
        guard !relative.isEmpty else { return nil }
        guard let scratch = repository.privateGitFolder() else { return nil }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let git = { (arguments: [String]) in run(arguments, gitDirectory: scratch) }
        guard let committed = git(["rev-parse", "--verify", "--quiet", "HEAD:" + relative]),
            let working = git(["hash-object", "--no-filters", "--", file]),
            !committed.isEmpty, committed == working,
            let time = git(["log", "-1", "--no-show-signature", "--format=%ct", "HEAD", "--", relative])
        else { return nil }
        return Int64(time)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A work tree's top and where its git data lives.
    struct Repository {
        /// The work tree's top folder (a real path).
        let top: String
        /// The folder holding `HEAD` (a worktree's own folder for a linked worktree).
        let gitDirectory: String
        /// The folder holding `objects`, `refs` and `packed-refs`.
        let commonDirectory: String

        /// The repository whose work tree holds `file` (a real path), found by climbing its folders.
        static func enclosing(_ file: String) -> Repository? {
            var folder = (file as NSString).deletingLastPathComponent
            for _ in 0..<256 {
                let dotGit = folder == "/" ? "/.git" : folder + "/.git"
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) {
                    return isFolder.boolValue
                        ? Repository(top: folder, gitDirectory: dotGit, commonDirectory: dotGit) : linked(folder, dotGit)
                }
                guard folder != "/", !folder.isEmpty else { return nil }
                folder = (folder as NSString).deletingLastPathComponent
            }
            return nil
        }

        /// A `.git` file (`gitdir: PATH`): a linked worktree or a submodule.
        private static func linked(_ top: String, _ dotGit: String) -> Repository? {
            guard let line = smallFile(dotGit), line.hasPrefix("gitdir: ") else { return nil }
            let gitDirectory = absolute(String(line.dropFirst(8)), from: top)
            let common = smallFile(gitDirectory + "/commondir").map { absolute($0, from: gitDirectory) } ?? gitDirectory
            return Repository(top: top, gitDirectory: gitDirectory, commonDirectory: common)
        }

        /// A git folder of iapcat's own: the repository's `HEAD` copied, its `refs`, `packed-refs`
        /// and `objects` linked, and a configuration that starts nothing. Nil when it cannot be made.
        func privateGitFolder() -> String? {
            guard let head = Self.smallFile(gitDirectory + "/HEAD") else { return nil }
            let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
            var template = Array((temporary + "iapcat-git-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { return nil }
            let scratch = String(cString: made)
            let manager = FileManager.default
            do {
                try (head + "\n").write(toFile: scratch + "/HEAD", atomically: false, encoding: .utf8)
                try "[core]\n\trepositoryformatversion = 0\n\tbare = true\n".write(
                    toFile: scratch + "/config", atomically: false, encoding: .utf8)
                for name in ["objects", "refs", "packed-refs"] where manager.fileExists(atPath: commonDirectory + "/" + name) {
                    try manager.createSymbolicLink(atPath: scratch + "/" + name, withDestinationPath: commonDirectory + "/" + name)
                }
            } catch {
                try? manager.removeItem(atPath: scratch)
                return nil
            }
            return scratch
        }

        /// The first line of a small file (at most 4 KiB), trimmed.
        private static func smallFile(_ path: String) -> String? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                (attributes[.type] as? FileAttributeType) == .typeRegular, ((attributes[.size] as? Int) ?? .max) <= 4096,
                let text = try? String(contentsOfFile: path, encoding: .utf8)
            else { return nil }
            return text.split(separator: "\n", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        }

        private static func absolute(_ path: String, from folder: String) -> String {
            path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
        }
    }

    /// git's stdout, trimmed, or nil when it fails, prints nothing, takes longer than
    /// ``gitTimeout`` or is missing. Only `PATH` reaches it from iapcat's environment.
    private static func run(_ arguments: [String], gitDirectory: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--no-pager"] + arguments
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "GIT_DIR": gitDirectory, "HOME": gitDirectory, "XDG_CONFIG_HOME": gitDirectory,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_NO_REPLACE_OBJECTS": "1",
            "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: gitDirectory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + gitTimeout, execute: deadline)
        // `readDataToEndOfFile()` traps when a signal interrupts the read (a reload's SIGHUP);
        // an interrupted read here means no git date, and the file's own date is used.
        let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
