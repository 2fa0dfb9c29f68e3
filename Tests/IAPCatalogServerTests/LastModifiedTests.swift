import Foundation
import Testing

@testable import IAPCatalogServer

@Suite struct LastModifiedTests {
    static func temporaryFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-lm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/catalog.yaml"
        try "format_version: 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func outsideGitItIsTheFilesModificationTime() throws {
        let path = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        let result = LastModified.determine(for: path, now: 1_800_000_000)
        #expect(result.seconds == 1_700_000_000)
        #expect(result.source == "mtime")
    }

    @Test func aFutureModificationTimeIsClampedToNow() throws {
        let path = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_900_000_000)], ofItemAtPath: path)
        #expect(LastModified.determine(for: path, now: 1_800_000_000).seconds == 1_800_000_000)
    }

    /// `git` in `directory`, committing as of 2023-11-14T22:13:20Z (1,700,000,000).
    static func git(_ directory: String) -> ([String]) throws -> Void {
        { (arguments: [String]) throws in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", directory] + arguments
            process.environment = [
                "GIT_COMMITTER_DATE": "2023-11-14T22:13:20Z", "GIT_AUTHOR_DATE": "2023-11-14T22:13:20Z", "HOME": directory,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
    }

    /// A catalog committed in a new repository of its own: its path, the repository, and `git` there.
    static func committedCatalog() throws -> (path: String, directory: String, git: ([String]) throws -> Void) {
        let path = try temporaryFile()
        let directory = (path as NSString).deletingLastPathComponent
        let git = Self.git(directory)
        try git(["init", "-q"])
        try git(["add", "catalog.yaml"])
        try git(["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "catalog"])
        return (path, directory, git)
    }

    @Test func aCommittedUnchangedCatalogTakesItsLastCommitTime() throws {
        let (path, directory, _) = try Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let committed = LastModified.determine(for: path, now: 1_800_000_000)
        #expect(committed.seconds == 1_700_000_000)
        #expect(committed.source == "git")
        // Once edited, the working copy is not what was committed: its own time counts.
        try "format_version: 1\n# edited\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(LastModified.determine(for: path, now: 1_800_000_000).source == "mtime")
    }

    /// git obeys a repository's configuration, and `core.fsmonitor`, a clean filter or a
    /// signature check there names a program: the catalog's date is read without any of them
    /// running, at start-up or on a reload.
    @Test func theRepositorysOwnConfigurationStartsNoProgram() throws {
        let (path, directory, git) = try Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = directory + "/ran"
        let script = directory + "/hook.sh"
        try "#!/bin/sh\necho \"$0 $*\" >> '\(marker)'\ncat\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        for setting in [
            "core.fsmonitor", "filter.evil.clean", "filter.evil.smudge", "gpg.program", "core.pager", "core.sshCommand",
            "diff.external", "core.hooksPath",
        ] {
            try git(["config", setting, script])
        }
        try git(["config", "log.showSignature", "true"])
        try git(["config", "filter.evil.required", "true"])
        try "* filter=evil\n".write(toFile: directory + "/.gitattributes", atomically: true, encoding: .utf8)
        let result = LastModified.determine(for: path, now: 1_800_000_000)
        #expect(result.source == "git")
        #expect(result.seconds == 1_700_000_000)
        #expect(!FileManager.default.fileExists(atPath: marker), "\((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "")")
    }

    /// A catalog in a linked worktree (`.git` is a file naming the git folder) dates from its commit too.
    @Test func aLinkedWorktreeIsReadThroughItsCommonFolder() throws {
        let (_, directory, git) = try Self.committedCatalog()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try git(["worktree", "add", "-q", directory + "/linked"])
        let result = LastModified.determine(for: directory + "/linked/catalog.yaml", now: 1_800_000_000)
        #expect(result.source == "git")
        #expect(result.seconds == 1_700_000_000)
    }
}
