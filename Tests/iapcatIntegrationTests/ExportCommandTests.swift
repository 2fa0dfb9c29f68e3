import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat export` end to end.
@Suite struct ExportCommandTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aListGoesToStdoutWithNothingElse() throws {
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v2", "--environment", "sandbox"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == (try Self.read(IAPCat.packageRoot + "/catalogs/example/products_v2.json")))
    }

    @Test func theCommittedExampleListsAreWhatExportWrites() throws {
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--all", "--check"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    @Test func allWritesEveryDeclaredListIntoTheOutputDirectory() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/example", withIntermediateDirectories: true)
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--all", "--out-dir", directory])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        for name in ["product_ids.plist", "products_v1.json", "products_v2.json"] {
            #expect(try Self.read(directory + "/example/" + name) == (try Self.read(IAPCat.packageRoot + "/catalogs/example/" + name)))
        }
        #expect(
            run.stderr
                == ["product_ids.plist", "products_v1.json", "products_v2.json"].map { "wrote \(directory)/example/\($0)\n" }.joined())
    }

    @Test func checkReportsAStaleFileAndWritesNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ids.plist"
        try "stale\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "plist", "-o", path, "--check"])
        #expect(run.status == 1)
        #expect(run.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
        #expect(try Self.read(path) == "stale\n")
    }

    @Test func aCatalogWithErrorsIsRefusedAndNothingIsWritten() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/products_v1.json"
        let run = try IAPCat.run(["export", "--catalog", IAPCat.fixture("broken/catalog.yaml"), "--format", "v1", "-o", path])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("[unknown_key]"))
        #expect(run.stderr.hasSuffix("iapcat: error: the catalog has errors; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func usageErrorsExitWithStatusTwo() throws {
        for arguments in [
            ["export", "--catalog", "catalogs/example.yaml"],
            ["export", "--catalog", "catalogs/example.yaml", "--all", "--format", "v1"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storekit-version", "2.0"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storefront", "XYZ"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "--storefront", "USA"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "--check"],
        ] {
            let run = try IAPCat.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == "")
        }
        let missing = try IAPCat.run(["export", "--catalog", "nope.yaml", "--format", "v1"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "iapcat: error: nope.yaml: does not exist\n")
    }

    @Test func anUnwritableOutputIsAnIOError() throws {
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "-o", "/nonexistent-dir/x.json"])
        #expect(run.status == 2)
        #expect(run.stderr == "iapcat: error: cannot write /nonexistent-dir/x.json: No such file or directory\n")
    }
}
