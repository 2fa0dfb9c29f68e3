import Foundation
import IAPCatalog

/// Where a catalog's `Last-Modified` comes from. It must be the same on every replica serving the
/// same catalog and must not move when a process restarts, so it comes from the catalog's content
/// history: the time of the last commit that changed the file when the file is committed and
/// unchanged in a git work tree; otherwise the file's modification time (keep it when deploying,
/// e.g. `rsync -t`, `cp -p`). Never later than now.
///
/// The repository is someone else's data: git runs on a private git folder of iapcat's own making
/// (``GitRepository``), never reading the repository's configuration. The file counts as unchanged
/// when its bytes hash to the blob the commit holds (`hash-object --no-filters`); anything git
/// cannot answer that way (a SHA-256 or reftable repository, a partial clone missing the objects,
/// git missing, git taking more than 10 s) falls back to the modification time.
enum LastModified {
    static func determine(for path: String, now: Int64) -> (seconds: Int64, source: String) {
        if let commit = gitCommitTime(path) { return (min(commit, now), "git") }
        var info = stat()
        guard stat(path, &info) == 0 else { return (now, "clock") }
        return (min(SystemCalls.modificationTime(of: info).seconds, now), "mtime")
    }

    private static func gitCommitTime(_ path: String) -> Int64? {
        guard let (repository, relative) = GitRepository.enclosing(path) else { return nil }
        guard let scratch = repository.privateGitFolder() else { return nil }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let git = { (arguments: [String]) in GitRepository.run(arguments, gitDirectory: scratch).flatMap(GitRepository.trimmed) }
        guard let committed = git(["rev-parse", "--verify", "--quiet", "HEAD:" + relative]),
            let working = git(["hash-object", "--no-filters", "--", repository.top + "/" + relative]),
            !committed.isEmpty, committed == working,
            let time = git(["log", "-1", "--no-show-signature", "--format=%ct", "HEAD", "--", relative])
        else { return nil }
        return Int64(time)
    }
}
