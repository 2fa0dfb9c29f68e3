import Foundation

/// A git work tree, read without trusting it: the server's `Last-Modified` (the time of the commit
/// that last changed a catalog) and `--changed-since` (a catalog as a revision holds it) both ask
/// git about someone else's repository.
///
/// git obeys a repository's own configuration, which can start programs (`core.fsmonitor`,
/// filters, `gpg.program`, a promisor remote's transport): so git never reads it. iapcat runs git
/// on a private git folder of its own making, whose configuration is empty and whose `HEAD`,
/// `refs`, `packed-refs` and `objects` are the repository's (a copy of `HEAD`, links to the rest),
/// with no system or global configuration and no work tree. What git cannot answer that way (a
/// SHA-256 or reftable repository, a partial clone missing the objects, git missing, git taking
/// more than 10 s, an answer over its limit) is no answer.
package struct GitRepository: Sendable {
    /// The work tree's top folder (a real path).
    package let top: String
    /// The folder holding `HEAD` (a worktree's own folder for a linked worktree).
    package let gitDirectory: String
    /// The folder holding `objects`, `refs` and `packed-refs`.
    package let commonDirectory: String

    /// How long one git command may take.
    package static let timeout: TimeInterval = 10

    /// The repository whose work tree holds the file at `path`, and the file's path from the
    /// work tree's top; nil when none does.
    package static func enclosing(_ path: String) -> (repository: GitRepository, relative: String)? {
        guard let file = realPath(path), let repository = enclosing(real: file) else { return nil }
        let relative = String(file.dropFirst(repository.top.count + 1))
        return relative.isEmpty ? nil : (repository, relative)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The repository whose work tree holds `file` (a real path), found by climbing its folders.
    private static func enclosing(real file: String) -> GitRepository? {
        var folder = (file as NSString).deletingLastPathComponent
        for _ in 0..<256 {
            let dotGit = folder == "/" ? "/.git" : folder + "/.git"
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) {
                return isFolder.boolValue
                    ? GitRepository(top: folder, gitDirectory: dotGit, commonDirectory: dotGit) : linked(folder, dotGit)
            }
            guard folder != "/", !folder.isEmpty else { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// A `.git` file (`gitdir: PATH`): a linked worktree or a submodule.
    private static func linked(_ top: String, _ dotGit: String) -> GitRepository? {
        guard let line = smallFile(dotGit), line.hasPrefix("gitdir: ") else { return nil }
        let gitDirectory = absolute(String(line.dropFirst(8)), from: top)
        let common = smallFile(gitDirectory + "/commondir").map { absolute($0, from: gitDirectory) } ?? gitDirectory
        return GitRepository(top: top, gitDirectory: gitDirectory, commonDirectory: common)
    }

    /// A git folder of iapcat's own: the repository's `HEAD` copied, its `refs`, `packed-refs`
    /// and `objects` linked, and a configuration that starts nothing. Nil when it cannot be made.
    /// The caller removes it.
    package func privateGitFolder() -> String? {
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

    /// The commit `revision` names (`origin/main`, `HEAD~1`, a tag, a hash), as a full hash; nil
    /// when it names none.
    package func commit(_ revision: String) -> String? {
        // A revision that could be read as an option, or as a path in a revision, is none.
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(":"), let scratch = privateGitFolder() else { return nil }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        return Self.run(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"], gitDirectory: scratch)
            .flatMap(Self.trimmed)
    }

    /// The bytes of `relative` (a path from the work tree's top) in `commit` (a full hash); nil
    /// when the commit has no such file, or one larger than `limit` bytes.
    package func file(_ relative: String, in commit: String, limit: Int) -> [UInt8]? {
        guard commit.allSatisfy(\.isHexDigit), let scratch = privateGitFolder() else { return nil }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        return Self.run(["cat-file", "blob", commit + ":" + relative], gitDirectory: scratch, limit: limit)
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

    /// Text git printed, trimmed; nil when empty.
    package static func trimmed(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// git's stdout, or nil when it fails, takes longer than ``timeout``, prints more than `limit`
    /// bytes or is missing. Only `PATH` reaches it from iapcat's environment.
    package static func run(_ arguments: [String], gitDirectory: String, limit: Int = 4096) -> [UInt8]? {
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
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        // Read at most one byte past the limit, then stop git. `readDataToEndOfFile()` traps when a
        // signal interrupts the read (a server's SIGHUP); an interrupted read is no answer.
        var data: [UInt8] = []
        let reader = output.fileHandleForReading
        while data.count <= limit, let chunk = try? reader.read(upToCount: min(65_536, limit + 1 - data.count)), !chunk.isEmpty {
            data += chunk
        }
        if data.count > limit, process.isRunning { process.terminate() }
        process.waitUntilExit()
        deadline.cancel()
        guard data.count <= limit, process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return data
    }
}
