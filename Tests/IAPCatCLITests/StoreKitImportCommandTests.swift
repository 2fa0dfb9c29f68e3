import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat import` of a `.storekit` file, run in process (``CLI``; export is in ExportCommandTests,
/// drift lint in LintCommandTests).
@Suite struct StoreKitImportCommandTests {
    static let realFile = "Tests/IAPCatalogTests/Fixtures/real/storekit/revenuecat-paywallstester-v4.0.storekit"

    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("storekit-cli") }

    @Test func aRealFileImportsToACatalogThatLintsWithoutErrors() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let catalog = directory + "/catalog.yaml"
        let run = await CLI.run(["import", Self.realFile, "--bundle-id", "com.revenuecat.simpleapp", "-o", catalog])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("wrote \(catalog): 5 products, 1 subscription group\n"))
        #expect(
            run.stderr.hasSuffix(
                """
                0 errors, 9 warnings, 0 notes in 1 file
                note: a .storekit file holds no status: 5 products imported as draft
                note: a .storekit file prices in one storefront: 5 products priced in USA only, without a tier
                note: a .storekit file has no review notes or screenshots, territories, hosted content or SKU: none for 5 products

                """), "\(run.stderr)")
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(
            text.hasPrefix(
                "# Imported by iapcat from \(Self.realFile).\nformat_version: 1\n\napp:\n  bundle_id: com.revenuecat.simpleapp\n"))
        #expect(text.contains("      ar-SA:\n        display_name: اشتراك شهري\n"))
        #expect(text.contains("      promotional_offers:\n        - id: rc-cancel-offer\n"))
        let lint = await CLI.run(["lint", "--catalog", catalog, Self.realFile])
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test func valuesACatalogCannotHoldStopTheImportAndNothingIsWritten() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/Products.storekit"
        try """
        {
          "products" : [ { "productID" : "com.example.gift", "referenceName" : "Gift", "type" : "Gift" } ],
          "subscriptionGroups" : [ { "id" : "1", "name" : "Plus", "subscriptions" : [
            { "groupNumber" : 1, "productID" : "com.example.plus", "recurringSubscriptionPeriod" : "P5M", "referenceName" : "Plus", "type" : "RecurringSubscription" }
          ] } ],
          "version" : { "major" : 3, "minor" : 0 }
        }

        """.write(toFile: input, atomically: true, encoding: .utf8)
        let run = await CLI.run(["import", input, "-o", directory + "/catalog.yaml"])
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                \(input):2:89: error: 'com.example.gift' has type 'Gift'; iapcat imports Consumable, NonConsumable, NonRenewingSubscription and RecurringSubscription [invalid_value]
                \(input):4:92: error: 'com.example.plus' renews every 'P5M'; a subscription renews every P1W, P1M, P2M, P3M, P6M, P1Y [invalid_value]
                2 errors, 0 warnings, 0 notes in 1 file
                iapcat: error: \(input) could not be imported; nothing was written

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["Products.storekit"])
    }
}
