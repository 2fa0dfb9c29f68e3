import Foundation
import IAPCatTestSupport
import Testing

/// What every `iapcat import` shares, run in process (``CLI``): an existing catalog is replaced only
/// with `--force`, and the run ends with notes of what the source could not carry; and the Unity
/// IAP catalog, imported and linted. Its locale table, found from the working directory, is in
/// ImportProcessTests.
@Suite struct ImportCommandTests {
    static let unityFixtures = "Tests/IAPCatalogTests/Fixtures/real/unity/"

    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("import") }

    @Test func anExistingFileIsReplacedOnlyWithForce() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/catalog.yaml"
        try "# hand-written\n".write(toFile: output, atomically: true, encoding: .utf8)
        let refused = await CLI.run(["import", BulkXMLCommandTests.realDownload, "-o", output])
        #expect(refused.status == 2)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr == "iapcat: error: \(output) exists; nothing was written (--force replaces it, or choose another -o)\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "# hand-written\n")
        let forced = await CLI.run(["import", BulkXMLCommandTests.realDownload, "-o", output, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# Imported by iapcat from "))
        // A folder or a link at the path is refused the same way.
        try FileManager.default.createDirectory(atPath: directory + "/folder", withIntermediateDirectories: false)
        #expect(await CLI.run(["import", BulkXMLCommandTests.realDownload, "-o", directory + "/folder"]).status == 2)
    }

    @Test func aPackageWrittenWithoutStatusSaysWhatItLost() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let package = directory + "/App.itmsp"
        #expect(await CLI.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", package]).status == 0)
        let run = await CLI.run(["import", package + "/metadata.xml", "--bundle-id", "com.example.cosmicquest"])
        #expect(run.status == 0)
        #expect(
            run.stderr == """
                note: the package holds no status (read-only iap-status): 5 products imported as draft
                note: the package holds no apple-id (read-only): app.apple_id is left out
                note: the package names no default locale: app.default_locale is en-US, chosen from the products' locales
                note: the package format has price tiers only: 5 products imported without storefront prices or price changes
                note: the package format has no territories: 5 products available everywhere, or nowhere when not cleared for sale
                note: the package format has no Family Sharing or hosted content: both off for 3 products
                note: the package format has no subscription ranks: 2 subscriptions imported without one
                note: the package format has no offers but free trials (no pay-up-front or pay-as-you-go introductory offers, promotional offers, offer codes or win-back offers): none for 2 subscriptions
                note: the package format has no promotion, images, client_data or Google Play part: none for 5 products

                """)
        // With the read-only values, statuses and the app's Apple id come back and are not noted.
        #expect(await CLI.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", package, "--include-status"]).status == 0)
        let archived = await CLI.run(["import", package + "/metadata.xml"])
        #expect(!archived.stderr.contains("iap-status"))
        #expect(!archived.stderr.contains("apple-id"))
        #expect(archived.stderr.hasPrefix("note: the package names no default locale"), "\(archived.stderr)")
        #expect(archived.stderr.hasSuffix("note: no bundle id given: app.bundle_id is left out (--bundle-id sets it)\n"))
    }

    @Test(arguments: ["panzerwar", "superblockbuster", "automationiap", "moneykeep"])
    func aRealUnityCatalogImportsToTheGoldenCatalog(name: String) async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = Self.unityFixtures + name + "_IAPProductCatalog.json"
        let output = directory + "/catalog.yaml"
        let run = await CLI.run(["import", input, "--bundle-id", "com.example.\(name)", "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        try IAPCat.expectGolden(try String(contentsOfFile: output, encoding: .utf8), "unity/\(name).yaml")
        try IAPCat.expectGolden(run.stderr.replacingOccurrences(of: output, with: "OUT/catalog.yaml"), "unity/\(name).import.txt")
        // The imported catalog and the Unity catalog agree: the only findings are the drafts a
        // production list may not name.
        let lint = await CLI.run(["lint", "--catalog", output, input])
        #expect(!lint.stdout.contains("[unity_type]") && !lint.stdout.contains("[unknown_product_id]"), "\(lint.stdout)")
    }

    @Test func lintChecksAUnityCatalogsAppleIdsAndTypes() async throws {
        let catalog = IAPCat.fixture("unity/catalog.yaml")
        let run = await CLI.run(["lint", "--catalog", catalog, Self.unityFixtures + "automationiap_IAPProductCatalog.json"])
        #expect(run.status == 1)
        try IAPCat.expectGolden(run.stdout, "unity/automationiap.lint.txt")
    }

    @Test func aDeclaredUnityCatalogIsLintedWithTheCatalogsLists() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/Assets/Resources", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: IAPCat.packageRoot + "/" + Self.unityFixtures + "superblockbuster_IAPProductCatalog.json",
            toPath: directory + "/Assets/Resources/IAPProductCatalog.json")
        let imported = await CLI.run([
            "import", directory + "/Assets/Resources/IAPProductCatalog.json", "--bundle-id", "com.blockmagic",
        ])
        try (imported.stdout + "\nlists:\n  - { path: Assets/Resources/IAPProductCatalog.json, environment: sandbox }\n")
            .write(toFile: directory + "/catalog.yaml", atomically: true, encoding: .utf8)
        let run = await CLI.run(["lint", "--catalog", directory + "/catalog.yaml"])
        #expect(run.stdout.hasSuffix(" in 2 files\n"), "\(run.stdout)")
        // export --all leaves the Unity catalog alone: iapcat reads it, never writes it.
        let before = try Data(contentsOf: URL(fileURLWithPath: directory + "/Assets/Resources/IAPProductCatalog.json"))
        let export = await CLI.run(["export", "--catalog", directory + "/catalog.yaml", "--all"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/Assets/Resources/IAPProductCatalog.json")) == before)
    }
}
