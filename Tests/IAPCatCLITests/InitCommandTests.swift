import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `iapcat init`, run in process (``CLI``) with `--dir`: it never replaces a file without `--force`,
/// and refuses what is not a bundle id or an action. What it writes into the folder it runs in, and
/// actionlint's verdict on the workflow, are in InitProcessTests.
@Suite struct InitCommandTests {
    @Test func anExistingFileIsNeverReplacedWithoutForce() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let project = directory + "/MyApp"
        try FileManager.default.createDirectory(atPath: project + "/catalogs", withIntermediateDirectories: true)
        try "mine\n".write(toFile: project + "/catalogs/products_v2.json", atomically: true, encoding: .utf8)

        let refused = await CLI.run(["init", "--dir", project])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr
                == "iapcat: error: \(project)/catalogs/products_v2.json already exists; nothing was written (--force replaces them)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: project + "/catalogs") == ["products_v2.json"])
        #expect(!FileManager.default.fileExists(atPath: project + "/.github"))
        #expect(try String(contentsOfFile: project + "/catalogs/products_v2.json", encoding: .utf8) == "mine\n")

        let forced = await CLI.run(["init", "--dir", project, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix(IAPCat.initFiles.map { "wrote \(project)/\($0)\n" }.joined() + "\nNext:\n  cd \(project)\n"))
        #expect(try String(contentsOfFile: project + "/catalogs/products_v2.json", encoding: .utf8) != "mine\n")
        #expect(await CLI.run(["lint", "--catalog", project + "/catalogs/catalog.yaml"]).status == 0)

        let again = await CLI.run(["init", "--dir", project])
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("iapcat: error: \(project)/catalogs/catalog.yaml, \(project)/catalogs/product_ids.plist, "))
        #expect(again.stderr.hasSuffix(" already exist; nothing was written (--force replaces them)\n"))
    }

    @Test(arguments: ["app", "com..app", "com.example.my_app", "com.exämple.app", "com.example.\u{1B}[31m"])
    func aBundleIDThatIsNoneIsAUsageError(id: String) async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = await CLI.run(["init", "--bundle-id", id, "--dir", directory])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a bundle id: give dot-separated parts of letters, digits and hyphens"))
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// Hyphens are fine in a bundle id but not in a product id: the products' ids have underscores.
    @Test func aBundleIDWithHyphensGivesValidProductIDs() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(await CLI.run(["init", "--bundle-id", "com.my-company.my-app", "--dir", directory]).status == 0)
        let catalog = try String(contentsOfFile: directory + "/catalogs/catalog.yaml", encoding: .utf8)
        #expect(catalog.contains("  bundle_id: com.my-company.my-app\n"))
        #expect(catalog.contains("  - id: com.my_company.my_app.coins.small\n"))
        let lint = await CLI.run(["lint", "--strict", "--catalog", directory + "/catalogs/catalog.yaml"])
        #expect(lint.status == 0)
        #expect(lint.stdout == "0 errors, 0 warnings, 0 notes in 5 files\n")
    }

    @Test func theWorkflowNamesTheActionGiven() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = await CLI.run(["init", "--action", "acme/iapcat@v1", "--dir", directory])
        #expect(run.status == 0)
        #expect(!run.stderr.contains("OWNER"))
        let workflow = try String(contentsOfFile: directory + "/.github/workflows/iapcat.yml", encoding: .utf8)
        #expect(workflow.contains("      - uses: acme/iapcat@v1\n"))
    }

    /// The action goes into the workflow as written: anything but owner/repo@ref is refused.
    @Test(arguments: ["acme/iapcat", "acme/iapcat@v1\n      - run: curl evil", "@v1", "acme/ia pcat@v1"])
    func anActionThatIsNoneIsAUsageError(action: String) async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = await CLI.run(["init", "--action", action, "--dir", directory])
        #expect(run.status == 2)
        #expect(run.stderr.contains("expected owner/repo@ref"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A file where a folder must go stops init before it writes anything.
    @Test func aFileInTheWayWritesNothing() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/.github", contents: Data("x".utf8))
        let run = await CLI.run(["init", "--dir", directory])
        #expect(run.status == 2)
        #expect(run.stderr.contains(".github exists and is not a folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/catalogs/catalog.yaml"))
    }

    /// A FIFO at one of the paths (the third file init writes) stops `init --force` before the first file is written:
    /// the files before it are not replaced, and the message is the one every command gives.
    @Test func aFIFOAmongTheTargetsStopsInitBeforeItWritesAnything() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/catalogs", withIntermediateDirectories: true)
        for name in ["catalog.yaml", "product_ids.plist"] {
            try "mine\n".write(toFile: directory + "/catalogs/" + name, atomically: true, encoding: .utf8)
        }
        #expect(mkfifo(directory + "/catalogs/products_v2.json", 0o644) == 0)

        let run = await CLI.run(["init", "--force", "--dir", directory])
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "iapcat: error: cannot write \(directory)/catalogs/products_v2.json: it is a FIFO; iapcat writes regular files only "
                + "(use -o - for standard output)\n")
        for name in ["catalog.yaml", "product_ids.plist"] {
            #expect(try String(contentsOfFile: directory + "/catalogs/" + name, encoding: .utf8) == "mine\n", "\(name)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/catalogs").sorted()
                == ["catalog.yaml", "product_ids.plist", "products_v2.json"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/.github"))
        var info = stat()
        #expect(lstat(directory + "/catalogs/products_v2.json", &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    /// `--dir` holding ESC and a newline is printed escaped in the `wrote` and `cd` lines, as every path is.
    @Test func aDirWithControlCharactersIsPrintedEscaped() async throws {
        let directory = try IAPCat.temporaryDirectory("init")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dir = "My\u{1B}[31mApp\nX"
        let run = await CLI.run(["init", "--dir", directory + "/" + dir])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        let shown = "\(directory)/My\\u{1B}[31mApp\\u{A}X"
        #expect(
            run.stderr
                == IAPCat.initFiles.map { "wrote \(shown)/\($0)\n" }.joined()
                + IAPCat.initNextSteps.replacingOccurrences(of: "Next:\n", with: "Next:\n  cd \(shown)\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/" + dir + "/catalogs/catalog.yaml"))

        let again = await CLI.run(["init", "--dir", directory + "/" + dir])
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("iapcat: error: \(shown)/catalogs/catalog.yaml, \(shown)/catalogs/product_ids.plist, "))
        #expect(!again.stderr.contains("\u{1B}"))
        #expect(again.stderr.filter { $0 == "\n" }.count == 1)
    }
}
