import Foundation
import IAPCatalog

/// Where a catalog's `Last-Modified` comes from. It must be the same on every replica serving the
/// same catalog and must not move when a process restarts, so it comes from the catalog's content
/// history: the time of the last commit that changed the file when the file is committed and
/// unchanged in a git work tree; otherwise the file's modification time (keep it when deploying,
/// e.g. `rsync -t`, `cp -p`). Never later than now.
enum LastModified {
    static func determine(for path: String, now: Int64) -> (seconds: Int64, source: String) {
        if let commit = gitCommitTime(path) { return (min(commit, now), "git") }
        var info = stat()
        guard stat(path, &info) == 0 else { return (now, "clock") }
        return (min(SystemCalls.modificationTime(of: info).seconds, now), "mtime")
    }

    private static func gitCommitTime(_ path: String) -> Int64? {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard run(["git", "-C", directory.isEmpty ? "." : directory, "status", "--porcelain", "--", name]) == "" else { return nil }
        guard let output = run(["git", "-C", directory.isEmpty ? "." : directory, "log", "-1", "--format=%ct", "--", name]) else {
            return nil
        }
        return Int64(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The command's stdout, or nil when it fails or git is missing.
    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // `readDataToEndOfFile()` traps when a signal interrupts the read (a reload's SIGHUP);
        // an interrupted read here means no git date, and the file's own date is used.
        let data = (try? output.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return arguments.contains("log") && text.isEmpty ? nil : text
    }
}
