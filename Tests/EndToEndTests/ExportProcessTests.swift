import Foundation
import IAPCatTestSupport
import Testing

/// What only the `iapcat export` process shows: the working directory it starts in (the default
/// catalog, catalogs/catalog.yaml, and a relative output are found from there). The rest of
/// export's tests run in process (IAPCatCLITests' ExportCommandTests).
@Suite struct ExportProcessTests {
    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("export") }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// In a folder without catalogs/catalog.yaml (a new project) the error says how to start one.
    @Test func aMissingDefaultCatalogPointsToInit() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["export", "--all"], in: directory)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iapcat: error: catalogs/catalog.yaml: does not exist; pass --catalog FILE, or start a catalog with `iapcat init`\n")
    }

    /// `-o` and `--out-dir` create the folders they name, as `mkdir -p`.
    @Test func missingFoldersAreCreatedForEveryOutput() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let single = try await IAPCat.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "v1", "-o", directory + "/one/two/list.json",
        ])
        #expect(single.status == 0, "\(single.stderr)")
        #expect(single.stderr == "wrote \(directory)/one/two/list.json\n")
        #expect(
            try Self.read(directory + "/one/two/list.json") == (try Self.read(IAPCat.packageRoot + "/catalogs/example/products_v1.json")))
        let all = try await IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--all", "--out-dir", directory + "/new/out"])
        #expect(all.status == 0, "\(all.stderr)")
        let names = ["product_ids.plist", "products_v1.json", "products_v2.json"]
        #expect(all.stderr == names.map { "wrote \(directory)/new/out/example/\($0)\n" }.joined())
        for name in names {
            #expect(
                try Self.read(directory + "/new/out/example/" + name) == (try Self.read(IAPCat.packageRoot + "/catalogs/example/" + name)))
        }
        // Relative to the current folder, too.
        let relative = try await IAPCat.run(
            ["export", "--catalog", IAPCat.packageRoot + "/catalogs/example.yaml", "--format", "plist", "-o", "rel/ids.plist"],
            in: directory)
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(relative.stderr == "wrote rel/ids.plist\n")
        #expect(
            try Self.read(directory + "/rel/ids.plist") == (try Self.read(IAPCat.packageRoot + "/catalogs/example/product_ids.plist")))
    }
}
