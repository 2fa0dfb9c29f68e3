import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalogServer

/// Last-Modified of a catalog git holds: the time of the commit that last changed it, read by
/// running git (so these tests are in the end-to-end tier); `LastModified.determine` waits for git,
/// so it is called off Swift concurrency's threads.
@Suite struct LastModifiedGitTests {
    static func temporaryFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-lm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/catalog.yaml"
        try "format_version: 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// ``LastModified/determine(for:now:)``, which runs git, on a thread of its own.
    static func determine(_ path: String) async -> (seconds: Int64, source: String) {
        await offThePool { LastModified.determine(for: path, now: 1_800_000_000) }
    }

    /// `git` in `directory`, committing as of 2023-11-14T22:13:20Z (1,700,000,000).
    static func git(_ directory: String) -> @Sendable ([String]) async throws -> Void {
        { (arguments: [String]) async throws in
            let run = try await ChildProcess.run(
                "/usr/bin/env", ["git", "-C", directory] + arguments, in: directory, timeout: 60,
                environment: [
                    "GIT_COMMITTER_DATE": "2023-11-14T22:13:20Z", "GIT_AUTHOR_DATE": "2023-11-14T22:13:20Z", "HOME": directory,
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                ])
            guard run.status == 0 else { throw FixtureError("git \(arguments.joined(separator: " ")): \(run.stderr)") }
        }
    }

    /// A catalog committed in a new repository of its own: its path, the repository, and `git` there.
    static func committedCatalog() async throws -> (path: String, directory: String, git: @Sendable ([String]) async throws -> Void) {
        let path = try temporaryFile()
        let directory = (path as NSString).deletingLastPathComponent
        let git = Self.git(directory)
        try await git(["init", "-q"])
        try await git(["add", "catalog.yaml"])
        try await git(["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "catalog"])
        return (path, directory, git)
    }

    @Test func aCommittedUnchangedCatalogTakesItsLastCommitTime() async throws {
        let (path, directory, _) = try await Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let committed = await Self.determine(path)
        #expect(committed.seconds == 1_700_000_000)
        #expect(committed.source == "git")
        // Once edited, the working copy is not what was committed: its own time counts.
        try "format_version: 1\n# edited\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await Self.determine(path).source == "mtime")
    }

    /// git obeys a repository's configuration, and `core.fsmonitor`, a clean filter or a
    /// signature check there names a program: the catalog's date is read without any of them
    /// running, at start-up or on a reload.
    @Test func theRepositorysOwnConfigurationStartsNoProgram() async throws {
        let (path, directory, git) = try await Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = directory + "/ran"
        let script = directory + "/hook.sh"
        try "#!/bin/sh\necho \"$0 $*\" >> '\(marker)'\ncat\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        for setting in [
            "core.fsmonitor", "filter.evil.clean", "filter.evil.smudge", "gpg.program", "core.pager", "core.sshCommand",
            "diff.external", "core.hooksPath",
        ] {
            try await git(["config", setting, script])
        }
        try await git(["config", "log.showSignature", "true"])
        try await git(["config", "filter.evil.required", "true"])
        try "* filter=evil\n".write(toFile: directory + "/.gitattributes", atomically: true, encoding: .utf8)
        let result = await Self.determine(path)
        #expect(result.source == "git")
        #expect(result.seconds == 1_700_000_000)
        #expect(!FileManager.default.fileExists(atPath: marker), "\((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "")")
    }

    /// A catalog in a linked worktree (`.git` is a file naming the git folder) dates from its commit too.
    @Test func aLinkedWorktreeIsReadThroughItsCommonFolder() async throws {
        let (_, directory, git) = try await Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await git(["worktree", "add", "-q", directory + "/linked"])
        let result = await Self.determine(directory + "/linked/catalog.yaml")
        #expect(result.source == "git")
        #expect(result.seconds == 1_700_000_000)
    }
}
