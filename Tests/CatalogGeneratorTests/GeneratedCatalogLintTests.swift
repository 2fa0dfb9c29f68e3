import Foundation
import IAPCatalog
import Testing

@testable import CatalogGenerator

/// A generated catalog covers every product type and lints clean through the library's
/// ``Linter``, with the lists it declares.
@Suite struct GeneratedCatalogLintTests {
    /// Generates into a new temporary folder and returns the folder.
    static func generate(_ options: GeneratorOptions) throws -> (folder: String, generated: SyntheticCatalog) {
        let folder = FileManager.default.temporaryDirectory.path + "/iapcat-generator-\(UUID().uuidString)/out"
        let generated = try SyntheticCatalog(options)
        try OutputFolder(folder).write(generated)
        return (folder, generated)
    }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: String(folder[..<folder.lastIndex(of: "/")!]))
    }

    /// Lints the catalog with its declared lists and, when given, `paths` (then the declared ones must be among them).
    static func lint(_ catalogPath: String, paths: [String] = []) throws -> LintResult {
        try Linter(options: LintOptions(catalogPath: catalogPath, paths: paths, enabledRules: [.unlistedProduct])).run()
    }

    @Test func everyTypeIsThereAndTheCatalogAndItsListsLintClean() throws {
        let (folder, generated) = try Self.generate(GeneratorOptions(products: 1_000, seed: 42, listIDs: 200))
        defer { Self.remove(folder) }
        let names = ["product_ids.plist", "products_v1.json", "products_v2.json", "big_ids.plist"]
        let result = try Self.lint(folder + "/catalog.yaml", paths: names.map { folder + "/" + $0 })

        #expect(result.count(.error) == 0, "\(result.diagnostics.filter { $0.severity == .error }.prefix(5))")
        // Clean: every draft names the blank review screenshot written beside the catalog.
        let products = try #require(result.catalog).products
        let drafts = products.filter { $0.status == .draft }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5))")
        #expect(drafts.count == 84)
        #expect(drafts.allSatisfy { $0.appStore.review?.screenshot == ReviewScreenshot.path })
        #expect(
            result.files
                == ["catalog.yaml", "product_ids.plist", "products_v1.json", "products_v2.json", "big_ids.plist"].map { folder + "/" + $0 })

        // What was read back is what was generated (the writer leaves out only source positions).
        #expect(CatalogYAMLWriter().render(try #require(result.catalog)) == CatalogYAMLWriter().render(generated.catalog))
        let counts = ProductType.allCases.map { type in products.filter { $0.type == type }.count }
        #expect(counts == [349, 346, 196, 102, 7])  // consumable, non-consumable, auto-renewable, non-renewing, free-subscription
        #expect(products.filter { $0.status == .removed }.count == 21)
        #expect(products.filter { $0.type == .freeSubscription }.allSatisfy { $0.status == .removed })
        #expect(products.allSatisfy { $0.status == .removed || (2...5).contains($0.localizations.count) })
        #expect(products.allSatisfy { $0.status == .removed || $0.localizations.first?.locale == "en-US" })
        #expect(products.allSatisfy { $0.status == .removed || $0.price?.tiers.tier != nil })

        // One group of the 192 subscriptions that are not removed, ranked 1…192; 20 promoted, ordered 1…20.
        let subscriptions = products.compactMap(\.subscription)
        #expect(generated.catalog.subscriptionGroups.map(\.id) == ["gen-group-1"])
        #expect(subscriptions.map { $0.rank ?? 0 } == Array(1...192))
        #expect(subscriptions.allSatisfy { $0.freeTrialDuration.map(ProductFactory.trialDurations.contains) ?? true })
        #expect(products.compactMap { $0.appStore.promotion?.order }.sorted() == Array(1...20))

        // The lists, read back by the library's readers: production has the approved, cleared
        // products, the sandbox every product that is not removed, the big list 200 distinct of the former.
        let production = products.filter { $0.status == .approved && $0.clearedForSale }.map(\.id)
        let sandbox = products.filter { $0.status != .removed }.map(\.id)
        #expect(production.count == 875)
        #expect(try Self.identifiers(folder, "product_ids.plist") == production)
        #expect(try Self.identifiers(folder, "products_v1.json") == production)
        #expect(try Self.identifiers(folder, "products_v2.json") == sandbox)
        let big = try Self.identifiers(folder, "big_ids.plist")
        #expect(big.count == 200 && Set(big).count == 200 && Set(big).isSubset(of: production))
    }

    /// The limit counts the products that are not removed: about 2% are.
    @Test func aboveTenThousandProductsTheOnlyErrorIsTheProductLimit() throws {
        let (folder, _) = try Self.generate(GeneratorOptions(products: 10_400, seed: 3))
        defer { Self.remove(folder) }
        let result = try Self.lint(folder + "/catalog.yaml")
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.productLimit])
        #expect(result.diagnostics.map(\.rule) == [.productLimit])
    }

    @Test func theSampleLocalesAreAppStoreLocales() {
        let locales = SampleTexts.all.map(\.locale)
        #expect(locales.count == 10 && Set(locales).count == 10)
        #expect(locales.allSatisfy(AppStoreLocales.codes.contains))
        #expect(SampleTexts.defaultLocale.locale == AppInfo.fallbackLocale)
    }

    @Test func aBigListLargerThanTheProductionProductsIsRefused() {
        #expect(throws: GenerationError.notEnoughListIDs(requested: 100, available: 80)) {
            try SyntheticCatalog(GeneratorOptions(products: 100, seed: 1, listIDs: 100))
        }
        #expect(throws: GenerationError.invalidOption("--products must be at least 1")) {
            try SyntheticCatalog(GeneratorOptions(products: 0))
        }
    }

    static func identifiers(_ folder: String, _ name: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        let read = name.hasSuffix(".plist") ? PlistReader().read(bytes, file: name) : ProductListJSONReader().read(bytes, file: name)
        #expect(read.diagnostics.isEmpty)
        return try #require(read.list).identifiers
    }
}
