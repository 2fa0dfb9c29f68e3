import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

@Suite struct ExportTests {
    static let example = Fixtures.path("../../../catalogs/example.yaml")

    static func exampleCatalog() throws -> Catalog {
        let result = try CatalogLoader().loadValidated(example)
        guard let catalog = result.catalog, !result.hasErrors else { throw FixtureError("example catalog has errors") }
        return catalog
    }

    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test(arguments: [
        (ProductListFormat.plist, StoreEnvironment.production), (.plist, .sandbox), (.v1, .production), (.v1, .sandbox),
        (.v2, .production), (.v2, .sandbox),
    ])
    func everyFormatMatchesItsGoldenFile(format: ProductListFormat, environment: StoreEnvironment) throws {
        let bytes = ProductListExporter(catalog: try Self.exampleCatalog()).render(format, environment: environment)
        let name = "export/example.\(environment.rawValue).\(format == .plist ? "plist" : format.rawValue + ".json")"
        try expectGolden(Self.text(bytes), name)
    }

    @Test func declaredListsResolveAgainstTheCatalogsDirectoryEvenAtTheRoot() throws {
        let exporter = ProductListExporter(catalog: try Self.exampleCatalog())
        let paths = { (catalog: String, outDir: String?) in
            (try? exporter.declaredFiles(catalogFile: catalog, outDir: outDir).get())?.map(\.path)
        }
        #expect(paths("/catalog.yaml", nil) == ["/example/product_ids.plist", "/example/products_v1.json", "/example/products_v2.json"])
        #expect(paths("catalog.yaml", nil) == ["example/product_ids.plist", "example/products_v1.json", "example/products_v2.json"])
        #expect(
            paths("catalogs/example.yaml", "out/") == [
                "out/example/product_ids.plist", "out/example/products_v1.json", "out/example/products_v2.json",
            ])
    }

    /// Declared `.storekit` lists are written like `--format storekit`, each for its declared
    /// environment; when a storefront lacks prices no file is returned and each problem is
    /// reported once, however many `.storekit` lists share it.
    @Test func declaredStoreKitListsAreRenderedForTheirEnvironment() throws {
        var catalog = try Self.exampleCatalog()
        catalog.lists = [
            ProductListDeclaration(path: "Sandbox.storekit", format: .storekit, environment: .sandbox),
            ProductListDeclaration(path: "example/product_ids.plist", format: .plist),
            ProductListDeclaration(path: "Production.storekit", format: .storekit, environment: .production),
        ]
        let exporter = ProductListExporter(catalog: catalog)
        let files = try exporter.declaredFiles(catalogFile: "catalogs/example.yaml", storeKit: .init(version: .v3_0)).get()
        #expect(files.map(\.path) == ["catalogs/Sandbox.storekit", "catalogs/example/product_ids.plist", "catalogs/Production.storekit"])
        for (file, environment) in [(files[0], StoreEnvironment.sandbox), (files[2], .production)] {
            let expected = StoreKitExporter(
                catalog: catalog, catalogFile: "catalogs/example.yaml", options: .init(environment: environment, version: .v3_0))
            #expect(file.bytes == (try expected.render().get()))
        }
        guard case .failure(let error) = exporter.declaredFiles(catalogFile: "catalogs/example.yaml", storeKit: .init(storefront: "JPN"))
        else {
            Issue.record("declared .storekit lists were written without JPN prices")
            return
        }
        let sandboxOnly = StoreKitExporter(catalog: catalog, catalogFile: "catalogs/example.yaml", options: .init(storefront: "JPN"))
        guard case .failure(let expected) = sandboxOnly.render() else {
            Issue.record("exported without JPN prices")
            return
        }
        #expect(error.diagnostics == expected.diagnostics)
    }

    @Test func theSameCatalogGivesTheSameBytes() throws {
        let exporter = ProductListExporter(catalog: try Self.exampleCatalog())
        for format in [ProductListFormat.plist, .v1, .v2] {
            #expect(exporter.render(format, environment: .sandbox) == exporter.render(format, environment: .sandbox))
        }
    }

    @Test func localizationOrderInTheCatalogDoesNotChangeV2() throws {
        let yaml = { (first: String, second: String) in
            catalogYAML(
                products: """
                      - id: com.example.two
                        type: consumable
                        reference_name: Two locales
                        status: approved
                        price: { tier: 1 }
                        localizations:
                          \(first)
                          \(second)

                    """)
        }
        let english = "en-US: { display_name: Coins, description: A pouch of coins }"
        let german = "de-DE: { display_name: Münzen, description: Ein Beutel Münzen }"
        let a = ProductListExporter(catalog: try cleanCatalog(yaml(english, german))).render(.v2, environment: .production)
        let b = ProductListExporter(catalog: try cleanCatalog(yaml(german, english))).render(.v2, environment: .production)
        #expect(a == b)
    }

    @Test func sortKeyOrderPutsNumbersFirstThenStringsThenTheRest() throws {
        let catalog = try cleanCatalog(
            catalogYAML(
                products: """
                      - { id: com.example.c, type: consumable, reference_name: C one, status: approved, price: { tier: 1 }, localizations: { en-US: { display_name: CC } }, client_data: { sort_key: b } }
                      - { id: com.example.d, type: consumable, reference_name: D one, status: approved, price: { tier: 1 }, localizations: { en-US: { display_name: DD } }, client_data: { sort_key: 2 } }
                      - { id: com.example.e, type: consumable, reference_name: E one, status: approved, price: { tier: 1 }, localizations: { en-US: { display_name: EE } }, client_data: { sort_key: a } }
                      - { id: com.example.f, type: consumable, reference_name: F one, status: approved, price: { tier: 1 }, localizations: { en-US: { display_name: FF } }, client_data: { sort_key: 1.5 } }

                    """))
        let ids = ProductListExporter(catalog: catalog, order: .sortKey).products(for: .production).map(\.id)
        #expect(ids == ["com.example.f", "com.example.d", "com.example.e", "com.example.c", "com.example.good"])
        #expect(ProductListExporter(catalog: catalog).products(for: .production).first?.id == "com.example.good")
    }

    @Test func anEmptyPlistIsAnEmptyArray() {
        #expect(
            Self.text(PlistListWriter.render([])) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <array/>
                </plist>

                """)
    }

    @Test func exportedListsLintCleanAgainstTheirCatalog() throws {
        let catalog = try Self.exampleCatalog()
        let exporter = ProductListExporter(catalog: catalog)
        let validator = ProductListValidator(catalog: catalog)
        for environment in StoreEnvironment.allCases {
            let plist = PlistReader().read(exporter.render(.plist, environment: environment)!, file: "p.plist")
            let v1 = ProductListJSONReader().read(exporter.render(.v1, environment: environment)!, file: "v1.json")
            let v2 = ProductListJSONReader().read(exporter.render(.v2, environment: environment)!, file: "v2.json")
            for read in [plist, v1, v2] {
                let list = try #require(read.list)
                #expect(read.diagnostics.isEmpty)
                #expect(validator.validate(list, environment: environment).isEmpty)
                #expect(list.identifiers == exporter.products(for: environment).map(\.id))
            }
        }
    }

    /// Under both strategies: Linux's unnamed file, and the hidden temporary macOS uses.
    @Test(arguments: [FileCallStrategy.native, .portable])
    func atomicWritesReplaceWholeFilesAndLeaveNoTemporaries(strategy: FileCallStrategy) throws {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-atomic-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/list.json"
        try FileCallStrategy.$current.withValue(strategy) {
            try AtomicFile.write(Array("old\n".utf8), to: path)
            try AtomicFile.write(Array("new\n".utf8), to: path, mode: 0o600)
            // Missing folders are created.
            try AtomicFile.write([1], to: directory + "/missing/deeper/list.json")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["list.json", "missing"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/missing/deeper") == ["list.json"])
        // A file where a folder must be is named.
        #expect(throws: OutputError(path: path + "/x/y.json", reason: "\(path) exists and is not a folder")) {
            try AtomicFile.write([1], to: path + "/x/y.json")
        }
    }

    /// An old package a killed run had moved aside (no one-step swap) is put back by the next
    /// write of that output when nothing took its place; one whose place was taken is removed.
    @Test func anOldPackageMovedAsideIsPutBack() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-retired-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A process id no process has.
        let retired = directory + "/.App.itmsp.partial-\(Int32.max)-abc123.old"
        try FileManager.default.createDirectory(atPath: retired, withIntermediateDirectories: true)
        try "old".write(toFile: retired + "/metadata.xml", atomically: false, encoding: .utf8)
        LeftoverOutputs.sweep(beside: directory + "/App.itmsp")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["App.itmsp"])
        #expect(try String(contentsOfFile: directory + "/App.itmsp/metadata.xml", encoding: .utf8) == "old")
        try FileManager.default.createDirectory(atPath: retired, withIntermediateDirectories: true)
        LeftoverOutputs.sweep(beside: directory + "/App.itmsp")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["App.itmsp"])
    }
}
