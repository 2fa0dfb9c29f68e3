import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// Import and export together: every real file imports to a catalog that lints without errors
/// and exports back to the same products; the example catalog survives export → import → export.
@Suite struct StoreKitRoundTripTests {
    /// What a `.storekit` file says about one product, in the catalog's terms: what must survive
    /// a round trip. Localizations without a display name are left out (import drops them).
    struct Summary: Equatable, CustomStringConvertible {
        var id: String
        var type: String?
        var group: String?
        var level: Int?
        var period: String?
        var price: String?
        var familyShareable: Bool
        var referenceName: String?
        var localizations: [String]
        var offers: [String]

        init(_ product: StoreKitProduct, in configuration: StoreKitConfiguration) {
            id = product.productID ?? "?"
            type = product.type
            group = product.groupIndex.flatMap { configuration.groups[$0].name }
            level = product.groupNumber
            period = product.recurringSubscriptionPeriod
            price = product.displayPrice
            familyShareable = product.familyShareable ?? false
            referenceName = product.referenceName
            localizations = product.localizations.filter { !($0.displayName ?? "").isEmpty }.map {
                "\(StoreKitLocale.appStore($0.locale ?? "")): \($0.displayName ?? "") / \($0.description ?? "")"
            }
            func describe(_ offer: StoreKitOffer) -> String {
                [
                    offer.offerID ?? "-", offer.referenceName ?? "-", offer.paymentMode ?? "-", offer.subscriptionPeriod ?? "-",
                    String(offer.numberOfPeriods ?? 1), offer.displayPrice ?? "-", offer.eligibility.joined(separator: "+"),
                    offer.isStackable.map(String.init) ?? "-",
                ].joined(separator: " ")
            }
            offers =
                (product.introductoryOffer.map { ["intro " + describe($0)] } ?? [])
                + product.promotionalOffers.map { "promo " + describe($0) }
                + product.offerCodes.map { "code " + describe($0) }
        }

        var description: String {
            "\(id) \(type ?? "") \(group ?? "") \(level.map(String.init) ?? "") \(period ?? "") \(price ?? "") \(localizations) \(offers)"
        }
    }

    static func read(_ bytes: [UInt8], file: String) throws -> StoreKitConfiguration {
        let read = StoreKitReader().read(bytes, file: file)
        #expect(!read.diagnostics.contains { $0.severity == .error }, "\(render(read.diagnostics))")
        return try #require(read.configuration)
    }

    static func summaries(_ configuration: StoreKitConfiguration) -> [Summary] {
        configuration.products.map { Summary($0, in: configuration) }
    }

    @Test(arguments: StoreKitExportTests.realFiles)
    func aRealFileImportsCleanlyAndExportsBackToTheSameProducts(name: String) throws {
        let original = try Self.read(try Fixtures.bytes(name), file: name)
        let imported = StoreKitImporter().makeCatalog(original)
        #expect(!imported.diagnostics.contains { $0.severity == .error }, "\(render(imported.diagnostics))")

        // The imported catalog, written and read back as YAML, lints without errors.
        let yaml = CatalogYAMLWriter().render(imported.catalog)
        let loaded = CatalogLoader().load(Array(yaml.utf8), file: "imported.yaml")
        let catalog = try #require(loaded.catalog)
        let findings = loaded.diagnostics + CatalogValidator(fileExists: { _ in false }).validate(catalog, file: "imported.yaml")
        #expect(!findings.contains { $0.severity == .error }, "\(render(findings))\n\(yaml)")

        // Exported again (same storefront; the version where iapcat writes it), the same products.
        let version = original.version.flatMap { version in StoreKitVersion.written.first { $0 >= version } } ?? .v3_0
        let bytes = try StoreKitExporter(
            catalog: catalog, catalogFile: "imported.yaml", options: .init(storefront: original.effectiveStorefront, version: version)
        ).render().get()
        let exported = try Self.read(bytes, file: "exported.storekit")
        #expect(Self.summaries(exported) == Self.summaries(original))
        #expect(exported.groups.map(\.name) == original.groups.map(\.name))
        #expect(exported.version == version)
    }

    @Test func exportImportExportOfTheExampleIsIdentical() throws {
        let first = try StoreKitExporter(catalog: try ExportTests.exampleCatalog(), catalogFile: "example.yaml").render().get()
        var imported = StoreKitImporter().makeCatalog(try Self.read(first, file: "first.storekit"))
        imported.catalog.app.bundleID = "com.example.cosmicquest"
        let second = try StoreKitExporter(catalog: imported.catalog, catalogFile: "imported.yaml").render().get()
        #expect(String(decoding: second, as: UTF8.self) == String(decoding: first, as: UTF8.self))
    }

    @Test func importKeepsTheAppIdOfASyncedFileAndNeverTheKeyPair() throws {
        let text = """
            {
              "identifier" : "1A2B3C4D",
              "products" : [
                {
                  "displayPrice" : "1.99",
                  "familyShareable" : false,
                  "internalID" : "6450000001",
                  "localizations" : [ { "description" : "Unlock everything", "displayName" : "Pro", "locale" : "de_DE" } ],
                  "productID" : "com.example.pro",
                  "referenceName" : "Pro",
                  "type" : "NonConsumable"
                }
              ],
              "settings" : { "_applicationInternalID" : "6449999999", "_developerTeamID" : "A1B2C3D4E5", "_storefront" : "DEU" },
              "subscriptionOffersKeyPair" : { "id" : "KEY1", "privateKey" : "MIGTAgEAMBMG-NEVER-COPY-THIS" },
              "version" : { "major" : 2, "minor" : 0 }
            }
            """
        let read = StoreKitReader().read(Array(text.utf8), file: "synced.storekit")
        let configuration = try #require(read.configuration)
        let imported = StoreKitImporter().makeCatalog(configuration)
        #expect(imported.catalog.app.appleID == "6449999999")
        #expect(imported.catalog.app.defaultLocale == "de-DE")
        #expect(imported.catalog.products.map(\.price) == [Price(storefronts: [StorefrontPrice(storefront: "DEU", amount: "1.99")])])
        let everything = CatalogYAMLWriter().render(imported.catalog) + render(read.diagnostics + imported.diagnostics).joined()
        #expect(!everything.contains("NEVER-COPY") && !everything.contains("KEY1"))
        #expect(
            render(read.diagnostics) == [
                "15:3: warning: the file holds the private key for signing subscription offers ('subscriptionOffersKeyPair'); iapcat never reads or copies it — keep the file out of the repository, or remove the key pair [storekit_private_key]"
            ])
    }
}
