import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `iapcat init` end to end: what it writes (golden files), that all of it lints clean and
/// actionlint accepts the workflow, and that it never replaces a file without `--force`.
@Suite struct InitCommandTests {
    /// The files `init` writes, relative to the project folder, in the order it writes them.
    static let files = [
        "catalogs/catalog.yaml", "catalogs/product_ids.plist", "catalogs/products_v2.json", "catalogs/Products.storekit",
        ".github/workflows/iapcat.yml",
    ]

    static let nextSteps = """

        Next:
          iapcat lint                      # the catalog and its lists: clean
          $EDITOR catalogs/catalog.yaml    # your products (docs/catalog.md)
          iapcat export --all              # rewrite the lists from the catalog
          iapcat lint                      # again; then commit: CI runs the same checks
        Edit OWNER in .github/workflows/iapcat.yml: the account that hosts iapcat.

        """

    @Test func aNewProjectIsWrittenAndLintsClean() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["init", "--bundle-id", "com.example.myapp"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr == Self.files.map { "wrote \($0)\n" }.joined() + Self.nextSteps)
        for file in Self.files {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            try IAPCat.expectGolden(text, "init/" + (file as NSString).lastPathComponent)
        }

        let lint = try await IAPCat.run(["lint", "--strict"], in: directory)
        #expect(lint.status == 0)
        #expect(lint.stdout == "0 errors, 0 warnings, 0 notes in 4 files\n")
        #expect(lint.stderr == "")
        let check = try await IAPCat.run(["export", "--all", "--check"], in: directory)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Where actionlint is installed (scripts/bootstrap --tests installs it), it accepts the workflow as written.
    @Test(.enabled(if: ExternalTool.actionlint.isInstalled, ExternalTool.actionlint.skipReason))
    func actionlintAcceptsTheWorkflow() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await IAPCat.run(["init"], in: directory).status == 0)
        let run = try await BulkXMLCommandTests.shell(
            [ExternalTool.actionlint.path!, "-no-color", ".github/workflows/iapcat.yml"], in: directory)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "")
    }

    @Test func anExistingFileIsNeverReplacedWithoutForce() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let project = directory + "/MyApp"
        try FileManager.default.createDirectory(atPath: project + "/catalogs", withIntermediateDirectories: true)
        try "mine\n".write(toFile: project + "/catalogs/products_v2.json", atomically: true, encoding: .utf8)

        let refused = try await IAPCat.run(["init", "--dir", "MyApp"], in: directory)
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr == "iapcat: error: MyApp/catalogs/products_v2.json already exists; nothing was written (--force replaces them)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: project + "/catalogs") == ["products_v2.json"])
        #expect(!FileManager.default.fileExists(atPath: project + "/.github"))
        #expect(try String(contentsOfFile: project + "/catalogs/products_v2.json", encoding: .utf8) == "mine\n")

        let forced = try await IAPCat.run(["init", "--dir", "MyApp", "--force"], in: directory)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasPrefix(Self.files.map { "wrote MyApp/\($0)\n" }.joined() + "\nNext:\n  cd MyApp\n"))
        #expect(try String(contentsOfFile: project + "/catalogs/products_v2.json", encoding: .utf8) != "mine\n")
        #expect(try await IAPCat.run(["lint"], in: project).status == 0)

        let again = try await IAPCat.run(["init", "--dir", "MyApp"], in: directory)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("iapcat: error: MyApp/catalogs/catalog.yaml, MyApp/catalogs/product_ids.plist, "))
        #expect(again.stderr.hasSuffix(" already exist; nothing was written (--force replaces them)\n"))
    }

    @Test(arguments: ["app", "com..app", "com.example.my_app", "com.exämple.app", "com.example.\u{1B}[31m"])
    func aBundleIDThatIsNoneIsAUsageError(id: String) async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["init", "--bundle-id", id], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a bundle id: give dot-separated parts of letters, digits and hyphens"))
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// Hyphens are fine in a bundle id but not in a product id: the products' ids have underscores.
    @Test func aBundleIDWithHyphensGivesValidProductIDs() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(try await IAPCat.run(["init", "--bundle-id", "com.my-company.my-app"], in: directory).status == 0)
        let catalog = try String(contentsOfFile: directory + "/catalogs/catalog.yaml", encoding: .utf8)
        #expect(catalog.contains("  bundle_id: com.my-company.my-app\n"))
        #expect(catalog.contains("  - id: com.my_company.my_app.coins.small\n"))
        let lint = try await IAPCat.run(["lint", "--strict"], in: directory)
        #expect(lint.status == 0)
        #expect(lint.stdout == "0 errors, 0 warnings, 0 notes in 4 files\n")
    }

    @Test func theWorkflowNamesTheActionGiven() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["init", "--action", "acme/iapcat@v1"], in: directory)
        #expect(run.status == 0)
        #expect(!run.stderr.contains("OWNER"))
        let workflow = try String(contentsOfFile: directory + "/.github/workflows/iapcat.yml", encoding: .utf8)
        #expect(workflow.contains("      - uses: acme/iapcat@v1\n"))
    }

    /// The action goes into the workflow as written: anything but owner/repo@ref is refused.
    @Test(arguments: ["acme/iapcat", "acme/iapcat@v1\n      - run: curl evil", "@v1", "acme/ia pcat@v1"])
    func anActionThatIsNoneIsAUsageError(action: String) async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try await IAPCat.run(["init", "--action", action], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("expected owner/repo@ref"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A file where a folder must go stops init before it writes anything.
    @Test func aFileInTheWayWritesNothing() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/.github", contents: Data("x".utf8))
        let run = try await IAPCat.run(["init"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".github exists and is not a folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/catalogs/catalog.yaml"))
    }

    /// A FIFO at one of the paths (the third file init writes) stops `init --force` before the first file is written:
    /// the files before it are not replaced, and the message is the one every command gives.
    @Test func aFIFOAmongTheTargetsStopsInitBeforeItWritesAnything() async throws {
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/catalogs", withIntermediateDirectories: true)
        for name in ["catalog.yaml", "product_ids.plist"] {
            try "mine\n".write(toFile: directory + "/catalogs/" + name, atomically: true, encoding: .utf8)
        }
        #expect(mkfifo(directory + "/catalogs/products_v2.json", 0o644) == 0)

        let run = try await IAPCat.run(["init", "--force"], in: directory)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "iapcat: error: cannot write catalogs/products_v2.json: it is a FIFO; iapcat writes regular files only "
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
        let directory = try GenerateCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dir = "My\u{1B}[31mApp\nX"
        let run = try await IAPCat.run(["init", "--dir", dir], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        let shown = "My\\u{1B}[31mApp\\u{A}X"
        #expect(
            run.stderr
                == Self.files.map { "wrote \(shown)/\($0)\n" }.joined()
                + Self.nextSteps.replacingOccurrences(of: "Next:\n", with: "Next:\n  cd \(shown)\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/" + dir + "/catalogs/catalog.yaml"))

        let again = try await IAPCat.run(["init", "--dir", dir], in: directory)
        #expect(again.status == 2)
        #expect(again.stderr.hasPrefix("iapcat: error: \(shown)/catalogs/catalog.yaml, \(shown)/catalogs/product_ids.plist, "))
        #expect(!again.stderr.contains("\u{1B}"))
        #expect(again.stderr.filter { $0 == "\n" }.count == 1)
    }
}
