import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat export`, run in process (``CLI``); what only the process shows is in ExportProcessTests.
@Suite struct ExportCommandTests {
    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("export") }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aListGoesToStdoutWithNothingElse() async throws {
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v2", "--environment", "sandbox"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == (try Self.read(IAPCat.packageRoot + "/catalogs/example/products_v2.json")))
    }

    @Test func theCommittedExampleListsAreWhatExportWrites() async throws {
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--all", "--check"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    @Test func allWritesEveryDeclaredListIntoTheOutputDirectory() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/example", withIntermediateDirectories: true)
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--all", "--out-dir", directory])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        for name in ["product_ids.plist", "products_v1.json", "products_v2.json"] {
            #expect(try Self.read(directory + "/example/" + name) == (try Self.read(IAPCat.packageRoot + "/catalogs/example/" + name)))
        }
        #expect(
            run.stderr
                == ["product_ids.plist", "products_v1.json", "products_v2.json"].map { "wrote \(directory)/example/\($0)\n" }.joined())
    }

    @Test func checkReportsAStaleFileAndWritesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/ids.plist"
        try "stale\n".write(toFile: path, atomically: true, encoding: .utf8)
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "plist", "-o", path, "--check"])
        #expect(run.status == 1)
        #expect(run.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
        #expect(try Self.read(path) == "stale\n")
    }

    @Test func aCatalogWithErrorsIsRefusedAndNothingIsWritten() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/products_v1.json"
        let run = await CLI.run(["export", "--catalog", IAPCat.fixture("broken/catalog.yaml"), "--format", "v1", "-o", path])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("[unknown_key]"))
        #expect(run.stderr.hasSuffix("iapcat: error: the catalog has errors; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func usageErrorsExitWithStatusTwo() async throws {
        for arguments in [
            ["export", "--catalog", "catalogs/example.yaml"],
            ["export", "--catalog", "catalogs/example.yaml", "--all", "--format", "v1"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storekit-version", "2.0"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storefront", "XYZ"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "--storefront", "USA"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "plist", "--storekit-version", "4.0"],
            ["export", "--catalog", "catalogs/example.yaml", "--all", "--environment", "sandbox"],
            ["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "--check"],
        ] {
            let run = await CLI.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == "")
        }
        let missing = await CLI.run(["export", "--catalog", "nope.yaml", "--format", "v1"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "iapcat: error: nope.yaml: does not exist\n")
    }

    static let storeKitGolden = "/Tests/IAPCatalogTests/Fixtures/golden/export/example.sandbox"

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aStoreKitFileIsWhatXcodeWritesAndCheckTellsWhenItChanged() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Products.storekit"
        let export = ["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "-o", path]
        let run = await CLI.run(export)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "wrote \(path)\n")
        #expect(try Self.bytes(path) == Self.bytes(IAPCat.packageRoot + Self.storeKitGolden + ".storekit"))
        let fresh = await CLI.run(export + ["--check"])
        #expect(fresh.status == 0)
        #expect(fresh.stderr == "")
        // An edit in Xcode: the file no longer says what the catalog says.
        let edited = try Self.read(path).replacingOccurrences(of: "\"displayPrice\" : \"0.99\"", with: "\"displayPrice\" : \"1.99\"")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let stale = await CLI.run(export + ["--check"])
        #expect(stale.status == 1)
        #expect(stale.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
        #expect(try Self.read(path) == edited)
    }

    @Test func storeKitOptionsChooseTheVersionAndTheEnvironment() async throws {
        let version = await CLI.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storekit-version", "3.0",
        ])
        #expect(version.status == 0)
        #expect(version.stdout == (try Self.read(IAPCat.packageRoot + Self.storeKitGolden + ".v3.storekit")))
        let newest = await CLI.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storekit-version", "5.0", "--storefront", "USA",
        ])
        #expect(newest.stdout == (try Self.read(IAPCat.packageRoot + Self.storeKitGolden + ".v5.storekit")))
        let production = await CLI.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--environment", "production",
        ])
        #expect(production.status == 0)
        #expect(
            production.stdout
                == (try Self.read(IAPCat.packageRoot + "/Tests/IAPCatalogTests/Fixtures/golden/export/example.production.storekit")))
    }

    @Test func aStorefrontWithoutPricesNamesEachProductAndWritesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Products.storekit"
        let run = await CLI.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storefront", "JPN", "-o", path,
        ])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        for product in ["level.nebula", "premium.monthly", "premium.yearly", "season_pass.2026"] {
            #expect(
                run.stderr.contains(
                    "error: 'com.example.cosmicquest.\(product)' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]\n"
                ))
        }
        #expect(!run.stderr.contains("coins.small"))
        #expect(run.stderr.hasPrefix("catalogs/example.yaml:65:12: error: 'com.example.cosmicquest.level.nebula' has no price"))
        #expect(
            run.stderr.hasSuffix(
                "6 errors, 0 warnings, 0 notes in 1 file\niapcat: error: the .storekit file cannot be written; nothing was written\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    /// `--all` writes a declared `.storekit` list with the other lists; when it cannot be
    /// written, none of them is.
    @Test func allWritesADeclaredStoreKitFileOrNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for item in ["example.yaml", "screenshots"] {
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/" + item, toPath: directory + "/" + item)
        }
        try FileManager.default.createDirectory(atPath: directory + "/example", withIntermediateDirectories: true)
        let catalog = directory + "/example.yaml"
        try (try Self.read(catalog) + "  - path: Products.storekit\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let failed = await CLI.run(["export", "--catalog", catalog, "--all", "--storefront", "JPN"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("\(catalog):65:12: error: 'com.example.cosmicquest.level.nebula' has no price in storefront JPN"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["example", "example.yaml", "screenshots"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/example") == [])
        let run = await CLI.run(["export", "--catalog", catalog, "--all", "--storekit-version", "5.0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote \(directory)/Products.storekit\n"))
        #expect(try Self.bytes(directory + "/Products.storekit") == Self.bytes(IAPCat.packageRoot + Self.storeKitGolden + ".v5.storekit"))
        let check = await CLI.run(["export", "--catalog", catalog, "--all", "--check"])
        #expect(check.status == 1)
        #expect(check.stderr == "\(directory)/Products.storekit: out of date; run iapcat export to regenerate it\n")
    }

    @Test func anUnwritableOutputIsAnIOError() async throws {
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "-o", "/dev/null/x.json"])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "iapcat: error: cannot write /dev/null/x.json: /dev/null exists and is not a folder\n")
    }

    /// Google Play's bodies and CSV through the command: the bytes of the library's golden files,
    /// written atomically; the CSV names on stderr what it cannot hold.
    @Test func playFormatsAreWrittenAsTheirGoldenFiles() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let golden = IAPCat.packageRoot + "/Tests/IAPCatalogTests/Fixtures/golden/export/"
        let json = await CLI.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "play-json", "-o", directory + "/play.json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try Self.read(directory + "/play.json") == (try Self.read(golden + "example.play.json")))
        let csv = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "play-csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout == (try Self.read(golden + "example.play.csv")))
        #expect(
            csv.stderr
                == "play-csv leaves out com.example.cosmicquest.premium.monthly: a subscription (the CSV holds one-time products only)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["play.json"])
    }

    /// A stale file past the diff's bounds (here 300,000 empty lines) is not diffed: stdout says the files differ, with
    /// their sizes and line counts, and memory stays bounded.
    @Test func checkSaysAHugeStaleFileDiffersWithoutDiffingIt() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/products_v1.json"
        try Data(repeating: 0x0A, count: 300_000).write(to: URL(fileURLWithPath: path))
        let fresh = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1"]).stdout
        let lines = fresh.split(separator: "\n").count
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "-o", path, "--check"])
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "Files \(path) (on disk) and \(path) (iapcat export) differ (300000 bytes in 300000 lines against "
                + "\(fresh.utf8.count) bytes in \(lines) lines): more than the 200000 lines in both together iapcat compares line by line\n"
        )
        #expect(run.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
    }

    /// A list saved with CRLF line endings is as many lines as the one export writes: the diff says the endings differ
    /// and shows each CR.
    @Test func checkShowsThatOnlyTheLineEndingsDiffer() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/products_v1.json"
        let fresh = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1"]).stdout
        try fresh.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let run = await CLI.run(["export", "--catalog", "catalogs/example.yaml", "--format", "v1", "-o", path, "--check"])
        #expect(run.status == 1)
        let lines = fresh.split(separator: "\n")
        #expect(
            run.stdout
                == "Line endings differ: \(path) (on disk) ends its lines with CRLF, \(path) (iapcat export) with LF\n"
                + "--- \(path) (on disk)\n+++ \(path) (iapcat export)\n@@ -1,\(lines.count) +1,\(lines.count) @@\n"
                + lines.map { "-\($0)\\u{D}\n" }.joined() + lines.map { "+\($0)\n" }.joined())
        #expect(run.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
    }

    /// A FIFO at the last declared list stops `export --all` before the first list is written:
    /// the lists before it keep their bytes, and the message is the one every command gives.
    @Test func aFIFOAmongTheDeclaredListsStopsExportAllBeforeItWritesAnything() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(await CLI.run(["init", "--dir", directory]).status == 0)
        for name in ["product_ids.plist", "products_v2.json"] {
            try "mine\n".write(toFile: directory + "/catalogs/" + name, atomically: true, encoding: .utf8)
        }
        try FileManager.default.removeItem(atPath: directory + "/catalogs/Products.storekit")
        #expect(mkfifo(directory + "/catalogs/Products.storekit", 0o644) == 0)

        let run = await CLI.run(["export", "--all", "--catalog", directory + "/catalogs/catalog.yaml"])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "iapcat: error: cannot write \(directory)/catalogs/Products.storekit: it is a FIFO; iapcat writes regular files only "
                + "(use -o - for standard output)\n")
        for name in ["product_ids.plist", "products_v2.json"] {
            #expect(try String(contentsOfFile: directory + "/catalogs/" + name, encoding: .utf8) == "mine\n", "\(name)")
        }
    }
}
