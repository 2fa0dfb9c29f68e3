import Foundation
import IAPCatTestSupport
import Testing

/// `.storekit` files through the real binary: export (golden bytes, storefront errors, --check),
/// import of a real file, and usage errors.
@Suite struct StoreKitCommandTests {
    static let golden = "Tests/IAPCatalogTests/Fixtures/golden/export/example.sandbox.storekit"
    static let realFile = "Tests/IAPCatalogTests/Fixtures/real/storekit/revenuecat-paywallstester-v4.0.storekit"

    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-storekit-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func exportWritesWhatXcodeWritesAndCheckComparesIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Products.storekit"
        let run = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "-o", path])
        #expect(run.status == 0)
        #expect(run.stderr == "wrote \(path)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: IAPCat.packageRoot + "/" + Self.golden)))
        let check = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "-o", path, "--check"])
        #expect(check.status == 0)
        let production = try IAPCat.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--environment", "production", "-o", path, "--check",
        ])
        #expect(production.status == 1)
        #expect(production.stderr == "\(path): out of date; run iapcat export to regenerate it\n")
    }

    @Test func aStorefrontWithoutPricesIsRefusedNamingEveryProductAndNothingIsWritten() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/Products.storekit"
        let run = try IAPCat.run([
            "export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storefront", "JPN", "-o", path,
        ])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                catalogs/example.yaml:57:12: error: 'com.example.cosmicquest.level.nebula' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]
                catalogs/example.yaml:82:12: error: 'com.example.cosmicquest.premium.monthly' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]
                catalogs/example.yaml:105:9: error: the introductory offer of 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add prices.JPN [missing_price]
                catalogs/example.yaml:112:11: error: the promotional offer 'winback.yearly.half' of 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add prices.JPN [missing_price]
                catalogs/example.yaml:114:7: error: 'com.example.cosmicquest.premium.yearly' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]
                catalogs/example.yaml:128:12: error: 'com.example.cosmicquest.season_pass.2026' has no price in storefront JPN: add price.storefronts.JPN (a legacy tier stands for a USA price only) [missing_price]
                6 errors, 0 warnings, 0 notes in 1 file
                iapcat: error: the .storekit file cannot be written; nothing was written

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }

    @Test func usageErrorsNameTheOption() throws {
        let version = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storekit-version", "2.0"])
        #expect(version.status == 2)
        #expect(version.stderr.hasPrefix("Error: --storekit-version 2.0 is not one iapcat writes; give 3.0, 4.0, 5.0\n"))
        let storefront = try IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--format", "storekit", "--storefront", "US"])
        #expect(storefront.status == 2)
        #expect(
            storefront.stderr.hasPrefix(
                "Error: --storefront US is not an App Store storefront; give an ISO 3166-1 alpha-3 code such as USA, JPN or DEU\n"))
    }

    @Test func aRealFileImportsToACatalogThatLintsWithoutErrors() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = directory + "/catalog.yaml"
        let run = try IAPCat.run(["import", Self.realFile, "--bundle-id", "com.revenuecat.simpleapp", "-o", catalog])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("wrote \(catalog): 5 products, 1 subscription groups\n"))
        #expect(run.stderr.hasSuffix("0 errors, 9 warnings, 0 notes in 1 file\n"))
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(text.hasPrefix("# Imported by iapcat from \(Self.realFile).\nformat_version: 1\n\napp:\n  bundle_id: com.revenuecat.simpleapp\n"))
        #expect(text.contains("      ar-SA:\n        display_name: اشتراك شهري\n"))
        #expect(text.contains("      promotional_offers:\n        - id: rc-cancel-offer\n"))
        let lint = try IAPCat.run(["lint", "--catalog", catalog, Self.realFile])
        #expect(lint.status == 0, "\(lint.stdout)")
    }
}
