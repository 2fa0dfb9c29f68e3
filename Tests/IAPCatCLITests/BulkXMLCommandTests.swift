import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat bulk-xml` and `iapcat import-xml`, run in process (``CLI``); xmllint's verdict and the
/// progress on a terminal are in BulkXMLProcessTests.
@Suite struct BulkXMLCommandTests {
    static let realDownload = "Tests/IAPCatalogTests/Fixtures/real/lookup_metadata_software5.4.xml"

    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("bulkcli") }

    @Test func aCatalogThatCannotBecomeAPackageIsRefusedAndNothingIsWritten() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = await CLI.run(["bulk-xml", "--catalog", IAPCat.fixture("realworld/catalog.yaml"), "-o", directory + "/R.itmsp"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("[upload_requirement]"))
        #expect(run.stderr.hasSuffix("iapcat: error: no package was written\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func nothingChangedWritesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = await CLI.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", directory + "/A.itmsp"])
        let run = await CLI.run([
            "bulk-xml", "--catalog", "catalogs/example.yaml", "-o", directory + "/B.itmsp", "--changed-since",
            directory + "/A.itmsp/metadata.xml",
        ])
        #expect(run.status == 0)
        #expect(run.stderr == "nothing changed since \(directory)/A.itmsp/metadata.xml; no package was written\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/B.itmsp"))
    }

    @Test func bulkXMLUsageErrors() async throws {
        #expect(await CLI.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "out"]).status == 2)
        #expect(await CLI.run(["bulk-xml", "--catalog", "catalogs/example.yaml"]).status == 2)
    }

    @Test func theRealDownloadImportsAndLintsWithOnlyTheMissingScreenshot() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/catalog.yaml"
        let run = await CLI.run(["import-xml", Self.realDownload, "-o", output, "--bundle-id", "kr.ss.app"])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                wrote \(output): 1 product, 0 subscription groups
                \(output):14:5: warning: draft 'kr.ss.inapp2' has no review screenshot; App Review needs one before it is submitted [missing_review_screenshot]
                0 errors, 1 warning, 0 notes in 1 file
                note: the package names no default locale: app.default_locale is ko, chosen from the products' locales
                note: the package format has price tiers only: 1 product imported without storefront prices or price changes
                note: the package format has no territories: 1 product available everywhere, or nowhere when not cleared for sale
                note: the package format has no Family Sharing or hosted content: both off for 1 product
                note: the package format has no promotion, images, client_data or Google Play part: none for 1 product

                """)
        let yaml = try String(contentsOfFile: output, encoding: .utf8)
        #expect(yaml.hasPrefix("# Imported by iapcat from \(Self.realDownload).\nformat_version: 1\n\napp:\n  bundle_id: kr.ss.app\n"))
    }

    @Test func importToStdoutAndMalformedPackages() async throws {
        let run = await CLI.run(["import-xml", Self.realDownload])
        #expect(run.status == 0)
        #expect(run.stdout.contains("  - id: kr.ss.inapp2\n"))
        let broken = await CLI.run(["import-xml", "Tests/IAPCatalogTests/Fixtures/plists/malformed.plist"])
        #expect(broken.status == 1)
        #expect(broken.stdout == "")
        #expect(
            broken.stderr.hasSuffix(
                "iapcat: error: Tests/IAPCatalogTests/Fixtures/plists/malformed.plist could not be imported; nothing was written\n"))
        #expect(await CLI.run(["import-xml", "missing.xml"]).status == 2)
    }

    @Test func importAndImportXMLAreOneCommand() async throws {
        let imported = await CLI.run(["import", Self.realDownload])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("  - id: kr.ss.inapp2\n"))
        let alias = await CLI.run(["import-xml", Self.realDownload])
        #expect(alias.status == imported.status && alias.stdout == imported.stdout && alias.stderr == imported.stderr)
    }
}
