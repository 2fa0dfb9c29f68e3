import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

@Suite struct BulkXMLTests {
    static let example = Fixtures.path("../../../catalogs/example.yaml")

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-bulk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func packager(_ configure: (inout BulkXMLPackager.Options) -> Void = { _ in }) throws -> BulkXMLPackager {
        var options = BulkXMLPackager.Options()
        configure(&options)
        return BulkXMLPackager(catalog: try ExportTests.exampleCatalog(), catalogFile: example, options: options)
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func theExamplePackageMatchesItsGoldenFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try Self.packager().write(to: directory + "/COSMICQUEST.itmsp")
        #expect(written == [directory + "/COSMICQUEST.itmsp"])
        try expectGolden(try Self.text(directory + "/COSMICQUEST.itmsp/metadata.xml"), "bulk/example.metadata.xml")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/COSMICQUEST.itmsp").sorted()
        #expect(files == ["coins-small.png", "metadata.xml", "nebula.png", "premium-yearly.png", "premium.png", "season-pass.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["COSMICQUEST.itmsp"])
    }

    /// Sources/IAPCatalog/BulkXML/bulk-iap.xsd must stay a symbolic link to the published schema (a
    /// checkout without symbolic links would embed the link's target path instead).
    @Test func theEmbeddedSchemaIsSchemasBulkIapXsd() throws {
        #expect(PackageResources.bulk_iap_xsd == (try Fixtures.bytes("../../../schemas/bulk-iap.xsd")))
    }

    @Test func theSchemaAcceptsRealDownloadsAndLegacyFamiliesAndRejectsMistakes() throws {
        for name in ["real/lookup_metadata_software5.4.xml", "bulk/family-software5.1.xml"] {
            #expect(BulkXMLSchema.shared.violations(in: try Fixtures.bytes(name), file: name).isEmpty, "\(name)")
        }
        let wrong = try Self.text(Fixtures.path("real/lookup_metadata_software5.4.xml"))
            .replacingOccurrences(of: "<type>non-consumable</type>", with: "<type>nonconsumable</type>")
        let violations = BulkXMLSchema.shared.violations(in: Array(wrong.utf8), file: "wrong.xml")
        #expect(violations.map(\.line) == [16])
        #expect(violations.first?.message.contains("nonconsumable") == true)
    }

    @Test func moreProductsThanAPackageTakesAreSplitAndEveryPackageValidates() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = try Self.packager { $0.maximumPerPackage = 2 }.write(to: directory + "/APP.itmsp")
        #expect(written == (1...3).map { "\(directory)/APP-\($0).itmsp" })
        var ids: [String] = []
        for path in written {
            let bytes = try InputFile.read(path + "/metadata.xml")
            #expect(BulkXMLSchema.shared.violations(in: bytes, file: path).isEmpty)
            ids += BulkXMLImporter().read(bytes, file: path).catalog?.products.map(\.id) ?? []
        }
        #expect(ids == (try ExportTests.exampleCatalog()).products.filter { $0.status != .removed && $0.isSold(on: .appStore) }.map(\.id))
    }

    @Test func whatBulkXMLCannotExpressIsRefusedWithLocations() throws {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.sub
                    type: auto-renewable
                    reference_name: Monthly
                    status: approved
                    price: { storefronts: { USA: "0.99" } }
                    subscription: { group: g, duration: P1M, free_trial_duration: P3D }
                    localizations:
                      en-US: { display_name: A name longer than thirty characters }

                """, groups: "  - { id: g, reference_name: Group, localizations: { en-US: { name: Group } } }\n",
            app: "{ bundle_id: com.example.app }")
        let catalog = try cleanCatalog(yaml)
        let packager = BulkXMLPackager(catalog: catalog, catalogFile: "c.yaml")
        do {
            _ = try packager.write(to: FileManager.default.temporaryDirectory.path + "/never.itmsp")
            Issue.record("expected a refusal")
        } catch {
            guard case .diagnostics(let diagnostics) = error else { throw FixtureError("unexpected \(error)") }
            #expect(
                render(diagnostics) == [
                    "2:6: error: no provider: give app.provider in the catalog or --provider [upload_requirement]",
                    "2:6: error: the app has no sku; bulk XML names the app by it (<vendor_id>) [upload_requirement]",
                    "11:5: error: 'com.example.sub' has no price tier; bulk XML expresses prices only as tiers [upload_requirement]",
                    "16:19: error: free_trial_duration P3D of 'com.example.sub' has no bulk-XML form (7 Days to 1 Year) [upload_requirement]",
                    "18:7: error: the en-US description of 'com.example.sub' is 0 characters; bulk XML takes 1 to 45 [upload_requirement]",
                    "18:30: error: the en-US display name of 'com.example.sub' is 36 characters; bulk XML takes 2 to 30 [upload_requirement]",
                ])
        }
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.path + "/never.itmsp"))
    }

    @Test func aFailedWriteLeavesThePreviousPackageAsItWas() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/APP.itmsp"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "previous".write(toFile: target + "/metadata.xml", atomically: true, encoding: .utf8)
        var catalog = try ExportTests.exampleCatalog()
        catalog.products[0].appStore.review?.screenshot = "screenshots/missing.png"
        let packager = BulkXMLPackager(catalog: catalog, catalogFile: Self.example)
        #expect(throws: BulkXMLPackager.Failure.self) { try packager.write(to: target) }
        #expect(try Self.text(target + "/metadata.xml") == "previous")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["APP.itmsp"])
    }

    @Test func onlySelectsProductsAndRefusesUnknownOnes() throws {
        let ids = try Self.packager { $0.only = ["com.example.cosmicquest.premium.yearly", "com.example.cosmicquest.coins.small"] }
            .selectedProducts().map(\.id)
        #expect(ids == ["com.example.cosmicquest.coins.small", "com.example.cosmicquest.premium.yearly"])
        #expect(throws: BulkXMLPackager.Failure.self) {
            try Self.packager { $0.only = ["com.example.cosmicquest.coins.huge"] }.selectedProducts()
        }
    }

    @Test func changedSinceSelectsOnlyWhatDiffersFromAnEarlierPackage() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.packager().write(to: directory + "/A.itmsp")
        let previous = (try InputFile.read(directory + "/A.itmsp/metadata.xml"), "A.itmsp/metadata.xml")
        #expect(try Self.packager { $0.changedSince = previous }.selectedProducts().isEmpty)
        var catalog = try ExportTests.exampleCatalog()
        catalog.products[1].localizations[0].description = "Twelve new levels in the nebula"
        catalog.products[2].price?.tiers.tier = 6
        var options = BulkXMLPackager.Options()
        options.changedSince = previous
        let changed = try BulkXMLPackager(catalog: catalog, catalogFile: Self.example, options: options).selectedProducts().map(\.id)
        #expect(changed == ["com.example.cosmicquest.level.nebula", "com.example.cosmicquest.premium.monthly"])
    }

    @Test func theRealDownloadImportsToACatalogThatLintsWithoutErrors() throws {
        let result = BulkXMLImporter().read(try Fixtures.bytes("real/lookup_metadata_software5.4.xml"), file: "metadata.xml")
        #expect(result.diagnostics.isEmpty)
        let catalog = try #require(result.catalog)
        let yaml = CatalogYAMLWriter().render(catalog)
        try expectGolden(yaml, "bulk/real.imported.yaml")
        #expect(
            lintCatalog(yaml, screenshots: true) == [
                "13:5: warning: draft 'kr.ss.inapp2' has no review screenshot; App Review needs one before it is submitted [missing_review_screenshot]"
            ])
        let product = try #require(catalog.products.first)
        #expect(product.id == "kr.ss.inapp2")
        #expect(product.type == .nonConsumable)
        #expect(product.status == .draft)
        #expect(product.price?.tiers.schedule == [PriceInterval(tier: 1, startDate: CalendarDate("2016-01-17"))])
        #expect(product.localizations.map(\.locale) == ["ko"])
        #expect(catalog.app.appleID == "107571111")
        #expect(catalog.app.sku == "comecome")
    }

    @Test func legacyFamiliesBecomeSubscriptionGroups() throws {
        let result = BulkXMLImporter().read(try Fixtures.bytes("bulk/family-software5.1.xml"), file: "family.xml")
        let catalog = try #require(result.catalog)
        try expectGolden(CatalogYAMLWriter().render(catalog), "bulk/family.imported.yaml")
        #expect(
            render(result.diagnostics) == [
                "18:1: warning: <review_notes> in <family> is not imported; its data is not in the catalog [unsupported_element]"
            ])
    }

    @Test func bulkThenImportThenBulkGivesTheSameBytes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Self.packager().write(to: directory + "/A.itmsp")
        let first = try InputFile.read(directory + "/A.itmsp/metadata.xml")
        let imported = try #require(BulkXMLImporter(screenshotDirectory: "A.itmsp").read(first, file: "A.itmsp/metadata.xml").catalog)
        let catalogPath = directory + "/imported.yaml"
        try CatalogYAMLWriter().render(imported).write(toFile: catalogPath, atomically: true, encoding: .utf8)
        let reloaded = try CatalogLoader().loadValidated(catalogPath)
        #expect(!reloaded.hasErrors)
        _ = try BulkXMLPackager(catalog: try #require(reloaded.catalog), catalogFile: catalogPath).write(to: directory + "/B.itmsp")
        #expect(try InputFile.read(directory + "/B.itmsp/metadata.xml") == first)
    }

    @Test func importThenBulkThenImportGivesTheSameCatalog() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try #require(
            BulkXMLImporter().read(try Fixtures.bytes("real/lookup_metadata_software5.4.xml"), file: "m.xml").catalog)
        let catalogPath = directory + "/catalog.yaml"
        try CatalogYAMLWriter().render(original).write(toFile: catalogPath, atomically: true, encoding: .utf8)
        let loaded = try #require(try CatalogLoader().loadValidated(catalogPath).catalog)
        var options = BulkXMLPackager.Options()
        options.includesStatus = true
        _ = try BulkXMLPackager(catalog: loaded, catalogFile: catalogPath, options: options).write(to: directory + "/P.itmsp")
        let again = try #require(BulkXMLImporter().read(try InputFile.read(directory + "/P.itmsp/metadata.xml"), file: "p.xml").catalog)
        #expect(CatalogYAMLWriter().render(again) == CatalogYAMLWriter().render(original))
    }

    @Test func malformedAndHostilePackagesAreRefusedWithLocations() {
        let malformed = BulkXMLImporter().read(Array("<package>\n  <software>\n</package>\n".utf8), file: "m.xml")
        #expect(malformed.catalog == nil)
        #expect(
            render(malformed.diagnostics) == [
                "3:11: error: Opening and ending tag mismatch: software line 2 and package [xml_syntax]"
            ])
        let hostile = BulkXMLImporter().read(
            Array("<?xml version=\"1.0\"?>\n<!DOCTYPE package [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<package>&x;</package>\n".utf8),
            file: "h.xml")
        #expect(hostile.catalog == nil)
        #expect(
            render(hostile.diagnostics) == [
                "2:20: error: the package declares an XML entity; iapcat never expands or fetches entities [xml_entities]"
            ])
    }

    @Test func anUnknownStatusIsImportedAsADraftWithAWarning() throws {
        let xml = try String(contentsOfFile: Fixtures.path("real/lookup_metadata_software5.4.xml"), encoding: .utf8)
            .replacingOccurrences(of: "Waiting for Screenshot", with: "Pondering")
        let result = BulkXMLImporter().read(Array(xml.utf8), file: "m.xml")
        #expect(result.catalog?.products.first?.status == .draft)
        #expect(
            render(result.diagnostics) == [
                "13:1: warning: unknown iap-status 'Pondering' of 'kr.ss.inapp2'; imported as a draft [invalid_value]"
            ])
    }
}
