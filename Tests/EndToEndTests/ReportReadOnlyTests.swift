import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat reports` reads a database it cannot write: a copy whose file and folder are immutable
/// (`chattr +i`, which binds root too, so SQLite cannot make the shared-memory file a WAL reader
/// wants, nor any other file) is explained as the original is, and stays as it was.
@Suite struct ReportReadOnlyTests {
    @Test func aCopyNobodyMayWriteIsExplained() async throws {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-read-only-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/reports.sqlite"
        try FileManager.default.copyItem(atPath: packageRoot + "/catalogs/example/reports.sqlite", toPath: copy)
        let before = FileManager.default.contents(atPath: copy)
        let chattr = "/usr/bin/chattr"
        defer {
            _ = try? ChildProcess.runWaiting(chattr, ["-i", copy, folder], in: folder)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let immutable = try? await ChildProcess.run(chattr, ["+i", copy, folder], in: folder, timeout: 30)
        guard immutable?.status == 0 else {
            print("aCopyNobodyMayWriteIsExplained: skipped: chattr +i is not permitted here (\(immutable?.stderr ?? "no chattr"))")
            return
        }
        #expect(!FileManager.default.createFile(atPath: folder + "/probe", contents: nil))
        let original = try await IAPCat.run(["reports", "--db", "catalogs/example/reports.sqlite", "--catalog", "catalogs/example.yaml"])
        let read = try await IAPCat.run(["reports", "--db", copy, "--catalog", "catalogs/example.yaml"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stderr == "")
        #expect(read.stdout == original.stdout)
        #expect(read.stdout.hasPrefix("24 reports from 2026-11-20 to 2026-11-22: "))
        #expect(FileManager.default.contents(atPath: copy) == before)
    }
}
