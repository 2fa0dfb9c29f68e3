import Foundation
import Testing

@testable import IAPCatalogServer

/// Last-Modified from the file's modification time. Where git dates the catalog, git runs: those
/// tests are in the end-to-end tier (EndToEndTests/LastModifiedGitTests).
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
}
